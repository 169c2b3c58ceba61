//! The peers and goishi agree: the same board and the same legal points in the fixed
//! positions the benches measure, and at every move of whole seeded games.

#[allow(dead_code)]
#[path = "../peers/mod.rs"]
mod peers;

use goishi::Position;
use goishi_bench::engine::{
    board_text, legal_coords, playout_batch, replay, Engine, KoRule, NeutralMove,
};
use goishi_bench::goishi_engine::Goishi;
use goishi_bench::native::{
    native_batch, native_cap, native_playout, CheapRng, GoishiEyes, NativeEngine, PlainEye,
    ThreeByThree,
};
use goishi_bench::positions::{fixed_positions, position_count, seeded_game};
use goishi_bench::SIZES;
use peers::{GoGameBoard, Goban, PlainEyes, SamplerPlayouts};

#[test]
fn engines_agree_on_the_fixed_positions() {
    for size in SIZES {
        let positions = fixed_positions(size);
        assert_eq!(positions.len(), position_count(size));
        for p in &positions {
            assert!(!p.moves.is_empty(), "seed {}: an empty game", p.seed);
            for ko in [KoRule::Simple, KoRule::Positional] {
                let problems = peers::agree(size, ko, &p.moves);
                assert!(
                    problems.is_empty(),
                    "{size}x{size}, seed {}, {}:\n{}",
                    p.seed,
                    ko.name(),
                    problems.join("\n")
                );
            }
        }
    }
}

#[test]
fn fixed_positions_are_deterministic_and_distinct() {
    let a = fixed_positions(9);
    assert_eq!(a, fixed_positions(9));
    assert_ne!(a[0].moves, a[1].moves);
}

/// Plays a whole game into goishi and the peers move by move, comparing board and legal
/// points after every move.
fn walk(size: u32, ko: KoRule, seed: u64) {
    let moves = seeded_game(ko, size, seed);
    println!(
        "{size}x{size} {} seed {seed}: {} moves",
        ko.name(),
        moves.len()
    );
    let mut goishi = Goishi::with_ko(ko, size);
    let mut goban = Goban::with_ko(ko, size);
    let mut ego = (ko == KoRule::Simple).then(|| GoGameBoard::new(size));
    for (i, mv) in moves.iter().enumerate() {
        let one: &[NeutralMove] = std::slice::from_ref(mv);
        replay(&mut goishi, one).unwrap();
        replay(&mut goban, one)
            .unwrap_or_else(|e| panic!("seed {seed}, move {}: goban {e}", i + 1));
        // After two passes the game is over: goishi lists no legal move, the peers do not
        // stop a caller; only the boards are compared then.
        let over = goishi.0.is_over();
        let legal =
            |e: &dyn Fn() -> Vec<goishi_bench::engine::Coord>| if over { Vec::new() } else { e() };
        let want = (board_text(&goishi), legal(&|| legal_coords(&goishi)));
        assert_eq!(
            (board_text(&goban), legal(&|| legal_coords(&goban))),
            want,
            "seed {seed}, after move {}: goban differs",
            i + 1
        );
        if let Some(ego) = ego.as_mut() {
            replay(ego, one)
                .unwrap_or_else(|e| panic!("seed {seed}, move {}: go_game_board {e}", i + 1));
            assert_eq!(
                (board_text(ego), legal(&|| legal_coords(ego))),
                want,
                "seed {seed}, after move {}: go_game_board differs",
                i + 1
            );
        }
    }
}

#[test]
fn engines_agree_along_whole_games_9x9() {
    for seed in 0..8 {
        walk(9, KoRule::Simple, seed);
        walk(9, KoRule::Positional, seed);
    }
}

#[test]
fn engines_agree_along_a_whole_game_19x19() {
    walk(19, KoRule::Simple, 0);
    walk(19, KoRule::Positional, 0);
}

