//! goishi's engine in the second harness (`goishi_bench::native`: its own empty-point list,
//! `is_playout_eye`, `try_place`, simple ko) as a whole process, for the figures that compare
//! a command with the engine process against process: `/usr/bin/time`, or
//! `valgrind --tool=callgrind` for instructions a move, which a shared machine's load does not
//! move.
//!
//! ```text
//! cargo run --release -p goishi-bench --example native -- [SIZE [GAMES]]
//! ```
//!
//! SIZE is any board size from 2 to 52 (default 9), GAMES the playouts (default 20,000),
//! playout `i` seeded [`PLAYOUT_SEED`] + `i`, each from the empty board as in the criterion
//! group `native-playout/SIZE/goishi`. Prints the games, the moves and the moves a second
//! (of the playouts alone) on standard output.

use std::process::ExitCode;
use std::time::Instant;

use goishi_bench::engine::KoRule;
use goishi_bench::goishi_engine::Goishi;
use goishi_bench::native::{native_batch, native_cap};
use goishi_bench::PLAYOUT_SEED;

fn run(args: &[String]) -> Result<(), String> {
    let size: u32 = match args.first() {
        None => 9,
        Some(s) => s
            .parse()
            .map_err(|_| format!("SIZE: {s:?} is not a size"))?,
    };
    let games: u64 = match args.get(1) {
        None => 20_000,
        Some(s) => s
            .parse()
            .map_err(|_| format!("GAMES: {s:?} is not a count"))?,
    };
    if !(2..=52).contains(&size) {
        return Err(format!("SIZE: {size}: from 2 to 52"));
    }
    let start = Goishi::with_ko(KoRule::Simple, size).0;
    let mut game = start.clone();
    let mut copy = Vec::new();
    let t0 = Instant::now();
    let moves = native_batch(
        &start,
        &mut game,
        &mut copy,
        PLAYOUT_SEED,
        games,
        native_cap(size),
    );
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "{size}x{size}: {games} games, {moves} moves in {secs:.3} s ({:.0} moves/s)",
        moves as f64 / secs.max(1e-9)
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("native: {e}");
            ExitCode::FAILURE
        }
    }
}
