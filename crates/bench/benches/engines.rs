//! goishi side by side with `goban` and `go_game_board` (criterion).
//!
//! `cargo bench -p goishi-bench`, or `cargo xtask bench-report` to write docs/benchmarks.md.
//! Besides criterion's results, writes `goishi-bench.json` under criterion's home: memory
//! footprints and the agreement check of the engines on the fixed positions.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, BenchmarkGroup, Criterion, SamplingMode, Throughput};
use goishi::{Move, Position};
use goishi_bench::alloc::{self, Footprint};
use goishi_bench::engine::{playout_batch_capped, playout_cap, replay, Coord, Engine, KoRule};
use goishi_bench::goishi_engine::{AnyVariant, Goishi};
use goishi_bench::native::{native_batch, native_cap, NativeEngine, PlainEye, ThreeByThree};
use goishi_bench::paired;
use goishi_bench::positions::{fixed_positions, FixedPosition};
use goishi_bench::{
    cut_playout_group, goishi_only_group, paired_rounds, playouts_per_batch, superko_cost_cap,
    superko_cost_group, Workload, EXTRA_FILE, GOBAN, GOISHI, GOISHI_3X3, GOISHI_CLONE,
    GOISHI_ONLY_GO, GOISHI_PLAIN, GO_GAME_BOARD, GO_GAME_BOARD_PLAIN, GO_GAME_BOARD_SAMPLER,
    KO_SIMPLE, KO_SUPERKO, PAIRED_ROUNDS_ENV, PAIRED_SECONDS, PLAYOUT_SEED, SIZES,
};
use serde_json::{json, Value};

#[allow(dead_code)]
#[path = "../peers/mod.rs"]
mod peers;

use peers::{GoGameBoard, Goban, PlainEyes, SamplerPlayouts};

#[global_allocator]
static ALLOC: alloc::Counting = alloc::Counting;

/// Playout groups: few samples of many moves each.
fn playout_group<'a>(c: &'a mut Criterion, name: String) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(20);
    group
}

/// The playouts of one engine from `start`, each cut at `cap` moves (the harness's
/// [`playout_cap`] for whole games).
fn bench_playouts<E: Engine>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    start: E,
    size: u32,
    cap: usize,
) {
    let n = playouts_per_batch(size);
    let mut game = start.clone();
    let mut candidates = Vec::new();
    let moves = playout_batch_capped(&start, &mut game, &mut candidates, PLAYOUT_SEED, n, cap);
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function(name, |b| {
        b.iter(|| playout_batch_capped(&start, &mut game, &mut candidates, PLAYOUT_SEED, n, cap))
    });
}

/// The simple-ko playouts of the three engines, each cut at `cap` moves.
fn bench_simple_ko(group: &mut BenchmarkGroup<'_, WallTime>, size: u32, cap: usize) {
    let goishi = Goishi::with_ko(KoRule::Simple, size);
    bench_playouts(group, GOISHI, goishi, size, cap);
    let goban = Goban::with_ko(KoRule::Simple, size);
    bench_playouts(group, GOBAN, goban, size, cap);
    bench_playouts(group, GO_GAME_BOARD, GoGameBoard::new(size), size, cap);
}

fn playouts(c: &mut Criterion) {
    for size in SIZES {
        let cap = playout_cap((size, size));
        let mut group = playout_group(c, Workload::PlayoutSimple.group(size));
        bench_simple_ko(&mut group, size, cap);
        group.finish();
        let mut group = playout_group(c, Workload::PlayoutSuperko.group(size));
        let goishi = Goishi::with_ko(KoRule::Positional, size);
        bench_playouts(&mut group, GOISHI, goishi, size, cap);
        let goban = Goban::with_ko(KoRule::Positional, size);
        bench_playouts(&mut group, GOBAN, goban, size, cap);
        group.finish();
    }
}

fn bench_native<E: NativeEngine + Clone>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    start: E,
    size: u32,
) {
    let (n, cap) = (playouts_per_batch(size), native_cap(size));
    let mut game = start.clone();
    let mut copy = Vec::new();
    let moves = native_batch(&start, &mut game, &mut copy, PLAYOUT_SEED, n, cap);
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function(name, |b| {
        b.iter(|| native_batch(&start, &mut game, &mut copy, PLAYOUT_SEED, n, cap))
    });
}

