//! No heap allocation per move: once the buffers have grown, `play`, `undo`, `check_move`,
//! `legal_moves` and `clone_from` allocate nothing, under every ko rule.
//!
//! The counting global allocator of `goishi-conformance` counts the allocations of a game
//! replayed after a first run has grown the buffers. It counts this thread's allocations
//! only, so that the test harness's own threads, busy at the same time on a loaded machine,
//! cannot add to the count.

use goishi_board::{FromSetup, Move, Point, Position, Registry};
use goishi_conformance::alloc;
use goishi_go_rules::{katago::SYNTAXES, GoPosition, VARIANTS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays a seeded random game through the checks a search makes (check every point, list the
/// moves, play, sometimes undo and replay), then undoes it all.
fn exercise(game: &mut GoPosition, list: &mut Vec<Move>) {
    let n = game.geometry().num_points();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut played = 0;
    while !game.is_over() && played < 3 * n {
        let color = game.side_to_move();
        for i in 0..n {
            let _ = game.check_move(color, Move::Place(Point::new(i)));
        }
        game.legal_moves(list);
        let mv = list[rng.random_range(0..list.len())];
        game.play(mv).unwrap();
        if rng.random_range(0..3) == 0 {
            let turn = game.undo().unwrap();
            game.play_as(turn.color, turn.mv).unwrap();
        }
        played += 1;
    }
    while game.undo().is_some() {}
}

#[test]
fn moves_allocate_nothing_once_buffers_have_grown() {
    let registry = Registry::from_parts(VARIANTS.iter().copied(), SYNTAXES.iter().copied());
    for ko in [
        "simple",
        "positional",
        "situational",
        "natural-situational",
        "spight",
    ] {
        for extra in ["", ",cycles=no-result"] {
            let text = format!("go/tromp-taylor:ko={ko},suicide=allowed{extra}");
            let rules = registry.parse_rules(&text).unwrap();
            let start = GoPosition::from_rules(&rules, Some((7, 7))).unwrap();
            let mut game = start.clone();
            let mut list = Vec::new();
            exercise(&mut game, &mut list);
            game.clone_from(&start);
            let before = alloc::allocations();
            exercise(&mut game, &mut list);
            // A playout loop resets from its start position and plays again.
            game.clone_from(&start);
            exercise(&mut game, &mut list);
            let allocated = alloc::allocations() - before;
            assert_eq!(
                allocated, 0,
                "{text}: {allocated} allocations on the second run"
            );
        }
    }
}
