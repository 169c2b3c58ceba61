//! What the search, self-play and the environment need of a position: [`PlayoutPosition`],
//! the trait each family implements for its own position type (its fast paths and its
//! playout knowledge), and the generic implementation for any boxed [`Position`], the
//! fallback of a variant whose family has no concrete type in the program.
//!
//! The loops that run many games (a tree search's playouts, `goishi selfplay`, the batched
//! environment) are generic over this trait, so that a playout on a Go position calls the Go
//! engine's own fast paths with no dynamic dispatch per move; the facade's
//! `VariantPosition` finds the concrete type of a position once. Only `Box<dyn Position>`
//! dispatches per move, as it must.
//!
//! The pieces a family's implementation is made of are here too: [`is_own_eye`] (the eye
//! rule of the random player, read from the board), [`drop_own_eyes`], [`empty_points`],
//! [`board_ownership`], [`undo_to`], and [`move_cap`], the move cap of a random game.

use rand::Rng;

use crate::{Board, Color, GameResult, Margin, Move, Point, Position, BLACK, EMPTY};

/// A position the search and the other game loops run on: cheap to copy into a playout
/// buffer, with a random playout move of its family's policy.
///
/// Each family implements it for its own position type (Go, contact capture and capture Go
/// do, in their crates); `Box<dyn Position>` implements it for every registered variant,
/// through the object-safe trait, reading the family's [`crate::Capabilities`].
pub trait PlayoutPosition: Clone + std::fmt::Debug + Send + Sync + 'static {
    /// What the search runs on under its heavy policy: the position with the family's
    /// playout knowledge (Go's is `HeavyGo`, in `goishi-go-rules`), or the position itself
    /// for a family that has none, so that the search is made once for it whatever the
    /// policy.
    type Heavy: PlayoutPosition;

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
    /// The loops call it with the position `self` was copied from, `self` having had moves
    /// played on it since: a type whose copy allocates may take those moves back instead
    /// ([`undo_to`]; `undo` restores a position exactly).
    fn reset_from(&mut self, source: &Self) {
        self.clone_from(source);
    }

    /// Makes `self` the position `start` again, `start` being a game's start (no moves yet)
    /// and `self` that game with moves played on it: [`PlayoutPosition::reset_from`] by
    /// default; a type may take every move back instead where that is cheaper.
    fn restart(&mut self, start: &Self) {
        self.reset_from(start);
    }

    /// Makes room for a game of `moves` moves, where the type keeps per-move records (so
    /// that a game loop allocates nothing once it runs). Nothing by default.
    fn reserve_moves(&mut self, moves: usize) {
        let _ = moves;
    }

    /// Replaces `out` with the moves a search tree considers for `color`: every legal move
    /// but those the playout policy never makes (where the family avoids its own eyes,
    /// filling one, [`is_own_eye`]; where a single stone's suicide is legal, that suicide:
    /// it leaves the board as a pass does, so a game of two such players would never end),
    /// then [`Move::Pass`]. Empty once the game is over.
    fn tree_moves(&self, color: Color, out: &mut Vec<Move>);

    /// Replaces `priors` with the prior statistics of `moves`, the tree's moves of `color`
    /// here (one a move, in order), or clears it for none: what the family's knowledge says
    /// of each move before it is searched. None by default. It may read by playing moves and
    /// taking them back: the position is left exactly as it was.
    fn tree_priors(&mut self, color: Color, moves: &[Move], priors: &mut Vec<Prior>) {
        let _ = (color, moves);
        priors.clear();
    }

    /// Whether [`PlayoutPosition::tree_priors`] gives priors: a search then takes settings
    /// tuned for knowledge.
    fn has_knowledge(&self) -> bool {
        false
    }

    /// Plays one move of the family's random playout policy for the side to move and returns
    /// it: a random legal placement of the family's policy, or a pass when none is left.
    /// `buf` is scratch space, reused between calls. Must not be called once the game is
    /// over.
    fn playout_move<R: Rng>(&mut self, rng: &mut R, buf: &mut Vec<Point>) -> Move;

    /// The end of a playout: who won the game as it stands (the outcome if the game is
    /// over, else the position's score with no stone dead, `score(&[])`; `None` for a draw
    /// or no result) and Black's margin on the game's count (the outcome's margin when it
    /// is one of points; else the count of `score(&[])`).
    fn playout_result(&self) -> PlayoutResult {
        playout_result(self.as_position())
    }

    /// Adds the owner of every point at the end of a playout to `sums` (+1 Black, -1 White,
    /// one entry per point): the colour of its stone, or for an empty point that the family
    /// counts as one side's (an eye, in the families that count territory), that colour.
    fn add_ownership(&self, sums: &mut [i32]);

    /// Whether a finished game is counted with dead stones taken off: the variant's
    /// [`crate::Capabilities::counts_dead_stones`].
    fn counts_dead_stones(&self) -> bool {
        self.as_position()
            .rules()
            .variant()
            .capabilities
            .counts_dead_stones
    }

    /// The chains of `color` that no sequence of the opponent's moves can capture and the
    /// territory they make safe, when the family can tell (Go: Benson's algorithm), which
    /// the dead-stone judgement takes as certain; `None` by default.
    fn pass_alive(&self, color: Color) -> Option<PassAlive> {
        let _ = color;
        None
    }
}