/// Mean moves per playout of one engine over the 9x9 batch, checking the batch repeats.
fn mean_length<E: Engine>(start: &E) -> f64 {
    let mut game = start.clone();
    let mut candidates = Vec::new();
    let n = goishi_bench::playouts_per_batch(9);
    let a = playout_batch(
        start,
        &mut game,
        &mut candidates,
        goishi_bench::PLAYOUT_SEED,
        n,
    );
    let b = playout_batch(
        start,
        &mut game,
        &mut candidates,
        goishi_bench::PLAYOUT_SEED,
        n,
    );
    assert_eq!(a, b, "the same seeds give the same games");
    a as f64 / n as f64
}

#[test]
fn every_engine_follows_the_same_policy() {
    // Each engine draws from its own empty-point order, so the games differ; their lengths
    // follow one distribution (the batch's means stay within 20% of goishi's under the same
    // rules; simple ko has long ko fights that superko cuts short).
    let simple = mean_length(&Goishi::with_ko(KoRule::Simple, 9));
    let superko = mean_length(&Goishi::with_ko(KoRule::Positional, 9));
    for (name, mean, goishi) in [
        (
            "goban",
            mean_length(&Goban::with_ko(KoRule::Simple, 9)),
            simple,
        ),
        ("go_game_board", mean_length(&GoGameBoard::new(9)), simple),
        (
            "goban superko",
            mean_length(&Goban::with_ko(KoRule::Positional, 9)),
            superko,
        ),
    ] {
        println!("9x9 moves per playout: goishi {goishi:.1}, {name} {mean:.1}");
        assert!(
            (mean / goishi - 1.0).abs() < 0.2,
            "{name}: {mean:.1} moves per playout, goishi {goishi:.1}"
        );
    }
}

/// A native playout of `engine` (the second harness), as engine-neutral moves (`coord` names
/// an engine's point).
fn native_moves<E: NativeEngine>(
    mut engine: E,
    size: u32,
    seed: u64,
    coord: impl Fn(&E, E::Point) -> goishi_bench::engine::Coord,
) -> Vec<NeutralMove> {
    let mut moves = Vec::new();
    let mut copy = Vec::new();
    let mut rng = CheapRng::new(seed);
    let mut points = Vec::new();
    let made = native_playout(
        &mut engine,
        &mut rng,
        &mut copy,
        native_cap(size),
        |_, p| {
            points.push(p);
        },
    );
    assert_eq!(made, points.len());
    for p in points {
        moves.push(p.map(|p| coord(&engine, p)));
    }
    moves
}

/// The engine adapters of the second harness: goishi's `GoPosition`, `ThreeByThree` and `PlainEye`
/// through the `Engine` adapter's coordinates.
#[derive(Clone, Debug)]
struct Native<E>(E, Goishi);

impl<E: NativeEngine<Point = goishi::Point> + Clone + std::fmt::Debug> NativeEngine for Native<E> {
    type Point = goishi::Point;
    fn to_move(&self) -> goishi::Color {
        self.0.to_move()
    }
    fn empty_count(&self) -> usize {
        self.0.empty_count()
    }
    fn empty_at(&self, i: usize) -> goishi::Point {
        self.0.empty_at(i)
    }
    fn copy_empties(&self, out: &mut Vec<goishi::Point>) {
        self.0.copy_empties(out);
    }
    fn try_native(&mut self, color: goishi::Color, p: goishi::Point) -> bool {
        self.0.try_native(color, p)
    }
    fn pass_native(&mut self, color: goishi::Color) {
        self.0.pass_native(color);
    }
}

