//! The dead-stone estimate: Benson's certain verdicts on known shapes, playout verdicts, seki,
//! determinism, every geometry and family, and the degenerate boards.

use crate::common;

use goishi::go::GoPosition;
use goishi::{Color, Diagram, FromSetup, Geometry, Move, Point, Position, Setup};
use goishi_play::{estimate_dead, estimate_dead_dyn, DeadConfig, Judgement, StoneStatus};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A Go position of `rules` on `geometry` with the stones of `diagram`, Black to move.
fn go(rules: &str, geometry: Geometry, diagram: &str) -> GoPosition {
    let rules = goishi::registry().parse_rules(rules).unwrap();
    let mut setup = Setup::new(rules, geometry.clone());
    setup.board = Diagram::parse(diagram, Color::Black)
        .unwrap()
        .to_board(&geometry)
        .unwrap();
    GoPosition::from_setup(setup).unwrap()
}

/// `position` after two passes: a game that has ended.
fn ended(mut position: GoPosition) -> GoPosition {
    position.play(Move::Pass).unwrap();
    position.play(Move::Pass).unwrap();
    assert!(position.is_over());
    position
}

fn names(position: &dyn Position, points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| position.geometry().point_name(p))
        .collect::<Vec<_>>()
        .join(" ")
}

fn at(position: &dyn Position, name: &str) -> Point {
    position.geometry().parse_point(name).unwrap()
}

fn config(playouts: usize, seed: u64) -> DeadConfig {
    DeadConfig {
        playouts,
        seed,
        ..DeadConfig::default()
    }
}

/// Checks what holds of every judgement of `position`: one status per point, a status for
/// exactly the stones, ownership in [-1, 1], the certain points' ownership exact, the score
/// the position's own with the dead stones off.
fn check_consistent(position: &dyn Position, j: &Judgement) {
    let board = position.board();
    let n = position.geometry().num_points();
    assert_eq!(j.statuses().len(), n);
    assert_eq!(j.ownership().len(), n);
    for p in position.geometry().points() {
        assert_eq!(board.get(p).is_some(), j.status(p).is_some(), "{p:?}");
        let o = j.ownership()[p.index()];
        assert!((-1.0..=1.0).contains(&o), "{o}");
        if j.is_certain(p) {
            assert_eq!(o.abs(), 1.0);
        }
    }
    assert_eq!(j.score(position), position.score(&j.dead_points()));
    let total = j.dead_points().len() + j.seki_points().len() + j.alive_points().len();
    assert_eq!(
        total,
        (board.count(Color::Black) + board.count(Color::White)) as usize
    );
}

/// Black's group on the A-C files (eyes A1 A3 A5 A7 A9), White's on G-J (eyes J1 J3 J5 J7
/// J9), the D-F files dame: both pass-alive.
const WALLS: &str = "\
. X X . . . O O .
X X X . . . O O O
. X X . . . O O .
X X X . . . O O O
. X X . . . O O .
X X X . . . O O O
. X X . . . O O .
X X X . . . O O O
. X X . . . O O .";

#[test]
fn two_eyed_groups_are_alive_with_certainty() {
    let game = ended(go("go/chinese", Geometry::square(9).unwrap(), WALLS));
    let j = estimate_dead(&game, &config(200, 1));
    check_consistent(&game, &j);
    assert!(j.dead_points().is_empty());
    assert!(j.seki_points().is_empty());
    for p in game.geometry().points() {
        if game.board().get(p).is_some() {
            assert!(j.is_certain(p), "{}", game.geometry().point_name(p));
        }
    }
    assert_eq!(j.score(&game), game.score(&[]));
    assert_eq!(j.playouts(), 200);
}

#[test]
fn stones_inside_pass_alive_territory_are_dead_with_certainty() {
    // A White stone on Black's eye A8 (now A7-A9), a Black one on White's eye J2 (now J1-J3).
    let mut diagram: Vec<String> = WALLS.lines().map(str::to_owned).collect();
    diagram[1] = "O X X . . . O O O".to_owned(); // A8 white
    diagram[7] = "X X X . . . O O X".to_owned(); // J2 black
    let game = ended(go(
        "go/japanese",
        Geometry::square(9).unwrap(),
        &diagram.join("\n"),
    ));
    // With no playout at all, Benson alone decides them.
    for playouts in [0, 100] {
        let j = estimate_dead(&game, &config(playouts, 3));
        check_consistent(&game, &j);
        assert_eq!(names(&game, &j.dead_points()), "J2 A8");
        assert!(j.is_certain(at(&game, "A8")) && j.is_certain(at(&game, "J2")));
        assert_eq!(j.ownership()[at(&game, "A8").index()], 1.0);
        assert_eq!(j.ownership()[at(&game, "J2").index()], -1.0);
        // Territory scoring: the dead stones are prisoners and their points territory.
        let plain = game.score(&[]);
        let judged = j.score(&game);
        assert!(judged.black > plain.black && judged.white > plain.white);
    }
}

