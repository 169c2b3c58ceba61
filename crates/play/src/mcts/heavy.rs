//! The heavy playout policy of Go ([`crate::mcts::PlayoutPolicy::Heavy`]), after MoGo's:
//! answers to the last move (capture, escape, 3x3 shape patterns) before the uniformly random
//! move, and the wrapper that makes a search play its playouts with it ([`HeavyPlayouts`]).
//!
//! One move of the policy, for the side to move, the last move being a stone at `L` (played
//! by the opponent, as in a playout):
//!
//! 1. **Capture.** A chain of the opponent in atari at `L` or on the points around it (its
//!    neighbours and, on grid boards, its diagonal points): play its liberty.
//! 2. **Escape.** A chain of the mover next to `L` in atari: capture a chain of the opponent
//!    in atari next to it, else extend at its liberty if that leaves it two liberties or
//!    more (played, read from the chain's liberty counts, taken back if not).
//! 3. **Patterns.** On square, rectangular and torus boards, an empty point of the eight
//!    around `L` whose 3x3 neighbourhood matches one of MoGo's hane, cut and edge patterns
//!    (in any rotation, reflection and colour; [`PATTERNS`]), unless the stone would be left
//!    in atari.
//! 4. **Random.** A uniformly random legal point that does not fill one of the mover's own
//!    single-point eyes (the light policy), refusing a play that leaves a chain of two
//!    stones or more in atari or takes stones off by suicide, unless nothing else is left.
//!
//! Among several candidates of one step, the order of trial is random; a candidate that is
//! illegal is skipped (every play goes through `try_place`). Nothing is allocated: the
//! candidates sit in fixed arrays, the random step reuses the caller's buffer, and the
//! pattern table is built once per process. The random numbers come only from the caller's
//! generator, so a seed gives the same moves.

use std::sync::OnceLock;

use goishi::go::GoPosition;
use goishi::{
    Adjacency, Color, Geometry, Move, Point, Position, Topology, Turn, BLACK, EMPTY, WHITE,
};
use rand::Rng;

use super::position::SearchPosition;

/// A few points, on the stack.
struct Candidates {
    points: [Point; Candidates::CAP],
    len: usize,
}

impl Candidates {
    const CAP: usize = 16;

    fn new() -> Candidates {
        Candidates {
            points: [Point::new(0); Candidates::CAP],
            len: 0,
        }
    }

    /// Adds `p` unless it is there already or the list is full.
    #[inline]
    fn push(&mut self, p: Point) {
        if self.len < Candidates::CAP && !self.points[..self.len].contains(&p) {
            self.points[self.len] = p;
            self.len += 1;
        }
    }

    /// Removes and returns a random candidate.
    #[inline]
    fn take<R: Rng>(&mut self, rng: &mut R) -> Option<Point> {
        if self.len == 0 {
            return None;
        }
        let i = if self.len == 1 {
            0
        } else {
            rng.random_range(0..self.len)
        };
        let p = self.points[i];
        self.len -= 1;
        self.points[i] = self.points[self.len];
        Some(p)
    }
}

/// A grid board's shape, for the points around a point and the 3x3 patterns.
#[derive(Clone, Copy)]
struct Grid {
    width: u32,
    height: u32,
    torus: bool,
}

