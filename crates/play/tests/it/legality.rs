//! The search never plays an illegal move: MCTS against MCTS at a small budget, under every
//! ko and suicide option of Go, every contact-capture preset (and every contact ko rule),
//! capture Go, and Go and contact capture on torus, hex and rectangular boards, each chosen
//! move checked with `check_move` before it is played, to the end of the game; one side
//! plays out with the heavy policy, the other with the light one. And Go's heavy playout
//! policy alone, under every ko and suicide option on square, rectangular, torus and hex
//! boards: each of its moves is legal, and leaves the position as playing it would.
//!
//! Seeded: `GOISHI_MCTS_SEED` (printed). Both searchers of a game derive their seeds from it
//! and from the case's index.

use crate::common;

use goishi::go::{GoPosition, Ko, Suicide};
use goishi::PlayoutPosition;
use goishi::{Color, Position};
use goishi_play::mcts::{MctsPlayer, PlayoutPolicy, SearchResult};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The cases: a rules string and a board size.
pub(crate) fn cases() -> Vec<(String, (u32, u32))> {
    let mut cases = Vec::new();
    for ko in Ko::ALL {
        for suicide in Suicide::ALL {
            cases.push((
                format!(
                    "go/tromp-taylor:ko={},suicide={},komi=0.5",
                    ko.name(),
                    suicide.name()
                ),
                (4, 4),
            ));
        }
    }
    for variant in goishi::contact::VARIANTS {
        cases.push((variant.id.to_owned(), (5, 5)));
    }
    for ko in goishi::contact::Ko::ALL {
        cases.push((format!("contact/2b:ko={}", ko.name()), (4, 4)));
    }
    for variant in goishi::capture::VARIANTS {
        cases.push((variant.id.to_owned(), (5, 5)));
    }
    for suicide in Suicide::ALL {
        cases.push((
            format!("capture/atari-go:suicide={},ko=positional", suicide.name()),
            (4, 4),
        ));
    }
    for rules in [
        "go/chinese:board=torus",
        "go/japanese:board=torus",
        "go/chinese:board=hex",
        "go/japanese:board=hex",
        "capture/atari-go:board=torus",
        "capture/atari-go:board=hex",
        "contact/2b:board=torus",
        "contact/3b:board=hex",
        "contact/1b:contact=orth",
    ] {
        cases.push((rules.to_owned(), (5, 5)));
    }
    for rules in [
        "go/chinese",
        "go/japanese",
        "go/aga",
        "capture/atari-go",
        "contact/2a",
    ] {
        cases.push((rules.to_owned(), (6, 3)));
    }
    cases
}

/// Plays one MCTS game of `rules`, checking every move; returns (moves, ended).
fn play_game(rules: &str, size: (u32, u32), seed: u64, boxed: bool) -> (usize, bool) {
    let mut game = common::game(rules, Some(size));
    // Black's playouts are heavy in one game and light in the next, White's the other way.
    let policies = if seed % 2 == 0 {
        [PlayoutPolicy::Heavy, PlayoutPolicy::Light]
    } else {
        [PlayoutPolicy::Light, PlayoutPolicy::Heavy]
    };
    let mut players = [
        MctsPlayer::new(common::config(32, seed).with_playout_policy(policies[0])).unwrap(),
        MctsPlayer::new(common::config(32, seed ^ 0xFFFF).with_playout_policy(policies[1]))
            .unwrap(),
    ];
    let cap = 6 * game.geometry().num_points();
    let mut moves = 0;
    while !game.is_over() && moves < cap {
        let color = game.side_to_move();
        let player = &mut players[color.index()];
        // Half of the games search the boxed position through the generic fallback, the
        // others the concrete type found by `search_dyn`.
        let result: SearchResult = if boxed {
            player.search(&game, color)
        } else {
            player.search_dyn(&*game, color)
        }
        .unwrap_or_else(|e| panic!("{rules} seed {seed} move {moves}: {e}"));
        if let Err(reason) = game.check_move(color, result.mv) {
            panic!(
                "{rules} seed {seed} move {moves}: {color} {:?} is illegal ({reason})\n{}",
                result.mv,
                game.board().diagram()
            );
        }
        game.play_as(color, result.mv).unwrap();
        moves += 1;
    }
    (moves, game.is_over())
}

