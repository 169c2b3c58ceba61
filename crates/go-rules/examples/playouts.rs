//! Runs random playouts and prints moves per second: a quick check, and a target for
//! profilers (`valgrind --tool=callgrind target/release/examples/playouts 9 200`).
//!
//! Usage: `cargo run --release -p goishi-go-rules --example playouts [SIZE] [GAMES] [RULES]`

use std::time::Instant;

use goishi_board::{Move, Position, Rules};
use goishi_go_rules::GoPosition;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

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
        let cap = 3 * game.geometry().num_points();
        let mut n = 0;
        while n < cap && !game.is_over() {
            let color = game.side_to_move();
            candidates.clear();
            candidates.extend_from_slice(game.empty_points());
            let mut played = false;
            while !candidates.is_empty() {
                let p = candidates.swap_remove(rng.random_range(0..candidates.len()));
                if !game.is_own_eye(p, color) && game.play_as(color, Move::Place(p)).is_ok() {
                    played = true;
                    break;
                }
            }
            if !played {
                game.play_as(color, Move::Pass).expect("a pass is legal");
            }
            n += 1;
        }
        moves += n;
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{rules} {size}x{size}: {games} games, {moves} moves, {:.0} moves/s, {:.1} moves/game",
        moves as f64 / secs,
        moves as f64 / games as f64
    );
}