/// Only the coordinates of the adapter are used (the geometry is the same).
impl<E: NativeEngine<Point = goishi::Point> + Clone + std::fmt::Debug> Engine for Native<E> {
    type Point = goishi::Point;
    type Legal = goishi::Move;
    fn side_to_move(&self) -> goishi::Color {
        self.0.to_move()
    }
    fn empty_points(&self, out: &mut Vec<goishi::Point>) {
        self.0.copy_empties(out);
    }
    fn is_own_eye(&self, _: goishi::Point, _: goishi::Color) -> bool {
        false
    }
    fn try_play(&mut self, color: goishi::Color, p: goishi::Point) -> bool {
        self.0.try_native(color, p)
    }
    fn pass(&mut self, color: goishi::Color) {
        self.0.pass_native(color);
    }
    fn legal_moves(&self, out: &mut Vec<goishi::Move>) {
        self.1.legal_moves(out);
    }
    fn legal_coord(&self, m: goishi::Move) -> Option<goishi_bench::engine::Coord> {
        self.1.legal_coord(m)
    }
    fn point(&self, at: goishi_bench::engine::Coord) -> goishi::Point {
        self.1.point(at)
    }
    fn coord(&self, p: goishi::Point) -> goishi_bench::engine::Coord {
        self.1.coord(p)
    }
    fn stone_at(&self, at: goishi_bench::engine::Coord) -> Option<goishi::Color> {
        self.1.stone_at(at)
    }
    fn size(&self) -> (u32, u32) {
        self.1.size()
    }
}

fn goishi_native(size: u32) -> Native<goishi::go::GoPosition> {
    let g = Goishi::with_ko(KoRule::Simple, size);
    Native(g.0.clone(), g)
}

fn goishi_3x3(size: u32) -> Native<ThreeByThree> {
    let g = Goishi::with_ko(KoRule::Simple, size);
    Native(ThreeByThree(g.0.clone()), g)
}

fn goishi_plain(size: u32) -> Native<PlainEye> {
    let g = Goishi::with_ko(KoRule::Simple, size);
    Native(PlainEye(g.0.clone()), g)
}

/// Replays `moves` into goishi and go_game_board move by move: both accept every move and
/// hold the same board after each; at every position, the eye tests of the second harness
/// agree: `ThreeByThree` with go_game_board's 3x3 pattern, `is_own_eye` with every
/// neighbour the mover's, for both colours at every empty point.
fn check_native_game(size: u32, moves: &[NeutralMove], what: &str) {
    let mut goishi = Goishi::with_ko(KoRule::Simple, size);
    let mut ego = GoGameBoard::new(size);
    for (i, mv) in moves.iter().enumerate() {
        let one: &[NeutralMove] = std::slice::from_ref(mv);
        replay(&mut goishi, one).unwrap_or_else(|e| panic!("{what}: goishi {e}"));
        replay(&mut ego, one).unwrap_or_else(|e| panic!("{what}: go_game_board {e}"));
        assert_eq!(
            board_text(&goishi),
            board_text(&ego),
            "{what}, after move {}",
            i + 1
        );
        let three = ThreeByThree(goishi.0.clone());
        for y in 0..size {
            for x in 0..size {
                if goishi.stone_at((x, y)).is_some() {
                    continue;
                }
                let (p, v) = (goishi.point((x, y)), ego.point((x, y)));
                for color in [goishi::Color::Black, goishi::Color::White] {
                    let pl = match color {
                        goishi::Color::Black => go_game_board::Player::Black,
                        goishi::Color::White => go_game_board::Player::White,
                    };
                    assert_eq!(
                        three.is_eye(p, color),
                        ego.board.hash3x3_at(v).is_eyelike(pl),
                        "{what}, after move {}: the 3x3 eye rule at ({x}, {y}) for {color}",
                        i + 1
                    );
                    assert_eq!(
                        goishi.0.is_own_eye(p, color),
                        Engine::is_own_eye(&ego, v, color),
                        "{what}, after move {}: the plain eye rule at ({x}, {y}) for {color}",
                        i + 1
                    );
                }
            }
        }
    }
}

