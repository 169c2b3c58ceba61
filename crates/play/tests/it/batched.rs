//! The batched search: its tree obeys every rule (a root's children are exactly its legal
//! actions, and every move chosen is legal, game after game, under every ko and suicide
//! option, every family and board), finished positions are valued exactly, a seed gives
//! the same search for any number of threads, the tree is kept from move to move, and bad
//! calls are refused without changing anything.
//!
//! Seeded: `GOISHI_MCTS_SEED` (printed); the evaluator's logits and values are drawn from
//! it.

use crate::common;

use goishi::{Move, PlayoutPosition, Position, PositionVisitor, VariantPosition};
use goishi_play::batched::{
    Algorithm, BatchedConfig, BatchedError, BatchedSearch, Gumbel, NoObservation, Puct,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The action of a move: its point, or pass after the last point.
fn action(points: usize, mv: Move) -> u32 {
    match mv {
        Move::Place(p) => p.index() as u32,
        _ => points as u32,
    }
}

/// The legal actions of `position` as a mask.
fn legal_mask(position: &dyn Position) -> Vec<bool> {
    let points = position.geometry().num_points();
    let mut mask = vec![false; points + 1];
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    for mv in moves {
        if mv != Move::Resign {
            mask[action(points, mv) as usize] = true;
        }
    }
    mask
}

/// A random evaluator: logits and values drawn from `rng`.
fn random_evaluator(rng: &mut ChaCha8Rng) -> impl FnMut(&[u8], &[u8], &mut [f32], &mut [f32]) + '_ {
    move |_obs, _mask, logits, values| {
        for l in logits.iter_mut() {
            *l = rng.random_range(-2.0..2.0);
        }
        for v in values.iter_mut() {
            *v = rng.random_range(-1.0..1.0);
        }
    }
}

/// Plays `games` games of one variant to their end by the search's moves, checking the
/// tree's root and every move; returns the moves played.
struct PlayGames {
    games: usize,
    config: BatchedConfig,
    seed: u64,
}

impl PositionVisitor for PlayGames {
    type Output = usize;

    fn visit<P: PlayoutPosition>(self, start: &P) -> usize {
        let mut games: Vec<P> = vec![start.clone(); self.games];
        let roots: Vec<&P> = games.iter().collect();
        let mut search = BatchedSearch::new(self.config, NoObservation, &roots).unwrap();
        let actions = search.num_actions();
        let points = actions - 1;
        let rows = search.max_leaves();
        let (mut obs, mut mask) = (Vec::new(), vec![0u8; rows * actions]);
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let mut chosen = vec![0u32; self.games];
        let mut visits = vec![0u32; self.games * actions];
        let cap = 3 * points;
        let mut played = 0;
        for turn in 0..cap {
            if games.iter().all(PlayoutPosition::is_over) {
                break;
            }
            {
                let roots: Vec<&P> = games.iter().collect();
                search.start(&roots).unwrap();
            }
            if turn > 0 {
                assert!(
                    (0..self.games).any(|g| search.tree_size(g) > 1),
                    "no tree was kept after a move"
                );
            }
            // Every leaf's mask is its position's legal actions: checked on the roots.
            while !search.done() {
                let n = search.leaves(&mut obs, &mut mask).unwrap();
                let mut logits = vec![0.0; n * actions];
                let mut values = vec![0.0; n];
                random_evaluator(&mut rng)(&[], &[], &mut logits, &mut values);
                search.expand(&logits, &values).unwrap();
            }
            search.actions(&mut chosen).unwrap();
            search.visits(&mut visits).unwrap();
            for (g, game) in games.iter_mut().enumerate() {
                if game.is_over() {
                    assert_eq!(chosen[g] as usize, points, "a finished game passes");
                    continue;
                }
                let legal = legal_mask(game.as_position());
                let row = &visits[g * actions..(g + 1) * actions];
                for (a, (&v, &ok)) in row.iter().zip(&legal).enumerate() {
                    assert!(ok || v == 0, "illegal action {a} was visited");
                }
                assert!(
                    legal[chosen[g] as usize],
                    "action {} chosen is illegal",
                    chosen[g]
                );
                let mover = game.side_to_move();
                let mv = if chosen[g] as usize == points {
                    Move::Pass
                } else {
                    Move::Place(goishi::Point::new(chosen[g] as usize))
                };
                assert!(game.play(mover, mv), "the rules refused the move chosen");
                played += 1;
            }
        }
        played
    }
}

