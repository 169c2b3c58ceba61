//! The move policy of `genmove` and `selfplay`: a uniformly random legal move that does not
//! fill one of the mover's own single-point eyes (Go), or any random legal placement (other
//! families); a pass when no such move is left.

use goishi::{Color, Move, Point, Position};
use rand::Rng;

/// Whether `p` is an empty point whose every neighbour (under the geometry's own adjacency)
/// holds a stone of `color`: a single-point eye that a random player should not fill.
pub fn is_own_eye(position: &dyn Position, color: Color, p: Point) -> bool {
    let board = position.board();
    if !board.is_empty_at(p) {
        return false;
    }
    let neighbours = board.geometry().default_neighbors().of(p);
    !neighbours.is_empty() && neighbours.iter().all(|&q| board.get(q) == Some(color))
}

/// Picks the move `color` plays now; `scratch` is reused between calls.
pub fn choose_move(
    position: &dyn Position,
    color: Color,
    rng: &mut impl Rng,
    scratch: &mut Vec<Move>,
) -> Move {
    position.legal_moves_as(color, scratch);
    let go = position.rules().variant().family == "go";
    scratch.retain(|mv| match mv {
        Move::Place(p) => !(go && is_own_eye(position, color, *p)),
        _ => false,
    });
    if scratch.is_empty() {
        Move::Pass
    } else {
        scratch[rng.random_range(0..scratch.len())]
    }
}
