//! Go's part in the game loops ([`PlayoutPosition`]): its random playout policy on the
//! engine's own fast paths (`empty_points`, `is_playout_eye`, `try_place`), and its
//! knowledge, [`HeavyGo`]: the heavy playouts and the tree's priors after Michi and Pachi
//! ([`heavy`]).

pub mod heavy;

use goishi_board::playout::{
    drop_own_eyes, random_below, PassAlive, PlayoutPosition, PlayoutResult,
};
use goishi_board::{Color, Move, Point, Position};
use rand::Rng;

use crate::{benson, GoPosition, Suicide};

pub use heavy::{HeavyGo, PATTERNS};

impl PlayoutPosition for GoPosition {
    type Heavy = HeavyGo;

    fn heavy(&self) -> HeavyGo {
        HeavyGo::new(self.clone())
    }

    fn as_position(&self) -> &dyn Position {
        self
    }

    fn as_position_mut(&mut self) -> &mut dyn Position {
        self
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
        match mv {
            Move::Place(p) => self.try_place(color, p),
            _ => self.play_as(color, mv).is_ok(),
        }
    }

    /// Copies the game's state from the start (`GoPosition::restart_from`): the tables of
    /// the board (a few kilobytes) rather than every move taken back one by one.
    fn restart(&mut self, start: &Self) {
        debug_assert!(self.setup() == start.setup() && start.history().is_empty());
        self.restart_from(start);
    }

    fn reserve_moves(&mut self, moves: usize) {
        GoPosition::reserve_moves(self, moves);
    }

    fn tree_moves(&self, color: Color, out: &mut Vec<Move>) {
        tree_moves(self, color, out, |p| self.is_playout_eye(p, color));
    }

    /// The engine's own playout loop (the native harness's, `goishi_bench::native`): the
    /// first draw is made from the position's empty-point list itself, which is copied into
    /// `buf` only once a draw is refused; the rest of the draws are made from the copy. The
    /// draws are those of a copy made first (the list as the first draw saw it, less the
    /// point drawn, swapped out as `swap_remove` does), so the moves are the same.
    #[inline]
    fn playout_move<R: Rng>(&mut self, rng: &mut R, buf: &mut Vec<Point>) -> Move {
        let color = Position::side_to_move(self);
        let count = self.empty_points().len();
        if count > 0 {
            let first = random_below(rng, count);
            let p = self.empty_points()[first];
            if !self.is_playout_eye(p, color) && self.try_place(color, p) {
                return Move::Place(p);
            }
            // Refused: the position is unchanged, so its list is as the draw saw it.
            buf.clear();
            buf.extend_from_slice(self.empty_points());
            buf.swap_remove(first);
            while !buf.is_empty() {
                let p = buf.swap_remove(random_below(rng, buf.len()));
                if !self.is_playout_eye(p, color) && self.try_place(color, p) {
                    return Move::Place(p);
                }
            }
        }
        // A pass is legal while the game goes on.
        let _ = self.play_as(color, Move::Pass);
        Move::Pass
    }

    fn playout_result(&self) -> PlayoutResult {
        self.counted_playout_result()
    }

    fn add_ownership(&self, sums: &mut [i32]) {
        self.add_board_ownership(sums);
    }

    /// Benson's algorithm, valid under every suicide rule ([`benson::pass_alive`]).
    fn pass_alive(&self, color: Color) -> Option<PassAlive> {
        Some(benson::pass_alive(self.board(), color))
    }
}

/// Go's tree moves: the legal moves of `color` but those that fill an eye of its own as
/// `own_eye` judges it and, where suicide is allowed, a single stone's suicide.
pub(crate) fn tree_moves(
    game: &GoPosition,
    color: Color,
    out: &mut Vec<Move>,
    own_eye: impl Fn(Point) -> bool,
) {
    game.legal_moves_as(color, out);
    drop_own_eyes(out, own_eye);
    if game.config().suicide == Suicide::Allowed {
        // A stone on the opponent's eye either captures or is taken at once.
        let mut trial: Option<GoPosition> = None;
        out.retain(|&mv| {
            let Move::Place(p) = mv else { return true };
            if !game.is_playout_eye(p, color.opponent()) {
                return true;
            }
            let t = trial.get_or_insert_with(|| game.clone());
            let stays = t.try_place(color, p) && t.board().get(p) == Some(color);
            if t.history().len() > game.history().len() {
                t.undo();
            }
            stays
        });
    }
}
