//! The batch against the same games played one position at a time through the registry's
//! `Box<dyn Position>`: every family, on a square, a rectangle, a torus, a hex board and a
//! graph; the observation, the mask, rewards, flags and autoreset after every step; and the
//! observation `planes::write_position` writes for the single game, the same.

use crate::support;

use goishi::{BoardKind, Move, Point, Position};
use goishi_conformance::standard_boards;
use goishi_env::{planes, EnvConfig, Illegal, ObsKind, VecEnv};
use support::{
    count_planes, mask_of, packbits, planes_with_counts, rules, sentinel_buffers, Owned,
};

/// One environment played alone: its game, its boards since the reset, and whether the next
/// step resets it.
struct Reference {
    game: Box<dyn Position>,
    boards: Vec<Vec<u8>>,
    done: bool,
}

impl Reference {
    fn new(config: &EnvConfig) -> Reference {
        let game = config.rules.new_game(config.size).unwrap();
        let boards = vec![game.board().cells().to_vec()];
        Reference {
            game,
            boards,
            done: false,
        }
    }
}

/// Plays `steps` steps of `config` with the environments' own random legal actions (and,
/// under `illegal = lose`, an occupied point now and then), checking every output of every
/// environment against its reference game.
fn check_against_single_games(config: EnvConfig, steps: usize, label: &str) -> usize {
    let mut env = VecEnv::new(config.clone()).unwrap();
    let history = env.history();
    let mut refs: Vec<Reference> = (0..env.num_envs())
        .map(|_| Reference::new(&config))
        .collect();
    let mut out = sentinel_buffers(&env);
    env.reset(Some(config.seed), out.buffers()).unwrap();
    let max_moves = config.max_moves.unwrap_or(3 * env.num_points());
    let mut actions = vec![0u32; env.num_envs()];
    let mut ends = 0;
    for step in 0..=steps {
        // Check what the last step (or the reset) wrote.
        for (i, r) in refs.iter().enumerate() {
            let at = format!("{label}, step {step}, environment {i}");
            let mover = r.game.side_to_move();
            let planes =
                planes_with_counts(&r.boards, history, mover, &count_planes(&*r.game, mover));
            let obs = &out.obs[i * env.obs_bytes()..(i + 1) * env.obs_bytes()];
            match env.obs_kind() {
                ObsKind::Bool => assert_eq!(obs, planes.as_slice(), "{at}: planes"),
                ObsKind::Packed => assert_eq!(obs, packbits(&planes).as_slice(), "{at}: packed"),
                ObsKind::None => {}
            }
            // The single game's observation, from its position and its past alone (with the
            // history asked for: 0 read as 1 there too), for the mover and the opponent.
            let mut single = vec![7u8; env.obs_bytes()];
            planes::write_position(&*r.game, mover, config.history, env.obs_kind(), &mut single)
                .unwrap();
            assert_eq!(single, obs, "{at}: write_position");
            let theirs = planes_with_counts(
                &r.boards,
                history,
                mover.opponent(),
                &count_planes(&*r.game, mover.opponent()),
            );
            let mut seen = vec![7u8; theirs.len()];
            planes::write_position(
                &*r.game,
                mover.opponent(),
                config.history,
                ObsKind::Bool,
                &mut seen,
            )
            .unwrap();
            assert_eq!(seen, theirs, "{at}: write_position for the opponent");
            let mask = &out.mask[i * env.num_actions()..(i + 1) * env.num_actions()];
            if r.done {
                assert!(
                    mask.iter().all(|&m| m == 1),
                    "{at}: a finished game's row allows every action (all ignored)"
                );
            } else {
                assert_eq!(mask, mask_of(&*r.game).as_slice(), "{at}: legal mask");
            }
            assert_eq!(
                env.position(i).unwrap().history(),
                r.game.history(),
                "{at}: moves"
            );
        }
        if step == steps {
            break;
        }
        env.sample_actions(&mut actions).unwrap();
        if config.illegal == Illegal::Lose && step % 11 == 5 {
            // An occupied point, where there is one: the mover loses.
            for (i, r) in refs.iter().enumerate() {
                if let Some(p) = r.game.board().cells().iter().position(|&c| c != 0) {
                    if !r.done {
                        actions[i] = p as u32;
                    }
                }
            }
        }
        env.step(&actions, out.buffers()).unwrap();
        for (i, r) in refs.iter_mut().enumerate() {
            let at = format!("{label}, step {step}, environment {i}");
            let (reward, term, trunc) = (out.rewards[i], out.terminations[i], out.truncations[i]);
            if r.done {
                *r = Reference::new(&config);
                assert_eq!(
                    (reward, term, trunc),
                    (0.0, false, false),
                    "{at}: autoreset"
                );
                continue;
            }
            let a = actions[i] as usize;
            let points = r.game.geometry().num_points();
            let mv = if a == points {
                Move::Pass
            } else {
                Move::Place(Point::new(a))
            };
            let mover = r.game.side_to_move();
            match r.game.play(mv) {
                Ok(_) => {
                    r.boards.push(r.game.board().cells().to_vec());
                    let expected = match r.game.outcome() {
                        Some(result) => match result.winner() {
                            Some(w) if w == mover => (1.0, true, false),
                            Some(_) => (-1.0, true, false),
                            None => (0.0, true, false),
                        },
                        None => (0.0, false, r.game.history().len() >= max_moves),
                    };
                    assert_eq!((reward, term, trunc), expected, "{at}: result");
                }
                Err(e) => {
                    assert_eq!(config.illegal, Illegal::Lose, "{at}: {e}");
                    assert_eq!((reward, term, trunc), (-1.0, true, false), "{at}: lost");
                }
            }
            r.done = term || trunc;
            ends += usize::from(r.done);
        }
    }
    ends
}

