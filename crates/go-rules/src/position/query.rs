//! Cheap reads of the chain store for playout policies and tactics: the size of a chain,
//! whether it is in atari and its one liberty, its first few liberties, whether two stones
//! share a chain, and its stones without a copy ([`ChainStones`]).
//!
//! Each read is answered from the chain's root (its stone count and its pseudo-liberty count,
//! sum and sum of squares): O(1) and no allocation, except [`GoPosition::chain_stones`] and
//! [`GoPosition::chain_liberties`], which walk the chain's circular list (O(its size)). None
//! of them changes the position.

use goishi_board::{Point, EMPTY};

use super::{point, GoPosition};

impl GoPosition {
    /// The index of the root of the chain through `p`, if `p` holds a stone.
    #[inline(always)]
    fn chain_root(&self, p: Point) -> Option<usize> {
        let i = p.index();
        // The off slot (index `num_points`) is neither empty nor a stone: keep to the board.
        if i >= self.geometry.num_points() || self.chains.cell[i] == EMPTY {
            return None;
        }
        Some(self.chains.chain_id[i] as usize)
    }

    /// The number of stones of the chain through `p`: 0 for an empty point or a point off
    /// the board. O(1).
    #[inline]
    pub fn chain_size(&self, p: Point) -> usize {
        self.chain_root(p)
            .map_or(0, |r| self.chains.stats[r].size as usize)
    }

    /// The one liberty of the chain through `p` when that chain is in atari (exactly one
    /// distinct liberty); `None` when it has more, or when `p` is empty or off the board.
    /// O(1): read from the chain's pseudo-liberty count, sum and sum of squares (each liberty
    /// counted once per stone next to it), whose mean is the liberty.
    #[inline]
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        let stats = &self.chains.stats[self.chain_root(p)?];
        stats
            .in_atari()
            .then(|| point((stats.lib_sum / u64::from(stats.libs)) as usize))
    }

    /// Whether `a` and `b` hold stones of one chain (`false` if either is empty or off the
    /// board). O(1).
    #[inline]
    pub fn same_chain(&self, a: Point, b: Point) -> bool {
        match (self.chain_root(a), self.chain_root(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }

    /// The liberties of the chain through `p`, up to `out.len()` of them: writes the first
    /// distinct liberties found into `out` and returns how many the chain has, counted to
    /// `out.len() + 1` at most (so `out.len() + 1` means "more than fit"). 0 for an empty
    /// point or a point off the board. A chain in atari is answered in O(1); otherwise the
    /// walk stops as soon as one liberty more than fits is found (O(the chain's size) at
    /// worst). Tactics read "exactly two liberties, and which" with a buffer of two.
    #[inline]
    pub fn chain_liberties(&self, p: Point, out: &mut [Point]) -> usize {
        let Some(root) = self.chain_root(p) else {
            return 0;
        };
        if out.is_empty() {
            return 1;
        }
        let stats = &self.chains.stats[root];
        if stats.in_atari() {
            out[0] = point((stats.lib_sum / u64::from(stats.libs)) as usize);
            return 1;
        }
        let mut found = 0;
        for s in self.chain_stones(p) {
            for &q in self.layout.of(s.index()) {
                let q = point(q.into());
                if self.chains.cell[q.index()] == EMPTY && !out[..found].contains(&q) {
                    if found == out.len() {
                        return found + 1;
                    }
                    out[found] = q;
                    found += 1;
                }
            }
        }
        found
    }

    /// The stones of the chain through `p`, starting with `p`, in the order of
    /// [`GoPosition::chain_points`], without allocating (nothing for an empty point or a
    /// point off the board).
    #[inline]
    pub fn chain_stones(&self, p: Point) -> ChainStones<'_> {
        let start = self.chain_root(p).map(|_| p.index() as u16);
        ChainStones {
            next: &self.chains.next,
            start: start.unwrap_or(0),
            at: start,
        }
    }
}

/// The stones of one chain ([`GoPosition::chain_stones`]): a walk of the chain's circular
/// list, which borrows the position.
#[derive(Clone, Debug)]
pub struct ChainStones<'a> {
    next: &'a [u16],
    start: u16,
    /// The stone to give next, `None` once the walk is back at `start`.
    at: Option<u16>,
}

impl Iterator for ChainStones<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        let here = self.at?;
        let after = self.next[here as usize];
        self.at = (after != self.start).then_some(after);
        Some(point(here as usize))
    }
}

#[cfg(test)]
mod tests {
    use goishi_board::{Color, FromSetup, Geometry, Move, Position, Rules, Setup};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// The distinct empty neighbours of the chain through `p`, from the board.
    fn liberty_points(game: &GoPosition, p: Point) -> Vec<Point> {
        let neighbours = game.geometry().default_neighbors();
        let mut libs: Vec<Point> = game
            .chain_points(p)
            .iter()
            .flat_map(|&s| neighbours.of(s).iter().copied())
            .filter(|&q| game.board().is_empty_at(q))
            .collect();
        libs.sort();
        libs.dedup();
        libs
    }