/// How a playout ended ([`PlayoutPosition::playout_result`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutResult {
    /// The winner; `None` for a draw or no result.
    pub winner: Option<Color>,
    /// Black's margin on the game's count, in points (negative when White leads).
    pub margin: f64,
}

/// Prior statistics of a move: `visits` playouts with `wins` half points (win 2, draw 1,
/// loss 0) for the player of the move, counted by a search's selection formula as if they
/// had been played ([`PlayoutPosition::tree_priors`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Prior {
    /// Prior playouts.
    pub visits: u32,
    /// Their wins, in half points.
    pub wins: u32,
}

impl Prior {
    /// Adds `n` prior playouts won.
    pub fn win(&mut self, n: u32) {
        self.visits += n;
        self.wins += 2 * n;
    }

    /// Adds `n` prior playouts lost.
    pub fn loss(&mut self, n: u32) {
        self.visits += n;
    }
}

/// The pass-alive chains of a colour and the territory they make safe
/// ([`PlayoutPosition::pass_alive`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassAlive {
    /// The stones of the pass-alive chains, sorted.
    pub chains: Vec<Point>,
    /// The points of the pass-alive territory (empty points and the opponent stones on them),
    /// sorted.
    pub territory: Vec<Point>,
}

/// The move cap of a random game on a board of `points` points: 3 x its number of points.
pub fn move_cap(points: usize) -> usize {
    3 * points
}

/// The result of a playout read through the object-safe trait (the default of
/// [`PlayoutPosition::playout_result`]).
pub fn playout_result(p: &dyn Position) -> PlayoutResult {
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

/// A number drawn uniformly from `0..n` (`n` from 1 to 2^32), the very number
/// `rng.random_range(0..n)` draws, from the same random words: `rand`'s sampler for a range
/// that fits 32 bits (one 32-bit word multiplied by `n`, its high half the draw, and a second
/// word only when the low half is within `n` of overflowing, once in 2^32 / `n` draws),
/// written out so that the playout loops inline it (called through `random_range`, a draw was
/// a call of some 36 instructions, a tenth of a random playout move).
#[inline(always)]
pub fn random_below<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    debug_assert!(n > 0 && n as u64 <= 1 << 32);
    if n as u64 > u64::from(u32::MAX) {
        return rng.random_range(0..n);
    }
    let range = n as u32;
    let wide = u64::from(rng.next_u32()) * u64::from(range);
    let (mut hi, lo) = ((wide >> 32) as u32, wide as u32);
    if lo > range.wrapping_neg() {
        let again = ((u64::from(rng.next_u32()) * u64::from(range)) >> 32) as u32;
        hi += u32::from(lo.checked_add(again).is_none());
    }
    hi as usize
}

/// Whether `p` is one of `color`'s own single-point eyes, which a random player does not
/// fill in the families that avoid them ([`crate::Capabilities::avoids_own_eyes`]): an
/// empty point whose every neighbour (under the geometry's own adjacency) holds a stone of
/// `color`, and none of whose chains is in atari.
///
/// A chain in atari around `p` has `p` as its last liberty: the opponent may capture there,
/// so `p` is no eye, and filling it is a move like any other. It is what ends a ko: after a
/// capture in a ko, the point of the captured stone is surrounded by the capturer, whose
/// capturing stone is in atari; without the exception neither side would ever fill it, and
/// random games under a simple ko rule would cycle through their last kos to the move cap.
pub fn is_own_eye<P: Position + ?Sized>(position: &P, color: Color, p: Point) -> bool {
    let board = position.board();
    if !board.is_empty_at(p) {
        return false;
    }
    let geometry = board.geometry();
    let (adjacency, neighbours) = (
        geometry.default_adjacency(),
        geometry.default_neighbors().of(p),
    );
    !neighbours.is_empty()
        && neighbours.iter().all(|&q| board.get(q) == Some(color))
        && neighbours
            .iter()
            .all(|&q| board.liberties_of(adjacency, &board.chain_at(adjacency, q)) > 1)
}

