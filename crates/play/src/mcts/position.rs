//! What the search needs from a position ([`SearchPosition`]), and each family's random
//! playout policy: its implementations for Go, contact capture, capture Go and, as the
//! generic fallback, any boxed [`Position`].
//!
//! The search is generic over this trait, so that a playout on a `GoPosition` calls the Go
//! engine's own fast paths (`empty_points`, `is_playout_eye`, `try_place`) with no dynamic
//! dispatch per move. Only `Box<dyn Position>` dispatches, as it must.

use goishi::capture::CapturePosition;
use goishi::contact::ContactPosition;
use goishi::go::{GoPosition, Suicide};
use goishi::{Board, Color, GameResult, Margin, Move, Point, Position, BLACK, EMPTY};
use rand::Rng;

use super::heavy::HeavyGo;
use super::tree::Prior;
use crate::player::is_own_eye;

/// A position the search can run on: cheap to copy into a playout buffer, with a random
/// playout move of its family's policy.
///
/// Implemented for [`GoPosition`], [`ContactPosition`], [`CapturePosition`] and
/// `Box<dyn Position>` (every registered variant, through the object-safe trait).
pub trait SearchPosition: Clone + Send + Sync {
    /// What the search runs on under the heavy policy ([`crate::mcts::PlayoutPolicy::Heavy`]):
    /// [`HeavyGo`] for Go, the position itself for the families that have no knowledge, so
    /// that the search is made once for them whatever the policy.
    type Heavy: SearchPosition;

    /// A copy of the position under the heavy policy.
    fn heavy(&self) -> Self::Heavy;

    /// The position through the object-safe trait: setup, history, legality checks, score
    /// (used outside the hot loops).
    fn as_position(&self) -> &dyn Position;

    /// The position through the object-safe trait, to change it (take moves back: the dead
    /// stone estimate starts its playouts from before the passes that ended the game).
    fn as_position_mut(&mut self) -> &mut dyn Position;

    /// Whose turn it is.
    fn side_to_move(&self) -> Color;

    /// Whether the game is over.
    fn is_over(&self) -> bool;

    /// The number of points of the board.
    fn num_points(&self) -> usize;

    /// Makes `mv` for `color` if it is legal, and says whether it did (an illegal move
    /// leaves the position unchanged).
    fn play(&mut self, color: Color, mv: Move) -> bool;

    /// Overwrites `self` with `source`, reusing the buffers of `self` where the type can.
    ///
    /// The search calls it with the position `self` was copied from, `self` having had moves
    /// played on it since: a type whose copy allocates may take those moves back instead
    /// (capture Go and boxed positions do, measured faster; `undo` restores a position
    /// exactly).
    fn reset_from(&mut self, source: &Self) {
        self.clone_from(source);
    }

    /// Replaces `out` with the moves the tree considers for `color`: every legal move but
    /// those the playout policy never makes (in Go and capture Go, filling one of the mover's
    /// own eyes, [`crate::is_own_eye`]) and, in Go where suicide is allowed, a single stone's
    /// suicide (it leaves the board as a pass does, so a game of two such players would never
    /// end), then [`Move::Pass`]. Empty once the game is over.
    fn tree_moves(&self, color: Color, out: &mut Vec<Move>);

    /// Replaces `priors` with the prior statistics of `moves`, the tree's moves of `color`
    /// here (one a move, in order), or clears it for none: what the tree knows of each move
    /// before it is searched. None by default. It may read by playing moves and taking them
    /// back: the position is left exactly as it was.
    fn tree_priors(&mut self, color: Color, moves: &[Move], priors: &mut Vec<Prior>) {
        let _ = (color, moves);
        priors.clear();
    }

    /// Whether the tree has prior knowledge of this family's moves ([`SearchPosition::tree_priors`]):
    /// the search then takes the tuned settings of [`crate::mcts::TreeSettings::KNOWLEDGE`].
    fn has_knowledge(&self) -> bool {
        false
    }

    /// Plays one move of the family's random playout policy for the side to move and returns
    /// it: a uniformly random legal placement (in Go and capture Go, one that does not fill
    /// one of the mover's own eyes, [`crate::is_own_eye`]), or a pass when none is left.
    /// `buf` is scratch space, reused between calls. Must not be called once the game is over.
    fn playout_move<R: Rng>(&mut self, rng: &mut R, buf: &mut Vec<Point>) -> Move;

    /// The end of a playout: who won the game as it stands (the outcome if the game is
    /// over, else the position's score with no stone dead, `score(&[])`; `None` for a draw
    /// or no result) and Black's margin on the game's count (the outcome's margin when it
    /// is one of points; else the count of `score(&[])`), for the score statistics of
    /// analysis.
    fn playout_result(&self) -> PlayoutResult {
        let p = self.as_position();
        match p.outcome() {
            Some(GameResult::Win {
                winner,
                margin: Margin::Points(d),
            }) => PlayoutResult {
                winner: Some(winner),
                margin: f64::from(sign(winner)) * d,
            },
            Some(GameResult::Draw | GameResult::NoResult) => PlayoutResult {
                winner: None,
                margin: 0.0,
            },
            Some(result) => {
                let s = p.score(&[]);
                PlayoutResult {
                    winner: result.winner(),
                    margin: s.black - s.white,
                }
            }
            None => {
                let s = p.score(&[]);
                PlayoutResult {
                    winner: s.result().winner(),
                    margin: s.black - s.white,
                }
            }
        }
    }

