//! The engine against a plain reference implementation written straight from the spec
//! (flood fills, whole boards kept in the history), on seeded random games under every ko
//! and suicide rule and on every kind of geometry. After every move both must agree on the
//! board, the legal moves (with the reason for each illegal point), the end of the game and
//! the captures; undo must give back exactly the earlier position.
//!
//! `GOISHI_SLOW=1` plays many more games. A failure prints the seed and the moves.

#[path = "../support/reference.rs"]
mod model;

use goishi_board::{
    color_of, Board, Color, FromSetup, Geometry, Move, Point, Position, Rules, Setup,
};
use goishi_go_rules::{GoConfig, GoPosition, Ko, Suicide};
use model::{check_action_bits, check_try_place, Reference};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn geometries() -> Vec<Geometry> {
    vec![
        Geometry::square(3).unwrap(),
        Geometry::square(4).unwrap(),
        Geometry::rect(5, 3).unwrap(),
        Geometry::square(7).unwrap(),
        Geometry::torus(4, 4).unwrap(),
        Geometry::torus(3, 5).unwrap(),
        Geometry::hex(4, 4).unwrap(),
        Geometry::parse_graph("a b\nb c\nc d\nd a\na c\nd e\ne f\nf g\ng e\nh\n", "test").unwrap(),
        Geometry::square(1).unwrap(),
        Geometry::square(2).unwrap(),
        wheel(70),
    ]
}

/// A hub joined to `spokes` points that form a ring: a point with more neighbours than the
/// engine's mask of captured neighbours has bits.
fn wheel(spokes: usize) -> Geometry {
    let text: String = (0..spokes)
        .map(|i| format!("hub s{i}\ns{i} s{}\n", (i + 1) % spokes))
        .collect();
    Geometry::parse_graph(&text, "wheel").unwrap()
}