/// Every family, with the rules that change legality most (superko, suicide), on every
/// standard board.
#[test]
fn the_batch_plays_as_single_games_on_every_board() {
    let variants = [
        "go/chinese:ko=positional",
        "go/japanese",
        "go/new-zealand",
        "go/tromp-taylor",
        "capture/atari-go",
        "capture/five",
        "contact/2b",
        "contact/1a",
        "contact/4a",
        "contact/2b:capture-goal=3",
        "capture/atari-go:captures=20",
    ];
    for board in standard_boards().unwrap() {
        if board.width == 9 {
            continue;
        }
        for (k, text) in variants.iter().enumerate() {
            let mut r = rules(text);
            let size = if let BoardKind::Graph(_) = board.kind {
                r.set_board(Some(board.kind.clone()));
                None
            } else {
                if board.kind != BoardKind::Square {
                    r.set_board(Some(board.kind.clone()));
                }
                Some((board.width, board.height))
            };
            let mut config = EnvConfig::new(r, 3);
            config.size = size;
            config.threads = 2;
            config.seed = 100 + k as u64;
            config.history = [1, 3, 8, 0][k % 4];
            config.obs = [ObsKind::Bool, ObsKind::Packed][k % 2];
            let label = format!("{text} on {} (seed {})", board.name, config.seed);
            // Past the default cap (3 x points): every environment ends at least once.
            let points = config.rules.new_game(size).unwrap().geometry().num_points();
            let steps = 3 * points + 2;
            let ends = check_against_single_games(config, steps, &label);
            assert!(ends >= 3, "{label}: {ends} games ended in {steps} steps");
        }
    }
}

/// Truncation at `max_moves`, and `illegal = lose`.
#[test]
fn truncation_and_losing_by_an_illegal_action() {
    let mut config = support::config("go/chinese", Some((5, 5)), 4);
    config.max_moves = Some(7);
    config.seed = 3;
    let ends = check_against_single_games(config.clone(), 40, "max_moves 7");
    assert!(ends >= 16, "{ends} ends");
    config.max_moves = None;
    config.illegal = Illegal::Lose;
    config.threads = 3;
    let ends = check_against_single_games(config, 60, "illegal = lose");
    assert!(ends > 0);
}

/// The steps of a run, each output folded into a digest.
fn digest(config: &EnvConfig, steps: usize) -> Vec<Owned> {
    let mut env = VecEnv::new(config.clone()).unwrap();
    let mut out = sentinel_buffers(&env);
    env.reset(Some(config.seed), out.buffers()).unwrap();
    let mut actions = vec![0u32; env.num_envs()];
    let mut all = vec![out.clone()];
    for _ in 0..steps {
        env.sample_actions(&mut actions).unwrap();
        env.step(&actions, out.buffers()).unwrap();
        all.push(out.clone());
    }
    all
}

#[test]
fn the_number_of_threads_changes_nothing() {
    for text in [
        "go/japanese:ko=situational",
        "contact/2b",
        "capture/atari-go",
    ] {
        let mut config = support::config(text, Some((7, 7)), 9);
        config.seed = 11;
        config.threads = 1;
        let one = digest(&config, 120);
        for threads in [2, 4, 9] {
            config.threads = threads;
            assert!(digest(&config, 120) == one, "{text}: {threads} threads");
        }
        config.seed = 12;
        config.threads = 1;
        assert!(
            digest(&config, 120) != one,
            "{text}: another seed plays the same"
        );
    }
}

#[test]
fn a_finished_game_resets_at_the_next_step() {
    // Two passes end a Chinese game: the step that ends it reports the final position and
    // its result; the next ignores the action and starts again.
    let mut env = VecEnv::new(support::config("go/chinese:komi=0.5", Some((5, 5)), 2)).unwrap();
    let mut out = sentinel_buffers(&env);
    env.reset(None, out.buffers()).unwrap();
    let pass = env.num_points() as u32;
    env.step(&[12, pass], out.buffers()).unwrap();
    env.step(&[pass, pass], out.buffers()).unwrap();
    // Environment 1: B pass, W pass ends it: White wins by komi, and White moved last.
    assert_eq!(out.terminations, [false, true]);
    assert_eq!(out.rewards, [0.0, 1.0]);
    env.step(&[pass, 0], out.buffers()).unwrap();
    // Environment 0: B C3, W pass, B pass: Black wins 25 - 0.5, and Black moved last;
    // environment 1 starts again (its action ignored).
    assert_eq!(out.terminations, [true, false]);
    assert_eq!(out.rewards, [1.0, 0.0]);
    assert_eq!(env.is_done(0), Some(true));
    let final_obs = out.obs[..env.obs_bytes()].to_vec();
    // The final observation: Black's stone at C3 (point 12), White to move.
    let planes = env.planes();
    assert_eq!(final_obs[12 * planes + 1], 1, "the opponent's stone, now");
    assert_eq!(final_obs[planes - 1], 1, "White to move");
    // The next step resets environment 0 whatever its action (here an occupied point).
    env.step(&[12, pass], out.buffers()).unwrap();
    assert_eq!(out.terminations, [false, false]);
    assert_eq!(out.rewards[0], 0.0);
    assert!(env.position(0).unwrap().history().is_empty());
    assert!(out.obs[..env.obs_bytes()].iter().all(|&b| b == 0));
    assert_eq!(env.position(1).unwrap().history().len(), 1);
}
