//! The heavy policy on hand-made positions: the tactical reader (captures, escapes,
//! ladders, self-atari, true eyes), the priors, each step's answer to the last move, the 3x3
//! patterns on square and torus boards, and the same moves for a seed.

use crate::GoPosition;
use goishi_board::{Color, Diagram, FromSetup, Geometry, Move, Point, Position, Rules, Setup};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::tactics::{fix_atari, is_true_eye, self_atari, Reading, TwoLiberties};
use super::{heavy_move, matches_pattern, tree_priors, Candidates, Grid, Prior};

/// The stones of `diagram` on `geometry` (Chinese rules), White to move; then White plays
/// `last`, and it is Black's move.
fn after_white(geometry: Geometry, diagram: &str, last: &str) -> GoPosition {
    let rules = Rules::parse("go/chinese").unwrap();
    let mut setup = Setup::new(rules, geometry.clone());
    setup.board = Diagram::parse(diagram, Color::Black)
        .unwrap()
        .to_board(&geometry)
        .unwrap();
    setup.to_move = Color::White;
    let mut game = GoPosition::from_setup(setup).unwrap();
    let p = game.geometry().parse_point(last).unwrap();
    game.play_as(Color::White, Move::Place(p)).unwrap();
    game
}

fn at(game: &GoPosition, name: &str) -> Point {
    game.geometry().parse_point(name).unwrap()
}

/// Black's heavy move in `game` with the generator seeded `seed` (on a copy).
fn black_move(game: &GoPosition, seed: u64) -> Move {
    let mut copy = game.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mv = heavy_move(&mut copy, &mut rng, &mut Vec::new());
    assert_eq!(copy.history().last().map(|t| t.mv), Some(mv));
    mv
}

fn square(n: u32) -> Geometry {
    Geometry::square(n).unwrap()
}

/// In how many of 100 seeds Black's heavy move in `game` is `name`.
fn times_played(game: &GoPosition, name: &str) -> usize {
    let target = Move::Place(at(game, name));
    (0..100)
        .filter(|&seed| black_move(game, seed) == target)
        .count()
}

