//! Benson's algorithm: the chains of a colour that stay alive however the opponent plays,
//! even if their owner passes every turn ("pass-alive"), and the territory they make safe.
//!
//! The algorithm (D. B. Benson, "Life in the game of Go", 1976), on the geometry's default
//! adjacency:
//!
//! 1. The *chains* of colour C; the *regions*: maximal connected sets of points that do not
//!    hold a stone of C (empty points and opponent stones).
//! 2. A region is *vital* to a chain when it holds at least one empty point and each of its
//!    points is adjacent to the chain. (Benson asks this of the region's empty points only,
//!    which assumes the opponent may not self-capture several stones; asking it of every
//!    point, as KataGo does when multi-stone suicide is legal, keeps the answer right under
//!    every suicide rule. [`pass_alive_under`] chooses.)
//! 3. Repeat until nothing changes: remove every chain that has fewer than two vital regions
//!    among the regions still standing; remove every region that touches a removed chain.
//! 4. The chains left are pass-alive. A region left standing that borders at least one chain
//!    and has at most one point not adjacent to a stone of C (so the opponent can never make
//!    two eyes there) is pass-alive territory, its opponent stones included.

use goishi_board::{Board, Color, Point, EMPTY};

use crate::config::Suicide;
use crate::scoring::components;

/// The pass-alive chains of a colour and the territory they make safe.
pub use goishi_board::playout::PassAlive;

/// Benson's algorithm for `color`, valid under every suicide rule.
pub fn pass_alive(board: &Board, color: Color) -> PassAlive {
    pass_alive_under(board, color, Suicide::Allowed)
}

