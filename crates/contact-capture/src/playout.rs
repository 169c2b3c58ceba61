//! Contact capture's part in the game loops ([`PlayoutPosition`]): a uniformly random legal
//! placement, the ownership of the stones; no knowledge (the heavy policy plays the same).

use goishi_board::playout::{board_ownership, empty_points, random_below, PlayoutPosition};
use goishi_board::{Color, Move, Point, Position};
use rand::Rng;

use crate::ContactPosition;

impl PlayoutPosition for ContactPosition {
    type Heavy = Self;

    /// No knowledge: the same position.
    fn heavy(&self) -> Self {
        self.clone()
    }

    fn as_position(&self) -> &dyn Position {
        self
    }

    fn as_position_mut(&mut self) -> &mut dyn Position {
        self
    }

    // `reset_from` copies: `clone_from` reuses the buffers (the history's hash map
    // reallocates its table), and measured twice as fast as taking the moves back, whose
    // `undo` re-evaluates the end of the game each time.

    #[inline]
    fn side_to_move(&self) -> Color {
        Position::side_to_move(self)
    }

    #[inline]
    fn is_over(&self) -> bool {
        Position::is_over(self)
    }

    fn num_points(&self) -> usize {
        self.geometry().num_points()
    }

    #[inline]
    fn play(&mut self, color: Color, mv: Move) -> bool {
        self.play_as(color, mv).is_ok()
    }

    fn tree_moves(&self, color: Color, out: &mut Vec<Move>) {
        self.legal_moves_as(color, out);
    }

    #[inline]
    fn playout_move<R: Rng>(&mut self, rng: &mut R, buf: &mut Vec<Point>) -> Move {
        let color = Position::side_to_move(self);
        empty_points(self.board(), buf);
        while !buf.is_empty() {
            let p = buf.swap_remove(random_below(rng, buf.len()));
            if self.play_as(color, Move::Place(p)).is_ok() {
                return Move::Place(p);
            }
        }
        let _ = self.play_as(color, Move::Pass);
        Move::Pass
    }

    fn add_ownership(&self, sums: &mut [i32]) {
        board_ownership(self.board(), false, sums);
    }
}