    /// Checks every read at every point (and one off the board) against `liberties()`,
    /// `chain_points()` and the board; returns the number of stones in atari.
    fn check_reads(game: &GoPosition, context: &str) -> usize {
        let n = game.geometry().num_points();
        let mut in_atari = 0;
        for p in game.geometry().points() {
            let chain = game.chain_points(p);
            assert_eq!(game.chain_size(p), chain.len(), "{context}: size at {p:?}");
            assert_eq!(
                game.chain_stones(p).collect::<Vec<_>>(),
                chain,
                "{context}: stones at {p:?}"
            );
            let libs = liberty_points(game, p);
            assert_eq!(libs.len(), game.liberties(p), "{context}: at {p:?}");
            let expected = (libs.len() == 1).then(|| libs[0]);
            assert_eq!(game.atari_liberty(p), expected, "{context}: atari at {p:?}");
            for room in 0..4 {
                let mut out = [Point::new(0); 3];
                let found = game.chain_liberties(p, &mut out[..room]);
                let want = if chain.is_empty() {
                    0
                } else {
                    libs.len().min(room + 1)
                };
                assert_eq!(found, want, "{context}: liberties at {p:?}, room {room}");
                let mut listed = out[..found.min(room)].to_vec();
                listed.sort();
                listed.dedup();
                assert_eq!(listed.len(), found.min(room), "{context}: repeated liberty");
                assert!(
                    listed.iter().all(|q| libs.contains(q)),
                    "{context}: not a liberty"
                );
            }
            in_atari += usize::from(expected.is_some());
            // The playouts' eye: the plain eye, with no chain around in atari.
            let neighbours = game.geometry().default_neighbors().of(p);
            for color in [Color::Black, Color::White] {
                let eye = game.is_own_eye(p, color)
                    && neighbours
                        .iter()
                        .all(|&q| liberty_points(game, q).len() > 1);
                assert_eq!(
                    game.is_playout_eye(p, color),
                    eye,
                    "{context}: eye of {color} at {p:?}"
                );
            }
            for q in game.geometry().points() {
                assert_eq!(
                    game.same_chain(p, q),
                    chain.contains(&q),
                    "{context}: {p:?} and {q:?}"
                );
            }
        }
        for off in [Point::new(n), Point::new(n + 7)] {
            assert!(!game.is_playout_eye(off, Color::Black));
            assert_eq!(game.chain_size(off), 0);
            assert_eq!(game.atari_liberty(off), None);
            assert_eq!(game.chain_stones(off).count(), 0);
            assert_eq!(game.chain_liberties(off, &mut [Point::new(0); 2]), 0);
            assert!(!game.same_chain(off, off));
        }
        in_atari
    }

    /// Random games on square, torus, hex and graph boards: after every move (and every
    /// undo), the reads agree with the slow paths.
    #[test]
    fn reads_agree_with_liberties_and_chain_points() {
        let boards = [
            Geometry::square(5).unwrap(),
            Geometry::rect(7, 3).unwrap(),
            Geometry::torus(5, 4).unwrap(),
            Geometry::hex(4, 4).unwrap(),
            Geometry::parse_graph("0 1\n1 2\n2 3\n3 0\n3 4\n4 5", "ring").unwrap(),
        ];
        let mut in_atari = 0;
        for (b, geometry) in boards.iter().enumerate() {
            for rules in ["chinese", "tromp-taylor:suicide=allowed"] {
                let rules = Rules::parse(rules).unwrap();
                let setup = Setup::new(rules, geometry.clone());
                let mut game = GoPosition::from_setup(setup).unwrap();
                let mut rng = ChaCha8Rng::seed_from_u64(b as u64 + 11);
                for m in 0..(3 * geometry.num_points()) {
                    if game.is_over() {
                        break;
                    }
                    let color = game.side_to_move();
                    let empties = game.empty_points().to_vec();
                    let mv = (0..8)
                        .map(|_| empties[rng.random_range(0..empties.len().max(1))])
                        .find(|&p| {
                            !game.is_own_eye(p, color)
                                && game.check_move(color, Move::Place(p)).is_ok()
                        })
                        .map_or(Move::Pass, Move::Place);
                    game.play_as(color, mv).unwrap();
                    let context = format!("board {b} move {m}");
                    in_atari += check_reads(&game, &context);
                    if m % 5 == 4 {
                        game.undo();
                        in_atari += check_reads(&game, &format!("{context} undone"));
                        game.play_as(color, mv).unwrap();
                    }
                }
            }
        }
        // The games reached chains in atari (else the test of the liberty would be empty).
        assert!(in_atari > 100, "{in_atari} stones in atari seen");
    }

    /// A diagram: the black stone in atari gives its liberty, the white pair has two.
    #[test]
    fn the_liberty_of_a_stone_in_atari() {
        let rules = Rules::parse("chinese").unwrap();
        let mut game = GoPosition::from_rules(&rules, Some((5, 5))).unwrap();
        let g = game.geometry().clone();
        let at = |name: &str| g.parse_point(name).unwrap();
        for (color, name) in [
            (Color::Black, "A1"),
            (Color::White, "B1"),
            (Color::Black, "C3"),
            (Color::White, "B2"),
        ] {
            game.play_as(color, Move::Place(at(name))).unwrap();
        }
        //  3 . . X . .
        //  2 . O . . .
        //  1 X O . . .
        //    A B C D E   A1's one liberty is A2; B1-B2 have A2, B3, C2 and C1.
        assert_eq!(game.atari_liberty(at("A1")), Some(at("A2")));
        assert_eq!(game.atari_liberty(at("B1")), None);
        assert_eq!(game.chain_size(at("B1")), 2);
        assert!(game.same_chain(at("B1"), at("B2")));
        assert!(!game.same_chain(at("A1"), at("B1")));
        assert_eq!(game.atari_liberty(at("D4")), None);
    }
}
