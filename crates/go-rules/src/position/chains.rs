//! The chain store: the stones, their chains (a root, a circular list, the root's
//! liberty counts and hash), the neighbour counts of every point ([`Around`]), and the
//! stacks of removed groups and merges that undo replays.

use goishi_board::{cell_of, Board, Color, Geometry, Point, EMPTY};

use super::{point, OFF};
use crate::layout::Layout;

/// What a chain's root knows about the chain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct ChainStats {
    pub(super) size: u32,
    pub(super) libs: u32,
    pub(super) lib_sum: u64,
    pub(super) lib_sq: u64,
    pub(super) hash: u64,
}

impl ChainStats {
    /// The stats of the off-board slot: one liberty whose index squared is not its sum, so
    /// that neither [`ChainStats::in_atari`] nor [`ChainStats::only_liberty_is`] holds.
    pub(super) const OFF: ChainStats = ChainStats {
        size: 0,
        libs: 1,
        lib_sum: 0,
        lib_sq: 1,
        hash: 0,
    };

    #[inline]
    pub(super) fn add_lib(&mut self, p: usize) {
        self.libs += 1;
        self.lib_sum += p as u64;
        self.lib_sq += (p * p) as u64;
    }

    #[inline]
    pub(super) fn remove_lib(&mut self, p: usize) {
        self.libs -= 1;
        self.lib_sum -= p as u64;
        self.lib_sq -= (p * p) as u64;
    }

    /// Exactly one distinct liberty: `libs * lib_sq == lib_sum^2`. On 64-bit targets in 128
    /// bits (one widening multiplication each side: no overflow on any board); elsewhere,
    /// where a 128-bit product is a library call (wasm32: it was a twentieth of the page's
    /// playouts), in 64 bits while that cannot overflow.
    #[inline]
    pub(super) fn in_atari(&self) -> bool {
        #[cfg(target_pointer_width = "64")]
        let atari = self.in_atari_wide();
        #[cfg(not(target_pointer_width = "64"))]
        let atari = self.in_atari_narrow();
        atari
    }

    /// [`ChainStats::in_atari`] in 128-bit products.
    #[inline]
    fn in_atari_wide(&self) -> bool {
        self.libs > 0
            && u128::from(self.libs) * u128::from(self.lib_sq)
                == u128::from(self.lib_sum) * u128::from(self.lib_sum)
    }

    /// [`ChainStats::in_atari`] in 64-bit products while the factors are small enough that
    /// neither can overflow, as they always are on a grid (52x52: `libs` below 2^14,
    /// `lib_sum` below 2^25, `lib_sq` below 2^37); in 128 bits otherwise.
    #[inline]
    #[cfg(any(test, not(target_pointer_width = "64")))]
    fn in_atari_narrow(&self) -> bool {
        if self.libs < 1 << 16 && self.lib_sum < 1 << 32 && self.lib_sq < 1 << 48 {
            self.libs > 0 && u64::from(self.libs) * self.lib_sq == self.lib_sum * self.lib_sum
        } else {
            self.in_atari_wide()
        }
    }

    /// Whether the chain's every liberty is `p`, knowing `p` is one of them (the second
    /// product is taken only when `lib_sum == libs * p`, so neither can overflow).
    #[inline]
    pub(super) fn only_liberty_is(&self, p: usize) -> bool {
        let p = p as u64;
        self.lib_sum == u64::from(self.libs) * p && self.lib_sq == self.lib_sum * p
    }

    #[inline]
    pub(super) fn absorb(&mut self, other: &ChainStats) {
        self.size += other.size;
        self.libs += other.libs;
        self.lib_sum += other.lib_sum;
        self.lib_sq += other.lib_sq;
        self.hash ^= other.hash;
    }

    #[inline]
    pub(super) fn release(&mut self, other: &ChainStats) {
        self.size -= other.size;
        self.libs -= other.libs;
        self.lib_sum -= other.lib_sum;
        self.lib_sq -= other.lib_sq;
        self.hash ^= other.hash;
    }
}

