//! The board: which point holds which stone, with its Zobrist hash kept up to date.

use std::fmt;

use crate::color::Color;
use crate::geometry::{Adjacency, Geometry};
use crate::point::Point;

/// Cell values: empty, or a stone of colour index + 1. The value of an empty cell.
pub const EMPTY: u8 = 0;
/// The value of a cell that holds a black stone.
pub const BLACK: u8 = 1;
/// The value of a cell that holds a white stone.
pub const WHITE: u8 = 2;

/// The cell value of a stone of `color`.
#[inline]
pub const fn cell_of(color: Color) -> u8 {
    color as u8 + 1
}

/// The stone in a cell value.
#[inline]
pub const fn color_of(cell: u8) -> Option<Color> {
    match cell {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// Stones on the points of a geometry, and the Zobrist hash of that arrangement.
///
/// The hash is the XOR of the keys of every stone (see [`Geometry::key`]), updated on every
/// change; [`Board::recompute_hash`] computes it from scratch.
///
/// # Panics
///
/// A board is the engines' storage, indexed like a slice: the methods taking a point panic
/// if it is off the board (`p.index() >= geometry.num_points()`), as slice indexing does.
/// Positions check the points they are given before they reach it; so should a caller with
/// points from outside.
#[derive(PartialEq, Eq)]
pub struct Board {
    geometry: Geometry,
    cells: Vec<u8>,
    hash: u64,
    counts: [u32; 2],
}

impl Board {
    /// An empty board.
    pub fn new(geometry: Geometry) -> Board {
        let n = geometry.num_points();
        Board {
            geometry,
            cells: vec![EMPTY; n],
            hash: 0,
            counts: [0; 2],
        }
    }

    /// The geometry.
    #[inline]
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The stone at `p`.
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        color_of(self.cells[p.index()])
    }

    /// The raw cell values ([`EMPTY`], [`BLACK`], [`WHITE`]), one per point.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Whether `p` is empty.
    #[inline]
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.cells[p.index()] == EMPTY
    }

    /// Puts a stone on an empty point, or replaces the stone there.
    #[inline]
    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        let i = p.index();
        if let Some(old) = color_of(self.cells[i]) {
            self.hash ^= self.geometry.key(p, old.index());
            self.counts[old.index()] -= 1;
        }
        self.cells[i] = stone.map_or(EMPTY, cell_of);
        if let Some(new) = stone {
            self.hash ^= self.geometry.key(p, new.index());
            self.counts[new.index()] += 1;
        }
    }

    /// Puts a stone of `color` on the empty point `p` (hot path: no check).
    #[inline]
    pub fn place(&mut self, p: Point, color: Color) {
        debug_assert!(self.is_empty_at(p));
        self.cells[p.index()] = cell_of(color);
        self.hash ^= self.geometry.key(p, color.index());
        self.counts[color.index()] += 1;
    }

    /// [`Board::place`] with the stone's Zobrist key given by the caller, for engines that
    /// keep [`Geometry::keys`] at hand: `key` must be `geometry.key(p, color.index())`.
    #[inline]
    pub fn place_keyed(&mut self, p: Point, color: Color, key: u64) {
        debug_assert!(self.is_empty_at(p));
        debug_assert_eq!(key, self.geometry.key(p, color.index()));
        self.cells[p.index()] = cell_of(color);
        self.hash ^= key;
        self.counts[color.index()] += 1;
    }

    /// [`Board::remove`] with the stone's Zobrist key given by the caller (see
    /// [`Board::place_keyed`]).
    #[inline]
    pub fn remove_keyed(&mut self, p: Point, color: Color, key: u64) {
        debug_assert_eq!(self.get(p), Some(color));
        debug_assert_eq!(key, self.geometry.key(p, color.index()));
        self.cells[p.index()] = EMPTY;
        self.hash ^= key;
        self.counts[color.index()] -= 1;
    }

    /// Removes the stone of `color` at `p` (hot path: no check).
    #[inline]
    pub fn remove(&mut self, p: Point, color: Color) {
        debug_assert_eq!(self.get(p), Some(color));
        self.cells[p.index()] = EMPTY;
        self.hash ^= self.geometry.key(p, color.index());
        self.counts[color.index()] -= 1;
    }

    /// The Zobrist hash of the stones.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (equals [`Board::hash`] unless there is a bug).
    pub fn recompute_hash(&self) -> u64 {
        self.geometry
            .points()
            .filter_map(|p| self.get(p).map(|c| self.geometry.key(p, c.index())))
            .fold(0, |a, k| a ^ k)
    }

    /// The number of stones of `color`.
    #[inline]
    pub fn count(&self, color: Color) -> u32 {
        self.counts[color.index()]
    }

    /// The points holding stones of `color`, in index order.
    pub fn stones(&self, color: Color) -> impl Iterator<Item = Point> + '_ {
        let cell = cell_of(color);
        self.cells
            .iter()
            .enumerate()
            .filter(move |(_, &c)| c == cell)
            .map(|(i, _)| Point::new(i))
    }

    /// The chain (maximal connected set of same-coloured stones) through `p` under
    /// `adjacency`, found by a flood fill. For setup checks, scoring and tests, not for hot
    /// loops. Empty if `p` is empty.
    pub fn chain_at(&self, adjacency: Adjacency, p: Point) -> Vec<Point> {
        self.region_at(adjacency, p, |c| c == self.cells[p.index()] && c != EMPTY)
    }

    /// The connected set of points through `p` whose cells satisfy `inside`.
    pub fn region_at(
        &self,
        adjacency: Adjacency,
        p: Point,
        inside: impl Fn(u8) -> bool,
    ) -> Vec<Point> {
        let Ok(table) = self.geometry.neighbors(adjacency) else {
            return Vec::new();
        };
        if !inside(self.cells[p.index()]) {
            return Vec::new();
        }
        let mut seen = vec![false; self.cells.len()];
        let mut out = vec![p];
        seen[p.index()] = true;
        let mut i = 0;
        while i < out.len() {
            for &q in table.of(out[i]) {
                if !seen[q.index()] && inside(self.cells[q.index()]) {
                    seen[q.index()] = true;
                    out.push(q);
                }
            }
            i += 1;
        }
        out
    }

    /// The number of distinct empty points next to the chain `chain`.
    pub fn liberties_of(&self, adjacency: Adjacency, chain: &[Point]) -> usize {
        let Ok(table) = self.geometry.neighbors(adjacency) else {
            return 0;
        };
        let mut libs: Vec<Point> = chain
            .iter()
            .flat_map(|&p| table.of(p).iter().copied())
            .filter(|&q| self.is_empty_at(q))
            .collect();
        libs.sort_unstable();
        libs.dedup();
        libs.len()
    }

    /// The diagram of the board: rows top first, `X` `O` `.` separated by spaces.
    pub fn diagram(&self) -> String {
        crate::diagram::render(self, false)
    }

    /// The diagram with column letters and row numbers, as GTP `showboard` prints it.
    pub fn diagram_with_coordinates(&self) -> String {
        crate::diagram::render(self, true)
    }
}

impl Clone for Board {
    fn clone(&self) -> Self {
        Board {
            geometry: self.geometry.clone(),
            cells: self.cells.clone(),
            hash: self.hash,
            counts: self.counts,
        }
    }

    /// Reuses this board's buffer.
    fn clone_from(&mut self, source: &Self) {
        self.geometry.clone_from(&source.geometry);
        self.cells.clone_from(&source.cells);
        self.hash = source.hash;
        self.counts = source.counts;
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board({})", self.geometry.describe())?;
        f.write_str(&self.diagram())
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagram())
    }
}
