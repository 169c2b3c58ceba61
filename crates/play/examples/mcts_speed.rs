//! The search's playout speed next to the engine's bare playout speed, in one run: moves
//! per second inside playouts, Go (Chinese rules) on an empty board, for each board size and
//! thread count, each measured twice and interleaved (bare, search, bare, search) so that a
//! change of the machine's load hits both.
//!
//! The bare loop is the engine's own (`crates/go-rules/benches/support/playout.rs`, the loop
//! of `cargo run --release -p goishi-go-rules --example playouts`), run on each thread
//! independently; the search is `MctsPlayer` with a time budget on the same threads, its
//! playout moves divided by its wall-clock time (tree descent, expansion, AMAF and
//! ownership included in the time, not in the moves).
//!
//! Both ratios are printed: by wall-clock time, and by the CPU time of the process (Linux,
//! `/proc/self/stat`), which a loaded machine disturbs less.
//!
//! Usage: `cargo run --release -p goishi-play --example mcts_speed [SECONDS] [SIZES] [THREADS]`
//! (defaults: 2 seconds a measurement, sizes `9,19`, threads `1,2`; `MCTS_EXPAND_AFTER=N`
//! sets the search's expansion threshold).

use std::time::{Duration, Instant};

use goishi::go::GoPosition;
use goishi::{Color, FromSetup, Rules};
use goishi_play::mcts::{Budget, MctsConfig, MctsPlayer};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[path = "../../go-rules/benches/support/playout.rs"]
mod support;

/// The CPU time of this process so far, in clock ticks (Linux: `/proc/self/stat`, fields 14
/// and 15), if readable. On a loaded machine the moves per CPU tick compare the two loops
/// better than the moves per wall-clock second: another job's time slices count in neither.
fn cpu_ticks() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// Runs `f`, returning its moves, its wall-clock seconds and its CPU ticks.
fn timed(f: impl FnOnce() -> u64) -> (u64, f64, Option<u64>) {
    let (c0, t0) = (cpu_ticks(), Instant::now());
    let moves = f();
    let secs = t0.elapsed().as_secs_f64();
    (moves, secs, cpu_ticks().zip(c0).map(|(c1, c0)| c1 - c0))
}

/// The moves of `threads` bare playout loops for `time`.
fn bare(start: &GoPosition, threads: usize, time: Duration) -> u64 {
    let t0 = Instant::now();
    let moves: usize = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut rng = ChaCha8Rng::seed_from_u64(42 + t as u64);
                    let mut candidates = Vec::new();
                    let mut game = start.clone();
                    let mut moves = 0;
                    while t0.elapsed() < time {
                        for _ in 0..16 {
                            game.clone_from(start);
                            moves += support::playout(&mut game, &mut rng, &mut candidates);
                        }
                    }
                    moves
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    moves as u64
}

/// The playout moves of a search of `time` on `threads`, and its playouts.
fn search(start: &GoPosition, threads: usize, time: Duration) -> (u64, u64) {
    let mut config = MctsConfig::default()
        .with_budget(Budget::time(time))
        .with_threads(threads);
    if let Some(e) = std::env::var("MCTS_EXPAND_AFTER")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        config.expand_after = e;
    }
    let mut player = MctsPlayer::new(config).unwrap();
    let r = player.search(start, Color::Black).unwrap();
    (r.playout_moves, r.playouts)
}

fn list(arg: Option<&String>, default: &[usize]) -> Vec<usize> {
    arg.map_or_else(
        || default.to_vec(),
        |s| s.split(',').filter_map(|x| x.parse().ok()).collect(),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let secs: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let sizes = list(args.get(2), &[9, 19]);
    let threads = list(args.get(3), &[1, 2]);
    let time = Duration::from_secs_f64(secs);
    let rules = Rules::parse("go/chinese").unwrap();
    println!(
        "| board | threads | bare moves/s | search moves/s | search/bare (wall) | search/bare (CPU) | playouts/s |"
    );
    println!("|---|---|---|---|---|---|---|");
    for &size in &sizes {
        let start = GoPosition::from_rules(&rules, Some((size as u32, size as u32))).unwrap();
        for &t in &threads {
            // [moves, seconds, ticks] of bare and search, twice each, interleaved.
            let (mut b, mut m) = ([0.0; 3], [0.0; 3]);
            let mut playouts = 0;
            let mut cpu = true;
            for _ in 0..2 {
                let (moves, s, c) = timed(|| bare(&start, t, time));
                b[0] += moves as f64;
                b[1] += s;
                b[2] += c.unwrap_or(0) as f64;
                cpu &= c.is_some();
                let (moves, s, c) = timed(|| {
                    let (moves, p) = search(&start, t, time);
                    playouts += p;
                    moves
                });
                m[0] += moves as f64;
                m[1] += s;
                m[2] += c.unwrap_or(0) as f64;
                cpu &= c.is_some();
            }
            let (bare_speed, search_speed) = (b[0] / b[1], m[0] / m[1]);
            let by_cpu = if cpu && b[2] > 0.0 && m[2] > 0.0 {
                format!("{:.0}%", 100.0 * (m[0] / m[2]) / (b[0] / b[2]))
            } else {
                "-".to_owned()
            };
            println!(
                "| {size}x{size} | {t} | {:.2}M | {:.2}M | {:.0}% | {by_cpu} | {:.0} |",
                bare_speed / 1e6,
                search_speed / 1e6,
                100.0 * search_speed / bare_speed,
                playouts as f64 / m[1]
            );
        }
    }
}