/// The eight points around a point, in the order of the pattern code: the row above (left to
/// right), the two sides, the row below. `(dx, dy)`, `dy = 1` being the next row.
const RING: [(i32, i32); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

impl Grid {
    /// The grid of a square, rectangular or torus board; `None` for hex and graph boards.
    fn of(geometry: &Geometry) -> Option<Grid> {
        let torus = match geometry.topology() {
            Topology::Rect => false,
            Topology::Torus => true,
            Topology::Hex | Topology::Graph => return None,
        };
        Some(Grid {
            width: geometry.width(),
            height: geometry.height(),
            torus,
        })
    }

    /// The point `(dx, dy)` away from `p`, wrapping round on a torus; `None` off the board.
    #[inline]
    fn step(self, p: Point, (dx, dy): (i32, i32)) -> Option<Point> {
        let (w, h) = (self.width as i32, self.height as i32);
        let i = p.index() as i32;
        let (mut x, mut y) = (i % w + dx, i / w + dy);
        if self.torus {
            x = x.rem_euclid(w);
            y = y.rem_euclid(h);
        } else if !(0..w).contains(&x) || !(0..h).contains(&y) {
            return None;
        }
        Some(Point::new((y * w + x) as usize))
    }

    /// The pattern code of the neighbourhood of `p`: two bits a point of [`RING`], the
    /// point's cell value (empty 0, black 1, white 2) or 3 off the board.
    #[inline]
    fn code(self, cells: &[u8], p: Point) -> usize {
        let mut code = 0;
        for (k, &d) in RING.iter().enumerate() {
            let v = self
                .step(p, d)
                .map_or(OFF_BOARD, |q| usize::from(cells[q.index()]));
            code |= v << (2 * k);
        }
        code
    }
}

/// The value of a point off the board in a pattern code.
const OFF_BOARD: usize = 3;

/// MoGo's 3x3 patterns (Gelly, Wang, Munos and Teytaud, "Modification of UCT with Patterns
/// in Monte-Carlo Go", 2006): the centre, empty, is the move. `X` and `O` are stones of
/// either colour (each pattern holds with the colours swapped), `.` an empty point, `#` off
/// the board, `x` anything but `X` (empty, `O` or off), `o` anything but `O`, `?` anything.
/// Rows from top to bottom; every rotation and reflection matches.
pub const PATTERNS: [[&str; 3]; 11] = [
    // Hane: the enclosing hane, the non-cutting hane, the magari.
    ["XOX", "...", "???"],
    ["XO.", "...", "?.?"],
    ["XO?", "X..", "x.?"],
    // Cut 1: the unprotected cut, the peeped cut.
    ["XO?", "O.x", "?x?"],
    ["XO?", "O.X", "???"],
    // Cut 2 (de).
    ["?X?", "O.O", "ooo"],
    // Edge: the chase, blocking the cut, blocking the connection, the sagari, the cut.
    ["X.?", "O.?", "###"],
    ["OX?", "X.O", "###"],
    ["?X?", "x.O", "###"],
    ["?XO", "x.x", "###"],
    ["?OX", "X.O", "###"],
];

/// The set of point values (bit `v` for value `v`: empty, X, O, off) a pattern letter
/// allows, X being black when `swap` is false.
fn allowed(letter: u8, swap: bool) -> u8 {
    let (x, o) = if swap {
        (1 << 2, 1 << 1)
    } else {
        (1 << 1, 1 << 2)
    };
    let (empty, off) = (1 << 0, 1 << 3);
    match letter {
        b'X' => x,
        b'O' => o,
        b'.' => empty,
        b'#' => off,
        b'x' => empty | o | off,
        b'o' => empty | x | off,
        _ => empty | x | o | off,
    }
}

/// The pattern table: bit `code` is set when the neighbourhood `code` matches a pattern.
type Table = [u64; 1 << 10];

/// Sets the bits of every code whose points `k..` take values in `sets[k..]`.
fn fill(table: &mut Table, sets: &[u8; 8], k: usize, code: usize) {
    if k == 8 {
        table[code / 64] |= 1 << (code % 64);
        return;
    }
    for v in 0..4 {
        if sets[k] & (1 << v) != 0 {
            fill(table, sets, k + 1, code | (v << (2 * k)));
        }
    }
}

/// Builds the table of [`PATTERNS`] in their eight symmetries and two colourings.
fn build_table() -> Box<Table> {
    let mut table = Box::new([0u64; 1 << 10]);
    for pattern in &PATTERNS {
        // The letter at (dx, dy), dy = 1 the top row.
        let letter = |dx: i32, dy: i32| pattern[(1 - dy) as usize].as_bytes()[(dx + 1) as usize];
        for symmetry in 0..8 {
            for swap in [false, true] {
                let mut sets = [0u8; 8];
                for (set, &(dx, dy)) in sets.iter_mut().zip(&RING) {
                    let (a, b) = if symmetry & 4 != 0 {
                        (dy, dx)
                    } else {
                        (dx, dy)
                    };
                    let a = if symmetry & 1 != 0 { -a } else { a };
                    let b = if symmetry & 2 != 0 { -b } else { b };
                    *set = allowed(letter(a, b), swap);
                }
                fill(&mut table, &sets, 0, 0);
            }
        }
    }
    table
}

/// The pattern table, built at its first use.
fn table() -> &'static Table {
    static TABLE: OnceLock<Box<Table>> = OnceLock::new();
    TABLE.get_or_init(build_table)
}

