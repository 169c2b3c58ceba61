//! Runs random playouts and prints moves per second: a quick check, and a target for
//! profilers (`valgrind --tool=callgrind target/release/examples/playouts 9 200`).
//!
//! Usage: `cargo run --release -p goishi-go-rules --example playouts [SIZE] [GAMES] [RULES]`

use std::time::Instant;

use goishi_board::{FromSetup, Rules};
use goishi_go_rules::GoPosition;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[path = "../benches/support/playout.rs"]
mod support;

use support::playout;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(9);
    let games: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let rules = args.get(3).map_or("go/chinese", String::as_str);
    let rules = match Rules::parse(rules) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let start = match GoPosition::from_rules(&rules, Some((size, size))) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut candidates = Vec::new();
    let mut moves = 0usize;
    let t = Instant::now();
    let mut game = start.clone();
    for _ in 0..games {
        game.clone_from(&start);
        moves += playout(&mut game, &mut rng, &mut candidates);
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{rules} {size}x{size}: {games} games, {moves} moves, {:.0} moves/s, {:.1} moves/game",
        moves as f64 / secs,
        moves as f64 / games as f64
    );
}
