//! The heavy policy on hand-made positions: each step's answer to the last move, the 3x3
//! patterns on square and torus boards, and the same moves for a seed.

use goishi::go::GoPosition;
use goishi::{Color, Diagram, FromSetup, Geometry, Move, Point, Position, Rules, Setup};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{heavy_move, matches_pattern, Grid};

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
    for seed in 0..20 {
        assert_eq!(black_move(&game, seed), Move::Place(at(&game, "D3")));
    }
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
    for seed in 0..20 {
        assert_eq!(black_move(&game, seed), Move::Place(at(&game, "D3")));
    }
}

#[test]
fn does_not_extend_into_a_dead_end() {
    // White C2 puts C3 in atari; D3 would leave C3-D3 with the one liberty E3, so neither
    // the escape nor the random step (no self-atari of two stones) plays it.
    let game = after_white(
        square(5),
        ". . . . .
         . . O O .
         . O X . .
         . . . O .
         . . . . .",
        "C2",
    );
    for seed in 0..40 {
        let mv = black_move(&game, seed);
        assert_ne!(mv, Move::Place(at(&game, "D3")), "seed {seed}");
        assert!(game.check_move(Color::Black, mv).is_ok());
    }
}

#[test]
fn escapes_by_capturing_a_neighbour_in_atari() {
    // White C5 puts C2-C3-C4 in atari (liberty D2); White C1, next to the chain and far
    // from C5, is in atari itself (liberty D1): taking it is the escape tried first.
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
    for seed in 0..20 {
        assert_eq!(black_move(&game, seed), Move::Place(at(&game, "D1")));
    }
}

#[test]
fn captures_a_chain_diagonal_to_the_last_move() {
    // White B2, diagonal to White's last move C3, is in atari at B3.
    let game = after_white(
        square(5),
        ". . . . .
         . . . . .
         . . . . .
         X O X . .
         . X . . .",
        "C3",
    );
    assert_eq!(game.atari_liberty(at(&game, "B2")), Some(at(&game, "B3")));
    for seed in 0..20 {
        assert_eq!(black_move(&game, seed), Move::Place(at(&game, "B3")));
    }
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
    for seed in 0..30 {
        let Move::Place(p) = black_move(&game, seed) else {
            panic!("seed {seed}: not a placement");
        };
        let name = game.geometry().point_name(p);
        assert!(
            around.contains(&name),
            "seed {seed}: {name} not in {around:?}"
        );
    }
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