/// How many neighbours of a point are empty, black and white, in 16-bit fields of one word
/// indexed by cell value (no point has 65,536 neighbours), so that a stone put down or taken
/// away updates each neighbour with one addition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Around(u64);

impl Around {
    pub(super) const FIELD: u64 = 0xFFFF;

    /// A point with `n` neighbours, all empty.
    pub(super) fn empty(n: usize) -> Around {
        Around(n as u64)
    }

    /// The neighbours with cell value `cell`.
    #[inline(always)]
    pub(super) fn get(self, cell: u8) -> u16 {
        ((self.0 >> (16 * u32::from(cell))) & Around::FIELD) as u16
    }

    /// Whether no neighbour has cell value `a` or `b`.
    #[inline(always)]
    pub(super) fn none_of(self, a: u8, b: u8) -> bool {
        let mask = (Around::FIELD << (16 * u32::from(a))) | (Around::FIELD << (16 * u32::from(b)));
        self.0 & mask == 0
    }

    /// The change of one neighbour going from cell value `from` to `to`.
    #[inline(always)]
    pub(super) fn delta(from: u8, to: u8) -> u64 {
        (1u64 << (16 * u32::from(to))).wrapping_sub(1u64 << (16 * u32::from(from)))
    }

    /// Applies a [`Around::delta`] (the field it takes one from is never zero).
    #[inline(always)]
    pub(super) fn add(&mut self, delta: u64) {
        self.0 = self.0.wrapping_add(delta);
    }
}

/// A chain removed by a move: its stones are `stones[start..start + size]`, in list order.
#[derive(Clone, Copy, Debug)]
pub(super) struct Group {
    pub(super) root: u16,
    pub(super) color: Color,
    pub(super) start: u32,
    pub(super) size: u32,
    pub(super) hash: u64,
}

/// A merge of chain `absorbed` into chain `kept`. Four bytes: the absorbed chain's stats are
/// not kept but counted again from its stones when the merge is undone (the cells are then as
/// they were when it was made: every later move, capture and merge has been taken back).
#[derive(Clone, Copy, Debug)]
pub(super) struct Merge {
    pub(super) kept: u16,
    pub(super) absorbed: u16,
}

/// The stones and their chains, with the stacks that undo replays.
#[derive(Debug)]
pub(super) struct Chains {
    pub(super) board: Board,
    /// The board's cells and one more, [`OFF`], at the off slot: what the hot loops
    /// read. `chain_id` and `stats` have that slot too.
    pub(super) cell: Vec<u8>,
    pub(super) chain_id: Vec<u16>,
    pub(super) next: Vec<u16>,
    pub(super) stats: Vec<ChainStats>,
    pub(super) groups: Vec<Group>,
    pub(super) stones: Vec<u16>,
    pub(super) merges: Vec<Merge>,
    /// The empty points, in no particular order, and where each sits in that list.
    pub(super) empties: Vec<Point>,
    pub(super) empty_pos: Vec<u16>,
    /// The empty points as a bit set, for the lists in point order.
    pub(super) empty_bits: Vec<u64>,
    /// For every point, how many of its neighbours are empty, black and white (indexed by
    /// cell value); and a zero entry for the off slot.
    pub(super) counts: Vec<Around>,
}

clone_fields!(Chains {
    board,
    cell,
    chain_id,
    next,
    stats,
    groups,
    stones,
    merges,
    empties,
    empty_pos,
    empty_bits,
    counts,
});