#[test]
fn stones_in_open_territory_die_by_the_playouts() {
    // Black's wall on the D file, White's on the E file, nothing pass-alive; a White stone
    // at B5 in Black's area, a Black stone at H5 in White's.
    let diagram = "\
. . . X O . . . .
. . . X O . . . .
. . . X O . . . .
. . . X O . . . .
. O . X O . . X .
. . . X O . . . .
. . . X O . . . .
. . . X O . . . .
. . . X O . . . .";
    let game = ended(go("go/chinese", Geometry::square(9).unwrap(), diagram));
    let j = estimate_dead(&game, &DeadConfig::default());
    check_consistent(&game, &j);
    assert_eq!(names(&game, &j.dead_points()), "B5 H5");
    assert!(!j.is_certain(at(&game, "B5")));
    assert_eq!(j.status(at(&game, "D5")), Some(StoneStatus::Alive));
    assert_eq!(j.status(at(&game, "E5")), Some(StoneStatus::Alive));
    // Area scoring: Black's four files, White's five and komi.
    let score = j.score(&game);
    assert_eq!(score.black, 36.0);
    assert_eq!(score.white, 45.0 + 7.5);
}

#[test]
fn a_seki_is_reported_and_counted_alive() {
    // Black's wall A-B (eyes A2 A4 A6), White's F-G (eyes G2 G4 G6); in between White's C file
    // with D2-D6 and Black's E file share the liberties D1 and D7: neither can fill one.
    let diagram = "\
X X O . X O O
. X O O X O .
X X O O X O O
. X O O X O .
X X O O X O O
. X O O X O .
X X O . X O O";
    let game = ended(go("go/japanese", Geometry::square(7).unwrap(), diagram));
    for seed in 0..4 {
        let j = estimate_dead(&game, &config(300, seed));
        check_consistent(&game, &j);
        assert!(j.dead_points().is_empty(), "seed {seed}");
        let seki = names(&game, &j.seki_points());
        assert_eq!(
            seki.split(' ').count(),
            7 + 5 + 7,
            "seed {seed}: seki {seki}"
        );
        assert_eq!(j.status(at(&game, "C4")), Some(StoneStatus::Seki));
        assert_eq!(j.status(at(&game, "E4")), Some(StoneStatus::Seki));
        assert_eq!(j.status(at(&game, "B4")), Some(StoneStatus::Alive));
        assert!(j.is_certain(at(&game, "B4")));
    }
}

#[test]
fn benson_on_a_torus() {
    // Black rings on rows 1, 3 and 5 of a 5x5 torus (rows 5 and 1 touch: one chain), a White
    // stone at C2 on Black's territory: row 2 and row 4 are both vital to both chains.
    let diagram = "\
X X X X X
. . . . .
X X X X X
. . O . .
X X X X X";
    let game = ended(go(
        "go/chinese:board=torus",
        Geometry::torus(5, 5).unwrap(),
        diagram,
    ));
    let j = estimate_dead(&game, &config(50, 0));
    check_consistent(&game, &j);
    assert_eq!(names(&game, &j.dead_points()), "C2");
    assert!(j.is_certain(at(&game, "C2")));
    assert!(j.is_certain(at(&game, "A1")) && j.is_certain(at(&game, "A3")));
    // On a board with edges the same stones are not pass-alive (row 5 and row 1 do not
    // touch), and the playouts judge.
    let flat = ended(go("go/chinese", Geometry::square(5).unwrap(), diagram));
    let j = estimate_dead(&flat, &config(50, 0));
    check_consistent(&flat, &j);
    assert!(!j.is_certain(at(&flat, "C2")));
}

#[test]
fn the_estimate_is_deterministic_for_a_seed_and_a_budget() {
    let game = random_game("go/chinese", Some((9, 9)), 7, 60);
    let a = estimate_dead_dyn(&*game, &config(300, 11));
    let b = estimate_dead_dyn(&*game, &config(300, 11));
    assert_eq!(a, b);
    // Through the trait object, the concrete type runs.
    let concrete = game.as_any().downcast_ref::<GoPosition>().unwrap();
    assert_eq!(estimate_dead(concrete, &config(300, 11)), a);
    // The boxed fallback (its own order of empty points) is deterministic too.
    let boxed = estimate_dead(&game, &config(300, 11));
    assert_eq!(estimate_dead(&game, &config(300, 11)), boxed);
    // Another seed gives other playouts (the ownership differs somewhere on an open board).
    let c = estimate_dead_dyn(&*game, &config(300, 12));
    assert_ne!(a.ownership(), c.ownership());
}