#[test]
fn mcts_games_play_only_legal_moves() {
    let seed = common::seed();
    let (mut games, mut ended, mut total) = (0, 0, 0);
    for (i, (rules, size)) in cases().iter().enumerate() {
        let (moves, over) = play_game(rules, *size, seed.wrapping_add(i as u64), i % 3 == 2);
        games += 1;
        total += moves;
        if over {
            ended += 1;
        } else {
            // Only a game whose repetition rule allows long cycles can go round in circles.
            eprintln!("{rules}: the game did not end in {moves} moves");
            assert!(
                rules.contains("ko=none") || rules.contains("ko=simple"),
                "{rules}: the game did not end in {moves} moves"
            );
        }
    }
    eprintln!("{games} games, {ended} played to the end, {total} moves checked");
}

/// The Go cases of the heavy policy: every ko and suicide option on a square board, and
/// the other grids (the patterns) and hex (no patterns).
fn go_cases() -> Vec<(String, (u32, u32))> {
    let mut cases = Vec::new();
    for ko in Ko::ALL {
        for suicide in Suicide::ALL {
            let options = format!("ko={},suicide={}", ko.name(), suicide.name());
            cases.push((format!("go/tromp-taylor:{options}"), (5, 5)));
            cases.push((format!("go/tromp-taylor:{options},board=torus"), (4, 4)));
        }
    }
    for rules in [
        "go/chinese:board=hex",
        "go/japanese:board=hex",
        "go/aga:board=torus",
    ] {
        cases.push((rules.to_owned(), (5, 5)));
    }
    for rules in ["go/chinese", "go/japanese"] {
        cases.push((rules.to_owned(), (7, 3)));
    }
    cases
}

#[test]
fn heavy_playouts_play_only_legal_moves() {
    let seed = common::seed();
    let mut total = 0;
    for (i, (rules, size)) in go_cases().iter().enumerate() {
        let boxed = common::game(rules, Some(*size));
        let start: &GoPosition = boxed.as_any().downcast_ref().unwrap();
        for game_seed in 0..8u64 {
            let seed = seed.wrapping_add(100 * i as u64 + game_seed);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let (mut heavy, mut buf) = (start.heavy(), Vec::new());
            let cap = 4 * start.geometry().num_points();
            let mut moves = 0;
            while !PlayoutPosition::is_over(&heavy) && moves < cap {
                let before = heavy.position().clone();
                let color = Position::side_to_move(&before);
                let mv = heavy.playout_move(&mut rng, &mut buf);
                let game = heavy.position();
                let context = format!("{rules} seed {seed} move {moves}: {color} {mv:?}");
                if let Err(reason) = before.check_move(color, mv) {
                    panic!(
                        "{context} is illegal ({reason})\n{}",
                        before.board().diagram()
                    );
                }
                // The move, and nothing else: the position is the one playing it makes.
                let mut expected = before;
                expected.play_as(color, mv).unwrap();
                assert_eq!(game.board(), expected.board(), "{context}");
                assert_eq!(game.history(), expected.history(), "{context}");
                assert_eq!(game.empty_points().len(), expected.empty_points().len());
                moves += 1;
            }
            total += moves;
        }
    }
    eprintln!("{total} heavy playout moves checked");
}

#[test]
fn genmove_for_the_side_not_to_move_is_legal_for_that_side() {
    let seed = common::seed();
    for rules in [
        "go/chinese",
        "contact/2b",
        "capture/atari-go",
        "go/chinese:board=hex",
    ] {
        let mut game = common::game(rules, Some((5, 5)));
        let mut player = MctsPlayer::new(common::config(64, seed)).unwrap();
        for _ in 0..6 {
            // Black to move, but White asks: White plays twice in a row, then Black.
            let color = game.side_to_move().opponent();
            let mv = player.genmove_dyn(&*game, color).unwrap();
            game.check_move(color, mv)
                .unwrap_or_else(|e| panic!("{rules}: {color} {mv:?}: {e}"));
            game.play_as(color, mv).unwrap();
            if game.is_over() {
                break;
            }
        }
        assert!(game.history().iter().any(|t| t.color == Color::White));
    }
}
