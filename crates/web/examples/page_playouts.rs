//! The native speed of the playground's playout loop: `cargo run --release -p goishi-web
//! --example page_playouts -- RULES GAMES SEED` runs `goishi_web::players::random_playouts` (what
//! the page times in the browser) and prints `{"moves": N, "ms": T}`.

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(rules), Some(Ok(games)), Some(Ok(seed))) = (
        args.first(),
        args.get(1).map(|g| g.parse::<u32>()),
        args.get(2).map(|s| s.parse::<u64>()),
    ) else {
        eprintln!("usage: playouts RULES GAMES SEED");
        return ExitCode::from(2);
    };
    let started = Instant::now();
    match goishi_web::players::random_playouts(rules, games, seed) {
        Ok(moves) => {
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            println!("{{\"moves\": {moves}, \"ms\": {ms:.3}}}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
