//! Worst cases, with limits on time and memory that the tests measure themselves (memory by
//! the counting global allocator of this binary, counting the measuring thread, time by
//! `Instant`). The bounds catch a blow-up (a quadratic history, a recursion, an allocation
//! sized by an input), not a slowdown: every time bound is at least ten times what a debug
//! build takes on a 2-core machine with both cores busy (measured with two `yes > /dev/null`
//! running beside the test), and where the work grows with the test's size it is a bound per
//! unit of work (per move, per command, per megabyte). Whether a cost grows with the game is
//! not judged by timing the first and the last moves, which a change of load during the run
//! would skew, but by timing the same query on an early and a late position in turn, the
//! fastest of several rounds each.
//!
//! The biggest versions (100,000 moves, a million GTP commands, a 10 MB SGF) run with
//! `GOISHI_SLOW=1`; smaller versions of each run by default.

use std::time::{Duration, Instant};

use goishi::{Board, Color, Geometry, Move, Point, Position, Rules, Setup};
use goishi_hardening::alloc::Counting;
use goishi_hardening::bounds::{measured, measured_all_threads, within};
use goishi_hardening::slow;
use goishi_sgf::{self as sgf, RulesChoice};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[global_allocator]
static ALLOC: Counting = Counting;

const MIB: usize = 1 << 20;

