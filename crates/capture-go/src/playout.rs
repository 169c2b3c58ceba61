//! Capture Go's part in the game loops ([`PlayoutPosition`]): Go's random playout policy
//! (no filling of one's own eyes) on the Go engine underneath, every move through the
//! capture rules; no knowledge (the heavy policy plays the same).

use goishi_board::playout::{drop_own_eyes, random_below, undo_to, PlayoutPosition};
use goishi_board::{Color, Move, Point, Position};
use rand::Rng;

use crate::CapturePosition;

impl PlayoutPosition for CapturePosition {
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

    /// Takes the moves back: the derived `clone_from` would allocate the whole position.
    fn reset_from(&mut self, source: &Self) {
        undo_to(self, source);
    }

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
        let go = self.go();
        drop_own_eyes(out, |p| go.is_playout_eye(p, color));
    }

    #[inline]
    fn playout_move<R: Rng>(&mut self, rng: &mut R, buf: &mut Vec<Point>) -> Move {
        let color = Position::side_to_move(self);
        buf.clear();
        buf.extend_from_slice(self.go().empty_points());
        while !buf.is_empty() {
            let p = buf.swap_remove(random_below(rng, buf.len()));
            if !self.go().is_playout_eye(p, color) && self.play_as(color, Move::Place(p)).is_ok() {
                return Move::Place(p);
            }
        }
        let _ = self.play_as(color, Move::Pass);
        Move::Pass
    }

    fn add_ownership(&self, sums: &mut [i32]) {
        self.go().add_ownership(sums);
    }
}
