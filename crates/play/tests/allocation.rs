//! No allocation per playout move: a search allocates its buffers once per thread, a node
//! array per expansion, and what the position's count allocates once per playout
//! (`score(&[])` copies the board), never per move of a playout.
//!
//! The batched search allocates nothing per simulation: once its arenas have grown (a few
//! moves), a search of many moves allocates nothing but the growth of an arena now and then.
//!
//! The counting allocator of `goishi-conformance` counts the allocations of a search; the
//! bound is a constant per playout, far below the hundred or so moves of a 9x9 playout. On
//! 9x9: 5 a playout in Go under area scoring with either playout policy and 30 under
//! territory scoring with the light one (the count's board copy and regions), 7 in contact
//! capture (its copy's hash map), under 0.5 in capture Go (whose playouts end by its outcome, and which is reset by taking the moves back).

use goishi::{Color, PlayoutPosition, PositionVisitor, VariantPosition};
use goishi_conformance::alloc::{self, Counting};
use goishi_play::batched::{Algorithm, BatchedConfig, BatchedSearch, Gumbel, NoObservation, Puct};
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

/// Plays 12 moves of 8 games by the batched search, the last 8 of them counted; returns
/// (allocations, simulations) of those.
struct CountBatched(Algorithm);

impl PositionVisitor for CountBatched {
    type Output = (usize, usize);

    fn visit<P: PlayoutPosition>(self, start: &P) -> (usize, usize) {
        let mut games = vec![start.clone(); 8];
        let config = BatchedConfig {
            leaves_per_game: 2,
            ..BatchedConfig::new(64, self.0)
        };
        let roots: Vec<&P> = games.iter().collect();
        let mut search = BatchedSearch::new(config, NoObservation, &roots).unwrap();
        let a = search.num_actions();
        let rows = search.max_leaves();
        let mut mask = vec![0; rows * a];
        let logits = vec![0.0; rows * a];
        let values = vec![0.1; rows];
        let mut actions = vec![0; 8];
        let mut before = 0;
        for turn in 0..12 {
            if turn == 4 {
                before = alloc::allocations();
            }
            while !search.done() {
                let n = search.leaves(&mut [], &mut mask).unwrap();
                search.expand(&logits[..n * a], &values[..n]).unwrap();
            }
            search.actions(&mut actions).unwrap();
            for (game, &action) in games.iter_mut().zip(&actions) {
                if !game.is_over() {
                    let color = game.side_to_move();
                    let mv = if action as usize == a - 1 {
                        goishi::Move::Pass
                    } else {
                        goishi::Move::Place(goishi::Point::new(action as usize))
                    };
                    assert!(game.play(color, mv));
                }
            }
            // One allocation a move: the caller's list of roots.
            let roots: Vec<&P> = games.iter().collect();
            search.start(&roots).unwrap();
        }
        (alloc::allocations() - before, 8 * 8 * 64)
    }
}

#[test]
fn the_batched_search_allocates_nothing_per_simulation() {
    let _lock = alloc::LOCK.lock().unwrap_or_else(|e| e.into_inner());
    for rules in [
        "go/chinese",
        "go/tromp-taylor:ko=positional",
        "contact/2b",
        "capture/atari-go",
    ] {
        for algorithm in [
            Algorithm::Puct(Puct::default()),
            Algorithm::Gumbel(Gumbel::default()),
        ] {
            let game = goishi::registry()
                .parse_rules(rules)
                .unwrap()
                .new_game(Some((9, 9)))
                .unwrap();
            let (made, simulations) = VariantPosition::new(game).visit(CountBatched(algorithm));
            eprintln!(
                "{rules} ({}): {made} allocations in {simulations} simulations",
                algorithm.name()
            );
            assert!(
                made * 20 < simulations,
                "{rules} ({}): {made} allocations in {simulations} simulations",
                algorithm.name()
            );
        }
    }
}
