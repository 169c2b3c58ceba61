//! goishi against go_game_board on the first harness's playouts (simple ko), timed in
//! alternation ([`goishi_bench::paired`]), for a ratio that a shared machine's drift does not
//! move.
//!
//! ```text
//! cargo run --release -p goishi-bench --example paired -- [SIZE [ROUNDS [SECONDS]]]
//! ```
//!
//! SIZE is 9 or 19 (default 9), ROUNDS at least 1 (default 21), SECONDS per engine and round
//! (default [`PAIRED_SECONDS`], as in the report). Prints a line per round on standard error and the summary on standard
//! output. `cargo xtask bench-report` runs the same measure and puts it in
//! docs/benchmarks.md.

#[allow(dead_code, unused_imports)]
#[path = "../peers/mod.rs"]
mod peers;

use std::process::ExitCode;

use goishi_bench::engine::KoRule;
use goishi_bench::goishi_engine::Goishi;
use goishi_bench::paired::{measure, quantile};
use goishi_bench::{GOISHI, GO_GAME_BOARD, PAIRED_SECONDS};
use peers::GoGameBoard;

fn parse<T: std::str::FromStr>(arg: Option<&String>, name: &str, default: T) -> Result<T, String> {
    match arg {
        None => Ok(default),
        Some(text) => text
            .parse()
            .map_err(|_| format!("{name}: {text:?} is not a valid value")),
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let size: u32 = parse(args.first(), "SIZE", 9)?;
    let rounds: usize = parse(args.get(1), "ROUNDS", 21)?;
    let seconds: f64 = parse(args.get(2), "SECONDS", PAIRED_SECONDS)?;
    if size != 9 && size != 19 {
        return Err(format!("SIZE: {size}: the harness measures 9 and 19"));
    }
    if rounds == 0 {
        return Err("ROUNDS: at least one round".to_owned());
    }
    if !(seconds > 0.0 && seconds <= 60.0) {
        return Err(format!("SECONDS: {seconds}: from above 0 to 60"));
    }
    let p = measure(
        Goishi::with_ko(KoRule::Simple, size),
        GoGameBoard::new(size),
        size,
        rounds,
        seconds,
        |r, round| {
            eprintln!(
                "round {}/{rounds}: {GOISHI} {:.2} M moves/s, {GO_GAME_BOARD} {:.2} M, ratio {:.3}",
                r + 1,
                round.rate_a / 1e6,
                round.rate_b / 1e6,
                round.rate_a / round.rate_b,
            );
        },
    );
    println!(
        "{size}x{size}, {rounds} rounds: {GOISHI} / {GO_GAME_BOARD} median {:.3} \
         (quartiles {:.3} to {:.3}, range {:.3} to {:.3}); \
         medians {:.2} M and {:.2} M moves/s",
        p.median(),
        quantile(&p.ratios, 0.25),
        quantile(&p.ratios, 0.75),
        quantile(&p.ratios, 0.0),
        quantile(&p.ratios, 1.0),
        p.rate_a / 1e6,
        p.rate_b / 1e6,
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!(
            "usage: paired [SIZE [ROUNDS [SECONDS]]]  (9 or 19; default 9 21 {PAIRED_SECONDS})"
        );
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("paired: {message}");
            ExitCode::from(2)
        }
    }
}
