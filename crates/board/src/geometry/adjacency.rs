//! Adjacency relations and their neighbour tables: which points touch which, precomputed
//! into one flat table per relation so that a neighbour list is a slice.

use std::fmt;

use crate::point::Point;

/// Which points count as neighbours: a relation of a geometry, named in rules strings
/// (`contact=king`). A geometry has a table for each relation its topology defines
/// ([`Geometry::neighbors`](crate::Geometry::neighbors)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Adjacency {
    /// The four neighbours along the grid lines (grids and tori).
    Orthogonal,
    /// The four diagonal neighbours (grids and tori).
    Diagonal,
    /// The eight surrounding points: orthogonal and diagonal (grids and tori).
    King,
    /// The six neighbours of a hexagon (hex boards).
    Hex,
    /// The edges of a graph board.
    Graph,
}

impl Adjacency {
    /// Every adjacency relation, in a fixed order.
    pub const ALL: [Adjacency; 5] = [
        Adjacency::Orthogonal,
        Adjacency::Diagonal,
        Adjacency::King,
        Adjacency::Hex,
        Adjacency::Graph,
    ];

    /// The name used in rules strings.
    pub const fn name(self) -> &'static str {
        match self {
            Adjacency::Orthogonal => "orthogonal",
            Adjacency::Diagonal => "diagonal",
            Adjacency::King => "king",
            Adjacency::Hex => "hex",
            Adjacency::Graph => "graph",
        }
    }
}

impl fmt::Display for Adjacency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Neighbour lists of one adjacency relation, packed into one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NeighborTable {
    offsets: Vec<u32>,
    items: Vec<Point>,
    max_degree: usize,
}

impl NeighborTable {
    pub(super) fn build(
        n: usize,
        mut neighbors_of: impl FnMut(usize, &mut Vec<Point>),
    ) -> NeighborTable {
        let mut offsets = Vec::with_capacity(n + 1);
        let mut items = Vec::new();
        let mut scratch = Vec::new();
        let mut max_degree = 0;
        offsets.push(0);
        for p in 0..n {
            scratch.clear();
            neighbors_of(p, &mut scratch);
            // No self-loops and no repeated neighbour, whatever the size (a 2-wide torus
            // reaches the same point both ways round).
            let start = items.len();
            for &q in &scratch {
                if q.index() != p && !items[start..].contains(&q) {
                    items.push(q);
                }
            }
            max_degree = max_degree.max(items.len() - start);
            offsets.push(items.len() as u32);
        }
        NeighborTable {
            offsets,
            items,
            max_degree,
        }
    }

    /// The neighbours of `p` (a point of the board: panics for one off it, as slice indexing).
    #[inline]
    pub fn of(&self, p: Point) -> &[Point] {
        let i = p.index();
        &self.items[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// The largest number of neighbours any point has.
    pub fn max_degree(&self) -> usize {
        self.max_degree
    }
}
