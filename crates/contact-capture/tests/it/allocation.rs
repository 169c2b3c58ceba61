//! No heap allocation per move: once the buffers have grown, playing, undoing, checking and
//! listing moves allocate nothing.
//!
//! The counting global allocator of `goishi-conformance` counts the allocations of a game
//! replayed after a first run has grown the buffers. It counts this thread's allocations
//! only, so that the test harness's own threads, busy at the same time on a loaded machine,
//! cannot add to the count.

use goishi_board::{FromSetup, Move, Point, Position, Registry, Setup};
use goishi_conformance::alloc;
use goishi_contact_capture::{ContactPosition, VARIANTS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn game(rules: &str) -> ContactPosition {
    let registry = Registry::from_parts(VARIANTS.iter().copied(), []);
    let rules = registry.parse_rules(rules).unwrap();
    let geometry = rules.geometry(Some((13, 13))).unwrap();
    ContactPosition::from_setup(Setup::new(rules, geometry)).unwrap()
}

/// Plays a random game (recording its moves), then undoes it all.
fn play_and_undo(position: &mut ContactPosition, moves: &mut Vec<Move>, list: &mut Vec<Move>) {
    let n = position.geometry().num_points();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    moves.clear();
    while !position.is_over() && moves.len() < 2 * n {
        let color = position.side_to_move();
        let p = Point::new(rng.random_range(0..n));
        let mv = if position.check_move(color, Move::Place(p)).is_ok() {
            Move::Place(p)
        } else {
            position.legal_moves(list);
            list[rng.random_range(0..list.len())]
        };
        position.play(mv).unwrap();
        moves.push(mv);
    }
    while position.undo().is_some() {}
}

#[test]
fn a_replayed_game_allocates_nothing() {
    for rules in [
        "contact/1a",
        "contact/2b",
        "contact/2c",
        "contact/3b:protection=b+c",
        "contact/4a:scope=local,threshold=capped",
        "contact/2b:ko=situational",
        "contact/1a:ko=simple",
    ] {
        let mut position = game(rules);
        let mut moves = Vec::with_capacity(1000);
        let mut list = Vec::with_capacity(200);
        let start = alloc::allocations();
        play_and_undo(&mut position, &mut moves, &mut list);
        // The counter works: the first game grew the buffers.
        assert!(alloc::allocations() > start, "{rules}");
        let first = moves.clone();
        let before = alloc::allocations();
        play_and_undo(&mut position, &mut moves, &mut list);
        let after = alloc::allocations();
        assert_eq!(moves, first, "{rules}: the replay differs");
        assert!(moves.len() > 50, "{rules}: only {} moves", moves.len());
        assert_eq!(
            after - before,
            0,
            "{rules}: {} allocations in {} moves",
            after - before,
            moves.len()
        );
        // Restarting a playout from a saved position reuses the buffers too.
        let start = position.clone();
        play_and_undo(&mut position, &mut moves, &mut list);
        for mv in &moves[..moves.len() / 2] {
            position.play(*mv).unwrap();
        }
        let before = alloc::allocations();
        position.clone_from(&start);
        assert_eq!(alloc::allocations() - before, 0, "{rules}: clone_from");
        assert!(position == start, "{rules}: clone_from differs");
        position.check_invariants().unwrap();
    }
}
