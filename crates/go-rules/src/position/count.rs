//! The count of the board as it stands (no stone dead), read from the engine's own lists:
//! the count of every finished random game (`goishi selfplay`'s results, the search's
//! playouts). The same [`Count`] as `scoring`'s, which reads a bare board, made otherwise:
//!
//! - An empty point none of whose neighbours is empty is a region of its own, whose reach
//!   is read from its neighbour counts (most empty points at the end of a random game: its
//!   eyes); only the larger regions are flooded.
//! - The life regions of the seki and group taxes are made of chains: a region of one
//!   colour's territory touches only that colour's chains and joins them (chains of one
//!   colour meet nowhere else), so a life region is a set of chains joined through their
//!   territory (a union-find over the chains' roots), with that territory. It is in seki
//!   when one of its chains is in atari (read from its liberty counts) or touches a dame
//!   region (a territory point never does: its empty neighbours are of its own region).
//!
//! No allocation once the thread's scratch space has grown.

use std::cell::RefCell;

use goishi_board::{Color, BLACK, EMPTY, WHITE};

use super::chains::Around;
use super::GoPosition;
use crate::scoring::Count;

/// A thread's scratch space for the count, indexed by point: each vector is left as it was
/// found (`mark` all false) or is written before it is read.
#[derive(Default)]
struct Scratch {
    /// Points visited by the current flood.
    mark: Vec<bool>,
    stack: Vec<u16>,
    members: Vec<u16>,
    /// The union-find parent of each chain's root.
    parent: Vec<u16>,
    /// Whether a chain (at its root), then a life region (at its representative), is in
    /// seki.
    seki: Vec<bool>,
    /// Each region of territory: a chain it touches and its size.
    territories: Vec<(u16, u32)>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The colours that a point with neighbour counts `around` touches, as OR-ed cell values.
#[inline(always)]
fn touches(around: Around) -> u8 {
    (u8::from(around.get(BLACK) > 0) * BLACK) | (u8::from(around.get(WHITE) > 0) * WHITE)
}

/// The index of the colour of a stone's cell value.
#[inline]
fn index_of(cell: u8) -> usize {
    if cell == WHITE {
        Color::White.index()
    } else {
        Color::Black.index()
    }
}

/// The representative of `x`'s set, halving the path on the way.
#[inline]
fn find(parent: &mut [u16], mut x: u16) -> u16 {
    while parent[x as usize] != x {
        let up = parent[parent[x as usize] as usize];
        parent[x as usize] = up;
        x = up;
    }
    x
}

impl GoPosition {
    /// The counts of the board as it stands ([`Count::of`] of it, with the life regions when
    /// `with_regions`).
    pub(super) fn count_board(&self, with_regions: bool) -> Count {
        SCRATCH.with_borrow_mut(|s| {
            let n = self.geometry.num_points();
            if s.mark.len() < n {
                s.mark.resize(n, false);
                s.parent.resize(n, 0);
                s.seki.resize(n, false);
            }
            let chains = &self.chains;
            let mut count = Count {
                stones: [
                    chains.board.count(Color::Black),
                    chains.board.count(Color::White),
                ],
                ..Count::default()
            };
            if with_regions {
                for p in 0..n {
                    if chains.cell[p] != EMPTY && chains.chain_id[p] as usize == p {
                        s.parent[p] = p as u16;
                        s.seki[p] = chains.stats[p].in_atari();
                    }
                }
                s.territories.clear();
            }
            self.count_regions(s, &mut count, with_regions);
            if with_regions {
                self.count_life_regions(s, &mut count);
            }
            count
        })
    }

    /// Adds the owner of every point to `sums` (+1 Black, -1 White): a stone's colour, and
    /// for an empty point the colour whose single-point eye it is (`is_own_eye`: no
    /// neighbour empty or the other colour's; Black's first, for a point with no
    /// neighbour), read from its neighbour counts.
    pub(crate) fn add_board_ownership(&self, sums: &mut [i32]) {
        let chains = &self.chains;
        let n = self.geometry.num_points();
        for ((&cell, &around), sum) in chains.cell[..n].iter().zip(&chains.counts).zip(sums) {
            let empty = cell == EMPTY;
            let black = cell == BLACK || (empty && around.none_of(EMPTY, WHITE));
            let white = cell == WHITE || (empty && !black && around.none_of(EMPTY, BLACK));
            *sum += i32::from(black) - i32::from(white);
        }
    }