/// Benson's algorithm for `color` when the opponent plays under `suicide`. With
/// [`Suicide::Forbidden`] a region is vital to a chain when its empty points are all
/// adjacent to the chain (Benson's own condition); otherwise every point of the region must be.
pub fn pass_alive_under(board: &Board, color: Color, suicide: Suicide) -> PassAlive {
    let table = board.geometry().default_neighbors();
    let cells = board.cells();
    let own = goishi_board::cell_of(color);
    let n = cells.len();
    let (chain_of, num_chains) = components(board, |c| c == own);
    let (region_of, num_regions) = {
        // Regions join empty points and opponent stones: label them by a flood of their own.
        let mut labels: Vec<Option<u32>> = vec![None; n];
        let mut count = 0usize;
        let mut stack = Vec::new();
        for start in 0..n {
            if labels[start].is_some() || cells[start] == own {
                continue;
            }
            labels[start] = Some(count as u32);
            stack.push(Point::new(start));
            while let Some(p) = stack.pop() {
                for &q in table.of(p) {
                    if labels[q.index()].is_none() && cells[q.index()] != own {
                        labels[q.index()] = Some(count as u32);
                        stack.push(q);
                    }
                }
            }
            count += 1;
        }
        (labels, count)
    };

    // For every region: its points, the chains it borders, and the chains it is vital to.
    let mut points: Vec<Vec<Point>> = vec![Vec::new(); num_regions];
    for (p, r) in region_of.iter().enumerate() {
        if let Some(r) = r {
            points[*r as usize].push(Point::new(p));
        }
    }
    let mut borders: Vec<Vec<u32>> = vec![Vec::new(); num_regions];
    let mut vital: Vec<Vec<u32>> = vec![Vec::new(); num_regions];
    let mut interior = vec![0u32; num_regions];
    let mut adjacent: Vec<u32> = Vec::new();
    for r in 0..num_regions {
        let mut has_empty = false;
        // Candidate vital chains: those adjacent to every point checked so far.
        let mut candidates: Option<Vec<u32>> = None;
        for &p in &points[r] {
            adjacent.clear();
            for &q in table.of(p) {
                if let Some(ch) = chain_of[q.index()] {
                    if !adjacent.contains(&ch) {
                        adjacent.push(ch);
                    }
                }
            }
            for &ch in &adjacent {
                if !borders[r].contains(&ch) {
                    borders[r].push(ch);
                }
            }
            if adjacent.is_empty() {
                interior[r] += 1;
            }
            let empty = cells[p.index()] == EMPTY;
            has_empty |= empty;
            if empty || suicide != Suicide::Forbidden {
                candidates = Some(match candidates {
                    None => adjacent.clone(),
                    Some(c) => c.into_iter().filter(|ch| adjacent.contains(ch)).collect(),
                });
            }
        }
        if has_empty {
            vital[r] = candidates.unwrap_or_default();
        }
    }

    let mut chain_alive = vec![true; num_chains];
    let mut region_alive: Vec<bool> = (0..num_regions).map(|r| !borders[r].is_empty()).collect();
    let mut vital_count = vec![0u32; num_chains];
    loop {
        vital_count.iter_mut().for_each(|v| *v = 0);
        for r in 0..num_regions {
            if region_alive[r] {
                for &ch in &vital[r] {
                    vital_count[ch as usize] += 1;
                }
            }
        }
        let mut changed = false;
        for ch in 0..num_chains {
            if chain_alive[ch] && vital_count[ch] < 2 {
                chain_alive[ch] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
        for r in 0..num_regions {
            if region_alive[r] && borders[r].iter().any(|&ch| !chain_alive[ch as usize]) {
                region_alive[r] = false;
            }
        }
    }

    let chains = (0..n)
        .filter(|&p| chain_of[p].is_some_and(|ch| chain_alive[ch as usize]))
        .map(Point::new)
        .collect();
    let mut territory: Vec<Point> = (0..num_regions)
        .filter(|&r| region_alive[r] && interior[r] <= 1)
        .flat_map(|r| points[r].iter().copied())
        .collect();
    territory.sort_unstable();
    PassAlive { chains, territory }
}

#[cfg(test)]
mod tests {
    use super::*;
    use goishi_board::{Diagram, Geometry};

    fn names(g: &Geometry, pts: &[Point]) -> String {
        pts.iter()
            .map(|&p| g.point_name(p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Runs Benson for `color` on the diagram; returns (chains, territory) as point names.
    fn run(text: &str, color: Color, suicide: Suicide) -> (String, String) {
        let d = Diagram::parse(text, Color::Black).unwrap();
        let g = Geometry::rect(d.width, d.height).unwrap();
        let b = d.to_board(&g).unwrap();
        let pa = pass_alive_under(&b, color, suicide);
        let mut sorted = pa.chains.clone();
        sorted.sort();
        assert_eq!(sorted, pa.chains, "chains sorted");
        (names(&g, &pa.chains), names(&g, &pa.territory))
    }

    #[test]
    fn two_eyes_in_the_corner() {
        // One chain (A1 B1 A2 A3 B3 C3 D3 C2 D2 D1) with the one-point eyes B2 and C1. The
        // outside region (rows 4-5 and the E file) is not vital: E5 touches no black stone.
        let shape = "\
. . . . .
. . . . .
X X X X .
X . X X .
X X . X .";
        let (chains, territory) = run(shape, Color::Black, Suicide::Allowed);
        assert_eq!(chains, "A1 B1 D1 A2 C2 D2 A3 B3 C3 D3");
        assert_eq!(territory, "C1 B2");
        // White has no chain: nothing is alive, and a region bordering no chain is no one's.
        assert_eq!(
            run(shape, Color::White, Suicide::Allowed),
            (String::new(), String::new())
        );
    }

    #[test]
    fn one_eye_is_not_enough() {
        let shape = "\
. . . .
X X X .
X . X .
X X X .";
        assert_eq!(
            run(shape, Color::Black, Suicide::Allowed),
            (String::new(), String::new())
        );
    }

    #[test]
    fn one_big_eye_is_not_enough_two_small_ones_are() {
        // The chain fills the board but for the three-point eye B2 C2 D2: one vital region.
        let shape = "\
X X X X X
X . . . X
X X X X X";
        assert_eq!(
            run(shape, Color::Black, Suicide::Allowed),
            (String::new(), String::new())
        );
        // Split by C2: two one-point eyes.
        let shape = "\
X X X X X
X . X . X
X X X X X";
        let (chains, territory) = run(shape, Color::Black, Suicide::Allowed);
        assert_eq!(chains.split(' ').count(), 13);
        assert_eq!(territory, "B2 D2");
    }

    #[test]
    fn a_region_that_is_not_all_next_to_the_chain_is_not_vital() {
        // Black's only region is the B and C files together (B empty, C white); under the
        // all-points condition the C file is not next to the chain; under the empty-points
        // condition the region is vital, but one vital region is not enough.
        let shape = "\
X . O
X . O
X . O";
        for s in [Suicide::Forbidden, Suicide::Allowed] {
            assert_eq!(run(shape, Color::Black, s), (String::new(), String::new()));
        }
    }

    #[test]
    fn opponent_stones_in_the_eyes() {
        // The eye {D2 (white), E2} touches the chain at every point: vital under both
        // conditions, and the white stone is on Black's pass-alive territory.
        let shape = "\
X X X X X X
X . X O . X
X X X X X X";
        let (chains, territory) = run(shape, Color::Black, Suicide::Allowed);
        assert_eq!(chains.split(' ').count(), 15);
        assert_eq!(territory, "B2 D2 E2");
        // Three eyes: {B4}, {D4, D3 (white), D2} and {A1}.
        let shape = "\
X X X X X
X . X . X
X X X O X
X X X . X
. X X X X";
        let (chains, territory) = run(shape, Color::Black, Suicide::Forbidden);
        assert_eq!(chains.split(' ').count(), 20);
        assert_eq!(territory, "A1 D2 D3 B4 D4");
    }

    #[test]
    fn the_suicide_rule_decides_an_eye_with_an_inner_stone() {
        // A ring with one inner region holding a white stone at C3 that touches no black
        // stone: one region only, dead under both conditions.
        let shape = "\
X X X X X
X . . . X
X . O . X
X . . . X
X X X X X";
        for s in [Suicide::Forbidden, Suicide::Allowed] {
            assert_eq!(run(shape, Color::Black, s), (String::new(), String::new()));
        }
        // A second eye at F4. The big eye's empty points all touch the chain but its white
        // stone C3 does not: vital when the opponent may not self-capture, not otherwise.
        let shape = "\
X X X X X X X
X . . . X . X
X . O . X X X
X . . . X X X
X X X X X X X";
        let (chains, territory) = run(shape, Color::Black, Suicide::Forbidden);
        assert_eq!(chains.split(' ').count(), 25);
        // The big eye has one point (C3) away from the chain: still territory.
        assert_eq!(territory, "B2 C2 D2 B3 C3 D3 B4 C4 D4 F4");
        let (chains, _) = run(shape, Color::Black, Suicide::Allowed);
        assert_eq!(chains, "");
    }

    #[test]
    fn whole_board_and_empty_board() {
        assert_eq!(
            run(". . .\n. . .\n. . .", Color::Black, Suicide::Allowed),
            (String::new(), String::new())
        );
        // One stone on a 1x1 board: no region at all.
        assert_eq!(
            run("X", Color::Black, Suicide::Allowed),
            (String::new(), String::new())
        );
    }

    #[test]
    fn torus_and_hex() {
        // A 4x1 torus ring: X . X . wraps: the chains A1 and C1 are separate, each touching
        // both empty points B1 and D1, both one-point regions: vital to both chains.
        let g = Geometry::torus(4, 1).unwrap();
        let b = Diagram::parse("X . X .", Color::Black)
            .unwrap()
            .to_board(&g)
            .unwrap();
        let pa = pass_alive(&b, Color::Black);
        assert_eq!(names(&g, &pa.chains), "A1 C1");
        assert_eq!(names(&g, &pa.territory), "B1 D1");
        // The same row on a board with edges: D1 touches only C1, B1 touches both chains.
        // A1 has one vital region (B1), C1 has two (B1, D1): A1 dies, then B1 falls, then C1.
        let g = Geometry::rect(4, 1).unwrap();
        let b = Diagram::parse("X . X .", Color::Black)
            .unwrap()
            .to_board(&g)
            .unwrap();
        assert_eq!(pass_alive(&b, Color::Black), PassAlive::default());
        // Hex 3x1 is a row as well; hex 2x2 with black at A1 and B2 (which touch): one chain
        // with regions {B1} and {A2}, each touching both stones: alive.
        let g = Geometry::hex(2, 2).unwrap();
        let b = Diagram::parse(". X\nX .", Color::Black)
            .unwrap()
            .to_board(&g)
            .unwrap();
        let pa = pass_alive(&b, Color::Black);
        assert_eq!(names(&g, &pa.chains), "A1 B2");
        assert_eq!(names(&g, &pa.territory), "B1 A2");
    }
}
