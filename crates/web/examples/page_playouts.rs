//! The native speed of the playground's playout loop: `cargo run --release -p goishi-web
//! --example page_playouts -- RULES GAMES SEED [ROUNDS]` runs `goishi_web::players::random_playouts`
//! (what the page times in the browser) ROUNDS times (default 1) and prints the moves of one
//! round and its fastest time, `{"moves": N, "ms": T}`, as the page's test does on its side.

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(rules), Some(Ok(games)), Some(Ok(seed)), Ok(rounds)) = (
        args.first(),
        args.get(1).map(|g| g.parse::<u32>()),
        args.get(2).map(|s| s.parse::<u64>()),
        args.get(3).map_or(Ok(1), |r| r.parse::<u32>()),
    ) else {
        eprintln!("usage: page_playouts RULES GAMES SEED [ROUNDS]");
        return ExitCode::from(2);
    };
    let mut best: Option<(u64, f64)> = None;
    for _ in 0..rounds.max(1) {
        let started = Instant::now();
        match goishi_web::players::random_playouts(rules, games, seed) {
            Ok(moves) => {
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                if best.is_none_or(|(_, b)| ms < b) {
                    best = Some((moves, ms));
                }
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let (moves, ms) = best.expect("one round at least");
    println!("{{\"moves\": {moves}, \"ms\": {ms:.3}}}");
    ExitCode::SUCCESS
}
