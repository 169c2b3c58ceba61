//! Counting a finished game: area, territory and stone scoring, the seki and group taxes,
//! komi, the handicap bonus and the button.
//!
//! Chains and regions use the geometry's default adjacency, so the same code counts square,
//! rectangular, torus, hex and graph boards.
//!
//! # Definitions
//!
//! After the dead stones are removed, every stone on the board counts as alive. An empty point
//! *reaches* a colour when a path of adjacent empty points leads from it to a stone of that
//! colour (Tromp-Taylor). An empty point that reaches only one colour is that colour's
//! *territory*; one that reaches both colours, or none, is *dame*.
//!
//! - `area`: stones + territory.
//! - `territory`: territory + prisoners (stones captured in play, pass stones, and the dead
//!   stones removed at the end, which are the opponent's prisoners).
//! - `stones`: stones only.
//!
//! The taxes follow KataGo's `tax SEKI` and `tax ALL` (its `Board::calculateIndependentLifeArea`):
//! give every stone its colour and every territory point its owner; a *life region* is a
//! maximal connected set of points that belong to one colour this way (stones and territory
//! together). A life region is *in seki* when one of its points touches a dame point, or when
//! one of its stones belongs to a chain with a single liberty; the other life regions are
//! *independent*.
//!
//! - `tax=seki`: territory inside a life region in seki does not count (the stones still do).
//! - `tax=all`: as `seki`, and each player pays two points for every one of their independent
//!   life regions (KataGo's "group": two chains that share an eye are one group).
//!   The tax applies under every scoring rule, stone scoring included.
//!
//! Komi goes to White; under area scoring White also receives the handicap bonus (0, N or
//! N-1 points for N handicap stones); the player who took the button receives half a point.

use std::borrow::Cow;

use goishi_board::{color_of, Board, Color, Point, Score, EMPTY};

use crate::config::{GoConfig, HandicapBonus, Scoring, Tax};

/// Everything the count of a finished game needs.
#[derive(Clone, Copy, Debug)]
pub struct ScoreParams<'a> {
    /// The final board.
    pub board: &'a Board,
    /// Stones marked dead: removed before counting; under territory scoring they count as
    /// prisoners of the opponent. Empty points and points off the board are ignored.
    pub dead: &'a [Point],
    /// The rules.
    pub config: &'a GoConfig,
    /// Stones captured by `[Black, White]` during play, pass stones included.
    pub prisoners: [u32; 2],
    /// N, the number of handicap stones.
    pub handicap: u32,
    /// Who took the button, if anyone.
    pub button: Option<Color>,
}

/// The points of each player, komi, bonuses and taxes included.
pub fn score(p: &ScoreParams) -> Score {
    // The board is copied only to take dead stones off (a random game's count has none).
    let mut board = Cow::Borrowed(p.board);
    let mut prisoners = p.prisoners;
    let n = board.geometry().num_points();
    for &d in p.dead {
        if d.index() >= n {
            continue;
        }
        if let Some(c) = board.get(d) {
            board.to_mut().remove(d, c);
            let i = c.opponent().index();
            prisoners[i] = prisoners[i].saturating_add(1);
        }
    }
    let count = Count::of(&board, p.config.tax != Tax::None);
    score_counted(p, prisoners, &count)
}

/// The score of a board counted as `count` (`p.board` with its dead stones off, `prisoners`
/// the prisoners with them): the points of each player, komi, bonuses and taxes included.
pub(crate) fn score_counted(p: &ScoreParams, prisoners: [u32; 2], count: &Count) -> Score {
    let mut points = [0.0f64; 2];
    for c in Color::ALL {
        let i = c.index();
        let territory = if p.config.tax == Tax::None {
            count.territory[i]
        } else {
            count.independent_territory[i]
        };
        let mut v = match p.config.scoring {
            Scoring::Area => f64::from(count.stones[i] + territory),
            Scoring::Territory => f64::from(territory) + f64::from(prisoners[i]),
            Scoring::Stones => f64::from(count.stones[i]),
        };
        if p.config.tax == Tax::All {
            v -= 2.0 * f64::from(count.independent_regions[i]);
        }
        points[i] = v;
    }
    let w = Color::White.index();
    points[w] += p.config.komi();
    if p.config.scoring == Scoring::Area {
        points[w] += f64::from(handicap_bonus(p.config.handicap_bonus, p.handicap));
    }
    if let Some(c) = p.button {
        points[c.index()] += 0.5;
    }
    Score {
        black: points[Color::Black.index()],
        white: points[w],
    }
}