/// What the reader suggests for `mover` on the chain through `name`, and whether it is in
/// atari (the position unchanged after it).
fn read(game: &GoPosition, name: &str, mover: Color, reading: Reading) -> (bool, Vec<String>) {
    let mut copy = game.clone();
    let mut out = Candidates::new();
    let in_atari = fix_atari(&mut copy, at(game, name), mover, reading, &mut out);
    assert_eq!(copy.board(), game.board(), "the reader changed the board");
    assert_eq!(
        copy.history(),
        game.history(),
        "the reader changed the history"
    );
    let mut moves: Vec<String> = out
        .as_slice()
        .iter()
        .map(|&p| game.geometry().point_name(p))
        .collect();
    moves.sort();
    (in_atari, moves)
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn captures_a_stone_just_played_into_atari() {
    // White plays C3 between three black stones: its one liberty is D3.
    let game = after_white(
        square(5),
        ". . . . .
         . . X . .
         . X . . .
         . . X . .
         . . . . .",
        "C3",
    );
    assert_eq!(
        read(&game, "C3", Color::Black, Reading::PLAYOUT),
        (true, names(&["D3"]))
    );
    // Step 1 is tried in 90% of moves.
    let n = times_played(&game, "D3");
    assert!(n >= 80, "D3 in {n} of 100");
}

#[test]
fn escapes_from_atari_by_extending() {
    // White C2 puts C3 in atari; D3 gives it three liberties.
    let game = after_white(
        square(5),
        ". . . . .
         . . O . .
         . O X . .
         . . . . .
         . . . . .",
        "C2",
    );
    assert_eq!(
        read(&game, "C3", Color::Black, Reading::PLAYOUT),
        (true, names(&["D3"]))
    );
    let n = times_played(&game, "D3");
    assert!(n >= 80, "D3 in {n} of 100");
}

#[test]
fn does_not_extend_into_a_dead_end() {
    // White C2 puts C3 in atari; D3 would leave C3-D3 with the one liberty E3: no escape,
    // and the random step refuses the self-atari half the time.
    let game = after_white(
        square(5),
        ". . . . .
         . . O O .
         . O X . .
         . . . O .
         . . . . .",
        "C2",
    );
    assert_eq!(
        read(&game, "C3", Color::Black, Reading::PLAYOUT),
        (true, vec![])
    );
    let n = times_played(&game, "D3");
    assert!(n <= 10, "D3 in {n} of 100");
}

#[test]
fn escapes_by_capturing_a_neighbour_in_atari() {
    // White C5 puts C2-C3-C4 in atari (liberty D2); White C1, next to the chain and far
    // from C5, is in atari itself (liberty D1): taking it is suggested, and so is D2, which
    // gives the chain two liberties (D3 and E2) that no ladder takes away.
    let game = after_white(
        square(6),
        ". . . . . .
         . . . . . .
         . O X O . .
         . O X O . .
         . O X . . .
         . X O . . .",
        "C5",
    );
    assert_eq!(game.atari_liberty(at(&game, "C4")), Some(at(&game, "D2")));
    assert_eq!(
        read(&game, "C3", Color::Black, Reading::PLAYOUT),
        (true, names(&["D1", "D2"]))
    );
}

/// Black C3 against White B3, C4 and D4, in atari after White's C2: extending at D3 runs
/// into a ladder towards the lower edge, unless a black stone stands in its way.
const LADDER: &str = ". . . . . . .
                      . . . . . . .
                      . . . . . . .
                      . . O O . . .
                      . O X . . . .
                      . . . . . . .
                      . . . . . . .";

/// `LADDER` with its row `row` (from the top, 0-based) replaced by `line`, after White's C2.
fn ladder_with(row: usize, line: &str) -> GoPosition {
    let mut diagram: Vec<&str> = LADDER.lines().collect();
    diagram[row] = line;
    after_white(square(7), &diagram.join("\n"), "C2")
}

#[test]
fn does_not_run_into_a_ladder() {
    let game = after_white(square(7), LADDER, "C2");
    assert_eq!(game.atari_liberty(at(&game, "C3")), Some(at(&game, "D3")));
    for reading in [Reading::PLAYOUT, Reading::TREE] {
        assert_eq!(read(&game, "C3", Color::Black, reading), (true, vec![]));
    }
}

#[test]
fn escapes_when_a_stone_breaks_the_ladder() {
    // Black E2 stands on the ladder's path: D3 then escapes.
    let game = ladder_with(5, ". . . . X . .");
    assert_eq!(
        read(&game, "C3", Color::Black, Reading::PLAYOUT),
        (true, names(&["D3"]))
    );
}

/// A `size` x `size` board with these stones, then White's `last`; Black to move.
fn stones(size: u32, black: &[&str], white: &[&str], last: &str) -> GoPosition {
    let geometry = square(size);
    let mut rows = vec![vec!["."; size as usize]; size as usize];
    for (list, stone) in [(black, "X"), (white, "O")] {
        for name in list {
            let (x, y) = geometry.coords(geometry.parse_point(name).unwrap());
            rows[(size - 1 - y) as usize][x as usize] = stone;
        }
    }
    let diagram: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
    after_white(geometry, &diagram.join("\n"), last)
}

#[test]
fn reads_a_ladder_across_a_19x19_board() {
    // The ladder of `LADDER` from the upper left: it runs down and right to the lower edge,
    // 16 steps, unless Black L10 stands on its path.
    let (black, white) = (["C17"], ["B17", "C18", "D18"]);
    let game = stones(19, &black, &white, "C16");
    assert_eq!(game.atari_liberty(at(&game, "C17")), Some(at(&game, "D17")));
    assert_eq!(
        read(&game, "C17", Color::Black, Reading::TREE),
        (true, vec![])
    );
    let game = stones(19, &["C17", "L10"], &white, "C16");
    assert_eq!(
        read(&game, "C17", Color::Black, Reading::TREE),
        (true, names(&["D17"]))
    );
}

#[test]
fn the_tree_reads_ladders_on_two_liberties() {
    // Black C3-D3 has two liberties, E3 and D2; White at E3 catches it in a ladder (D2
    // would let it out at E3). The playouts read that only on the first line.
    let game = ladder_with(4, ". O X X . . .");
    // It is Black's move after White C2; read for White as the mover.
    assert_eq!(
        read(&game, "D3", Color::White, Reading::TREE),
        (false, names(&["E3"]))
    );
    assert_eq!(
        read(&game, "D3", Color::White, Reading::PLAYOUT),
        (false, vec![])
    );
}

#[test]
fn a_self_atari_of_two_stones_is_bad_and_of_one_is_not() {
    let game = after_white(
        square(5),
        ". . . . .
         . O O . .
         O X . O .
         . O . . .
         . . . . .",
        "E1",
    );
    // Black C3 joins B3 into a chain with the one liberty C2... two stones in atari.
    let mut copy = game.clone();
    assert!(copy.try_place(Color::Black, at(&game, "C3")));
    assert!(self_atari(
        &mut copy,
        at(&game, "C3"),
        Color::Black,
        TwoLiberties::OnEdge
    ));
    // Black A2: one stone, in atari (liberty A1): a throw-in, not bad.
    let mut copy = game.clone();
    assert!(copy.try_place(Color::Black, at(&game, "A2")));
    assert_eq!(copy.atari_liberty(at(&game, "A2")), Some(at(&game, "A1")));
    assert!(!self_atari(
        &mut copy,
        at(&game, "A2"),
        Color::Black,
        TwoLiberties::OnEdge
    ));
}

#[test]
fn priors_count_a_self_atari_as_lost() {
    // Black C3 would join B3 into two stones with the one liberty C2.
    let game = after_white(
        square(5),
        ". . . . .
         . O O . .
         O X . O .
         . O . . .
         . . . . .",
        "E1",
    );
    let mut moves = Vec::new();
    game.legal_moves_as(Color::Black, &mut moves);
    let mut priors = Vec::new();
    let mut reading = game.clone();
    tree_priors(&mut reading, Color::Black, &moves, &mut priors);
    assert_eq!(reading.board(), game.board());
    assert_eq!(reading.history(), game.history());
    let losses = |name: &str| {
        let mv = Move::Place(at(&game, name));
        let p = priors[moves.iter().position(|&m| m == mv).unwrap()];
        p.visits - p.wins / 2
    };
    // The even prior's 5 losses, and 10 for the self-atari.
    assert!(losses("C3") >= 15, "{}", losses("C3"));
    assert_eq!(losses("A1"), 5);
}

#[test]
fn true_and_false_eyes() {
    let game = board(
        square(5),
        ". . . . .
         . X X X .
         X . X . X
         . X . X O
         X . X . .",
    );
    let eye = |name: &str| is_true_eye(&game, at(&game, name), Color::Black);
    // B3: black all round, no white corner: true.
    assert!(eye("B3"));
    // D3: one white corner (E2): true.
    assert!(eye("D3"));
    // B1 on the edge: empty corners, and the board in place of the other two: true.
    assert!(eye("B1"));
    let game = board(
        square(5),
        ". . . . .
         . . . . .
         O X O . .
         X . X . .
         . X O . .",
    );
    let eye = |name: &str| is_true_eye(&game, at(&game, name), Color::Black);
    // B2: two white corners, A3 and C3: false (C1 White's too).
    assert!(!eye("B2"));
    assert!(game.is_own_eye(at(&game, "B2"), Color::Black));
}

#[test]
fn priors_favour_captures_and_shun_empty_edges() {
    // White C3, between three black stones, is in atari: D3 takes it.
    let game = after_white(
        square(6),
        ". . . . . .
         . . . . . .
         . . X . . .
         . X . . . .
         . . X . . .
         . . . . . .",
        "C3",
    );
    let mut moves = Vec::new();
    game.legal_moves_as(Color::Black, &mut moves);
    let mut priors = Vec::new();
    let mut reading = game.clone();
    tree_priors(&mut reading, Color::Black, &moves, &mut priors);
    assert_eq!(reading.board(), game.board());
    assert_eq!(reading.history(), game.history());
    assert_eq!(priors.len(), moves.len());
    let prior = |name: &str| -> Prior {
        let mv = Move::Place(at(&game, name));
        priors[moves.iter().position(|&m| m == mv).unwrap()]
    };
    let rate = |p: Prior| f64::from(p.wins) / (2.0 * f64::from(p.visits));
    // Every move has at least the even prior; the capture the most wins of all.
    assert!(priors
        .iter()
        .all(|p| p.visits >= 10 && p.wins <= 2 * p.visits));
    let capture = prior("D3");
    assert!(priors.iter().all(|p| p.wins <= capture.wins), "{capture:?}");
    assert!(rate(capture) > 0.9, "{capture:?}");
    // F6 is on the first line of an empty corner, far from the last move: below even.
    assert!(rate(prior("F6")) < 0.5, "{:?}", prior("F6"));
}

/// The empty points of a grid board whose neighbourhood matches a pattern.
fn pattern_points(game: &GoPosition) -> Vec<String> {
    let grid = Grid::of(game.geometry()).unwrap();
    game.geometry()
        .points()
        .filter(|&p| game.board().is_empty_at(p) && matches_pattern(game, grid, p))
        .map(|p| game.geometry().point_name(p))
        .collect()
}

/// A position of `diagram` on `geometry` (no move played), for the matcher alone.
fn board(geometry: Geometry, diagram: &str) -> GoPosition {
    let rules = Rules::parse("go/chinese").unwrap();
    let mut setup = Setup::new(rules, geometry.clone());
    setup.board = Diagram::parse(diagram, Color::Black)
        .unwrap()
        .to_board(&geometry)
        .unwrap();
    GoPosition::from_setup(setup).unwrap()
}

#[test]
fn patterns_match_in_every_rotation_and_colour() {
    // The enclosing hane (XOX over an empty row), turned a quarter: centre C3.
    let hane = ". . . . .
                . X . . .
                . O . . .
                . X . . .
                . . . . .";
    assert!(pattern_points(&board(square(5), hane)).contains(&"C3".to_owned()));
    // The same with the colours swapped.
    let swapped = hane.replace('X', "x").replace('O', "X").replace('x', "O");
    assert!(pattern_points(&board(square(5), &swapped)).contains(&"C3".to_owned()));
    // The peeped cut, as drawn (XO? / O.X / ???): centre C3.
    let cut = ". . . . .
               . X O . .
               . O . X .
               . . . . .
               . . . . .";
    assert!(pattern_points(&board(square(5), cut)).contains(&"C3".to_owned()));
    // The edge chase (X.? / O.? / ###) on the first row: centre C1.
    let chase = ". . . . .
                 . . . . .
                 . . . . .
                 . X . . .
                 . O . . .";
    assert!(pattern_points(&board(square(5), chase)).contains(&"C1".to_owned()));
}

#[test]
fn stones_of_one_colour_match_no_pattern() {
    // Every pattern has a stone of each colour.
    for diagram in [
        ". . . . .
         . . . . .
         . . . . .
         . . . . .
         . . . . .",
        ". . . . .
         . O O . .
         . O . . .
         . . . O .
         . . . . .",
        ". . . . .
         . X X X .
         . . . X .
         . X . . .
         . . . . .",
    ] {
        assert_eq!(
            pattern_points(&board(square(5), diagram)),
            Vec::<String>::new()
        );
    }
}

#[test]
fn patterns_wrap_round_a_torus() {
    // XOX in column E, the centre A3: its left neighbours are across the seam on a torus,
    // off the board on a square board.
    let diagram = ". . . . .
                   . . . . X
                   . . . . O
                   . . . . X
                   . . . . .";
    let torus = board(Geometry::torus(5, 5).unwrap(), diagram);
    assert!(pattern_points(&torus).contains(&"A3".to_owned()));
    let flat = board(square(5), diagram);
    assert!(!pattern_points(&flat).contains(&"A3".to_owned()));
}

#[test]
fn answers_with_a_pattern_around_the_last_move() {
    // White B3 between B4 and B2: nothing in atari, so the move is a pattern point around
    // B3 (C3, the enclosing hane, among them).
    let game = after_white(
        square(5),
        ". . . . .
         . X . . .
         . . . . .
         . X . . .
         . . . . .",
        "B3",
    );
    let around: Vec<String> = pattern_points(&game)
        .into_iter()
        .filter(|name| {
            let p = at(&game, name);
            let (x, y) = game.geometry().coords(p);
            let (bx, by) = game.geometry().coords(at(&game, "B3"));
            x.abs_diff(bx) <= 1 && y.abs_diff(by) <= 1
        })
        .collect();
    assert!(around.contains(&"C3".to_owned()), "{around:?}");
    // Step 2 is tried in 95% of moves.
    let near = (0..100)
        .filter(|&seed| match black_move(&game, seed) {
            Move::Place(p) => around.contains(&game.geometry().point_name(p)),
            _ => false,
        })
        .count();
    assert!(near >= 85, "a pattern point near B3 in {near} of 100");
}

#[test]
fn the_same_seed_gives_the_same_moves() {
    let rules = Rules::parse("go/chinese").unwrap();
    let start = GoPosition::from_rules(&rules, Some((9, 9))).unwrap();
    let play = |seed: u64| {
        let mut game = start.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut buf = Vec::new();
        let mut moves = Vec::new();
        while !Position::is_over(&game) && moves.len() < 243 {
            moves.push(heavy_move(&mut game, &mut rng, &mut buf));
        }
        moves
    };
    assert_eq!(play(5), play(5));
    assert_ne!(play(5), play(6));
}

/// On random positions of every kind of board and under suicide and superko rules, the
/// reader, the self-atari test and the priors leave the position exactly as they found it
/// (board, hash, history, captures, legal moves), and every move the reader suggests is
/// legal for the side it suggests it to.
#[test]
fn reading_changes_nothing_and_suggests_legal_moves() {
    let boards = [
        square(9),
        Geometry::rect(7, 5).unwrap(),
        Geometry::torus(6, 6).unwrap(),
        Geometry::hex(7, 7).unwrap(),
        Geometry::parse_graph(
            "a b\nb c\nc d\nd e\ne a\na f\nb g\nc h\nd i\ne j\nf h\nh j\nj g\ng i\ni f\nk",
            "petersen",
        )
        .unwrap(),
    ];
    let rules = [
        "go/chinese",
        "go/tromp-taylor:suicide=allowed",
        "go/chinese:ko=positional",
        "go/japanese",
    ];
    let mut suggested = 0;
    for (b, geometry) in boards.iter().enumerate() {
        for (r, text) in rules.iter().enumerate() {
            let setup = Setup::new(Rules::parse(text).unwrap(), geometry.clone());
            let mut rng = ChaCha8Rng::seed_from_u64((10 * b + r) as u64);
            for length in [10, 25, 40, 60, 90] {
                let mut game = GoPosition::from_setup(setup.clone()).unwrap();
                let mut buf = Vec::new();
                for _ in 0..length {
                    if Position::is_over(&game) {
                        break;
                    }
                    heavy_move(&mut game, &mut rng, &mut buf);
                }
                if Position::is_over(&game) {
                    continue;
                }
                let snapshot = |g: &GoPosition| {
                    let mut legal = Vec::new();
                    g.legal_moves_as(Color::Black, &mut legal);
                    g.legal_moves_as(Color::White, &mut legal);
                    (
                        g.board().clone(),
                        g.board().hash(),
                        g.history().to_vec(),
                        [g.captures(Color::Black), g.captures(Color::White)],
                        legal,
                    )
                };
                let before = snapshot(&game);
                let context = format!("{text} on {} after {length}", geometry.describe());
                for p in geometry.points() {
                    for mover in [Color::Black, Color::White] {
                        for reading in [Reading::PLAYOUT, Reading::TREE] {
                            let mut out = Candidates::new();
                            fix_atari(&mut game, p, mover, reading, &mut out);
                            assert!(snapshot(&game) == before, "{context}: reading {p:?}");
                            for &q in out.as_slice() {
                                assert!(
                                    game.check_move(mover, Move::Place(q)).is_ok(),
                                    "{context}: {mover} {q:?} suggested for {p:?}"
                                );
                                suggested += 1;
                            }
                        }
                        if game.try_place(mover, p) {
                            self_atari(&mut game, p, mover, TwoLiberties::Always);
                            game.undo();
                            assert!(snapshot(&game) == before, "{context}: self-atari {p:?}");
                        }
                    }
                }
                let color = Position::side_to_move(&game);
                let mut moves = Vec::new();
                game.legal_moves_as(color, &mut moves);
                let mut priors = Vec::new();
                tree_priors(&mut game, color, &moves, &mut priors);
                assert_eq!(priors.len(), moves.len(), "{context}");
                assert!(snapshot(&game) == before, "{context}: priors");
            }
        }
    }
    // The positions had chains to capture and save.
    assert!(suggested > 200, "{suggested} suggestions");
}
