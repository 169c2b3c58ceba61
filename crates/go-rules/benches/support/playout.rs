//! The random playout policy shared by the benchmarks and the `playouts` example: uniformly
//! random legal points that fill no own eye (`is_playout_eye`: a single-point eye no chain
//! around which is in atari), pass when none is left. The policy of the library's playouts
//! and `goishi selfplay` on Go.

use goishi_board::{Move, Point, Position};
use goishi_go_rules::GoPosition;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// One uniformly random game (legal points that fill no own eye; pass when none is left),
/// capped at 3 x points moves. Returns the number of moves played.
pub fn playout(game: &mut GoPosition, rng: &mut ChaCha8Rng, candidates: &mut Vec<Point>) -> usize {
    let cap = 3 * game.geometry().num_points();
    let mut moves = 0;
    while moves < cap && !game.is_over() {
        let color = game.side_to_move();
        candidates.clear();
        candidates.extend_from_slice(game.empty_points());
        let mut played = false;
        while !candidates.is_empty() {
            let p = candidates.swap_remove(rng.random_range(0..candidates.len()));
            if !game.is_playout_eye(p, color) && game.try_place(color, p) {
                played = true;
                break;
            }
        }
        if !played {
            game.play_as(color, Move::Pass).expect("a pass is legal");
        }
        moves += 1;
    }
    moves
}
