//! The key correctness check: the engine's incremental capture computation against a plain
//! implementation of the spec's rule, on random positions reached by random play and undo,
//! under every protection, scope, threshold and contact kind, on every geometry.
//!
//! Seeded and reproducible: the seed is printed; set `CONTACT_SEED=<n>` to replay one.

#[path = "../support/reference.rs"]
mod model;

use goishi_board::{Adjacency, Board, Color, FromSetup, Geometry, Move, Point, Position, Setup};
use goishi_contact_capture::{ContactPosition, Ko};
use model::{cells, naive_legal, reference, rules_for, NaiveRule, Params, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_graph(rng: &mut ChaCha8Rng, hub: bool) -> Geometry {
    let mut text = String::new();
    let n = if hub { 75 } else { 14 };
    for i in 0..n {
        text.push_str(&format!("p{i}\n"));
    }
    if hub {
        // A hub touching 70 points (more than 64: the engine's general search), the leaves
        // joined in a path.
        for i in 1..71 {
            text.push_str(&format!("p0 p{i}\n"));
        }
        for i in 1..70 {
            if rng.random_bool(0.5) {
                text.push_str(&format!("p{i} p{}\n", i + 1));
            }
        }
    } else {
        for _ in 0..28 {
            let a = rng.random_range(0..n);
            let b = rng.random_range(0..n);
            if a != b {
                text.push_str(&format!("p{a} p{b}\n"));
            }
        }
    }
    Geometry::parse_graph(&text, "random").unwrap()
}

fn random_board(rng: &mut ChaCha8Rng, geometry: &Geometry) -> Board {
    let mut board = Board::new(geometry.clone());
    let density = rng.random_range(0.1..0.6);
    for p in geometry.points() {
        if rng.random_bool(density) {
            let c = if rng.random_bool(0.5) {
                Color::Black
            } else {
                Color::White
            };
            board.set(p, Some(c));
        }
    }
    board
}

/// Plays random moves and undoes some, checking every step against the reference.
fn exercise(
    rng: &mut ChaCha8Rng,
    geometry: &Geometry,
    contact: &str,
    params: Params,
    t_auto: bool,
) {
    let ko = ["none", "positional", "simple"][rng.random_range(0..3)];
    let rules = rules_for(params, contact, t_auto, ko);
    let setup = Setup {
        rules,
        board: random_board(rng, geometry),
        to_move: Color::Black,
        handicap: 0,
    };
    let mut position = ContactPosition::from_setup(setup).unwrap();
    let adjacency: Adjacency = position.model().adjacency;
    let table = geometry.neighbors(adjacency).unwrap();
    let context =
        |position: &ContactPosition| format!("{params:?} contact={contact} ko={ko}\n{position:?}");
    let mut buf = Vec::new();
    for step in 0..30 {
        position
            .check_invariants()
            .unwrap_or_else(|e| panic!("step {step}: {e}\n{}", context(&position)));
        let empties: Vec<Point> = geometry
            .points()
            .filter(|&p| position.board().is_empty_at(p))
            .collect();
        if empties.is_empty() {
            break;
        }
        // The hypothetical removals of a few placements, for both colours.
        for _ in 0..6 {
            let p = empties[rng.random_range(0..empties.len())];
            for c in Color::ALL {
                buf.clear();
                position.removals_into(c, p, &mut buf);
                buf.sort();
                let expected = reference(position.board(), table, params, c, p);
                assert_eq!(
                    buf,
                    expected,
                    "step {step}: {c} at {}\n{}",
                    geometry.point_name(p),
                    context(&position)
                );
            }
        }
        // Undo now and then; otherwise play a random placement (either colour, as GTP may).
        if rng.random_bool(0.2) && !position.history().is_empty() {
            let before = position.clone();
            let turn = position.undo().unwrap();
            let mut replay = position.clone();
            replay.play_as(turn.color, turn.mv).unwrap();
            assert!(
                replay == before,
                "step {step}: undo then replay differs\n{}",
                context(&position)
            );
            continue;
        }
        let p = empties[rng.random_range(0..empties.len())];
        let c = if rng.random_bool(0.6) {
            position.side_to_move()
        } else {
            position.side_to_move().opponent()
        };
        let expected = reference(position.board(), table, params, c, p);
        let before = position.clone();
        match position.play_as(c, Move::Place(p)) {
            Ok(effect) => {
                let mut got = position.last_removed().to_vec();
                got.sort();
                assert_eq!(
                    got,
                    expected,
                    "step {step}: {c} at {}",
                    geometry.point_name(p)
                );
                assert_eq!(effect.captured as usize, expected.len());
                for &v in &expected {
                    assert!(position.board().is_empty_at(v));
                }
                // Undo restores everything exactly.
                let mut back = position.clone();
                back.undo().unwrap();
                assert!(
                    back == before,
                    "step {step}: undo differs\n{}",
                    context(&back)
                );
                back.check_invariants().unwrap();
            }
            Err(e) => {
                assert!(position == before, "an illegal move changed the position");
                assert!(
                    matches!(
                        e.reason,
                        goishi_board::IllegalMove::Ko
                            | goishi_board::IllegalMove::Superko
                            | goishi_board::IllegalMove::GameOver
                    ),
                    "{e}"
                );
                if e.reason == goishi_board::IllegalMove::GameOver {
                    break;
                }
            }
        }
    }
}

#[test]
fn incremental_captures_match_the_reference() {
    let seed: u64 = std::env::var("CONTACT_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x00C0_FFEE);
    println!("CONTACT_SEED={seed}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut geometries: Vec<(Geometry, &str)> = vec![
        (Geometry::square(6).unwrap(), "king"),
        (Geometry::square(6).unwrap(), "orthogonal"),
        (Geometry::rect(7, 4).unwrap(), "king"),
        (Geometry::torus(5, 6).unwrap(), "king"),
        (Geometry::torus(4, 4).unwrap(), "orthogonal"),
        (Geometry::hex(6, 6).unwrap(), "hex"),
        (Geometry::hex(5, 5).unwrap(), "auto"),
    ];
    geometries.push((random_graph(&mut rng, false), "graph"));
    geometries.push((random_graph(&mut rng, true), "graph"));
    let mut runs = 0;
    for (geometry, contact) in &geometries {
        let adjacency = match *contact {
            "king" => Adjacency::King,
            "orthogonal" => Adjacency::Orthogonal,
            "graph" => Adjacency::Graph,
            _ => Adjacency::Hex,
        };
        let max_degree = geometry.neighbors(adjacency).unwrap().max_degree();
        // The plain reference enumerates subsets: keep k small on the 70-neighbour hub.
        let mut ks: Vec<usize> = (1..=max_degree.min(5)).collect();
        if max_degree > 64 {
            ks.truncate(3);
        } else if max_degree > 5 {
            ks.push(max_degree);
        }
        for &k in &ks {
            for (b, c) in [(false, false), (true, false), (false, true), (true, true)] {
                for local in [false, true] {
                    for capped in [false, true] {
                        let t_auto = rng.random_bool(0.5);
                        let t = if t_auto {
                            k.max(2)
                        } else {
                            rng.random_range(1..=max_degree + 1)
                        };
                        let params = Params {
                            k,
                            b,
                            c,
                            t,
                            local,
                            capped,
                        };
                        exercise(&mut rng, geometry, contact, params, t_auto);
                        runs += 1;
                    }
                }
            }
        }
    }
    assert!(runs > 300, "only {runs} runs");
}

#[test]
fn repetition_matches_a_naive_history() {
    let seed: u64 = std::env::var("CONTACT_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x00C0_FFEE);
    println!("CONTACT_SEED={seed}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
    let a1 = Params {
        k: 1,
        b: false,
        c: false,
        t: 2,
        local: false,
        capped: false,
    };
    let b2 = Params {
        k: 2,
        b: true,
        t: 2,
        ..a1
    };
    let c2_local = Params {
        k: 2,
        c: true,
        local: true,
        capped: true,
        ..a1
    };
    let boards = [
        (Geometry::square(3).unwrap(), "orthogonal"),
        (Geometry::square(4).unwrap(), "king"),
        (Geometry::torus(3, 3).unwrap(), "king"),
        (Geometry::hex(4, 4).unwrap(), "hex"),
    ];
    for ko in Ko::NAMES {
        for (geometry, contact) in &boards {
            for params in [a1, b2, c2_local] {
                for _game in 0..3 {
                    let rules = rules_for(params, contact, true, ko);
                    let setup = Setup::new(rules, geometry.clone());
                    let mut position = ContactPosition::from_setup(setup).unwrap();
                    let table = geometry.neighbors(position.model().adjacency).unwrap();
                    let mut history: Vec<State> =
                        vec![(cells(position.board()), Color::Black, None)];
                    let mut list = Vec::new();
                    let rule = NaiveRule { table, params, ko };
                    for step in 0..60 {
                        if position.is_over() {
                            break;
                        }
                        for c in Color::ALL {
                            position.legal_moves_as(c, &mut list);
                            let expected: Vec<Move> = geometry
                                .points()
                                .filter(|&p| position.board().is_empty_at(p))
                                .filter(|&p| {
                                    naive_legal(
                                        &rule,
                                        &history,
                                        position.history(),
                                        position.board(),
                                        c,
                                        p,
                                    )
                                })
                                .map(Move::Place)
                                .chain([Move::Pass])
                                .collect();
                            assert_eq!(
                                list, expected,
                                "ko={ko} {params:?} {contact} step {step}, {c} to move\n{position:?}"
                            );
                        }
                        if rng.random_bool(0.1) && !position.history().is_empty() {
                            position.undo().unwrap();
                            history.pop();
                            continue;
                        }
                        let c = if rng.random_bool(0.8) {
                            position.side_to_move()
                        } else {
                            position.side_to_move().opponent()
                        };
                        position.legal_moves_as(c, &mut list);
                        let mv = if rng.random_bool(0.05) {
                            Move::Pass
                        } else {
                            list[rng.random_range(0..list.len())]
                        };
                        position.play_as(c, mv).unwrap();
                        let by = mv.point().map(|_| c);
                        history.push((cells(position.board()), c.opponent(), by));
                    }
                }
            }
        }
    }
}