impl Chains {
    pub(super) fn new(geometry: &Geometry) -> Chains {
        let n = geometry.num_points();
        Chains {
            board: Board::new(geometry.clone()),
            cell: (0..=n).map(|i| if i < n { EMPTY } else { OFF }).collect(),
            // The off slot is a chain of its own.
            chain_id: (0..=n as u16)
                .map(|i| if (i as usize) < n { 0 } else { i })
                .collect(),
            next: vec![0; n],
            stats: (0..=n)
                .map(|i| {
                    if i < n {
                        ChainStats::default()
                    } else {
                        ChainStats::OFF
                    }
                })
                .collect(),
            groups: Vec::new(),
            stones: Vec::new(),
            merges: Vec::new(),
            empties: geometry.points().collect(),
            empty_bits: (0..n.div_ceil(64))
                .map(|w| {
                    let bits = (n - 64 * w).min(64);
                    if bits == 64 {
                        u64::MAX
                    } else {
                        (1u64 << bits) - 1
                    }
                })
                .collect(),
            empty_pos: (0..n as u16).collect(),
            // The off slot counts no neighbour (nothing reads it: its cell is never empty).
            counts: geometry
                .points()
                .map(|p| Around::empty(geometry.default_neighbors().of(p).len()))
                .chain([Around::empty(0)])
                .collect(),
        }
    }

    /// Moves the neighbours' counts of `p` from cell value `from` to `to`.
    #[inline]
    pub(super) fn recount(&mut self, lay: &Layout, p: usize, from: u8, to: u8) {
        let delta = Around::delta(from, to);
        for &q in lay.of(p) {
            self.counts[q as usize].add(delta);
        }
    }

    /// Puts a stone on the board (both copies of the cells).
    #[inline(always)]
    pub(super) fn set_stone(&mut self, p: usize, color: Color, key: u64) {
        self.board.place_keyed(point(p), color, key);
        self.cell[p] = cell_of(color);
    }

    /// Takes a stone off the board (both copies of the cells).
    #[inline(always)]
    pub(super) fn clear_stone(&mut self, p: usize, color: Color, key: u64) {
        self.board.remove_keyed(point(p), color, key);
        self.cell[p] = EMPTY;
    }

    #[inline]
    pub(super) fn fill(&mut self, p: usize) {
        self.empty_bits[p / 64] &= !(1u64 << (p % 64));
        let i = self.empty_pos[p] as usize;
        if let Some(last) = self.empties.pop() {
            if last.index() != p {
                self.empties[i] = last;
                self.empty_pos[last.index()] = i as u16;
            }
        }
    }

    /// Undoes [`Chains::fill`] of `p` (everything since undone): `p` goes back to the place
    /// `i` it had in the empty-point list, and the point moved there goes back to the end,
    /// so that play and undo leave the list as it was.
    #[inline]
    pub(super) fn unfill(&mut self, p: usize, i: usize) {
        self.empty_bits[p / 64] |= 1u64 << (p % 64);
        self.empty_pos[p] = i as u16;
        if let Some(&moved) = self.empties.get(i) {
            self.empty_pos[moved.index()] = self.empties.len() as u16;
            self.empties.push(moved);
            self.empties[i] = point(p);
        } else {
            self.empties.push(point(p));
        }
    }

    #[inline]
    pub(super) fn vacate(&mut self, p: usize) {
        self.empty_bits[p / 64] |= 1u64 << (p % 64);
        self.empty_pos[p] = self.empties.len() as u16;
        self.empties.push(point(p));
    }

    /// Places a stone and merges it with its own neighbours; no capture. Returns which
    /// neighbours (bit `k` for the `k`-th, modulo 64) hold a chain of the opponent left
    /// without a liberty. Always inline: a play is made in one function.
    #[inline(always)]
    pub(super) fn put_stone(&mut self, lay: &Layout, p: usize, color: Color) -> u64 {
        let me = cell_of(color);
        let key = lay.key(p, color);
        self.set_stone(p, color, key);
        self.fill(p);
        self.chain_id[p] = p as u16;
        self.next[p] = p as u16;
        let mut st = ChainStats {
            size: 1,
            hash: key,
            ..ChainStats::default()
        };
        // How many neighbours are the mover's stones (the counts of `p` itself do not
        // change here), and the last of them: one such neighbour, the most common case,
        // is merged without a second pass over the neighbours.
        let own = self.counts[p].get(me);
        let mut own_q = p;
        let mut dead = 0u64;
        let delta = Around::delta(EMPTY, me);
        for (k, &q) in lay.of(p).iter().enumerate() {
            let q = q as usize;
            self.counts[q].add(delta);
            let cell = self.cell[q];
            if cell == EMPTY {
                st.add_lib(q);
            } else {
                let chain = &mut self.stats[self.chain_id[q] as usize];
                chain.remove_lib(p);
                if cell == me {
                    own_q = q;
                }
                dead |= u64::from(cell != me && chain.libs == 0) << (k % 64);
            }
        }
        self.stats[p] = st;
        if own == 1 {
            let b = self.chain_id[own_q] as usize;
            self.merge(p, b);
        } else if own > 1 {
            for &q in lay.of(p) {
                let q = q as usize;
                if self.cell[q] == me {
                    let (a, b) = (self.chain_id[p] as usize, self.chain_id[q] as usize);
                    if a != b {
                        self.merge(a, b);
                    }
                }
            }
        }
        dead
    }