    /// Adds the owner of every point at the end of a playout to `sums` (+1 Black, -1 White,
    /// one entry per point): the colour of its stone, or for an empty point whose neighbours
    /// are all stones of one colour (in families that count territory), that colour.
    fn add_ownership(&self, sums: &mut [i32]);

    /// Whether a finished game is counted with dead stones taken off (Go): then the search
    /// judges dead stones from its ownership statistics before it passes to end a game.
    fn counts_dead_stones(&self) -> bool;
}

/// How a playout ended ([`SearchPosition::playout_result`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutResult {
    /// The winner; `None` for a draw or no result.
    pub winner: Option<Color>,
    /// Black's margin on the game's count, in points (negative when White leads).
    pub margin: f64,
}

/// Something to run on a position of any family through its concrete type: see
/// [`on_concrete`].
pub(crate) trait OnPosition {
    /// What it returns.
    type Output;

    /// Runs on `position`.
    fn run<P: SearchPosition>(self, position: &P) -> Self::Output;
}

/// Runs `task` on `position` as its concrete type: Go, contact capture and capture Go (found
/// with `as_any`), any other variant on a boxed copy (the `Box<dyn Position>` fallback), so
/// that the hot loops of the task have no dynamic dispatch per move.
pub(crate) fn on_concrete<T: OnPosition>(position: &dyn Position, task: T) -> T::Output {
    let any = position.as_any();
    if let Some(p) = any.downcast_ref::<GoPosition>() {
        task.run(p)
    } else if let Some(p) = any.downcast_ref::<CapturePosition>() {
        task.run(p)
    } else if let Some(p) = any.downcast_ref::<ContactPosition>() {
        task.run(p)
    } else {
        task.run(&position.clone_box())
    }
}

/// Takes back the moves played on `position` since it was a copy of `source`, or copies
/// `source` if `position` is not `source` with moves added (the setup and the history tell).
/// For the position types whose `clone_from` allocates the whole position (a derived `Clone`).
fn undo_to<P: Position + Clone>(position: &mut P, source: &P) {
    let keep = source.history().len();
    if position.history().len() < keep
        || position.history()[..keep] != *source.history()
        || position.setup() != source.setup()
    {
        position.clone_from(source);
        return;
    }
    while position.history().len() > keep {
        position.undo();
    }
}

/// +1 for Black, -1 for White.
#[inline]
fn sign(color: Color) -> i32 {
    match color {
        Color::Black => 1,
        Color::White => -1,
    }
}

/// The ownership of a board by its stones and, when `eyes`, by its single-point eyes
/// (empty points whose every neighbour is a stone of one colour).
fn board_ownership(board: &Board, eyes: bool, sums: &mut [i32]) {
    let neighbours = board.geometry().default_neighbors();
    for (i, (&cell, sum)) in board.cells().iter().zip(sums.iter_mut()).enumerate() {
        if cell != EMPTY {
            *sum += if cell == BLACK { 1 } else { -1 };
        } else if eyes {
            let around = neighbours.of(Point::new(i));
            if let Some(&first) = around.first() {
                if let Some(c) = board.get(first) {
                    if around.iter().all(|&q| board.get(q) == Some(c)) {
                        *sum += sign(c);
                    }
                }
            }
        }
    }
}

/// Drops from `out` the placements that fill one of `color`'s own single-point eyes.
fn drop_own_eyes(out: &mut Vec<Move>, eye: impl Fn(Point) -> bool) {
    out.retain(|mv| match mv {
        Move::Place(p) => !eye(*p),
        _ => true,
    });
}

impl SearchPosition for GoPosition {
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

    fn tree_moves(&self, color: Color, out: &mut Vec<Move>) {
        go_tree_moves(self, color, out, |p| self.is_playout_eye(p, color));
    }

    #[inline]
    fn playout_move<R: Rng>(&mut self, rng: &mut R, buf: &mut Vec<Point>) -> Move {
        // The engine's own playout loop (crates/go-rules/benches/support/playout.rs).
        let color = Position::side_to_move(self);
        buf.clear();
        buf.extend_from_slice(self.empty_points());
        while !buf.is_empty() {
            let p = buf.swap_remove(rng.random_range(0..buf.len()));
            if !self.is_playout_eye(p, color) && self.try_place(color, p) {
                return Move::Place(p);
            }
        }
        // A pass is legal while the game goes on.
        let _ = self.play_as(color, Move::Pass);
        Move::Pass
    }