fn run(seed: u64, geometry: &Geometry, rules: &Rules, moves_cap: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let setup = Setup::new(rules.clone(), geometry.clone());
    let config = GoConfig::from_rules(rules).unwrap();
    let mut game = GoPosition::from_setup(setup.clone()).unwrap();
    let mut reference = Reference::new(&setup, config);
    let mut snapshots: Vec<(Board, Vec<Move>, [u32; 2])> = Vec::new();
    let mut moves = Vec::new();
    let mut played: Vec<String> = Vec::new();
    let context = |played: &[String]| {
        format!(
            "seed {seed}, {} on {}, moves: {}",
            rules,
            geometry.describe(),
            played.join(" ")
        )
    };
    for _ in 0..moves_cap {
        let side = game.side_to_move();
        // The context of the point checks, written once a move rather than once a point.
        let here = context(&played);
        // Legality, point by point, with the reasons.
        for (p, expected, made) in reference.legal(side) {
            let got = game.check_move(side, Move::Place(Point::new(p)));
            assert_eq!(
                got,
                expected,
                "{}: {} at {}",
                context(&played),
                side,
                geometry.point_name(Point::new(p))
            );
            // Playing it agrees (the engine plays superko candidates and takes them back),
            // and a refused play leaves everything as it was.
            let before = (
                game.board().clone(),
                game.history().len(),
                [game.captures(Color::Black), game.captures(Color::White)],
                game.empty_points().to_vec(),
            );
            match game.play_as(side, Move::Place(Point::new(p))) {
                Ok(_) => {
                    assert!(expected.is_ok(), "{}: played {p}", context(&played));
                    game.undo().unwrap();
                }
                Err(e) => assert_eq!(Err(e.reason), expected, "{}", context(&played)),
            }
            let after = (
                game.board().clone(),
                game.history().len(),
                [game.captures(Color::Black), game.captures(Color::White)],
                game.empty_points().to_vec(),
            );
            assert_eq!(after, before, "{}: tried {p}", context(&played));
            assert_eq!(game.side_to_move(), side, "{}", context(&played));
            // The playouts' entry, with quick answers of its own, agrees too.
            check_try_place(&mut game, side, p, made.as_deref(), &here);
        }
        assert_eq!(game.is_over(), reference.over, "{}", context(&played));
        reference.check_chain_reads(&game, &context(&played));
        if game.is_over() {
            check_action_bits(&game, &[], &context(&played));
            break;
        }
        game.legal_moves(&mut moves);
        // The list is the points `check_move` allows, in point order, then a pass.
        let allowed: Vec<Move> = geometry
            .points()
            .map(Move::Place)
            .filter(|&mv| game.check_move(side, mv).is_ok())
            .chain([Move::Pass])
            .collect();
        assert_eq!(moves, allowed, "{}: legal list", context(&played));
        check_action_bits(&game, &moves, &context(&played));
        snapshots.push((
            game.board().clone(),
            moves.clone(),
            [game.captures(Color::Black), game.captures(Color::White)],
        ));
        // Pass now and then, more often when few moves are left.
        let mv = if rng.random_range(0..moves.len().max(2) + 3) < 2 {
            Move::Pass
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        played.push(format!("{} {}", side, mv.name(geometry)));
        game.play(mv).unwrap();
        reference.play(side, mv);
        assert_eq!(
            game.board().cells(),
            reference.cells.as_slice(),
            "{}",
            context(&played)
        );
        assert_eq!(
            game.board().hash(),
            game.board().recompute_hash(),
            "{}",
            context(&played)
        );
        assert_eq!(
            [game.captures(Color::Black), game.captures(Color::White)],
            reference.captures,
            "{}",
            context(&played)
        );
        // Undo and redo now and then: everything must come back.
        if rng.random_range(0..4) == 0 {
            let turn = game.undo().unwrap();
            let (board, legal, captures) = snapshots.last().unwrap();
            assert_eq!(game.board(), board, "{} (after undo)", context(&played));
            assert_eq!(game.board().hash(), board.hash(), "{}", context(&played));
            let mut again = Vec::new();
            game.legal_moves(&mut again);
            assert_eq!(
                &again,
                legal,
                "{} (legal moves after undo)",
                context(&played)
            );
            assert_eq!(
                [game.captures(Color::Black), game.captures(Color::White)],
                *captures
            );
            game.play_as(turn.color, turn.mv).unwrap();
        }
    }
    // Undo the whole game: back to the setup.
    while game.undo().is_some() {}
    assert_eq!(game.board(), &setup.board, "{}", context(&played));
    let _ = color_of(0);
}

fn games() -> u64 {
    if std::env::var_os("GOISHI_SLOW").is_some() {
        40
    } else {
        3
    }
}

/// Games per rule on a geometry: fewer on the large wheel, whose flood fills make the
/// reference slow.
fn games_on(g: &Geometry) -> u64 {
    if g.num_points() > 64 {
        games().div_ceil(10)
    } else {
        games()
    }
}

#[test]
fn engine_matches_reference_under_every_ko_and_suicide_rule() {
    let geometries = geometries();
    let mut seed = 0;
    for ko in Ko::NAMES {
        for suicide in Suicide::NAMES {
            let rules =
                Rules::parse(&format!("go/tromp-taylor:ko={ko},suicide={suicide}")).unwrap();
            for g in &geometries {
                for _ in 0..games_on(g) {
                    seed += 1;
                    run(seed, g, &rules, 3 * g.num_points() + 20);
                }
            }
        }
    }
}

#[test]
fn engine_matches_reference_with_cycles_button_and_pass_stones() {
    let geometries = geometries();
    let mut seed = 10_000;
    for extra in [
        "ko=simple,cycles=no-result",
        "ko=positional,cycles=no-result",
        "ko=none,cycles=no-result,suicide=allowed",
        "button=true",
        "pass-stones=true,ko=situational",
        "button=true,ko=spight",
    ] {
        let rules = Rules::parse(&format!("go/tromp-taylor:{extra}")).unwrap();
        for g in &geometries {
            for _ in 0..games_on(g) {
                seed += 1;
                run(seed, g, &rules, 3 * g.num_points() + 20);
            }
        }
    }
}
