//! The search's playout speed next to the bare playout speed, in one run, for both playout
//! policies: moves per second inside playouts, Go (Chinese rules) on an empty board, for each
//! board size and thread count, each measured twice and interleaved (bare light, search
//! light, bare heavy, search heavy, and again) so that a change of the machine's load hits
//! all four.
//!
//! The bare loops play the policy's moves (`PlayoutPosition::playout_move`: of `GoPosition`
//! for the light policy, of `HeavyGo`, Go with its knowledge, for the heavy one) from the
//! empty board to the end or the move cap, over and over, on every thread independently.
//! The search is `MctsPlayer` with a time budget on the same threads and that policy, its
//! playout moves divided by its wall-clock time (tree descent, expansion, AMAF and ownership
//! included in the time, not in the moves). The last column compares the search's playouts
//! per second of the two policies.
//!
//! Both ratios are printed: by wall-clock time, and by the CPU time of the process (Linux,
//! `/proc/self/stat`), which a loaded machine disturbs less.
//!
//! Usage: `cargo run --release -p goishi-play --example mcts_speed [SECONDS] [SIZES] [THREADS]`
//! (defaults: 2 seconds a measurement, sizes `9,19`, threads `1,2`; `MCTS_EXPAND_AFTER=N`
//! sets the search's expansion threshold).

use std::time::{Duration, Instant};

use goishi::go::GoPosition;
use goishi::PlayoutPosition;
use goishi::{Color, FromSetup, Rules};
use goishi_play::mcts::{Budget, MctsConfig, MctsPlayer, PlayoutPolicy};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

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

/// One game of the policy of `P` from `game`, capped at 3 x points moves, as the search
/// plays a playout; returns its moves.
fn bare_playout<P: PlayoutPosition>(
    game: &mut P,
    rng: &mut ChaCha8Rng,
    buf: &mut Vec<goishi::Point>,
) -> usize {
    let cap = 3 * game.num_points();
    let mut moves = 0;
    while moves < cap && !game.is_over() {
        game.playout_move(rng, buf);
        moves += 1;
    }
    moves
}

/// The moves of `threads` bare playout loops of `policy` for `time`.
fn bare(start: &GoPosition, policy: PlayoutPolicy, threads: usize, time: Duration) -> u64 {
    let t0 = Instant::now();
    let moves: usize = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut rng = ChaCha8Rng::seed_from_u64(42 + t as u64);
                    let mut candidates = Vec::new();
                    let mut game = start.clone();
                    let heavy_start = start.heavy();
                    let mut heavy = heavy_start.clone();
                    let mut moves = 0;
                    while t0.elapsed() < time {
                        for _ in 0..16 {
                            moves += match policy {
                                PlayoutPolicy::Light => {
                                    game.clone_from(start);
                                    bare_playout(&mut game, &mut rng, &mut candidates)
                                }
                                PlayoutPolicy::Heavy => {
                                    heavy.reset_from(&heavy_start);
                                    bare_playout(&mut heavy, &mut rng, &mut candidates)
                                }
                            };
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

/// The playout moves of a search of `time` on `threads` with `policy`, and its playouts.
fn search(start: &GoPosition, policy: PlayoutPolicy, threads: usize, time: Duration) -> (u64, u64) {
    let mut config = MctsConfig::default()
        .with_budget(Budget::time(time))
        .with_threads(threads)
        .with_playout_policy(policy);
    if let Some(e) = std::env::var("MCTS_EXPAND_AFTER")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        config.expand_after = Some(e);
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

/// Moves, seconds and CPU ticks summed over the measurements of one loop.
#[derive(Default)]
struct Sum {
    moves: f64,
    secs: f64,
    ticks: f64,
    /// Whether some measurement had no CPU time.
    no_cpu: bool,
}

impl Sum {
    fn add(&mut self, (moves, secs, ticks): (u64, f64, Option<u64>)) {
        self.moves += moves as f64;
        self.secs += secs;
        self.ticks += ticks.unwrap_or(0) as f64;
        self.no_cpu |= ticks.is_none();
    }

    fn speed(&self) -> f64 {
        self.moves / self.secs
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let secs: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let sizes = list(args.get(2), &[9, 19]);
    let threads = list(args.get(3), &[1, 2]);
    let time = Duration::from_secs_f64(secs);
    let rules = Rules::parse("go/chinese").unwrap();
    println!(
        "| board | threads | policy | bare moves/s | search moves/s | search/bare (wall) | search/bare (CPU) | playouts/s | playouts/s vs light |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let policies = [PlayoutPolicy::Light, PlayoutPolicy::Heavy];
    for &size in &sizes {
        let start = GoPosition::from_rules(&rules, Some((size as u32, size as u32))).unwrap();
        for &t in &threads {
            // Per policy: the bare loop, the search, and the search's playouts.
            let mut sums: [(Sum, Sum, u64); 2] = Default::default();
            for _ in 0..2 {
                for (&policy, (b, m, playouts)) in policies.iter().zip(sums.iter_mut()) {
                    b.add(timed(|| bare(&start, policy, t, time)));
                    m.add(timed(|| {
                        let (moves, p) = search(&start, policy, t, time);
                        *playouts += p;
                        moves
                    }));
                }
            }
            let light_rate = sums[0].2 as f64 / sums[0].1.secs;
            for (&policy, (b, m, playouts)) in policies.iter().zip(&sums) {
                let by_cpu = if !b.no_cpu && !m.no_cpu && b.ticks > 0.0 && m.ticks > 0.0 {
                    format!("{:.0}%", 100.0 * (m.moves / m.ticks) / (b.moves / b.ticks))
                } else {
                    "-".to_owned()
                };
                let rate = *playouts as f64 / m.secs;
                println!(
                    "| {size}x{size} | {t} | {policy} | {:.2}M | {:.2}M | {:.0}% | {by_cpu} | {rate:.0} | {:.0}% |",
                    b.speed() / 1e6,
                    m.speed() / 1e6,
                    100.0 * m.speed() / b.speed(),
                    100.0 * rate / light_rate,
                );
            }
        }
    }
}