#[test]
fn batched_search_obeys_every_rule() {
    let seed = common::seed();
    let cases = crate::legality::cases();
    for (i, (rules, size)) in cases.iter().enumerate() {
        let game = common::game(rules, Some(*size));
        for algorithm in [
            Algorithm::Puct(Puct::default()),
            Algorithm::Gumbel(Gumbel::default()),
        ] {
            let config = BatchedConfig {
                leaves_per_game: 1 + (i % 3) as u32,
                threads: 1 + i % 2,
                seed: seed + i as u64,
                ..BatchedConfig::new(8, algorithm)
            };
            let played = VariantPosition::new(game.clone_box()).visit(PlayGames {
                games: 3,
                config,
                seed: seed + i as u64,
            });
            assert!(played > 0, "{rules}: no move played");
        }
    }
}

/// Runs one search of `roots` to its end with the evaluator of `seed`; returns the policy,
/// the actions and the values.
fn search_once<P: PlayoutPosition>(
    config: BatchedConfig,
    roots: &[&P],
    seed: u64,
) -> (Vec<f32>, Vec<u32>, Vec<f32>) {
    let mut search = BatchedSearch::new(config, NoObservation, roots).unwrap();
    let (b, a) = (search.num_games(), search.num_actions());
    let mut mask = vec![0; search.max_leaves() * a];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // The evaluation of a leaf depends on its game only (not on the leaves' order).
    let mut game_rngs: Vec<ChaCha8Rng> = (0..b)
        .map(|g| ChaCha8Rng::seed_from_u64(seed ^ g as u64))
        .collect();
    let _ = &mut rng;
    while !search.done() {
        let n = search.leaves(&mut [], &mut mask).unwrap();
        let games = search.leaf_games().to_vec();
        let mut logits = vec![0.0; n * a];
        let mut values = vec![0.0; n];
        for (k, &g) in games.iter().enumerate() {
            let r = &mut game_rngs[g as usize];
            for l in &mut logits[k * a..(k + 1) * a] {
                *l = r.random_range(-2.0..2.0);
            }
            values[k] = r.random_range(-1.0..1.0);
        }
        search.expand(&logits, &values).unwrap();
    }
    let mut policy = vec![0.0; b * a];
    let mut actions = vec![0; b];
    let mut values = vec![0.0; b];
    search.policy(&mut policy).unwrap();
    search.actions(&mut actions).unwrap();
    search.values(&mut values).unwrap();
    (policy, actions, values)
}

struct Deterministic;

impl PositionVisitor for Deterministic {
    type Output = ();

    fn visit<P: PlayoutPosition>(self, start: &P) {
        let roots: Vec<&P> = vec![start; 6];
        for algorithm in [
            Algorithm::Puct(Puct::default()),
            Algorithm::Gumbel(Gumbel::default()),
        ] {
            let config = BatchedConfig {
                seed: 7,
                leaves_per_game: 2,
                ..BatchedConfig::new(32, algorithm)
            };
            let one = search_once(config, &roots, 11);
            let two = search_once(
                BatchedConfig {
                    threads: 2,
                    ..config
                },
                &roots,
                11,
            );
            let three = search_once(
                BatchedConfig {
                    threads: 3,
                    ..config
                },
                &roots,
                11,
            );
            assert_eq!(one, two, "{}: two threads", algorithm.name());
            assert_eq!(one, three, "{}: three threads", algorithm.name());
            let other = search_once(BatchedConfig { seed: 8, ..config }, &roots, 11);
            assert_ne!(
                one,
                other,
                "{}: another seed, the same search",
                algorithm.name()
            );
            // Each policy row is a distribution over the legal actions.
            let a = start.num_points() + 1;
            for row in one.0.chunks_exact(a) {
                let total: f32 = row.iter().sum();
                assert!((total - 1.0).abs() < 1e-4, "a policy sums to {total}");
            }
        }
    }
}