    /// Adds the territory by reach to `count`; with `regions`, joins the chains that each
    /// region of territory touches, marks those a dame region touches as in seki, and keeps
    /// the regions of territory.
    fn count_regions(&self, s: &mut Scratch, count: &mut Count, regions: bool) {
        let chains = &self.chains;
        for &p in &chains.empties {
            let p = p.index();
            let around = chains.counts[p];
            s.members.clear();
            let reach = if around.get(EMPTY) == 0 {
                s.members.push(p as u16);
                touches(around)
            } else if s.mark[p] {
                continue;
            } else {
                // A region of several points: flooded once, from its first point in the list.
                s.mark[p] = true;
                s.stack.clear();
                s.stack.push(p as u16);
                let mut reach = EMPTY;
                while let Some(q) = s.stack.pop() {
                    s.members.push(q);
                    let q = q as usize;
                    reach |= touches(chains.counts[q]);
                    for &r in self.layout.of(q) {
                        let r = r as usize;
                        if chains.cell[r] == EMPTY && !s.mark[r] {
                            s.mark[r] = true;
                            s.stack.push(r as u16);
                        }
                    }
                }
                reach
            };
            let size = s.members.len() as u32;
            let owner = match reach {
                BLACK => Some(Color::Black),
                WHITE => Some(Color::White),
                _ => None,
            };
            if let Some(c) = owner {
                count.territory[c.index()] += size;
            }
            if !regions || reach == EMPTY {
                continue;
            }
            // The chains around the region: joined by territory, in seki by dame.
            let mut anchor = None;
            for &q in &s.members {
                for &r in self.layout.of(q as usize) {
                    let r = r as usize;
                    if chains.cell[r] == EMPTY {
                        continue;
                    }
                    let root = chains.chain_id[r];
                    if owner.is_none() {
                        s.seki[root as usize] = true;
                        continue;
                    }
                    let a = *anchor.get_or_insert(root);
                    let (x, y) = (find(&mut s.parent, a), find(&mut s.parent, root));
                    s.parent[y as usize] = x;
                }
            }
            if let Some(a) = anchor {
                s.territories.push((a, size));
            }
        }
        // Leave the marks as they were found.
        for &p in &chains.empties {
            s.mark[p.index()] = false;
        }
    }

    /// Adds the independent life regions and their territory to `count`, from the chains
    /// joined and marked by [`GoPosition::count_regions`].
    fn count_life_regions(&self, s: &mut Scratch, count: &mut Count) {
        let chains = &self.chains;
        let n = self.geometry.num_points();
        // A region is in seki when one of its chains is: gathered at its representative.
        for p in 0..n {
            if chains.cell[p] != EMPTY && chains.chain_id[p] as usize == p {
                let top = find(&mut s.parent, p as u16) as usize;
                s.seki[top] |= s.seki[p];
            }
        }
        for p in 0..n {
            let cell = chains.cell[p];
            let top =
                cell != EMPTY && s.parent[p] as usize == p && chains.chain_id[p] as usize == p;
            if top && !s.seki[p] {
                count.independent_regions[index_of(cell)] += 1;
            }
        }
        for &(a, size) in &s.territories {
            let top = find(&mut s.parent, a) as usize;
            if !s.seki[top] {
                count.independent_territory[index_of(chains.cell[top])] += size;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use goishi_board::playout::PlayoutPosition;
    use goishi_board::{FromSetup, Geometry, Position, Rules, Setup};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// The count from the engine's lists is `scoring`'s count of the bare board, and the
    /// ownership the stones and the single-point eyes, on random games cut at every length
    /// and played to their end, with and without the life regions, on square, rectangular, torus, hex and graph boards.
    #[test]
    fn the_engine_counts_as_scoring_counts() {
        let boards = [
            Geometry::square(9).unwrap(),
            Geometry::square(5).unwrap(),
            Geometry::rect(7, 4).unwrap(),
            Geometry::torus(6, 6).unwrap(),
            Geometry::hex(5, 5).unwrap(),
            Geometry::parse_graph(
                "a b\nb c\nc d\nd e\ne a\na f\nb g\nc h\nd i\ne j\nf h\nh j\nj g\ng i\ni f\nk",
                "petersen",
            )
            .unwrap(),
        ];
        for (b, geometry) in boards.iter().enumerate() {
            for (r, text) in ["go/japanese", "go/chinese:suicide=allowed"]
                .iter()
                .enumerate()
            {
                let setup = Setup::new(Rules::parse(text).unwrap(), geometry.clone());
                let seed = (10 * b + r) as u64;
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut buf = Vec::new();
                for _ in 0..20 {
                    let mut game = GoPosition::from_setup(setup.clone()).unwrap();
                    let mut moves = 0;
                    loop {
                        let board = &game.chains.board;
                        for regions in [false, true] {
                            assert_eq!(
                                game.count_board(regions),
                                Count::of(board, regions),
                                "seed {seed}, {text}, move {moves}, regions {regions}\n{board}"
                            );
                        }
                        let mut fast = vec![0; geometry.num_points()];
                        game.add_board_ownership(&mut fast);
                        let reference: Vec<i32> = geometry
                            .points()
                            .map(|p| match board.get(p) {
                                Some(Color::Black) => 1,
                                Some(Color::White) => -1,
                                None if game.is_own_eye(p, Color::Black) => 1,
                                None if game.is_own_eye(p, Color::White) => -1,
                                None => 0,
                            })
                            .collect();
                        assert_eq!(fast, reference, "seed {seed}, {text}, move {moves}");
                        if Position::is_over(&game) || moves >= 3 * geometry.num_points() {
                            break;
                        }
                        game.playout_move(&mut rng, &mut buf);
                        moves += 1;
                    }
                }
            }
        }
    }
}