#[test]
fn native_playouts_are_games_both_engines_accept_and_their_eye_tests_agree() {
    for (size, seeds) in [(9, 0..6), (19, 0..1)] {
        for seed in seeds {
            for (what, moves) in [
                (
                    "goishi",
                    native_moves(goishi_native(size), size, seed, |e, p| e.coord(p)),
                ),
                (
                    "goishi-3x3",
                    native_moves(goishi_3x3(size), size, seed, |e, p| e.coord(p)),
                ),
                (
                    "goishi-plain",
                    native_moves(goishi_plain(size), size, seed, |e, p| e.coord(p)),
                ),
                (
                    "go_game_board",
                    native_moves(GoGameBoard::new(size), size, seed, |e, p| e.coord(p)),
                ),
                (
                    "go_game_board-plain",
                    native_moves(PlainEyes(GoGameBoard::new(size)), size, seed, |e, p| {
                        e.0.coord(p)
                    }),
                ),
            ] {
                println!("{size}x{size} seed {seed} {what}: {} moves", moves.len());
                check_native_game(size, &moves, &format!("{size}x{size} seed {seed} {what}"));
            }
        }
    }
}

#[test]
fn native_batches_repeat_and_the_3x3_rule_plays_go_game_boards_games() {
    // goishi under the 3x3 rule and go_game_board draw from lists in other orders, so the
    // games differ; they follow one distribution (the batch means within 15%), while the
    // plain eye rule plays other, longer games on 19x19.
    for size in [9, 19] {
        let n = 16;
        let cap = native_cap(size);
        let mean = |moves: usize| moves as f64 / n as f64;
        let three = ThreeByThree(Goishi::with_ko(KoRule::Simple, size).0);
        let mut game = three.clone();
        let mut copy = Vec::new();
        let a = native_batch(&three, &mut game, &mut copy, 7, n, cap);
        assert_eq!(a, native_batch(&three, &mut game, &mut copy, 7, n, cap));
        let ego = GoGameBoard::new(size);
        let mut game = ego.clone();
        let mut copy = Vec::new();
        let b = native_batch(&ego, &mut game, &mut copy, 7, n, cap);
        assert_eq!(b, native_batch(&ego, &mut game, &mut copy, 7, n, cap));
        println!(
            "{size}x{size} moves per native playout: goishi-3x3 {:.1}, go_game_board {:.1}",
            mean(a),
            mean(b)
        );
        assert!(
            (mean(a) / mean(b) - 1.0).abs() < 0.15,
            "{size}x{size}: goishi-3x3 {:.1}, go_game_board {:.1}",
            mean(a),
            mean(b)
        );
    }
}

#[test]
fn go_game_boards_own_playouts_are_legal_games() {
    // Its sampler's moves replayed into goishi: every one accepted, the same board after it.
    for size in [9, 19] {
        let mut sampler = SamplerPlayouts::new(size);
        let mut goishi = Goishi::with_ko(KoRule::Simple, size);
        let start = goishi.clone();
        let mut boards = 0;
        let made = sampler.batch(3, 2, native_cap(size), |board, color, v| {
            if board.move_no() == 1 {
                goishi = start.clone();
            }
            assert_eq!(goishi.side_to_move(), color);
            let probe = GoGameBoard::new(size);
            let mv = (v != go_game_board::Vertex::pass()).then(|| probe.coord(v));
            replay(&mut goishi, &[mv]).unwrap_or_else(|e| panic!("{size}x{size}: {e}"));
            for y in 0..size {
                for x in 0..size {
                    let ego = match board.color_at(probe.point((x, y))) {
                        go_game_board::Color::Black => Some(goishi::Color::Black),
                        go_game_board::Color::White => Some(goishi::Color::White),
                        _ => None,
                    };
                    assert_eq!(goishi.stone_at((x, y)), ego, "{size}x{size} ({x}, {y})");
                }
            }
            boards += 1;
        });
        assert_eq!(made, boards);
    }
}