/// The second harness: each engine through its own API and its own eye test, one cheap
/// generator (`goishi_bench::native`); and go_game_board's own playout loop beside them.
fn native_playouts(c: &mut Criterion) {
    for size in SIZES {
        let mut group = playout_group(c, Workload::PlayoutNative.group(size));
        bench_native(
            &mut group,
            GOISHI,
            Goishi::with_ko(KoRule::Simple, size).0,
            size,
        );
        bench_native(&mut group, GO_GAME_BOARD, GoGameBoard::new(size), size);
        bench_native(
            &mut group,
            GOISHI_3X3,
            ThreeByThree(Goishi::with_ko(KoRule::Simple, size).0),
            size,
        );
        bench_native(
            &mut group,
            GOISHI_PLAIN,
            PlainEye(Goishi::with_ko(KoRule::Simple, size).0),
            size,
        );
        bench_native(
            &mut group,
            GO_GAME_BOARD_PLAIN,
            PlainEyes(GoGameBoard::new(size)),
            size,
        );
        let (n, cap) = (playouts_per_batch(size), native_cap(size));
        let mut sampler = SamplerPlayouts::new(size);
        let moves = sampler.batch(PLAYOUT_SEED, n, cap, |_, _, _| {});
        group.throughput(Throughput::Elements(moves as u64));
        group.bench_function(GO_GAME_BOARD_SAMPLER, |b| {
            b.iter(|| sampler.batch(PLAYOUT_SEED, n, cap, |_, _, _| {}))
        });
        group.finish();
    }
}

/// Superko's cost to goishi on the same games: playouts cut at one move per point under both
/// rules (the same seeds give the same games until a long ko fight, which only simple ko
/// allows).
fn superko_cost(c: &mut Criterion) {
    for size in SIZES {
        let mut group = playout_group(c, superko_cost_group(size));
        let cap = superko_cost_cap(size);
        for (name, ko) in [
            (KO_SIMPLE, KoRule::Simple),
            (KO_SUPERKO, KoRule::Positional),
        ] {
            bench_playouts(&mut group, name, Goishi::with_ko(ko, size), size, cap);
        }
        group.finish();
    }
}

/// The simple-ko playouts of every engine cut at one move per point ([`cut_playout_group`]):
/// the engines compared on the games before their ko fights.
fn cut_playouts(c: &mut Criterion) {
    for size in SIZES {
        let mut group = playout_group(c, cut_playout_group(size));
        let cap = superko_cost_cap(size);
        bench_simple_ko(&mut group, size, cap);
        group.finish();
    }
}

/// The fixed positions of a size replayed into one engine.
fn replayed<E: Engine>(fresh: impl Fn() -> E, positions: &[FixedPosition]) -> Vec<E> {
    positions
        .iter()
        .map(|p| {
            let mut e = fresh();
            replay(&mut e, &p.moves).expect("the agreement check passed");
            e
        })
        .collect()
}

fn bench_legal<E: Engine>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, positions: &[E]) {
    let mut out = Vec::with_capacity(400);
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| {
            let mut n = 0;
            for p in positions {
                p.legal_moves(&mut out);
                n += out.len();
            }
            n
        })
    });
}

fn legal_moves(c: &mut Criterion) {
    for size in SIZES {
        let positions = fixed_positions(size);
        let mut group = c.benchmark_group(Workload::LegalMoves.group(size));
        bench_legal(
            &mut group,
            GOISHI,
            &replayed(|| Goishi::with_ko(KoRule::Simple, size), &positions),
        );
        bench_legal(
            &mut group,
            GOBAN,
            &replayed(|| Goban::with_ko(KoRule::Simple, size), &positions),
        );
        bench_legal(
            &mut group,
            GO_GAME_BOARD,
            &replayed(|| GoGameBoard::new(size), &positions),
        );
        group.finish();
    }
}

/// Every (position, legal point) pair of the fixed positions, engine-neutral.
fn moves_to_try(positions: &[Goishi]) -> Vec<(usize, Coord)> {
    let mut out = Vec::new();
    for (i, p) in positions.iter().enumerate() {
        for at in goishi_bench::engine::legal_coords(p) {
            out.push((i, at));
        }
    }
    out
}

fn bench_clone_play<E: Engine>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    positions: &[E],
    tries: &[(usize, Coord)],
) {
    let tries: Vec<(usize, E::Point)> = tries
        .iter()
        .map(|&(i, at)| (i, positions[i].point(at)))
        .collect();
    let mut scratch = positions[0].clone();
    group.bench_function(name, |b| {
        let mut k = 0;
        b.iter(|| {
            k = (k + 1) % tries.len();
            let (i, p) = tries[k];
            scratch.clone_from(&positions[i]);
            let color = scratch.side_to_move();
            black_box(scratch.try_play(color, p))
        })
    });
}

