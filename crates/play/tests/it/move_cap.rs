//! The search knows the game's move cap (`goishi::playout::move_cap`, where `goishi match` and
//! `goishi selfplay` stop a game and count the board): its playouts end there, counted from
//! the game's first move (the position's history and the tree's moves included), and it plays
//! for the count at the cap. Contact 1A on 9x9 is the family that needs it: its games never
//! end, every one is counted at the cap.

use crate::common;

use goishi::playout::move_cap;
use goishi::{Color, Move, Position};
use goishi_play::mcts::{MctsConfig, MctsPlayer};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A 9x9 contact 1A game played at random (seeded) up to `left` moves before the cap.
fn near_the_cap(left: usize, seed: u64) -> Box<dyn Position> {
    let mut game = common::game("contact/1a", Some((9, 9)));
    let cap = move_cap(game.geometry().num_points());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while game.history().len() < cap - left {
        assert!(
            !game.is_over(),
            "the random game ended at move {}",
            game.history().len()
        );
        let color = game.side_to_move();
        let mv = common::random_move(&*game, color, &mut rng);
        game.play_as(color, mv).unwrap();
    }
    assert!(!game.is_over());
    game
}

#[test]
fn playouts_end_at_the_move_cap() {
    let seed = common::seed();
    for (i, left) in [1, 2, 3, 7, 20].into_iter().enumerate() {
        let game = near_the_cap(left, seed.wrapping_add(i as u64));
        // Only the root is expanded: each playout is one tree move and then random moves.
        let config = MctsConfig {
            expand_after: Some(u32::MAX),
            ..common::config(60, seed)
        };
        let mut player = MctsPlayer::new(config).unwrap();
        let color = game.side_to_move();
        let r = player.search_dyn(&*game, color).unwrap();
        assert_eq!(r.playouts, 60, "{left} moves left");
        // No contact 1A game ends in so few moves here but by two passes: every playout runs
        // to the cap, but one after the tree's pass, which the opponent may answer with a
        // pass that wins (one move, the end).
        let long = left as u64 - 1;
        let passes = r
            .moves
            .iter()
            .find(|m| m.mv == Move::Pass)
            .map_or(0, |m| u64::from(m.visits));
        let after_passes = r.playout_moves - (60 - passes) * long;
        assert!(
            (0..=passes).any(|ended| ended + (passes - ended) * long == after_passes),
            "{left} moves left: the playouts are not {long} moves long ({} moves, {passes} \
             through the pass)",
            r.playout_moves
        );
    }
}

#[test]
fn the_tree_stops_growing_at_the_move_cap() {
    let seed = common::seed();
    for (i, left) in [1, 2, 3].into_iter().enumerate() {
        let game = near_the_cap(left, seed.wrapping_add(10 + i as u64));
        // Every leaf expanded at its first visit: without the cap the tree would go deeper.
        let config = MctsConfig {
            expand_after: Some(1),
            ..common::config(3000, seed)
        };
        let mut player = MctsPlayer::new(config).unwrap();
        let color = game.side_to_move();
        let r = player.search_dyn(&*game, color).unwrap();
        assert!(
            r.pv.len() <= left,
            "{left} moves left, principal variation of {}",
            r.pv.len()
        );
        // And it is deep enough that the cap is what stops it.
        assert!(
            r.pv.len() >= left.min(2),
            "{left} moves left: the tree did not reach the cap"
        );
        // A playout of d tree moves plays `left - d` random moves, and d >= 1.
        assert!(r.playout_moves <= r.playouts * (left as u64 - 1));
    }
}

/// Plays the last `left` moves of a random contact 1A game, MCTS (`playouts` a move) for
/// `mcts` and random moves for the other side; returns the winner by the count at the cap.
fn finish(left: usize, mcts: Color, playouts: u32, seed: u64) -> Option<Color> {
    let mut game = near_the_cap(left, seed);
    let cap = move_cap(game.geometry().num_points());
    let config = MctsConfig {
        resign_threshold: 0.0,
        ..common::config(playouts, seed)
    };
    let mut player = MctsPlayer::new(config).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xCAB);
    common::play_vs_random(&mut *game, &mut player, mcts, &mut rng, cap);
    assert!(!game.is_over(), "the game ended before the cap");
    game.score(&[]).result().winner()
}

/// Eight games of the last 12 moves (MCTS at 300 playouts, Black and White in turn): it won
/// 7 or 8 of 8 for each of six seeds tried; a search whose playouts ran 3 x points moves past
/// the leaf (no cap) won 3 of 8 for each of three.
#[test]
fn the_search_wins_the_count_at_the_move_cap() {
    let seed = common::seed();
    let games = 8;
    let won = (0..games)
        .filter(|&g| {
            let mcts = if g % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            finish(12, mcts, 300, seed.wrapping_add(100 + g)) == Some(mcts)
        })
        .count();
    eprintln!("MCTS won {won} of {games} contact 1A games counted at the cap");
    assert!(won >= 6, "MCTS won only {won} of {games}");
}
