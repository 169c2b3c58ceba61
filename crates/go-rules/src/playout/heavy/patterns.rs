//! The 3x3 shape patterns of the heavy policy and of the tree's priors, on square,
//! rectangular and torus boards: a table of every neighbourhood that matches, built once.

use std::sync::OnceLock;

use crate::GoPosition;
use goishi_board::{Geometry, Point, Position, Topology};

/// A grid board's shape, for the 3x3 neighbourhood of a point.
#[derive(Clone, Copy)]
pub(crate) struct Grid {
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
    pub(crate) fn of(geometry: &Geometry) -> Option<Grid> {
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
    pub(crate) fn step(self, p: Point, (dx, dy): (i32, i32)) -> Option<Point> {
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
        let (w, h) = (self.width as i32, self.height as i32);
        let i = p.index() as i32;
        let (x, y) = (i % w, i / w);
        let mut code = 0;
        for (k, &(dx, dy)) in RING.iter().enumerate() {
            let (mut nx, mut ny) = (x + dx, y + dy);
            let v = if self.torus {
                // One step past an edge comes back at the other.
                if nx < 0 {
                    nx += w;
                } else if nx >= w {
                    nx -= w;
                }
                if ny < 0 {
                    ny += h;
                } else if ny >= h {
                    ny -= h;
                }
                usize::from(cells[(ny * w + nx) as usize])
            } else if (0..w).contains(&nx) && (0..h).contains(&ny) {
                usize::from(cells[(ny * w + nx) as usize])
            } else {
                OFF_BOARD
            };
            code |= v << (2 * k);
        }
        code
    }

    /// The distance of `p` to the nearest edge (0 on the first line); `None` on a torus.
    #[inline]
    pub(crate) fn line(self, p: Point) -> Option<u32> {
        if self.torus {
            return None;
        }
        let i = p.index() as u32;
        let (x, y) = (i % self.width, i / self.width);
        Some(x.min(self.width - 1 - x).min(y).min(self.height - 1 - y))
    }
}

/// The value of a point off the board in a pattern code.
const OFF_BOARD: usize = 3;

/// The 3x3 patterns of MoGo (Gelly, Wang, Munos and Teytaud, "Modification of UCT with
/// Patterns in Monte-Carlo Go", 2006) in the form Pachi's and Michi's playouts use them: the
/// centre, empty, is the move. `X` and `O` are stones of either colour (each pattern holds
/// with the colours swapped), `.` an empty point, `#` off the board, `x` anything but `X`
/// (empty, `O` or off), `o` anything but `O`, `?` anything. Rows from top to bottom; every
/// rotation and reflection matches.
pub const PATTERNS: [[&str; 3]; 13] = [
    // Hane: the enclosing hane, the non-cutting hane, the magari, the katatsuke (a
    // diagonal attachment).
    ["XOX", "...", "???"],
    ["XO.", "...", "?.?"],
    ["XO?", "X..", "x.?"],
    [".O.", "X..", "..."],
    // Cut 1: the unprotected cut, the peeped cut.
    ["XO?", "O.o", "?o?"],
    ["XO?", "O.X", "???"],
    // Cut 2 (de), the keima cut.
    ["?X?", "O.O", "ooo"],
    ["OX?", "o.O", "???"],
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
pub(crate) fn matches_pattern(game: &GoPosition, grid: Grid, p: Point) -> bool {
    let code = grid.code(game.board().cells(), p);
    table()[code / 64] & (1 << (code % 64)) != 0
}
