//! Hostile arguments to the public API of `GoPosition` and its setup: points off the board,
//! boards the rules do not name, counts at the ends of their types. Each gets an answer or a
//! typed error, never a panic.

use goishi_board::{
    BoardKind, Color, FromSetup, Geometry, Move, Point, Position, Rules, Setup, SetupError,
};
use goishi_go_rules::scoring::{score, ScoreParams};
use goishi_go_rules::{GoConfig, GoPosition};

fn game(rules: &str, size: u32) -> GoPosition {
    GoPosition::from_rules(&Rules::parse(rules).unwrap(), Some((size, size))).unwrap()
}

#[test]
fn queries_about_points_off_the_board_answer() {
    let mut g = game("chinese", 9);
    g.play(Move::Place(Point::new(40))).unwrap();
    let before = (g.board().clone(), g.history().to_vec());
    for i in [81, 82, 162, 65_535, usize::MAX] {
        let p = Point::new(i);
        assert!(!g.is_own_eye(p, Color::Black), "{i}");
        assert!(!g.is_playout_eye(p, Color::Black), "{i}");
        assert_eq!(g.liberties(p), 0, "{i}");
        assert!(g.chain_points(p).is_empty(), "{i}");
        assert!(!g.try_place(Color::White, p), "{i}");
        assert!(g.check_move(Color::White, Move::Place(p)).is_err(), "{i}");
        assert!(g.play(Move::Place(p)).is_err(), "{i}");
        assert_eq!(g.geometry().sgf_coord(p), None);
        assert!(g.geometry().point_name(p).starts_with('#'));
    }
    assert_eq!((g.board().clone(), g.history().to_vec()), before);
}

#[test]
fn a_board_the_rules_do_not_name_is_refused() {
    // board=hex on a square board: a record would replay on another board.
    let mut rules = Rules::parse("tromp-taylor").unwrap();
    rules.set_board(Some(BoardKind::Hex));
    let square = Geometry::square(5).unwrap();
    let e = GoPosition::from_setup(Setup::new(rules.clone(), square.clone())).unwrap_err();
    assert_eq!(
        e.0,
        [SetupError::BoardMismatch {
            board: "5x5".to_owned(),
            rules_board: Some(BoardKind::Hex),
            rules_size: None
        }]
    );
    assert_eq!(
        e.to_string(),
        "the board is a 5x5 board, but the rules say board=hex"
    );
    let e = Setup::new(rules, square).into_position().unwrap_err();
    assert_eq!(e.0.len(), 1, "{e}");
    // size=9 on a 5x5 board.
    let rules = Rules::parse("tromp-taylor:size=9").unwrap();
    let e = Setup::new(rules.clone(), Geometry::square(5).unwrap())
        .into_position()
        .unwrap_err();
    assert!(e.to_string().contains("size=9x9"), "{e}");
    // The rules' own geometry is accepted.
    let geometry = rules.geometry(None).unwrap();
    assert!(Setup::new(rules, geometry).into_position().is_ok());
}

#[test]
fn prisoners_at_the_top_of_u32_do_not_overflow() {
    let g = game("japanese", 5);
    let mut board = g.board().clone();
    let a1 = board.geometry().parse_point("A1").unwrap();
    board.set(a1, Some(Color::Black));
    let config = GoConfig::from_rules(&Rules::parse("japanese").unwrap()).unwrap();
    let s = score(&ScoreParams {
        board: &board,
        dead: &[a1, a1, Point::new(usize::MAX)],
        prisoners: [u32::MAX; 2],
        config: &config,
        handicap: 0,
        button: None,
    });
    assert!(s.white.is_finite() && s.black.is_finite());
}