    /// Merges the chains through `a` and `b` (the smaller into the larger). Inline: it was
    /// inlined into [`Chains::put_stone`] while both sat in one module, and the playouts
    /// measure it.
    #[inline]
    pub(super) fn merge(&mut self, a: usize, b: usize) {
        let (kept, absorbed) = if self.stats[a].size >= self.stats[b].size {
            (a, b)
        } else {
            (b, a)
        };
        let stats = self.stats[absorbed];
        self.merges.push(Merge {
            kept: kept as u16,
            absorbed: absorbed as u16,
        });
        let mut s = absorbed;
        loop {
            self.chain_id[s] = kept as u16;
            s = self.next[s] as usize;
            if s == absorbed {
                break;
            }
        }
        self.next.swap(kept, absorbed);
        self.stats[kept].absorb(&stats);
    }

    /// Undoes a merge: the absorbed chain's stats, which the merge took from its root, are
    /// its stones and their empty neighbours, counted again (the cells are as they were at
    /// the merge).
    pub(super) fn unmerge(&mut self, lay: &Layout, m: Merge) {
        let (kept, absorbed) = (m.kept as usize, m.absorbed as usize);
        self.next.swap(kept, absorbed);
        let color = self.board_color(absorbed);
        let mut stats = ChainStats::default();
        let mut s = absorbed;
        loop {
            self.chain_id[s] = absorbed as u16;
            stats.size += 1;
            stats.hash ^= lay.key(s, color);
            for &q in lay.of(s) {
                if self.cell[q as usize] == EMPTY {
                    stats.add_lib(q as usize);
                }
            }
            s = self.next[s] as usize;
            if s == absorbed {
                break;
            }
        }
        self.stats[kept].release(&stats);
        self.stats[absorbed] = stats;
    }