fn play_undo(c: &mut Criterion) {
    for size in SIZES {
        let fixed = fixed_positions(size);
        let goishi = replayed(|| Goishi::with_ko(KoRule::Simple, size), &fixed);
        let tries = moves_to_try(&goishi);
        let mut group = c.benchmark_group(Workload::PlayUndo.group(size));
        {
            let mut games: Vec<Goishi> = goishi.clone();
            let moves: Vec<(usize, Move)> = tries
                .iter()
                .map(|&(i, at)| (i, Move::Place(games[i].point(at))))
                .collect();
            group.bench_function(GOISHI, |b| {
                let mut k = 0;
                b.iter(|| {
                    k = (k + 1) % moves.len();
                    let (i, mv) = moves[k];
                    let g = &mut games[i].0;
                    let effect = g.play(mv).expect("a legal move");
                    g.undo();
                    black_box(effect)
                })
            });
        }
        bench_clone_play(&mut group, GOISHI_CLONE, &goishi, &tries);
        bench_clone_play(
            &mut group,
            GOBAN,
            &replayed(|| Goban::with_ko(KoRule::Simple, size), &fixed),
            &tries,
        );
        bench_clone_play(
            &mut group,
            GO_GAME_BOARD,
            &replayed(|| GoGameBoard::new(size), &fixed),
            &tries,
        );
        group.finish();
    }
}

fn bench_clone<E: Engine>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, positions: &[E]) {
    group.bench_function(name, |b| {
        let mut k = 0;
        b.iter(|| {
            k = (k + 1) % positions.len();
            black_box(positions[k].clone())
        })
    });
}

fn clones(c: &mut Criterion) {
    for size in SIZES {
        let fixed = fixed_positions(size);
        let mut group = c.benchmark_group(Workload::Clone.group(size));
        bench_clone(
            &mut group,
            GOISHI,
            &replayed(|| Goishi::with_ko(KoRule::Simple, size), &fixed),
        );
        bench_clone(
            &mut group,
            GOBAN,
            &replayed(|| Goban::with_ko(KoRule::Simple, size), &fixed),
        );
        bench_clone(
            &mut group,
            GO_GAME_BOARD,
            &replayed(|| GoGameBoard::new(size), &fixed),
        );
        group.finish();
    }
}

fn goishi_alone(c: &mut Criterion) {
    let contact: Vec<&str> = goishi::registry()
        .variants()
        .filter(|v| v.family == "contact")
        .map(|v| v.id)
        .collect();
    for size in SIZES {
        let mut group = playout_group(c, goishi_only_group(size));
        for rules in GOISHI_ONLY_GO {
            match Goishi::new(rules, size) {
                Ok(start) => {
                    let cap = playout_cap(start.size());
                    bench_playouts(&mut group, rules, start, size, cap)
                }
                Err(e) => eprintln!("{rules} at {size}x{size}: {e}"),
            }
        }
        for &rules in &contact {
            match AnyVariant::new(rules, size) {
                Ok(start) => {
                    let cap = playout_cap(start.size());
                    bench_playouts(&mut group, rules, start, size, cap)
                }
                Err(e) => eprintln!("{rules} at {size}x{size}: {e}"),
            }
        }
        group.finish();
    }
}