#[test]
fn a_seed_gives_the_same_search_for_any_number_of_threads() {
    for rules in ["go/chinese", "contact/2b", "capture/atari-go:ko=positional"] {
        let game = common::game(rules, Some((7, 7)));
        VariantPosition::new(game).visit(Deterministic);
    }
}

/// A search of one root by PUCT without noise, at temperature 0, with a uniform evaluator
/// (zero values): returns the action chosen and the visits of every action.
fn uniform_search(position: &dyn Position, simulations: u32) -> (u32, Vec<u32>, f32) {
    struct Search(u32);
    impl PositionVisitor for Search {
        type Output = (u32, Vec<u32>, f32);
        fn visit<P: PlayoutPosition>(self, root: &P) -> Self::Output {
            let puct = Puct {
                dirichlet_fraction: 0.0,
                temperature: 0.0,
                ..Puct::default()
            };
            let config = BatchedConfig::new(self.0, Algorithm::Puct(puct));
            let mut search = BatchedSearch::new(config, NoObservation, &[root]).unwrap();
            let a = search.num_actions();
            let mut mask = vec![0; a];
            search
                .run(&mut [], &mut mask, |_, _, logits, values| {
                    logits.fill(0.0);
                    values.fill(0.0);
                })
                .unwrap();
            let mut action = [0];
            let mut visits = vec![0; a];
            let mut value = [0.0];
            search.actions(&mut action).unwrap();
            search.visits(&mut visits).unwrap();
            search.values(&mut value).unwrap();
            (action[0], visits, value[0])
        }
    }
    VariantPosition::from_position(position).visit(Search(simulations))
}

#[test]
fn finished_positions_are_valued_by_the_rules() {
    // Go, area scoring, komi 7.5: after Black's pass on an empty board, White's pass ends
    // the game and wins it; the search finds it with a network that knows nothing.
    let mut game = common::game("go/chinese:komi=7.5", Some((5, 5)));
    Position::play(&mut *game, Move::Pass).unwrap();
    let (action, visits, value) = uniform_search(&*game, 200);
    assert_eq!(action, 25, "White passes and wins");
    assert!(
        visits[25] > 150,
        "the winning pass has {} visits",
        visits[25]
    );
    assert!(value > 0.7, "White's value {value}");
    // Atari Go: Black captures the white stone in atari and wins at once.
    let mut game = common::game("capture/atari-go", Some((5, 5)));
    for v in ["C3", "C4", "B4", "A1", "D4", "A2"] {
        let mv = Move::parse(game.geometry(), v).unwrap();
        Position::play(&mut *game, mv).unwrap();
    }
    let capture = Move::parse(game.geometry(), "C5").unwrap();
    let (action, visits, value) = uniform_search(&*game, 100);
    let Move::Place(p) = capture else {
        unreachable!()
    };
    assert_eq!(action as usize, p.index(), "Black captures");
    assert!(visits[p.index()] > 60);
    assert!(value > 0.5, "Black's value {value}");
}

struct Errors;

impl PositionVisitor for Errors {
    type Output = ();