fn rules(text: &str) -> Rules {
    Rules::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn at(g: &Geometry, x: u32, y: u32) -> Point {
    g.at(x, y).expect("on the board")
}

/// A Black snake on the 52x52 board: every fourth row (0, 4, ..., 48) filled, each joined to
/// the next by a three-point link at alternate ends, so that the chain is one stone wide and
/// 712 stones long; every other point empty.
fn snake(g: &Geometry) -> Board {
    let mut board = Board::new(g.clone());
    let (w, h) = (g.width(), g.height());
    for y in (0..h).step_by(4) {
        for x in 0..w {
            board.set(at(g, x, y), Some(Color::Black));
        }
        if y + 4 < h {
            let x = if (y / 4) % 2 == 0 { w - 1 } else { 0 };
            for dy in 1..4 {
                board.set(at(g, x, y + dy), Some(Color::Black));
            }
        }
    }
    board
}

/// A 52x52 board whose one Black chain snakes through every row: White fills each of its
/// liberties, and the last one captures the whole snake; undo puts it back. Run on the test
/// thread's ordinary stack: nothing recurses along the chain.
#[test]
fn a_snake_through_the_whole_52x52_board_is_captured() {
    let ((), time, peak) = measured(|| {
        let r = rules("go/tromp-taylor");
        let g = Geometry::square(52).unwrap();
        let board = snake(&g);
        let snake_stones = board.count(Color::Black);
        assert_eq!(snake_stones, 13 * 52 + 12 * 3);
        let setup = Setup {
            rules: r,
            board: board.clone(),
            to_move: Color::White,
            handicap: 0,
        };
        let mut p = setup.into_position().expect("the snake is a valid setup");
        let liberties: Vec<Point> = g
            .points()
            .filter(|&q| {
                board.get(q).is_none()
                    && g.default_neighbors()
                        .of(q)
                        .iter()
                        .any(|&n| board.get(n) == Some(Color::Black))
            })
            .collect();
        let (last, rest) = liberties.split_last().unwrap();
        for &q in rest {
            let e = p.play_as(Color::White, Move::Place(q)).unwrap();
            assert_eq!(e.captured, 0);
        }
        let before = p.board().clone();
        let e = p.play_as(Color::White, Move::Place(*last)).unwrap();
        assert_eq!(e.captured, snake_stones, "the whole snake is captured");
        assert_eq!(p.board().count(Color::Black), 0);
        assert_eq!(p.captures(Color::White), snake_stones);
        assert_eq!(p.board().hash(), p.board().recompute_hash());
        let _ = p.score(&[]);
        let _ = goishi::go::benson::pass_alive(p.board(), Color::White);
        p.undo();
        assert_eq!(p.board(), &before, "undo gives the snake back");
        let mut legal = Vec::new();
        p.legal_moves_as(Color::White, &mut legal);
        assert!(legal.contains(&Move::Place(*last)));
    });
    within(
        "capture of a 712-stone snake on 52x52",
        time,
        Duration::from_secs(20),
        peak,
        64 * MIB,
    );
}

/// Every point of the 52x52 board but one is Black; Black's play on the last point removes
/// all 2,704 stones by self-capture (Tromp-Taylor allows suicide), and is refused where the
/// rules forbid suicide.
#[test]
fn self_capture_of_the_whole_52x52_board() {
    let ((), time, peak) = measured(|| {
        let g = Geometry::square(52).unwrap();
        let mut board = Board::new(g.clone());
        let hole = at(&g, 17, 33);
        for q in g.points().filter(|&q| q != hole) {
            board.set(q, Some(Color::Black));
        }
        for (text, allowed) in [("go/tromp-taylor", true), ("go/japanese", false)] {
            let setup = Setup {
                rules: rules(text),
                board: board.clone(),
                to_move: Color::Black,
                handicap: 0,
            };
            let mut p = setup.into_position().expect("one liberty is enough");
            let r = p.play(Move::Place(hole));
            if allowed {
                let e = r.unwrap();
                assert_eq!(e.self_captured, 52 * 52, "{text}");
                assert_eq!(p.board().count(Color::Black), 0);
                assert_eq!(p.board().hash(), p.board().recompute_hash());
                p.undo();
                assert_eq!(p.board(), &board);
            } else {
                assert_eq!(r.unwrap_err().reason, goishi::IllegalMove::Suicide);
                assert_eq!(p.board(), &board);
            }
        }
    });
    within(
        "self-capture of 2,704 stones",
        time,
        Duration::from_secs(20),
        peak,
        64 * MIB,
    );
}

/// Plays `moves` random moves (no pass) under positional superko on 19x19, suicide forbidden
/// (random play that may self-capture can fill the board with one colour, where no placement
/// is left), timing each block of a tenth of them.
fn long_game(moves: usize, seed: u64) -> (Vec<Duration>, Box<dyn Position>) {
    let mut p = rules("go/tromp-taylor:suicide=forbidden")
        .new_game(Some((19, 19)))
        .unwrap();
    let g = p.geometry().clone();
    let n = g.num_points();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    let block = moves / 10;
    let mut blocks = Vec::new();
    let mut started = Instant::now();
    for i in 0..moves {
        let mut played = false;
        for _ in 0..24 {
            let q = Move::Place(Point::new(rng.random_range(0..n)));
            if p.play(q).is_ok() {
                played = true;
                break;
            }
        }
        if !played {
            // Every placement the sampling tried repeats a position: one from the full list,
            // of the side to move or else of the other colour (GTP lets either colour move),
            // so that the game goes on without two passes.
            let to_move = p.side_to_move();
            let mut found = None;
            for color in [to_move, to_move.opponent()] {
                p.legal_moves_as(color, &mut legal);
                legal.retain(|m| *m != Move::Pass);
                if !legal.is_empty() {
                    found = Some((color, legal[rng.random_range(0..legal.len())]));
                    break;
                }
            }
            let (color, mv) = found.unwrap_or_else(|| {
                panic!(
                    "no placement for either colour after {i} moves\n{}",
                    p.board().diagram()
                )
            });
            p.play_as(color, mv).unwrap();
        }
        assert!(!p.is_over(), "the game ended after {} moves", i + 1);
        if (i + 1) % block == 0 {
            blocks.push(started.elapsed());
            started = Instant::now();
        }
    }
    (blocks, p)
}

/// The fastest time of a legal-move listing (every empty point checked against the history)
/// of each position, divided by its number of empty points, over `rounds` rounds that take
/// the positions in turn: the load of the machine weighs on all of them alike, and one
/// listing is short enough (well under a millisecond) for some rounds to run unpreempted.
fn fastest_listings(positions: &[&dyn Position], rounds: usize) -> Vec<f64> {
    let mut best = vec![f64::INFINITY; positions.len()];
    let mut list = Vec::new();
    for _ in 0..rounds {
        for (p, best) in positions.iter().zip(&mut best) {
            let start = Instant::now();
            p.legal_moves(&mut list);
            let board = p.board();
            let stones = board.count(Color::Black) + board.count(Color::White);
            let empty = p.geometry().num_points() - stones as usize;
            *best = best.min(start.elapsed().as_secs_f64() / empty.max(1) as f64);
        }
    }
    best
}

/// A 100,000-move game under positional superko (10,000 by default): the history lookups
/// stay constant-time (listing the legal moves after the whole game takes not much longer than
/// after a tenth of it), memory stays linear, and undoing every move gives the empty board
/// back.
#[test]
fn a_long_game_under_positional_superko() {
    let moves = if slow() { 100_000 } else { 10_000 };
    let seed = 7;
    println!("{moves} moves, seed {seed}");
    let ((blocks, mut p), time, peak) = measured(|| long_game(moves, seed));
    let first = blocks[0].max(blocks[1]).as_secs_f64();
    let last = blocks[blocks.len() - 1].as_secs_f64();
    println!(
        "blocks of {} moves: {:?}",
        moves / 10,
        blocks
            .iter()
            .map(|d| format!("{:.3}", d.as_secs_f64()))
            .collect::<Vec<_>>()
    );
    println!("first and last block: {first:.3} s, {last:.3} s");
    let per_move = peak / moves;
    within(
        &format!("{moves} moves under positional superko"),
        time,
        // Measured with both cores busy: 0.5 to 0.9 s for 10,000 moves.
        Duration::from_millis(10_000 + moves as u64),
        peak,
        32 * MIB + moves * 512,
    );
    let mut early = p.clone_box();
    for _ in 0..moves - moves / 10 {
        early.undo().unwrap();
    }
    let times = fastest_listings(&[&*early, &*p], 50);
    let (after_a_tenth, after_all) = (times[0] * 1e6, times[1] * 1e6);
    println!(
        "a legal-move listing, per empty point: {after_a_tenth:.3} us after {} moves, {after_all:.3} us after {moves}",
        moves / 10
    );
    // Measured under load: 0.28 us and 0.44 us per point (the larger table costs more cache);
    // a lookup that grew with the game would be about ten times slower after ten times the
    // moves.
    assert!(
        after_all <= 6.0 * after_a_tenth + 0.1,
        "listing the legal moves took {after_all:.3} us per empty point after {moves} moves, {after_a_tenth:.3} us after {}: history lookups grow with the game",
        moves / 10
    );
    println!("{per_move} bytes of heap per move at the peak");
    assert_eq!(p.history().len(), moves);
    while p.undo().is_some() {}
    assert_eq!(
        p.board().count(Color::Black) + p.board().count(Color::White),
        0
    );
}

/// Sizes of a billion points are refused at once by the library, without allocating for
/// them (the GTP engine's and the command line's refusals are tested with the CLI, in
/// `crates/cli/tests/it/worst_cases.rs`).
#[test]
fn huge_board_sizes_are_refused_without_allocating() {
    let ((), time, peak) = measured(|| {
        assert!(Geometry::rect(1_000_000_000, 1_000_000_000).is_err());
        assert!(Geometry::torus(u32::MAX, 2).is_err());
        assert!(Geometry::hex(1_000_000_000, 1).is_err());
        assert!(rules("go/chinese")
            .new_game(Some((1_000_000_000, 3)))
            .is_err());
        assert!(
            Rules::parse("go/chinese:size=1000000000").is_err_and(|e| !e.to_string().is_empty())
        );
        assert!(goishi::parse_size("1000000000x1000000000").is_err());
    });
    within(
        "huge sizes in the library",
        time,
        Duration::from_secs(5),
        peak,
        MIB,
    );
}

/// A 10 MB SGF with deep variations (1 MB by default) is read in bounded time and memory by
/// the library on a reader's stack (the real binary's `goishi replay` of it is tested with
/// the CLI); over the node limit it is refused with a message.
#[test]
fn a_10_mb_sgf_with_deep_variations() {
    let bytes = if slow() { 10 * MIB } else { MIB };
    let text = goishi_hardening::gen::deep_sgf(bytes);
    println!("SGF of {} bytes", text.len());
    let choice = RulesChoice {
        force: None,
        fallback: rules("go/chinese"),
    };
    let (moves, time, peak) = measured_all_threads(|| {
        std::thread::scope(|s| {
            std::thread::Builder::new()
                .stack_size(goishi_sgf::READER_STACK)
                .spawn_scoped(s, || {
                    let record = sgf::parse_record(&text, &choice).unwrap();
                    let p = record.replay(usize::MAX).unwrap();
                    p.history().len()
                })
                .unwrap()
                .join()
                .unwrap()
        })
    });
    assert_eq!(moves, 4);
    within(
        &format!("reading a {} MB SGF", text.len() / MIB),
        time,
        // Measured with both cores busy: 3.5 to 5.9 s for 1 MB.
        Duration::from_secs(120 * (text.len() / MIB).max(1) as u64),
        peak,
        32 * MIB + 48 * text.len(),
    );

    // Past the node limit: refused, with the limit in the message.
    let mut over = String::from("(;GM[1]");
    for _ in 0..sgf::MAX_NODES + 1 {
        over.push_str(";C[x]");
    }
    over.push(')');
    let err = sgf::parse_record(&over, &choice).unwrap_err();
    assert!(err.message.contains("more than"), "{err}");
}

/// Files without a length (devices) are read through a limit: `/dev/zero` as an SGF file or
/// a graph board is refused without reading it all.
#[test]
fn files_without_a_length_are_read_through_a_limit() {
    let zero = std::path::Path::new("/dev/zero");
    if !zero.exists() {
        println!("no /dev/zero here");
        return;
    }
    let choice = RulesChoice {
        force: None,
        fallback: rules("go/chinese"),
    };
    let ((), time, peak) = measured(|| {
        let err = sgf::read_record(zero, &choice).unwrap_err();
        assert!(err.message.contains("at most"), "{err}");
        let err = rules("go/chinese:board=graph:/dev/zero")
            .new_game(None)
            .unwrap_err();
        assert!(err.to_string().contains("larger than"), "{err}");
    });
    within(
        "/dev/zero as SGF and graph",
        time,
        Duration::from_secs(30),
        peak,
        128 * MIB,
    );
}
