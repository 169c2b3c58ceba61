//! An engine's own playout loop as a whole process, for the figures that compare a command
//! with the engine process against process (`cargo xtask bench-report` runs it beside
//! `goishi selfplay` and takes each process's CPU time; by hand: `/usr/bin/time`, or
//! `valgrind --tool=callgrind` for instructions a move, which a shared machine's load does
//! not move).
//!
//! ```text
//! cargo run --release -p goishi-bench --example native -- [--engine ENGINE] [SIZE [GAMES]]
//! ```
//!
//! ENGINE is `goishi` (the default) or `go_game_board-sampler`:
//!
//! - `goishi`: goishi's engine in the second harness (`goishi_bench::native`: its own
//!   empty-point list, `is_playout_eye`, `try_place`, simple ko, the harness's xorshift64*),
//!   as in the criterion bench `native-playout/SIZE/goishi`;
//! - `go_game_board-sampler`: go_game_board's own playout loop (libEGo's `Sampler`, its 3x3
//!   patterns, the neighbours of the last move ten times as likely, its own generator), as in
//!   `native-playout/SIZE/go_game_board-sampler`.
//!
//! SIZE is a board size from 2 to 52 for goishi, 2 to 19 for go_game_board (default 9), GAMES
//! the playouts (default 20,000), playout `i` seeded [`PLAYOUT_SEED`] + `i`, each from the
//! empty board, cut at the harness's cap. Prints the engine, the games, the moves (passes
//! included) and the moves a second (of the playouts alone) on standard output, one line:
//! `9x9, goishi: 20000 games, 2187643 moves in 0.190 s (11513910 moves/s)`.

#[allow(dead_code, unused_imports)]
#[path = "../peers/mod.rs"]
mod peers;

use std::process::ExitCode;
use std::time::Instant;

use goishi_bench::engine::KoRule;
use goishi_bench::goishi_engine::Goishi;
use goishi_bench::native::{native_batch, native_cap};
use goishi_bench::{GOISHI, GO_GAME_BOARD_SAMPLER, PLAYOUT_SEED};
use peers::SamplerPlayouts;

/// The engines this example runs.
const ENGINES: [&str; 2] = [GOISHI, GO_GAME_BOARD_SAMPLER];

/// The engine, the size and the games asked for.
fn parse(args: &[String]) -> Result<(&'static str, u32, u64), String> {
    let mut engine = GOISHI;
    let mut rest = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let value = if arg == "--engine" {
            Some(
                args.next()
                    .ok_or_else(|| "--engine needs a value".to_owned())?
                    .as_str(),
            )
        } else {
            arg.strip_prefix("--engine=")
        };
        match value {
            Some(name) => {
                engine = ENGINES
                    .into_iter()
                    .find(|e| *e == name)
                    .ok_or_else(|| format!("--engine: {name:?}: one of {}", ENGINES.join(", ")))?;
            }
            None if arg.starts_with("--") => return Err(format!("unknown option {arg:?}")),
            None => rest.push(arg),
        }
    }
    let size: u32 = match rest.first() {
        None => 9,
        Some(s) => s
            .parse()
            .map_err(|_| format!("SIZE: {s:?} is not a size"))?,
    };
    let games: u64 = match rest.get(1) {
        None => 20_000,
        Some(s) => s
            .parse()
            .map_err(|_| format!("GAMES: {s:?} is not a count"))?,
    };
    if rest.len() > 2 {
        return Err(format!("{:?}: too many arguments", rest[2]));
    }
    let largest = if engine == GOISHI { 52 } else { 19 };
    if !(2..=largest).contains(&size) {
        return Err(format!("SIZE: {size}: from 2 to {largest} for {engine}"));
    }
    Ok((engine, size, games))
}

fn run(args: &[String]) -> Result<(), String> {
    let (engine, size, games) = parse(args)?;
    let cap = native_cap(size);
    let (moves, secs) = if engine == GOISHI {
        let start = Goishi::with_ko(KoRule::Simple, size).0;
        let mut game = start.clone();
        let mut copy = Vec::new();
        let t0 = Instant::now();
        let moves = native_batch(&start, &mut game, &mut copy, PLAYOUT_SEED, games, cap);
        (moves, t0.elapsed().as_secs_f64())
    } else {
        let mut sampler = SamplerPlayouts::new(size);
        let t0 = Instant::now();
        let moves = sampler.batch(PLAYOUT_SEED, games, cap, |_, _, _| {});
        (moves, t0.elapsed().as_secs_f64())
    };
    println!(
        "{size}x{size}, {engine}: {games} games, {moves} moves in {secs:.3} s ({:.0} moves/s)",
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