/// The points White receives under area scoring for `handicap` stones.
pub fn handicap_bonus(rule: HandicapBonus, handicap: u32) -> u32 {
    match rule {
        HandicapBonus::Zero => 0,
        HandicapBonus::N => handicap,
        HandicapBonus::NMinusOne => handicap.saturating_sub(1),
    }
}

/// Who owns each point under Tromp-Taylor's reach rule: the stone's colour, or for an empty
/// point the one colour it reaches (`None` for dame), in point order.
pub fn ownership(board: &Board) -> Vec<Option<Color>> {
    let mut owner: Vec<Option<Color>> = board.geometry().points().map(|p| board.get(p)).collect();
    each_empty_region(board, |points, reach| {
        for p in points {
            owner[p.index()] = color_of(reach);
        }
    });
    owner
}

/// Calls `visit` with the points of each empty region (empty points connected in the default
/// adjacency) and the cell values of the stones next to it OR-ed together: `BLACK` or
/// `WHITE` when one colour reaches it, both bits when both do, `EMPTY` when none does. One
/// flood a region: the ownership and the count of every playout are made of it.
fn each_empty_region(board: &Board, mut visit: impl FnMut(&[Point], u8)) {
    let table = board.geometry().default_neighbors();
    let cells = board.cells();
    let mut seen = vec![false; cells.len()];
    let mut stack: Vec<Point> = Vec::new();
    let mut members: Vec<Point> = Vec::new();
    for (start, &cell) in cells.iter().enumerate() {
        if cell != EMPTY || seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(Point::new(start));
        members.clear();
        let mut reach = EMPTY;
        while let Some(p) = stack.pop() {
            members.push(p);
            for &q in table.of(p) {
                let c = cells[q.index()];
                if c != EMPTY {
                    reach |= c;
                } else if !seen[q.index()] {
                    seen[q.index()] = true;
                    stack.push(q);
                }
            }
        }
        visit(&members, reach);
    }
}

/// The counts the score is made of, per colour (index 0 Black, 1 White): the stones, the
/// territory by Tromp-Taylor reach, and, with the life regions, the territory of the
/// independent regions and their number (see the [module](self) docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Count {
    pub(crate) stones: [u32; 2],
    pub(crate) territory: [u32; 2],
    pub(crate) independent_territory: [u32; 2],
    pub(crate) independent_regions: [u32; 2],
}