/// `rules` after `moves` random moves of seed `seed` (fewer if the game ends).
fn random_game(
    rules: &str,
    size: Option<(u32, u32)>,
    seed: u64,
    moves: usize,
) -> Box<dyn Position> {
    let mut game = common::game(rules, size);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..moves {
        if game.is_over() {
            break;
        }
        let color = game.side_to_move();
        let mv = common::random_move(&*game, color, &mut rng);
        game.play_as(color, mv).unwrap();
    }
    game
}

#[test]
fn every_geometry_and_family() {
    let seed = common::seed();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let cases = [
        ("go/chinese", Some((9, 9))),
        ("go/japanese", Some((7, 5))),
        ("go/chinese:board=torus", Some((7, 7))),
        ("go/japanese:board=hex", Some((6, 6))),
        ("go/tromp-taylor:suicide=allowed", Some((5, 5))),
        ("capture/atari-go", Some((7, 7))),
        ("capture/atari-go:board=torus", Some((6, 6))),
        ("contact/2b", Some((7, 7))),
        ("contact/3b:board=hex", Some((5, 5))),
    ];
    for (rules, size) in cases {
        for moves in [0, 20, 400] {
            let game = random_game(rules, size, rng.random(), moves);
            let j = estimate_dead_dyn(&*game, &config(40, rng.random()));
            check_consistent(&*game, &j);
            if !game.rules().variant().capabilities.counts_dead_stones {
                // Nothing is dead, no playout is run.
                assert!(
                    j.dead_points().is_empty() && j.seki_points().is_empty(),
                    "{rules}"
                );
                assert_eq!(j.playouts(), 0, "{rules}");
            } else {
                assert_eq!(j.playouts(), 40, "{rules}");
            }
        }
    }
    // A graph board.
    let graph = Geometry::parse_graph("a b\nb c\nc d\nd a\nd e\ne f\nf g\ng e\nh\n", "g").unwrap();
    let rules = goishi::registry().parse_rules("go/chinese").unwrap();
    let game = Setup::new(rules, graph).into_position().unwrap();
    let mut game: Box<dyn Position> = game;
    for _ in 0..6 {
        let color = game.side_to_move();
        let mv = common::random_move(&*game, color, &mut rng);
        game.play_as(color, mv).unwrap();
    }
    let j = estimate_dead_dyn(&*game, &config(40, 1));
    check_consistent(&*game, &j);
}

#[test]
fn degenerate_boards_get_an_answer() {
    // One point: no stone can stand on it; the playouts pass at once.
    let point = Geometry::parse_graph("a\n", "one point").unwrap();
    let rules = goishi::registry().parse_rules("go/chinese").unwrap();
    let mut game = Setup::new(rules, point).into_position().unwrap();
    let j = estimate_dead_dyn(&*game, &config(10, 0));
    check_consistent(&*game, &j);
    game.play(Move::Pass).unwrap();
    game.play(Move::Pass).unwrap();
    let j = estimate_dead_dyn(&*game, &config(10, 0));
    check_consistent(&*game, &j);
    assert!(j.dead_points().is_empty());
    // An empty board, ended at once: nothing to judge, the playouts fill it.
    let game = ended(go(
        "go/chinese",
        Geometry::square(5).unwrap(),
        ". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .",
    ));
    let j = estimate_dead(&game, &config(20, 0));
    check_consistent(&game, &j);
    assert!(j.dead_points().is_empty());
    // A full board: Black everywhere but its two eyes; no move is left for either side but
    // a pass.
    let full = ended(go(
        "go/chinese",
        Geometry::square(3).unwrap(),
        "X X X\n. X .\nX X X",
    ));
    let j = estimate_dead(&full, &config(20, 0));
    check_consistent(&full, &j);
    assert!(j.dead_points().is_empty());
    assert!(j.is_certain(at(&full, "A1")));
    assert!(j.ownership().iter().all(|&o| o == 1.0));
    // Contact capture accepts a board full of stones.
    let rules = goishi::registry().parse_rules("contact/2b").unwrap();
    let mut setup = Setup::new(rules, Geometry::square(2).unwrap());
    setup.board = Diagram::parse("X O\nO X", Color::Black)
        .unwrap()
        .to_board(&Geometry::square(2).unwrap())
        .unwrap();
    let game = setup.into_position().unwrap();
    let j = estimate_dead_dyn(&*game, &DeadConfig::default());
    check_consistent(&*game, &j);
    assert_eq!(j.ownership(), &[-1.0, 1.0, 1.0, -1.0]);
}
