//! The geometry laid out for the hot loops, built once per geometry a thread plays on (the
//! last one is kept: [`Layout::shared`]) and shared by every game on it and every copy.
//!
//! Every point has four neighbour slots in one `[u16; 4]`, read in one load, with no length
//! to look up first: a point with fewer neighbours (an edge, a corner) fills the rest with
//! the off slot, the index one past the last point, which the position keeps as an off-board
//! cell (never empty, never a stone, a chain of its own that is never in atari). The loops
//! that judge a play then have a fixed trip count and their loads go out together. Points with
//! more than four neighbours (hex boards, graphs) list the others after the four (`wide`
//! geometries only: on square, rectangular and torus boards the loops are the four slots and
//! nothing else).
//!
//! The loops that write (a stone put down or taken away) read the plain lists
//! ([`Layout::of`]), as do the cold paths: writing through the off slot would make the update
//! of every edge point wait on the one before, and the list loops measured faster there.

use std::cell::RefCell;
use std::sync::Arc;

use goishi_board::{Color, Geometry};

/// Neighbour slots, neighbour lists and Zobrist keys of a geometry's default adjacency.
#[derive(Debug)]
pub(crate) struct Layout {
    /// The first four neighbours of every point, padded with the off slot (the number of
    /// points).
    quad: Vec<[u16; 4]>,
    /// Whether some point has more than four neighbours.
    wide: bool,
    /// `span[p] = (start, end)`: the neighbours of `p` are `items[start..end]`.
    span: Vec<(u32, u32)>,
    items: Vec<u16>,
    /// `keys[2 * p + colour index]`, the geometry's keys.
    keys: Vec<u64>,
}

impl Layout {
    /// The layout of `geometry`: the one this thread built last when it was for the same
    /// geometry (games started from setups on one board share it), else a new one.
    pub(crate) fn shared(geometry: &Geometry) -> Arc<Layout> {
        thread_local! {
            static LAST: RefCell<Option<(Geometry, Arc<Layout>)>> = const { RefCell::new(None) };
        }
        LAST.with_borrow_mut(|last| match last {
            Some((g, layout)) if g == geometry => Arc::clone(layout),
            _ => {
                let layout = Arc::new(Layout::new(geometry));
                *last = Some((geometry.clone(), Arc::clone(&layout)));
                layout
            }
        })
    }

    fn new(geometry: &Geometry) -> Layout {
        let table = geometry.default_neighbors();
        // A geometry has at most a few thousand points: `off` fits a u16.
        let off = geometry.num_points() as u16;
        let mut span = Vec::with_capacity(geometry.num_points());
        let mut items = Vec::new();
        let mut quad = Vec::with_capacity(geometry.num_points());
        for p in geometry.points() {
            let start = items.len() as u32;
            items.extend(table.of(p).iter().map(|q| q.index() as u16));
            span.push((start, items.len() as u32));
            let mut slots = [off; 4];
            for (slot, q) in slots.iter_mut().zip(table.of(p)) {
                *slot = q.index() as u16;
            }
            quad.push(slots);
        }
        Layout {
            wide: span.iter().any(|&(s, e)| e - s > 4),
            quad,
            span,
            items,
            keys: geometry.keys().to_vec(),
        }
    }

    /// The neighbours of `p` (cold paths: no off-board slot).
    #[inline(always)]
    pub(crate) fn of(&self, p: usize) -> &[u16] {
        let (start, end) = self.span[p];
        &self.items[start as usize..end as usize]
    }

    /// Calls `f` with each neighbour slot of `p`: its four slots (a neighbour or the off
    /// slot), then its neighbours past the fourth.
    #[inline(always)]
    pub(crate) fn each(&self, p: usize, mut f: impl FnMut(usize)) {
        let [a, b, c, d] = self.quad[p];
        f(a.into());
        f(b.into());
        f(c.into());
        f(d.into());
        if self.wide {
            self.each_more(p, f);
        }
    }

    /// The neighbour slots of `p` past the fourth (wide geometries), out of line.
    #[inline(never)]
    fn each_more(&self, p: usize, mut f: impl FnMut(usize)) {
        for &q in self.of(p).iter().skip(4) {
            f(q.into());
        }
    }

    /// Whether `test` holds for some neighbour slot of `p` (every slot is looked at: no
    /// early exit, so that the loads go out together).
    #[inline(always)]
    pub(crate) fn any(&self, p: usize, mut test: impl FnMut(usize) -> bool) -> bool {
        let mut found = false;
        self.each(p, |q| found |= test(q));
        found
    }

    /// The Zobrist key of a stone of `color` at `p`.
    #[inline(always)]
    pub(crate) fn key(&self, p: usize, color: Color) -> u64 {
        self.keys[2 * p + color.index()]
    }
}