impl Count {
    /// The counts of `board`, the life regions' only `with_regions` (their fields stay 0
    /// otherwise).
    pub(crate) fn of(board: &Board, with_regions: bool) -> Count {
        // The board keeps its stone counts.
        let mut count = Count {
            stones: [board.count(Color::Black), board.count(Color::White)],
            ..Count::default()
        };
        let cells = board.cells();
        if !with_regions {
            // Territory by Tromp-Taylor reach (the count of every playout of the search).
            each_empty_region(board, |points, reach| {
                if let Some(owner) = color_of(reach) {
                    count.territory[owner.index()] += points.len() as u32;
                }
            });
            return count;
        }
        // With the regions, the territory is read off the ownership: one flood either way.
        let owner = ownership(board);
        for (&cell, o) in cells.iter().zip(&owner) {
            if let (EMPTY, Some(c)) = (cell, o) {
                count.territory[c.index()] += 1;
            }
        }
        let table = board.geometry().default_neighbors();
        // Liberties of every chain, to spot stones in atari.
        let (chains, num_chains) = components(board, |c| c != EMPTY);
        let mut libs: Vec<Vec<Point>> = vec![Vec::new(); num_chains];
        for p in board.geometry().points() {
            if let Some(ch) = chains[p.index()] {
                for &q in table.of(p) {
                    if cells[q.index()] == EMPTY {
                        libs[ch as usize].push(q);
                    }
                }
            }
        }
        let single_liberty: Vec<bool> = libs
            .iter_mut()
            .map(|l| {
                l.sort_unstable();
                l.dedup();
                l.len() == 1
            })
            .collect();
        // Life regions: connected points of one owner.
        let n = owner.len();
        let mut region = vec![u32::MAX; n];
        let mut stack = Vec::new();
        let mut members = Vec::new();
        for start in 0..n {
            let Some(c) = owner[start] else { continue };
            if region[start] != u32::MAX {
                continue;
            }
            region[start] = start as u32;
            stack.push(Point::new(start));
            members.clear();
            let mut seki = false;
            while let Some(p) = stack.pop() {
                members.push(p);
                if let Some(ch) = chains[p.index()] {
                    if single_liberty[ch as usize] {
                        seki = true;
                    }
                }
                for &q in table.of(p) {
                    let qi = q.index();
                    if owner[qi].is_none() {
                        // Only empty points have no owner: q is dame.
                        seki = true;
                    } else if owner[qi] == Some(c) && region[qi] == u32::MAX {
                        region[qi] = start as u32;
                        stack.push(q);
                    }
                }
            }
            if !seki {
                count.independent_regions[c.index()] += 1;
                count.independent_territory[c.index()] +=
                    members.iter().filter(|m| cells[m.index()] == EMPTY).count() as u32;
            }
        }
        count
    }
}