/// Memory of each engine's empty board and first fixed position.
fn memory() -> (Vec<Value>, Vec<Value>) {
    fn row<E: Engine>(size: u32, position: &str, engine: &str, e: &E) -> Option<Value> {
        let f: Footprint = alloc::footprint(e)?;
        Some(json!({
            "board": format!("{size}x{size}"),
            "position": position,
            "engine": engine,
            "inline": f.inline_bytes,
            "heap": f.heap_bytes,
            "allocations": f.allocations,
        }))
    }
    let mut rows = Vec::new();
    let mut shared = Vec::new();
    for size in SIZES {
        let fixed = fixed_positions(size);
        let moves = &fixed[0].moves;
        let label = format!("mid-game ({} moves)", moves.len());
        let mut g = Goishi::with_ko(KoRule::Simple, size);
        let mut gb = Goban::with_ko(KoRule::Simple, size);
        let mut ego = GoGameBoard::new(size);
        rows.extend(row(size, "empty", GOISHI, &g));
        rows.extend(row(size, "empty", GOBAN, &gb));
        rows.extend(row(size, "empty", GO_GAME_BOARD, &ego));
        replay(&mut g, moves).expect("replays");
        replay(&mut gb, moves).expect("replays");
        replay(&mut ego, moves).expect("replays");
        rows.extend(row(size, &label, GOISHI, &g));
        rows.extend(row(size, &label, GOBAN, &gb));
        rows.extend(row(size, &label, GO_GAME_BOARD, &ego));
        // What a new game allocates beyond what its clones allocate: the shared geometry and
        // setup. On a new thread, which has built no geometry yet (a thread shares the grids
        // it built last with its next games).
        if alloc::installed() {
            let heap = std::thread::scope(|s| {
                s.spawn(|| {
                    let before = alloc::live();
                    let fresh = Goishi::with_ko(KoRule::Simple, size);
                    let built = usize::try_from(alloc::live() - before).unwrap_or(0);
                    let own = alloc::footprint(&fresh).map_or(0, |f| f.heap_bytes);
                    built.saturating_sub(own)
                })
                .join()
                .expect("the measuring thread does not panic")
            });
            shared.push(json!({"board": format!("{size}x{size}"), "heap": heap}));
        }
    }
    (rows, shared)
}

/// The agreement check: every engine holds the same board and lists the same legal points in
/// the fixed positions.
fn agreement() -> Vec<Value> {
    let mut out = Vec::new();
    for size in SIZES {
        let fixed = fixed_positions(size);
        for ko in [KoRule::Simple, KoRule::Positional] {
            let mut problems = Vec::new();
            for p in &fixed {
                for d in peers::agree(size, ko, &p.moves) {
                    problems.push(format!("seed {}: {d}", p.seed));
                }
            }
            let mut engines = vec![GOISHI];
            engines.extend(peers::peers_of(ko));
            out.push(json!({
                "board": format!("{size}x{size}"),
                "rules": match ko {
                    KoRule::Simple => "simple ko",
                    KoRule::Positional => "positional superko",
                },
                "positions": fixed.len(),
                "engines": engines,
                "disagreements": problems,
            }));
        }
    }
    out
}

/// goishi against go_game_board timed in alternation on both sizes, `rounds` rounds
/// ([`PAIRED_ROUNDS_ENV`]); `null` without it.
fn paired(rounds: Option<usize>) -> Value {
    let Some(rounds) = rounds else {
        return Value::Null;
    };
    let summaries: Vec<Value> = SIZES
        .iter()
        .map(|&size| {
            eprintln!("paired: {GOISHI} and {GO_GAME_BOARD} on {size}x{size}, {rounds} rounds");
            let p = paired::measure(
                Goishi::with_ko(KoRule::Simple, size),
                GoGameBoard::new(size),
                size,
                rounds,
                PAIRED_SECONDS,
                |_, _| {},
            );
            p.to_json()
        })
        .collect();
    Value::Array(summaries)
}

/// Where criterion writes its results (the same rule as criterion's).
fn criterion_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(target).join("criterion");
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../target")
        .join("criterion")
}

fn write_extra(rounds: Option<usize>) {
    let agreement = agreement();
    for c in &agreement {
        for d in c["disagreements"].as_array().into_iter().flatten() {
            eprintln!("disagreement: {}", d.as_str().unwrap_or_default());
        }
    }
    let (memory, shared) = memory();
    let extra = json!({
        "memory": memory,
        "goishi_shared": shared,
        "agreement": agreement,
        "paired": paired(rounds),
    });
    let dir = criterion_home();
    let written = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(dir.join(EXTRA_FILE), format!("{extra:#}\n")));
    if let Err(e) = written {
        eprintln!("could not write {}: {e}", dir.join(EXTRA_FILE).display());
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(2));
    targets = playouts, native_playouts, superko_cost, cut_playouts, legal_moves, play_undo, clones,
        goishi_alone
}

fn main() {
    // Under `cargo test --benches` criterion runs each bench once; the extra file is only
    // for real runs.
    let testing = std::env::args().any(|a| a == "--test");
    // A malformed value is refused before anything runs, not taken for "no paired measure".
    let value = std::env::var(PAIRED_ROUNDS_ENV).ok();
    let rounds = match paired_rounds(value.as_deref()) {
        Ok(rounds) => rounds,
        Err(message) => {
            eprintln!("error: {message}");
            std::process::exit(2);
        }
    };
    if !testing {
        write_extra(rounds);
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