/// Whether the empty point `p` of a grid board matches one of [`PATTERNS`].
#[inline]
fn matches_pattern(game: &GoPosition, grid: Grid, p: Point) -> bool {
    let code = grid.code(game.board().cells(), p);
    table()[code / 64] & (1 << (code % 64)) != 0
}

/// Whether the stone just played at `p` by `color` is a bad self-atari: its chain is in
/// atari and has at least `min_size` stones, or it was taken off by suicide.
#[inline]
fn self_atari(game: &GoPosition, p: Point, color: Color, min_size: usize) -> bool {
    game.board().get(p) != Some(color)
        || (game.chain_size(p) >= min_size && game.atari_liberty(p).is_some())
}

/// What came of [`try_keep`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Trial {
    /// Played and kept.
    Kept,
    /// Illegal: not played.
    Illegal,
    /// Played, then taken back.
    TakenBack,
}

/// Plays `p` for `color` if legal, and keeps it if `keep` holds after it (else takes it
/// back: `undo` restores the position exactly).
#[inline]
fn try_keep(
    game: &mut GoPosition,
    color: Color,
    p: Point,
    keep: impl Fn(&GoPosition) -> bool,
) -> Trial {
    if !game.try_place(color, p) {
        return Trial::Illegal;
    }
    if keep(game) {
        return Trial::Kept;
    }
    game.undo();
    Trial::TakenBack
}

/// The points around `p`: on a grid its eight neighbours (the board's king table, wrapped
/// round on a torus, in [`RING`]'s order), elsewhere its neighbours.
fn around(game: &GoPosition, p: Point, out: &mut Candidates) {
    let geometry = game.geometry();
    let table = geometry
        .neighbors(Adjacency::King)
        .unwrap_or_else(|_| geometry.default_neighbors());
    for &q in table.of(p) {
        out.push(q);
    }
}

/// Steps 1 to 3 of the policy: a move that answers the last stone played at `last`.
fn answer(game: &mut GoPosition, color: Color, last: Point, rng: &mut impl Rng) -> Option<Point> {
    let opponent = color.opponent();
    let grid = Grid::of(game.geometry());
    let mut ring = Candidates::new();
    around(game, last, &mut ring);

    // 1. Capture.
    let mut moves = Candidates::new();
    for &q in [last].iter().chain(&ring.points[..ring.len]) {
        if game.board().get(q) == Some(opponent) {
            if let Some(lib) = game.atari_liberty(q) {
                moves.push(lib);
            }
        }
    }
    while let Some(p) = moves.take(rng) {
        if game.try_place(color, p) {
            return Some(p);
        }
    }

    // 2. Escape: the chains of the mover next to the last stone, in atari.
    let (mut extend, mut seen) = (Candidates::new(), Candidates::new());
    for &q in game.geometry().default_neighbors().of(last) {
        if game.board().get(q) != Some(color) {
            continue;
        }
        let Some(lib) = game.atari_liberty(q) else {
            continue;
        };
        if seen.points[..seen.len]
            .iter()
            .any(|&s| game.same_chain(s, q))
        {
            continue; // a chain seen through another neighbour
        }
        seen.push(q);
        extend.push(lib);
        for s in game.chain_stones(q) {
            for &t in game.geometry().default_neighbors().of(s) {
                if game.board().get(t) == Some(opponent) {
                    if let Some(lib) = game.atari_liberty(t) {
                        moves.push(lib);
                    }
                }
            }
        }
    }
    while let Some(p) = moves.take(rng) {
        if game.try_place(color, p) {
            return Some(p);
        }
    }
    while let Some(p) = extend.take(rng) {
        if try_keep(game, color, p, |g| !self_atari(g, p, color, 1)) == Trial::Kept {
            return Some(p);
        }
    }

    // 3. Patterns around the last stone.
    if let Some(grid) = grid {
        for &q in &ring.points[..ring.len] {
            if game.board().is_empty_at(q)
                && !game.is_own_eye(q, color)
                && matches_pattern(game, grid, q)
            {
                moves.push(q);
            }
        }
        while let Some(p) = moves.take(rng) {
            if try_keep(game, color, p, |g| !self_atari(g, p, color, 1)) == Trial::Kept {
                return Some(p);
            }
        }
    }
    None
}