/// Labels the connected components of the points whose cell satisfies `inside`, where a
/// stone only connects to stones of its own colour and an empty point to empty points.
/// Returns the label of each point (`None` outside) and the number of components.
pub(crate) fn components(board: &Board, inside: impl Fn(u8) -> bool) -> (Vec<Option<u32>>, usize) {
    let table = board.geometry().default_neighbors();
    let cells = board.cells();
    let n = cells.len();
    let mut labels: Vec<Option<u32>> = vec![None; n];
    let mut count = 0usize;
    let mut stack = Vec::new();
    for start in 0..n {
        if labels[start].is_some() || !inside(cells[start]) {
            continue;
        }
        let label = count as u32;
        count += 1;
        labels[start] = Some(label);
        stack.push(Point::new(start));
        while let Some(p) = stack.pop() {
            for &q in table.of(p) {
                let qi = q.index();
                if labels[qi].is_none() && cells[qi] == cells[start] {
                    labels[qi] = Some(label);
                    stack.push(q);
                }
            }
        }
    }
    (labels, count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Cycles, Ko, Suicide};
    use goishi_board::{Diagram, Geometry};

    fn config(scoring: Scoring, tax: Tax, komi: f64) -> GoConfig {
        GoConfig {
            suicide: Suicide::Allowed,
            ko: Ko::Positional,
            cycles: Cycles::Ignore,
            scoring,
            tax,
            komi_halves: (komi * 2.0) as i32,
            handicap_bonus: HandicapBonus::Zero,
            pass_stones: false,
            button: false,
        }
    }

    fn board(g: &Geometry, text: &str) -> Board {
        Diagram::parse(text, Color::Black)
            .unwrap()
            .to_board(g)
            .unwrap()
    }

    fn points(g: &Geometry, names: &[&str]) -> Vec<Point> {
        names.iter().map(|n| g.parse_point(n).unwrap()).collect()
    }

    struct Check<'a> {
        board: &'a str,
        dead: &'a [&'a str],
        scoring: Scoring,
        tax: Tax,
        komi: f64,
        prisoners: [u32; 2],
        expected: (f64, f64),
    }

    fn check(c: Check) {
        let d = Diagram::parse(c.board, Color::Black).unwrap();
        let g = Geometry::rect(d.width, d.height).unwrap();
        let b = d.to_board(&g).unwrap();
        let dead = points(&g, c.dead);
        let cfg = config(c.scoring, c.tax, c.komi);
        let s = score(&ScoreParams {
            board: &b,
            dead: &dead,
            config: &cfg,
            prisoners: c.prisoners,
            handicap: 0,
            button: None,
        });
        assert_eq!(
            (s.black, s.white),
            c.expected,
            "{:?} {:?}\n{}",
            c.scoring,
            c.tax,
            c.board
        );
    }

    // A finished 5x5 game: Black's wall on the B file, White's on the C file, no dame.
    const SPLIT: &str = "\
. X O . .
. X O . .
. X O . .
. X O . .
. X O . .";

    #[test]
    fn area_territory_stones_on_one_position() {
        // Black: 5 stones + 5 territory; White: 5 stones + 10 territory.
        for (scoring, expected) in [
            (Scoring::Area, (10.0, 15.0 + 7.5)),
            (Scoring::Territory, (5.0 + 3.0, 10.0 + 1.0 + 7.5)),
            (Scoring::Stones, (5.0, 5.0 + 7.5)),
        ] {
            check(Check {
                board: SPLIT,
                dead: &[],
                scoring,
                tax: Tax::None,
                komi: 7.5,
                prisoners: [3, 1],
                expected,
            });
        }
    }

    #[test]
    fn dead_stones_are_removed_and_become_prisoners() {
        // The white stone at A3 is dead: removed, Black's territory grows to 5, and under
        // territory scoring it is one more prisoner for Black.
        let b = "\
. X O . .
. X O . .
O X O . .
. X O . .
. X O . .";
        check(Check {
            board: b,
            dead: &["A3"],
            scoring: Scoring::Area,
            tax: Tax::None,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (10.0, 15.0),
        });
        check(Check {
            board: b,
            dead: &["A3", "D4", "A3"],
            scoring: Scoring::Territory,
            tax: Tax::None,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (6.0, 10.0),
        });
        // Without marking it, A-file points reach both colours: dame.
        check(Check {
            board: b,
            dead: &[],
            scoring: Scoring::Area,
            tax: Tax::None,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (5.0, 16.0),
        });
    }

    #[test]
    fn empty_board_and_lone_stone() {
        check(Check {
            board: ". . .\n. . .\n. . .",
            dead: &[],
            scoring: Scoring::Area,
            tax: Tax::None,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (0.0, 0.0),
        });
        check(Check {
            board: ". . .\n. X .\n. . .",
            dead: &[],
            scoring: Scoring::Area,
            tax: Tax::None,
            komi: 0.5,
            prisoners: [0, 0],
            expected: (9.0, 0.5),
        });
    }

    // A5 is dame (it touches B5 and A4); the white stone A4 has the one liberty A5.
    const SEKI: &str = "\
. X O . .
O X O . .
X X O . .
. X O . .
. X O . .";

    #[test]
    fn seki_tax_drops_territory_in_seki() {
        // Ownership: A5 dame. Black stones: B5 B4 A3 B3 B2 B1 = 6; Black territory A2 A1 = 2.
        // White stones: A4 C1..C5 = 6; White territory D1..E5 = 10.
        // Life regions: Black's region {B5,B4,A3,B3,B2,B1,A2,A1} touches dame A5 -> seki.
        // White's region {A4}: touches dame A5 -> seki. White's right region {C*, D*, E*}:
        // does it touch dame? C5 neighbours B5 (X), D5, C4: no dame. Independent.
        check(Check {
            board: SEKI,
            dead: &[],
            scoring: Scoring::Area,
            tax: Tax::None,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (8.0, 16.0),
        });
        check(Check {
            board: SEKI,
            dead: &[],
            scoring: Scoring::Area,
            tax: Tax::Seki,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (6.0, 16.0),
        });
        check(Check {
            board: SEKI,
            dead: &[],
            scoring: Scoring::Territory,
            tax: Tax::Seki,
            komi: 0.0,
            prisoners: [1, 2],
            expected: (1.0, 12.0),
        });
        check(Check {
            board: SEKI,
            dead: &[],
            scoring: Scoring::Territory,
            tax: Tax::None,
            komi: 0.0,
            prisoners: [1, 2],
            expected: (3.0, 12.0),
        });
        // tax=all: White has one independent region (-2), Black none.
        check(Check {
            board: SEKI,
            dead: &[],
            scoring: Scoring::Area,
            tax: Tax::All,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (6.0, 14.0),
        });
        check(Check {
            board: SEKI,
            dead: &[],
            scoring: Scoring::Stones,
            tax: Tax::All,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (6.0, 4.0),
        });
        // Stone scoring has no territory to drop: tax=seki changes nothing.
        check(Check {
            board: SEKI,
            dead: &[],
            scoring: Scoring::Stones,
            tax: Tax::Seki,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (6.0, 6.0),
        });
    }

    #[test]
    fn atari_stone_makes_a_seki_region() {
        // No dame: A1 is Black's territory. The black chains A2 and B1 have the one liberty
        // A1, so Black's life region {A2, A1, B1} is in seki. (White B2 has no liberty at all:
        // play cannot reach this board, but it still counts.)
        let b = "X O\n. X";
        check(Check {
            board: b,
            dead: &[],
            scoring: Scoring::Area,
            tax: Tax::None,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (3.0, 1.0),
        });
        check(Check {
            board: b,
            dead: &[],
            scoring: Scoring::Area,
            tax: Tax::Seki,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (2.0, 1.0),
        });
        // White's region {B2} has no dame neighbour and its chain has no liberty (not one):
        // independent, so it pays the group tax.
        check(Check {
            board: b,
            dead: &[],
            scoring: Scoring::Area,
            tax: Tax::All,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (2.0, -1.0),
        });
    }

    #[test]
    fn group_tax_counts_groups_sharing_an_eye_once() {
        // Two black chains (A-file and C-file) share the eye region B-file: one group.
        // White has one group on the right.
        let b = "\
X . X O .
X . X O .
X . X O .";
        // Black: stones 6, territory B1..B3 = 3; White: stones 3, territory E = 3.
        check(Check {
            board: b,
            dead: &[],
            scoring: Scoring::Area,
            tax: Tax::All,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (9.0 - 2.0, 6.0 - 2.0),
        });
        check(Check {
            board: b,
            dead: &[],
            scoring: Scoring::Territory,
            tax: Tax::All,
            komi: 0.0,
            prisoners: [0, 0],
            expected: (3.0 - 2.0, 3.0 - 2.0),
        });
    }

    #[test]
    fn komi_handicap_bonus_and_button() {
        let g = Geometry::square(5).unwrap();
        let b = board(&g, SPLIT);
        let mut cfg = config(Scoring::Area, Tax::None, 0.5);
        for (rule, n, bonus) in [
            (HandicapBonus::Zero, 4, 0.0),
            (HandicapBonus::N, 4, 4.0),
            (HandicapBonus::NMinusOne, 4, 3.0),
            (HandicapBonus::NMinusOne, 0, 0.0),
            (HandicapBonus::N, 0, 0.0),
        ] {
            cfg.handicap_bonus = rule;
            cfg.scoring = Scoring::Area;
            let s = score(&ScoreParams {
                board: &b,
                dead: &[],
                config: &cfg,
                prisoners: [0, 0],
                handicap: n,
                button: Some(Color::Black),
            });
            assert_eq!((s.black, s.white), (10.5, 15.5 + bonus), "{rule:?} {n}");
            // The bonus is for area scoring only.
            cfg.scoring = Scoring::Territory;
            let s = score(&ScoreParams {
                board: &b,
                dead: &[],
                config: &cfg,
                prisoners: [0, 0],
                handicap: n,
                button: Some(Color::White),
            });
            assert_eq!((s.black, s.white), (5.0, 11.0), "{rule:?} {n}");
        }
    }

    #[test]
    fn results_in_sgf_form() {
        let g = Geometry::square(5).unwrap();
        let b = board(&g, SPLIT);
        for (komi, re) in [(-5.0, "0"), (7.5, "W+12.5"), (-8.0, "B+3")] {
            let cfg = config(Scoring::Area, Tax::None, komi);
            let s = score(&ScoreParams {
                board: &b,
                dead: &[],
                config: &cfg,
                prisoners: [0, 0],
                handicap: 0,
                button: None,
            });
            assert_eq!(s.result().to_string(), re);
        }
    }

    #[test]
    fn torus_hex_and_graph_boards() {
        // On a 3x3 torus the empty points of the A and C files join round the edge and reach
        // both colours: dame.
        let g = Geometry::torus(3, 3).unwrap();
        let b = board(&g, ". X .\n. X .\n. X O");
        let cfg = config(Scoring::Area, Tax::None, 0.0);
        let s = score(&ScoreParams {
            board: &b,
            dead: &[],
            config: &cfg,
            prisoners: [0, 0],
            handicap: 0,
            button: None,
        });
        assert_eq!((s.black, s.white), (3.0, 1.0));
        // Hex: A1's neighbours are A2 and B1 only.
        let g = Geometry::hex(2, 2).unwrap();
        let b = board(&g, "X .\n. X");
        // A1 touches A2 and B1; B2 touches A2 and B1: both reach only Black.
        let s = score(&ScoreParams {
            board: &b,
            dead: &[],
            config: &cfg,
            prisoners: [0, 0],
            handicap: 0,
            button: None,
        });
        assert_eq!((s.black, s.white), (4.0, 0.0));
        // A graph: a - b - c, and an isolated d. Black on b: a and c are Black's; d reaches
        // nothing: dame.
        let g = Geometry::parse_graph("a b\nb c\nd\n", "test").unwrap();
        let mut b = Board::new(g.clone());
        b.set(g.parse_point("b").unwrap(), Some(Color::Black));
        let s = score(&ScoreParams {
            board: &b,
            dead: &[],
            config: &cfg,
            prisoners: [0, 0],
            handicap: 0,
            button: None,
        });
        assert_eq!((s.black, s.white), (3.0, 0.0));
        assert_eq!(
            ownership(&b),
            vec![
                Some(Color::Black),
                Some(Color::Black),
                Some(Color::Black),
                None
            ]
        );
    }

    /// The count's one flood of each empty region gives the stones and territory that the
    /// point-by-point ownership gives, on random boards of every kind.
    #[test]
    fn the_count_agrees_with_the_ownership() {
        use rand::{Rng, SeedableRng};
        let geometries = [
            Geometry::square(9).unwrap(),
            Geometry::rect(7, 3).unwrap(),
            Geometry::torus(5, 5).unwrap(),
            Geometry::hex(4, 4).unwrap(),
            Geometry::parse_graph("a b\nb c\nc a\nd\ne a\n", "test").unwrap(),
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for g in &geometries {
            for density in [0.1, 0.5, 0.9] {
                let mut b = Board::new(g.clone());
                for p in g.points() {
                    if rng.random::<f64>() < density {
                        let c = if rng.random::<bool>() {
                            Color::Black
                        } else {
                            Color::White
                        };
                        b.set(p, Some(c));
                    }
                }
                let mut expected = Count::default();
                for (i, owner) in ownership(&b).iter().enumerate() {
                    if let Some(c) = owner {
                        if b.cells()[i] == EMPTY {
                            expected.territory[c.index()] += 1;
                        } else {
                            expected.stones[c.index()] += 1;
                        }
                    }
                }
                assert_eq!(Count::of(&b, false), expected, "{}", b.diagram());
                // With the regions, the same stones and territory.
                let with = Count::of(&b, true);
                assert_eq!(
                    (with.stones, with.territory),
                    (expected.stones, expected.territory),
                    "{}",
                    b.diagram()
                );
            }
        }
    }

    #[test]
    fn dead_points_off_the_board_are_ignored() {
        let g = Geometry::square(3).unwrap();
        let b = board(&g, ". . .\n. X .\n. . .");
        let cfg = config(Scoring::Territory, Tax::None, 0.0);
        let s = score(&ScoreParams {
            board: &b,
            dead: &[Point::new(500), Point::new(0)],
            config: &cfg,
            prisoners: [0, 0],
            handicap: 0,
            button: None,
        });
        assert_eq!((s.black, s.white), (8.0, 0.0));
    }
}
