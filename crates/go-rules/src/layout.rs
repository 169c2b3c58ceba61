//! The geometry laid out for the hot loops: every point's neighbours as `u16` indices in one
//! array, found by one load, and the Zobrist keys next to them. Built once per game and
//! shared by every copy of it.

use goishi_board::{Color, Geometry};

/// Neighbour lists and Zobrist keys of a geometry's default adjacency.
#[derive(Debug)]
pub(crate) struct Layout {
    /// `span[p] = (start, end)`: the neighbours of `p` are `items[start..end]`.
    span: Vec<(u32, u32)>,
    items: Vec<u16>,
    /// `keys[2 * p + colour index]`, the geometry's keys.
    keys: Vec<u64>,
}

impl Layout {
    pub(crate) fn new(geometry: &Geometry) -> Layout {
        let table = geometry.default_neighbors();
        let mut span = Vec::with_capacity(geometry.num_points());
        let mut items = Vec::new();
        for p in geometry.points() {
            let start = items.len() as u32;
            items.extend(table.of(p).iter().map(|q| q.index() as u16));
            span.push((start, items.len() as u32));
        }
        Layout {
            span,
            items,
            keys: geometry.keys().to_vec(),
        }
    }

    /// The neighbours of `p`.
    #[inline(always)]
    pub(crate) fn of(&self, p: usize) -> &[u16] {
        let (start, end) = self.span[p];
        &self.items[start as usize..end as usize]
    }

    /// The Zobrist key of a stone of `color` at `p`.
    #[inline(always)]
    pub(crate) fn key(&self, p: usize, color: Color) -> u64 {
        self.keys[2 * p + color.index()]
    }
}