    fn visit<P: PlayoutPosition>(self, root: &P) {
        let config = BatchedConfig::new(4, Algorithm::Gumbel(Gumbel::default()));
        assert_eq!(
            BatchedSearch::<P, _>::new(config, NoObservation, &[]).unwrap_err(),
            BatchedError::NoGames
        );
        let bad = BatchedConfig {
            leaves_per_game: 5,
            ..config
        };
        let e = BatchedSearch::new(bad, NoObservation, &[root]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid leaves_per_game 5; expected from 1 to the simulations"
        );
        let mut search = BatchedSearch::new(config, NoObservation, &[root, root]).unwrap();
        let a = search.num_actions();
        assert_eq!(
            search.expand(&[], &[]).unwrap_err(),
            BatchedError::NothingPending
        );
        let mut mask = vec![0; 2 * a];
        assert!(matches!(
            search.leaves(&mut [], &mut mask[1..]).unwrap_err(),
            BatchedError::Length { name: "mask", .. }
        ));
        let n = search.leaves(&mut [], &mut mask).unwrap();
        assert_eq!(n, 2);
        assert_eq!(
            search.leaves(&mut [], &mut mask).unwrap_err(),
            BatchedError::Pending
        );
        let logits = vec![0.0; n * a];
        let e = search.expand(&logits, &[0.0, f32::NAN]).unwrap_err();
        assert_eq!(e.to_string(), "values[1] is NaN; expected a finite number");
        let mut bad_logits = logits.clone();
        bad_logits[3] = f32::INFINITY;
        assert!(matches!(
            search.expand(&bad_logits, &[0.0, 0.0]).unwrap_err(),
            BatchedError::NotFinite {
                name: "logits",
                index: 3,
                ..
            }
        ));
        assert!(matches!(
            search.expand(&logits[1..], &[0.0, 0.0]).unwrap_err(),
            BatchedError::Length { name: "logits", .. }
        ));
        // Nothing changed: the same leaves are still owed, and take a good evaluation.
        search.expand(&logits, &[0.5, -0.5]).unwrap();
        assert!(!search.done());
        let mut neg = logits.clone();
        neg[0] = f32::NEG_INFINITY;
        let n = search.leaves(&mut [], &mut mask).unwrap();
        search.expand(&neg[..n * a], &vec![0.0; n]).unwrap();
        // A search started again while its leaves wait gives them up (in the subtree it
        // keeps too), and runs to its end.
        let mut games = [root.clone(), root.clone()];
        let mut actions = [0u32; 2];
        for _ in 0..4 {
            // Half a search, its last leaves left waiting, then the next move's search.
            for _ in 0..2 {
                let n = search.leaves(&mut [], &mut mask).unwrap();
                search.expand(&logits[..n * a], &vec![0.0; n]).unwrap();
            }
            let n = search.leaves(&mut [], &mut mask).unwrap();
            assert!(n > 0 && search.pending());
            search.actions(&mut actions).unwrap();
            for (game, &action) in games.iter_mut().zip(&actions) {
                let mv = if action as usize == a - 1 {
                    goishi::Move::Pass
                } else {
                    goishi::Move::Place(goishi::Point::new(action as usize))
                };
                let color = game.side_to_move();
                assert!(game.play(color, mv));
            }
            search.start(&[&games[0], &games[1]]).unwrap();
            assert!(!search.pending());
        }
        let mut guard = 0;
        while !search.done() {
            let n = search.leaves(&mut [], &mut mask).unwrap();
            search.expand(&logits[..n * a], &vec![0.0; n]).unwrap();
            guard += 1;
            assert!(guard < 100, "the search does not end");
        }
    }
}

#[test]
fn bad_calls_are_refused_and_change_nothing() {
    let game = common::game("go/chinese", Some((5, 5)));
    VariantPosition::new(game).visit(Errors);
    let e = BatchedConfig {
        simulations: 0,
        ..BatchedConfig::new(1, Algorithm::Puct(Puct::default()))
    };
    let game = common::game("go/chinese", Some((5, 5)));
    struct New(BatchedConfig);
    impl PositionVisitor for New {
        type Output = String;
        fn visit<P: PlayoutPosition>(self, root: &P) -> String {
            BatchedSearch::new(self.0, NoObservation, &[root])
                .unwrap_err()
                .to_string()
        }
    }
    assert_eq!(
        VariantPosition::new(game).visit(New(e)),
        "invalid simulations 0; expected from 1 to 1,000,000"
    );
}
