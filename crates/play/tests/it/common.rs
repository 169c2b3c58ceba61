//! Helpers shared by the test binaries: games from rules strings, small configurations, the
//! random player, and the seed of the random tests.

#![allow(dead_code)]

use goishi::{Color, Move, Position};
use goishi_play::mcts::{Budget, MctsConfig, MctsPlayer};
use rand::Rng;

/// The seed of the random tests: `GOISHI_MCTS_SEED`, or a fixed default. Printed, so that a
/// failure can be replayed.
pub fn seed() -> u64 {
    let seed = std::env::var("GOISHI_MCTS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_201);
    eprintln!("GOISHI_MCTS_SEED={seed}");
    seed
}

/// A new game of `rules` (a rules string) at `size`.
pub fn game(rules: &str, size: Option<(u32, u32)>) -> Box<dyn Position> {
    let rules = goishi::registry()
        .parse_rules(rules)
        .unwrap_or_else(|e| panic!("{rules}: {e}"));
    rules
        .new_game(size)
        .unwrap_or_else(|e| panic!("{rules}: {e}"))
}

/// A one-thread configuration of `playouts` playouts, no time limit.
pub fn config(playouts: u32, seed: u64) -> MctsConfig {
    MctsConfig::default()
        .with_budget(Budget::playouts(playouts))
        .with_seed(seed)
}

/// The random player of `genmove` today (crates/cli/src/policy.rs): a random legal point
/// that does not fill one of the mover's own single-point eyes in Go and capture Go, any
/// legal point elsewhere, a pass when none is left.
pub fn random_move(position: &dyn Position, color: Color, rng: &mut impl Rng) -> Move {
    let mut moves = Vec::new();
    position.legal_moves_as(color, &mut moves);
    let eyes = position.rules().variant().capabilities.avoids_own_eyes;
    let board = position.board();
    moves.retain(|mv| match mv {
        Move::Place(p) => {
            let around = board.geometry().default_neighbors().of(*p);
            let eye = !around.is_empty() && around.iter().all(|&q| board.get(q) == Some(color));
            !(eyes && eye)
        }
        _ => false,
    });
    if moves.is_empty() {
        Move::Pass
    } else {
        moves[rng.random_range(0..moves.len())]
    }
}

/// Plays `game` on until it is over or has `cap` moves: `player` for `mcts`, [`random_move`]
/// drawn from `rng` for the other side.
pub fn play_vs_random(
    game: &mut dyn Position,
    player: &mut MctsPlayer,
    mcts: Color,
    rng: &mut impl Rng,
    cap: usize,
) {
    while !game.is_over() && game.history().len() < cap {
        let color = game.side_to_move();
        let mv = if color == mcts {
            player.genmove_dyn(&*game, color).unwrap()
        } else {
            random_move(&*game, color, rng)
        };
        game.play_as(color, mv).unwrap();
    }
}
