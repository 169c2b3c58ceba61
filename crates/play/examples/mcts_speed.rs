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
//! Usage: `cargo run --release -p goishi-play --example mcts_speed [SECONDS] [SIZES] [THREADS]`
//! (defaults: 2 seconds a measurement, sizes `9,19`, threads `1,2`).

use std::time::{Duration, Instant};

use goishi::go::GoPosition;
use goishi::{Color, Rules};
use goishi_play::mcts::{Budget, MctsConfig, MctsPlayer};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[path = "../../go-rules/benches/support/playout.rs"]
mod support;

/// Moves per second of `threads` bare playout loops for `time`.
fn bare(start: &GoPosition, threads: usize, time: Duration) -> f64 {
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
    moves as f64 / t0.elapsed().as_secs_f64()
}

/// Playout moves per second of a search of `time` on `threads`, and its playouts.
fn search(start: &GoPosition, threads: usize, time: Duration) -> (f64, u64) {
    let config = MctsConfig::default()
        .with_budget(Budget::time(time))
        .with_threads(threads);
    let mut player = MctsPlayer::new(config).unwrap();
    let r = player.search(start, Color::Black).unwrap();
    (r.playout_moves_per_second(), r.playouts)
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
    println!("| board | threads | bare moves/s | search moves/s | search/bare | playouts/s |");
    println!("|---|---|---|---|---|---|");
    for &size in &sizes {
        let start = GoPosition::from_rules(&rules, Some((size as u32, size as u32))).unwrap();
        for &t in &threads {
            let (mut b, mut m, mut p) = (0.0, 0.0, 0);
            for _ in 0..2 {
                b += bare(&start, t, time);
                let (speed, playouts) = search(&start, t, time);
                m += speed;
                p += playouts;
            }
            println!(
                "| {size}x{size} | {t} | {:.2}M | {:.2}M | {:.0}% | {:.0} |",
                b / 2e6,
                m / 2e6,
                100.0 * m / b,
                p as f64 / (2.0 * secs)
            );
        }
    }
}