    /// The colour of the stone at `p` (a stone is there).
    #[inline]
    fn board_color(&self, p: usize) -> Color {
        if self.cell[p] == cell_of(Color::Black) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Every chain's stats counted from its stones (the size, the hash, the pseudo-liberties:
    /// each stone's empty neighbours) against the kept ones: the invariant that
    /// [`Chains::unmerge`] relies on.
    #[cfg(test)]
    pub(super) fn stats_are_counts(&self, lay: &Layout) -> bool {
        let n = self.next.len();
        let mut counted = vec![ChainStats::default(); n];
        for s in 0..n {
            if self.cell[s] == EMPTY {
                continue;
            }
            let st = &mut counted[self.chain_id[s] as usize];
            st.size += 1;
            st.hash ^= lay.key(s, self.board_color(s));
            for &q in lay.of(s) {
                if self.cell[q as usize] == EMPTY {
                    st.add_lib(q as usize);
                }
            }
        }
        (0..n).all(|s| {
            self.cell[s] == EMPTY || self.chain_id[s] as usize != s || self.stats[s] == counted[s]
        })
    }

    /// Removes the chain rooted at `root`, giving its points back as liberties to the chains
    /// of the other colour around it.
    pub(super) fn remove_chain(&mut self, lay: &Layout, root: usize, color: Color) -> u32 {
        let other = cell_of(color.opponent());
        let st = self.stats[root];
        self.groups.push(Group {
            root: root as u16,
            color,
            start: self.stones.len() as u32,
            size: st.size,
            hash: st.hash,
        });
        let delta = Around::delta(cell_of(color), EMPTY);
        let mut s = root;
        loop {
            self.clear_stone(s, color, lay.key(s, color));
            self.vacate(s);
            self.stones.push(s as u16);
            for &t in lay.of(s) {
                let t = t as usize;
                self.counts[t].add(delta);
                if self.cell[t] == other {
                    let r = self.chain_id[t] as usize;
                    self.stats[r].add_lib(s);
                }
            }
            s = self.next[s] as usize;
            if s == root {
                break;
            }
        }
        st.size
    }

    pub(super) fn restore_chain(&mut self, lay: &Layout, g: Group) {
        let other = cell_of(g.color.opponent());
        let root = g.root as usize;
        let (start, end) = (g.start as usize, (g.start + g.size) as usize);
        // Last removed, first put back: each stone comes off the end of the empty-point list,
        // which is then exactly as it was before the capture.
        for i in (start..end).rev() {
            let s = self.stones[i] as usize;
            self.set_stone(s, g.color, lay.key(s, g.color));
            self.fill(s);
            self.recount(lay, s, EMPTY, cell_of(g.color));
            self.chain_id[s] = g.root;
            self.next[s] = if i + 1 < end {
                self.stones[i + 1]
            } else {
                g.root
            };
            for &t in lay.of(s) {
                let t = t as usize;
                if self.cell[t] == other {
                    let r = self.chain_id[t] as usize;
                    self.stats[r].remove_lib(s);
                }
            }
        }
        self.stats[root] = ChainStats {
            size: g.size,
            hash: g.hash,
            ..ChainStats::default()
        };
        self.stones.truncate(start);
    }

    /// Takes back a stone put down by `put_stone` (after its merges were undone).
    pub(super) fn take_stone(&mut self, lay: &Layout, p: usize, color: Color, empty_index: u16) {
        self.clear_stone(p, color, lay.key(p, color));
        self.unfill(p, empty_index as usize);
        self.recount(lay, p, cell_of(color), EMPTY);
        for &q in lay.of(p) {
            let q = q as usize;
            if self.cell[q] != EMPTY {
                let r = self.chain_id[q] as usize;
                self.stats[r].add_lib(p);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The off slot pads the neighbours of every edge point: its chain must never look
    /// capturable, whatever point asks (up to the largest graph board).
    /// The 64-bit test of a 32-bit target agrees with the 128-bit one: chains whose
    /// pseudo-liberties are one point taken k times (in atari) or two points (not), on every
    /// scale up to the largest graph board and beyond the narrow path's bounds.
    #[test]
    fn the_narrow_atari_test_agrees_with_the_wide_one() {
        let stats = |libs: &[u64]| {
            let mut s = ChainStats {
                size: 1,
                libs: 0,
                lib_sum: 0,
                lib_sq: 0,
                hash: 0,
            };
            for &p in libs {
                s.libs += 1;
                s.lib_sum += p;
                s.lib_sq += p * p;
            }
            s
        };
        let points = [0, 1, 2, 7, 360, 2703, 1 << 15, 1 << 20];
        for &p in &points {
            for &q in &points {
                for k in [1, 2, 3, 4, 70, 10_000, 70_000] {
                    let mut libs = vec![p; k];
                    let one = stats(&libs);
                    assert!(one.in_atari() && one.in_atari_narrow(), "{p} x{k}");
                    if q != p {
                        libs.push(q);
                        let two = stats(&libs);
                        assert!(!two.in_atari() && !two.in_atari_narrow(), "{p} x{k}, {q}");
                    }
                }
            }
        }
        assert!(!ChainStats::OFF.in_atari_narrow());
        assert!(!stats(&[]).in_atari_narrow());
    }

    #[test]
    fn the_off_slot_is_never_in_atari() {
        assert!(!ChainStats::OFF.in_atari());
        for p in 0..=goishi_board::MAX_GRAPH_POINTS {
            assert!(!ChainStats::OFF.only_liberty_is(p), "point {p}");
        }
    }
}