    fn add_ownership(&self, sums: &mut [i32]) {
        let board = self.board();
        for (i, (&cell, sum)) in board.cells().iter().zip(sums.iter_mut()).enumerate() {
            if cell == EMPTY {
                let p = Point::new(i);
                if self.is_own_eye(p, Color::Black) {
                    *sum += 1;
                } else if self.is_own_eye(p, Color::White) {
                    *sum -= 1;
                }
            } else if cell == BLACK {
                *sum += 1;
            } else {
                *sum -= 1;
            }
        }
    }

    fn counts_dead_stones(&self) -> bool {
        true
    }
}

/// Go's tree moves: the legal moves of `color` but those that fill an eye of its own as
/// `own_eye` judges it and, where suicide is allowed, a single stone's suicide.
pub(crate) fn go_tree_moves(
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

impl SearchPosition for CapturePosition {
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
            let p = buf.swap_remove(rng.random_range(0..buf.len()));
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

    fn counts_dead_stones(&self) -> bool {
        false
    }
}

impl SearchPosition for ContactPosition {
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
        empty_cells(self.board(), buf);
        while !buf.is_empty() {
            let p = buf.swap_remove(rng.random_range(0..buf.len()));
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

    fn counts_dead_stones(&self) -> bool {
        false
    }
}

/// Replaces `buf` with the empty points of `board`.
fn empty_cells(board: &Board, buf: &mut Vec<Point>) {
    buf.clear();
    buf.extend(
        board
            .cells()
            .iter()
            .enumerate()
            .filter(|(_, &cell)| cell == EMPTY)
            .map(|(i, _)| Point::new(i)),
    );
}

/// Whether the variant of `position` is Go-like for the playout policy: its random player
/// does not fill its own single-point eyes (the Go and capture-Go families).
fn avoids_own_eyes(position: &dyn Position) -> bool {
    position.rules().variant().capabilities.avoids_own_eyes
}

/// The generic fallback: any registered variant through the object-safe trait. The
/// playout policy reads the board: Go and capture Go avoid their own single-point eyes
/// (judged from the board's neighbours), every other family plays any legal placement.
impl SearchPosition for Box<dyn Position> {
    type Heavy = Self;

    /// No knowledge: the same position.
    fn heavy(&self) -> Self {
        self.clone()
    }

    fn as_position(&self) -> &dyn Position {
        &**self
    }

    fn as_position_mut(&mut self) -> &mut dyn Position {
        &mut **self
    }

    /// Takes the moves back: a boxed copy allocates the whole position.
    fn reset_from(&mut self, source: &Self) {
        let keep = source.history().len();
        if self.history().len() < keep
            || self.history()[..keep] != *source.history()
            || self.setup() != source.setup()
        {
            *self = source.clone();
            return;
        }
        while self.history().len() > keep {
            self.undo();
        }
    }

    fn side_to_move(&self) -> Color {
        (**self).side_to_move()
    }

    fn is_over(&self) -> bool {
        (**self).is_over()
    }

    fn num_points(&self) -> usize {
        (**self).geometry().num_points()
    }

    fn play(&mut self, color: Color, mv: Move) -> bool {
        (**self).play_as(color, mv).is_ok()
    }

    fn tree_moves(&self, color: Color, out: &mut Vec<Move>) {
        let position = &**self;
        position.legal_moves_as(color, out);
        if avoids_own_eyes(position) {
            drop_own_eyes(out, |p| is_own_eye(position, color, p));
        }
        // A stone on the opponent's eye either captures or, where suicide is allowed, is
        // taken at once and leaves the board as a pass does: dropped (where suicide is
        // forbidden such a stone is not a legal move, and a capture stays).
        if avoids_own_eyes(position) {
            let mut trial: Option<Box<dyn Position>> = None;
            out.retain(|&mv| {
                let Move::Place(p) = mv else { return true };
                if !is_own_eye(position, color.opponent(), p) {
                    return true;
                }
                let t = trial.get_or_insert_with(|| position.clone_box());
                let stays = t.play_as(color, mv).is_ok() && t.board().get(p) == Some(color);
                if t.history().len() > position.history().len() {
                    t.undo();
                }
                stays
            });
        }
    }

    fn playout_move<R: Rng>(&mut self, rng: &mut R, buf: &mut Vec<Point>) -> Move {
        let position = &mut **self;
        let color = position.side_to_move();
        let eyes = avoids_own_eyes(position);
        empty_cells(position.board(), buf);
        while !buf.is_empty() {
            let p = buf.swap_remove(rng.random_range(0..buf.len()));
            if !(eyes && is_own_eye(position, color, p))
                && position.play_as(color, Move::Place(p)).is_ok()
            {
                return Move::Place(p);
            }
        }
        let _ = position.play_as(color, Move::Pass);
        Move::Pass
    }

    fn add_ownership(&self, sums: &mut [i32]) {
        let position = &**self;
        board_ownership(position.board(), avoids_own_eyes(position), sums);
    }

    fn counts_dead_stones(&self) -> bool {
        self.rules().variant().capabilities.counts_dead_stones
    }
}
