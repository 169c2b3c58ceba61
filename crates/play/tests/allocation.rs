//! No allocation per playout move: a search allocates its buffers once per thread, a node
//! array per expansion, and what the position's count allocates once per playout
//! (`score(&[])` copies the board), never per move of a playout.
//!
//! The counting allocator of `goishi-conformance` counts the allocations of a search; the
//! bound is a constant per playout, far below the hundred or so moves of a 9x9 playout. On
//! 9x9: 5 a playout in Go under area scoring with either playout policy and 30 under
//! territory scoring with the light one (the count's board copy and regions), 7 in contact
//! capture (its copy's hash map), under 0.5 in capture Go (whose playouts end by its outcome, and which is reset by taking the moves back).

use goishi::Color;
use goishi_conformance::alloc::{self, Counting};
use goishi_play::mcts::{Budget, MctsConfig, MctsPlayer, PlayoutPolicy};

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn playouts_allocate_nothing_per_move() {
    let _lock = alloc::LOCK.lock().unwrap_or_else(|e| e.into_inner());
    for (rules, size, policy) in [
        ("go/chinese", 9, PlayoutPolicy::Light),
        ("go/chinese", 9, PlayoutPolicy::Heavy),
        ("go/tromp-taylor:ko=positional", 9, PlayoutPolicy::Heavy),
        ("go/tromp-taylor:ko=positional", 9, PlayoutPolicy::Light),
        ("go/japanese", 9, PlayoutPolicy::Light),
        ("capture/atari-go", 9, PlayoutPolicy::Light),
        ("contact/2b", 9, PlayoutPolicy::Light),
    ] {
        let rules_parsed = goishi::registry().parse_rules(rules).unwrap();
        let game = rules_parsed.new_game(Some((size, size))).unwrap();
        let config = MctsConfig {
            // Expand rarely, so that the count is about the playouts.
            expand_after: Some(1_000_000),
            ..MctsConfig::default()
                .with_budget(Budget::playouts(300))
                .with_playout_policy(policy)
        };
        let mut player = MctsPlayer::new(config).unwrap();
        // A first search grows the buffers of the position types (history tables, ...).
        player.search_dyn(&*game, Color::Black).unwrap();
        player.clear_tree();
        let before = alloc::allocations();
        let r = player.search_dyn(&*game, Color::Black).unwrap();
        let made = alloc::allocations() - before;
        let per_playout = made as f64 / r.playouts as f64;
        let per_move = made as f64 / r.playout_moves as f64;
        eprintln!(
            "{rules} ({policy}): {made} allocations in {} playouts of {} moves: \
             {per_playout:.2} a playout, {per_move:.4} a move",
            r.playouts, r.playout_moves
        );
        // The count of a territory rule allocates more (life regions), once a playout; an
        // allocation per move would be a hundred a playout.
        let moves_per_playout = r.playout_moves as f64 / r.playouts as f64;
        assert!(
            per_playout <= 40.0 && 3.0 * per_playout < moves_per_playout,
            "{rules} ({policy}): {per_playout} allocations a playout of {moves_per_playout} moves"
        );
    }
}
