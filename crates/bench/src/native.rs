//! The second harness: each engine driven through its own API, with its own eye test, by one
//! cheap random generator, so that goishi's lead over a peer is not an artefact of the shared
//! policy of [`crate::engine`] (its ChaCha8 draws, its adapter calls, one definition of an eye
//! for every engine).
//!
//! The loop ([`native_playout`]) is the same for every engine: the side to move draws an empty
//! point uniformly from the engine's own empty-point list, plays it unless the engine's own
//! eye test calls it an eye of the mover's or the engine refuses it, else drops it and draws
//! again among the rest; it passes when none is left. The list is copied only once a draw is
//! refused (until then a draw from the list is a draw from a copy of it), so a move whose
//! first draw is played copies nothing. A game ends after two passes or 3 x points moves.
//!
//! What differs is each engine's own ([`NativeEngine`]): goishi's
//! `GoPosition::empty_points`, `GoPosition::is_playout_eye` (the eye test of goishi's own
//! playouts, `goishi selfplay`'s included: every neighbour a stone of the mover, none of
//! their chains in atari) and `GoPosition::try_place`; go_game_board's empty-vertex list, its
//! 3x3 pattern's eye test (`Hash3x3::is_eyelike`: every neighbour the mover's, and fewer than
//! two of the diagonals the opponent's, counting the edge as one) and its `is_legal` (in the
//! peers' adapter, beside the benches). The eye tests differ, and so do the games. So each
//! engine is measured under the other rules as well: goishi under go_game_board's
//! ([`ThreeByThree`]: `is_own_eye`, then the diagonal points of goishi's own geometry), and
//! both under the plain test every engine has (every neighbour the mover's: [`PlainEye`]
//! here, `PlainEyes` in the peers' adapter), whose long games end on a full board, where most
//! draws are refused. Each pair compares the engines on the same work.

use goishi::go::GoPosition;
use goishi::{Adjacency, Color, Move, Point, Position};

/// The generator every engine draws from here: xorshift64* (Vigna), a few instructions a
/// draw, seeded through splitmix64.
#[derive(Clone, Debug)]
pub struct CheapRng(u64);

impl CheapRng {
    /// The generator of `seed` (any value, zero included).
    pub fn new(seed: u64) -> CheapRng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        // xorshift's state must not be zero.
        CheapRng(z | 1)
    }

    /// The next 32 random bits.
    #[inline(always)]
    pub fn next_u32(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as u32
    }

    /// A number in `0..n` (`n` at most 2^32), by Lemire's multiply-shift.
    #[inline(always)]
    pub fn below(&mut self, n: usize) -> usize {
        ((u64::from(self.next_u32()) * n as u64) >> 32) as usize
    }
}

/// An engine as the native loop drives it: its own empty-point list, its own eye test, its
/// own legality and play.
pub trait NativeEngine {
    /// The engine's point type.
    type Point: Copy;

    /// The player to move.
    fn to_move(&self) -> Color;

    /// How many points the engine's empty-point list holds.
    fn empty_count(&self) -> usize;

    /// Point `i` of that list.
    fn empty_at(&self, i: usize) -> Self::Point;

    /// Replaces `out` with that list.
    fn copy_empties(&self, out: &mut Vec<Self::Point>);

    /// Plays `p` for `color` unless the engine's own eye test calls it an eye of `color`'s
    /// or the engine refuses it; returns whether it was played (a refusal changes nothing).
    fn try_native(&mut self, color: Color, p: Self::Point) -> bool;

    /// `color` passes.
    fn pass_native(&mut self, color: Color);
}

/// A goishi engine of this harness: a `GoPosition` and one eye test. Every such engine is a
/// [`NativeEngine`] through the position's own API (`empty_points`, `try_place`).
pub trait GoishiEyes {
    fn position(&self) -> &GoPosition;
    fn position_mut(&mut self) -> &mut GoPosition;
    /// Whether `p` is an eye of `color`'s, which the mover does not fill.
    fn is_eye(&self, p: Point, color: Color) -> bool;
}

impl<G: GoishiEyes> NativeEngine for G {
    type Point = Point;

    #[inline(always)]
    fn to_move(&self) -> Color {
        self.position().side_to_move()
    }

    #[inline(always)]
    fn empty_count(&self) -> usize {
        self.position().empty_points().len()
    }

    #[inline(always)]
    fn empty_at(&self, i: usize) -> Point {
        self.position().empty_points()[i]
    }

    #[inline(always)]
    fn copy_empties(&self, out: &mut Vec<Point>) {
        out.clear();
        out.extend_from_slice(self.position().empty_points());
    }

    #[inline(always)]
    fn try_native(&mut self, color: Color, p: Point) -> bool {
        !self.is_eye(p, color) && self.position_mut().try_place(color, p)
    }

    #[inline(always)]
    fn pass_native(&mut self, color: Color) {
        // A pass is refused only once the game is over, which two passes end first.
        let _ = self.position_mut().play_as(color, Move::Pass);
    }
}

/// goishi through its own API, with the eye test of its own playouts: `is_playout_eye`.
impl GoishiEyes for GoPosition {
    #[inline(always)]
    fn position(&self) -> &GoPosition {
        self
    }