/// One move of the heavy policy for the side to move (see the module docs); a pass when no
/// point is left. `buf` is scratch space for the random step.
pub(crate) fn heavy_move<R: Rng>(game: &mut GoPosition, rng: &mut R, buf: &mut Vec<Point>) -> Move {
    let color = Position::side_to_move(game);
    if let Some(&Turn {
        mv: Move::Place(last),
        ..
    }) = game.history().last()
    {
        if let Some(p) = answer(game, color, last, rng) {
            return Move::Place(p);
        }
    }
    // 4. Random, refusing self-atari of two stones or more.
    buf.clear();
    buf.extend_from_slice(game.empty_points());
    let mut refused = None;
    while !buf.is_empty() {
        let p = buf.swap_remove(rng.random_range(0..buf.len()));
        if game.is_own_eye(p, color) {
            continue;
        }
        match try_keep(game, color, p, |g| !self_atari(g, p, color, 2)) {
            Trial::Kept => return Move::Place(p),
            Trial::TakenBack if refused.is_none() => refused = Some(p),
            _ => {}
        }
    }
    // Only self-ataris were left: the first of them (legal: it was played once).
    if let Some(p) = refused {
        if game.try_place(color, p) {
            return Move::Place(p);
        }
    }
    // A pass is legal while the game goes on.
    let _ = game.play_as(color, Move::Pass);
    Move::Pass
}

/// A position whose playouts follow the heavy policy: [`SearchPosition`] of `P` with
/// [`SearchPosition::heavy_playout_move`] as its playout move (the light one for the
/// families that have no heavy policy). The search runs on it when the configuration asks
/// for [`crate::mcts::PlayoutPolicy::Heavy`].
#[derive(Clone)]
pub(crate) struct HeavyPlayouts<P>(pub P);

impl<P: SearchPosition> SearchPosition for HeavyPlayouts<P> {
    fn as_position(&self) -> &dyn Position {
        self.0.as_position()
    }

    fn as_position_mut(&mut self) -> &mut dyn Position {
        self.0.as_position_mut()
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.0.side_to_move()
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    fn num_points(&self) -> usize {
        self.0.num_points()
    }

    #[inline]
    fn play(&mut self, color: Color, mv: Move) -> bool {
        self.0.play(color, mv)
    }

    fn reset_from(&mut self, source: &Self) {
        self.0.reset_from(&source.0);
    }

    fn tree_moves(&self, color: Color, out: &mut Vec<Move>) {
        self.0.tree_moves(color, out);
    }

    #[inline]
    fn playout_move<R: Rng>(&mut self, rng: &mut R, buf: &mut Vec<Point>) -> Move {
        self.0.heavy_playout_move(rng, buf)
    }

    fn playout_winner(&self) -> Option<Color> {
        self.0.playout_winner()
    }

    fn add_ownership(&self, sums: &mut [i32]) {
        self.0.add_ownership(sums);
    }

    fn counts_dead_stones(&self) -> bool {
        self.0.counts_dead_stones()
    }
}

#[cfg(test)]
mod tests;

// A pattern code holds the board's cell values as they are (see `allowed`).
const _: () = assert!(EMPTY == 0 && BLACK == 1 && WHITE == 2);
