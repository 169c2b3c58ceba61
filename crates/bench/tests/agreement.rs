//! The peers and goishi agree: the same board and the same legal points in the fixed
//! positions the benches measure, and at every move of whole seeded games.

#[allow(dead_code)]
#[path = "../peers/mod.rs"]
mod peers;

use goishi::Position;
use goishi_bench::engine::{
    board_text, legal_coords, playout_batch, replay, Engine, KoRule, NeutralMove,
};
use goishi_bench::goishi_engine::Goishi;
use goishi_bench::positions::{fixed_positions, position_count, seeded_game};
use goishi_bench::SIZES;
use peers::{GoGameBoard, Goban};

#[test]
fn engines_agree_on_the_fixed_positions() {
    for size in SIZES {
        let positions = fixed_positions(size);
        assert_eq!(positions.len(), position_count(size));
        for p in &positions {
            assert!(!p.moves.is_empty(), "seed {}: an empty game", p.seed);
            for ko in [KoRule::Simple, KoRule::Positional] {
                let problems = peers::agree(size, ko, &p.moves);
                assert!(
                    problems.is_empty(),
                    "{size}x{size}, seed {}, {}:\n{}",
                    p.seed,
                    ko.name(),
                    problems.join("\n")
                );
            }
        }
    }
}

#[test]
fn fixed_positions_are_deterministic_and_distinct() {
    let a = fixed_positions(9);
    assert_eq!(a, fixed_positions(9));
    assert_ne!(a[0].moves, a[1].moves);
}

/// Plays a whole game into goishi and the peers move by move, comparing board and legal
/// points after every move.
fn walk(size: u32, ko: KoRule, seed: u64) {
    let moves = seeded_game(ko, size, seed);
    println!(
        "{size}x{size} {} seed {seed}: {} moves",
        ko.name(),
        moves.len()
    );
    let mut goishi = Goishi::with_ko(ko, size);
    let mut goban = Goban::with_ko(ko, size);
    let mut ego = (ko == KoRule::Simple).then(|| GoGameBoard::new(size));
    for (i, mv) in moves.iter().enumerate() {
        let one: &[NeutralMove] = std::slice::from_ref(mv);
        replay(&mut goishi, one).unwrap();
        replay(&mut goban, one)
            .unwrap_or_else(|e| panic!("seed {seed}, move {}: goban {e}", i + 1));
        // After two passes the game is over: goishi lists no legal move, the peers do not
        // stop a caller; only the boards are compared then.
        let over = goishi.0.is_over();
        let legal =
            |e: &dyn Fn() -> Vec<goishi_bench::engine::Coord>| if over { Vec::new() } else { e() };
        let want = (board_text(&goishi), legal(&|| legal_coords(&goishi)));
        assert_eq!(
            (board_text(&goban), legal(&|| legal_coords(&goban))),
            want,
            "seed {seed}, after move {}: goban differs",
            i + 1
        );
        if let Some(ego) = ego.as_mut() {
            replay(ego, one)
                .unwrap_or_else(|e| panic!("seed {seed}, move {}: go_game_board {e}", i + 1));
            assert_eq!(
                (board_text(ego), legal(&|| legal_coords(ego))),
                want,
                "seed {seed}, after move {}: go_game_board differs",
                i + 1
            );
        }
    }
}

#[test]
fn engines_agree_along_whole_games_9x9() {
    for seed in 0..8 {
        walk(9, KoRule::Simple, seed);
        walk(9, KoRule::Positional, seed);
    }
}

#[test]
fn engines_agree_along_a_whole_game_19x19() {
    walk(19, KoRule::Simple, 0);
    walk(19, KoRule::Positional, 0);
}

/// Mean moves per playout of one engine over the 9x9 batch, checking the batch repeats.
fn mean_length<E: Engine>(start: &E) -> f64 {
    let mut game = start.clone();
    let mut candidates = Vec::new();
    let n = goishi_bench::playouts_per_batch(9);
    let a = playout_batch(
        start,
        &mut game,
        &mut candidates,
        goishi_bench::PLAYOUT_SEED,
        n,
    );
    let b = playout_batch(
        start,
        &mut game,
        &mut candidates,
        goishi_bench::PLAYOUT_SEED,
        n,
    );
    assert_eq!(a, b, "the same seeds give the same games");
    a as f64 / n as f64
}

#[test]
fn every_engine_follows_the_same_policy() {
    // Each engine draws from its own empty-point order, so the games differ; their lengths
    // follow one distribution (the batch's means stay within 20% of goishi's under the same
    // rules; simple ko has long ko fights that superko cuts short).
    let simple = mean_length(&Goishi::with_ko(KoRule::Simple, 9));
    let superko = mean_length(&Goishi::with_ko(KoRule::Positional, 9));
    for (name, mean, goishi) in [
        (
            "goban",
            mean_length(&Goban::with_ko(KoRule::Simple, 9)),
            simple,
        ),
        ("go_game_board", mean_length(&GoGameBoard::new(9)), simple),
        (
            "goban superko",
            mean_length(&Goban::with_ko(KoRule::Positional, 9)),
            superko,
        ),
    ] {
        println!("9x9 moves per playout: goishi {goishi:.1}, {name} {mean:.1}");
        assert!(
            (mean / goishi - 1.0).abs() < 0.2,
            "{name}: {mean:.1} moves per playout, goishi {goishi:.1}"
        );
    }
}