    #[inline(always)]
    fn position_mut(&mut self) -> &mut GoPosition {
        self
    }

    #[inline(always)]
    fn is_eye(&self, p: Point, color: Color) -> bool {
        self.is_playout_eye(p, color)
    }
}

/// [`GoishiEyes`]'s position of a wrapper of a `GoPosition` (`.0`).
macro_rules! the_wrapped_position {
    () => {
        #[inline(always)]
        fn position(&self) -> &GoPosition {
            &self.0
        }

        #[inline(always)]
        fn position_mut(&mut self) -> &mut GoPosition {
            &mut self.0
        }
    };
}

/// goishi under the plain eye test (`GoPosition::is_own_eye`: every neighbour the mover's),
/// the rule of the first harness, which every engine has.
#[derive(Debug)]
pub struct PlainEye(pub GoPosition);

impl GoishiEyes for PlainEye {
    the_wrapped_position!();

    #[inline(always)]
    fn is_eye(&self, p: Point, color: Color) -> bool {
        self.0.is_own_eye(p, color)
    }
}

/// goishi under go_game_board's eye rule: a point is an eye of the mover's when
/// `GoPosition::is_own_eye` says so and fewer than two of its diagonal points (read from the
/// geometry's diagonal neighbours) are stones of the opponent, a diagonal off the board
/// counting as one (the "true eye" of `goishi-play`'s heavy policy, libEGo's `is_eyelike`).
/// Grid boards only (they have diagonals).
#[derive(Debug)]
pub struct ThreeByThree(pub GoPosition);

impl GoishiEyes for ThreeByThree {
    the_wrapped_position!();

    /// Whether `p` is an eye of `color`'s under the 3x3 rule.
    #[inline]
    fn is_eye(&self, p: Point, color: Color) -> bool {
        if !self.0.is_own_eye(p, color) {
            return false;
        }
        let Ok(diagonals) = self.0.geometry().neighbors(Adjacency::Diagonal) else {
            return true;
        };
        let corners = diagonals.of(p);
        let opponent = Some(color.opponent());
        let mut bad = u32::from(corners.len() < 4);
        for &q in corners {
            bad += u32::from(self.0.board().get(q) == opponent);
        }
        bad < 2
    }
}

/// `clone_from` reuses the position's buffers.
macro_rules! clone_from_reuses {
    ($engine:ident) => {
        impl Clone for $engine {
            fn clone(&self) -> Self {
                $engine(self.0.clone())
            }

            fn clone_from(&mut self, source: &Self) {
                self.0.clone_from(&source.0);
            }
        }
    };
}

clone_from_reuses!(PlainEye);
clone_from_reuses!(ThreeByThree);

/// The cap of a native playout: 3 x the number of points.
pub const fn native_cap(size: u32) -> usize {
    3 * (size * size) as usize
}

/// One playout of the native loop (see the module), to two passes or `cap` moves. `seen` is
/// told every move: the colour and the point, `None` for a pass. Returns the moves made,
/// passes included.
#[inline]
pub fn native_playout<E: NativeEngine>(
    game: &mut E,
    rng: &mut CheapRng,
    copy: &mut Vec<E::Point>,
    cap: usize,
    mut seen: impl FnMut(Color, Option<E::Point>),
) -> usize {
    let mut moves = 0;
    let mut passes = 0;
    while moves < cap && passes < 2 {
        let color = game.to_move();
        let mut played = None;
        let count = game.empty_count();
        if count > 0 {
            let first = rng.below(count);
            let p = game.empty_at(first);
            if game.try_native(color, p) {
                played = Some(p);
            } else {
                // Refused: the position is unchanged, so its list is as the draw saw it.
                game.copy_empties(copy);
                copy.swap_remove(first);
                while !copy.is_empty() {
                    let p = copy.swap_remove(rng.below(copy.len()));
                    if game.try_native(color, p) {
                        played = Some(p);
                        break;
                    }
                }
            }
        }
        if played.is_some() {
            passes = 0;
        } else {
            game.pass_native(color);
            passes += 1;
        }
        seen(color, played);
        moves += 1;
    }
    moves
}

/// Plays `count` native playouts from `start`, playout `i` seeded `base + i`, resetting
/// `game` with `clone_from` before each. Returns the moves made in all.
pub fn native_batch<E: NativeEngine + Clone>(
    start: &E,
    game: &mut E,
    copy: &mut Vec<E::Point>,
    base: u64,
    count: u64,
    cap: usize,
) -> usize {
    let mut moves = 0;
    for i in 0..count {
        game.clone_from(start);
        let mut rng = CheapRng::new(base.wrapping_add(i));
        moves += native_playout(game, &mut rng, copy, cap, |_, _| {});
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_cover_their_range_evenly() {
        let mut rng = CheapRng::new(0);
        let mut seen = [0u32; 7];
        for _ in 0..70_000 {
            seen[rng.below(7)] += 1;
        }
        for (i, &n) in seen.iter().enumerate() {
            assert!((9_000..11_000).contains(&n), "{i}: {n} of 70,000");
        }
        assert_ne!(CheapRng::new(1).next_u32(), CheapRng::new(2).next_u32());
    }
}