/// Drops from `out` the placements that fill one of the mover's own eyes, as `eye` judges.
pub fn drop_own_eyes(out: &mut Vec<Move>, eye: impl Fn(Point) -> bool) {
    out.retain(|mv| match mv {
        Move::Place(p) => !eye(*p),
        _ => true,
    });
}

/// Replaces `buf` with the empty points of `board`, in point order.
pub fn empty_points(board: &Board, buf: &mut Vec<Point>) {
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

/// Adds the ownership of `board` to `sums` ([`PlayoutPosition::add_ownership`]): its stones
/// and, when `eyes`, its single-point eyes (empty points whose every neighbour is a stone of
/// one colour).
pub fn board_ownership(board: &Board, eyes: bool, sums: &mut [i32]) {
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

/// Takes back the moves played on `position` since it was a copy of `source`, or copies
/// `source` if `position` is not `source` with moves added (the setup and the history tell):
/// [`PlayoutPosition::reset_from`] for the position types whose copy allocates.
pub fn undo_to<P: Position + Clone>(position: &mut P, source: &P) {
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

/// Whether the variant of `position` avoids its own eyes in random play.
fn avoids_own_eyes(position: &dyn Position) -> bool {
    position.rules().variant().capabilities.avoids_own_eyes
}

/// The generic fallback: any registered variant through the object-safe trait. The playout
/// policy reads the board and the variant's capabilities: a family that avoids its own eyes
/// never fills one ([`is_own_eye`]); every other family plays any legal placement.
impl PlayoutPosition for Box<dyn Position> {
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
        if !avoids_own_eyes(position) {
            return;
        }
        drop_own_eyes(out, |p| is_own_eye(position, color, p));
        // A stone on the opponent's eye either captures or, where suicide is allowed, is
        // taken at once and leaves the board as a pass does: dropped (where suicide is
        // forbidden such a stone is not a legal move, and a capture stays).
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

    fn playout_move<R: Rng>(&mut self, rng: &mut R, buf: &mut Vec<Point>) -> Move {
        let position = &mut **self;
        let color = position.side_to_move();
        let eyes = avoids_own_eyes(position);
        empty_points(position.board(), buf);
        while !buf.is_empty() {
            let p = buf.swap_remove(random_below(rng, buf.len()));
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
}

#[cfg(test)]
mod tests {
    use rand::RngCore;

    use super::*;

    /// Words from xorshift64, or scripted ones first.
    #[derive(Clone)]
    struct Words(u64, Vec<u32>);

    impl RngCore for Words {
        fn next_u32(&mut self) -> u32 {
            if let Some(w) = self.1.pop() {
                return w;
            }
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 >> 32) as u32
        }

        fn next_u64(&mut self) -> u64 {
            u64::from(self.next_u32()) | u64::from(self.next_u32()) << 32
        }

        fn fill_bytes(&mut self, dest: &mut [u8]) {
            for b in dest {
                *b = self.next_u32() as u8;
            }
        }
    }

    #[test]
    fn random_below_draws_what_random_range_draws() {
        let mut a = Words(0x9E37_79B9_7F4A_7C15, Vec::new());
        let mut b = a.clone();
        for i in 0..200_000usize {
            let n = 1 + i % 400;
            assert_eq!(
                random_below(&mut a, n),
                b.random_range(0..n),
                "draw {i}, n {n}"
            );
        }
        // A first word whose product's low half is within `n` of overflowing takes a second
        // word (`u32::MAX / n` makes it so for these `n`), whatever that word is.
        for n in [3usize, 7, 81, 361, 100_000] {
            let first = u32::MAX / n as u32;
            assert!(
                first.wrapping_mul(n as u32) > (n as u32).wrapping_neg(),
                "n {n}"
            );
            for second in [0, 1, u32::MAX / 2, u32::MAX] {
                let mut a = Words(1, vec![second, first]);
                let mut b = a.clone();
                assert_eq!(random_below(&mut a, n), b.random_range(0..n), "n {n}");
                assert_eq!(a.next_u32(), b.next_u32(), "n {n}: the words used");
            }
        }
    }
}
