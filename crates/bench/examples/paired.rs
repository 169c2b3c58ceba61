//! goishi against go_game_board on the first harness's playouts (simple ko), measured in
//! alternation, for a ratio that a shared machine's drift does not move.
//!
//! ```text
//! cargo run --release -p goishi-bench --example paired -- [SIZE [ROUNDS [SECONDS]]]
//! ```
//!
//! Each round times the benchmark group `playout-simple/SIZE`'s iteration (the same seeded
//! batch of playouts, [`playout_batch`]) with each engine in turn, repeated for about
//! SECONDS (default 0.25) per engine, the order swapped every round, and takes the ratio of
//! the two engines' moves per second. On a shared machine a core's speed drifts by a third
//! from one minute to the next; two engines timed within the same half second see the same
//! drift, so the median of the rounds' ratios is steadier than the ratio of two criterion
//! runs made a minute apart. SIZE is 9 or 19 (default 9), ROUNDS at least 1 (default 21).
//! Prints a line per round on standard error and the summary on standard output.

#[allow(dead_code, unused_imports)]
#[path = "../peers/mod.rs"]
mod peers;

use std::process::ExitCode;
use std::time::Instant;

use goishi_bench::engine::{playout_batch, Engine, KoRule};
use goishi_bench::goishi_engine::Goishi;
use goishi_bench::{playouts_per_batch, GOISHI, GO_GAME_BOARD, PLAYOUT_SEED};
use peers::GoGameBoard;

/// What one engine did in one round: moves made and seconds taken.
#[derive(Clone, Copy, Debug)]
struct Timing {
    moves: usize,
    seconds: f64,
}

impl Timing {
    fn rate(self) -> f64 {
        self.moves as f64 / self.seconds
    }
}

/// One engine's side of the comparison: its start position and the work of one iteration.
struct Side<E: Engine> {
    start: E,
    game: E,
    candidates: Vec<E::Point>,
    /// Iterations per round, fixed after the first (warm-up) measure.
    reps: u32,
}

impl<E: Engine> Side<E> {
    fn new(start: E) -> Side<E> {
        Side {
            game: start.clone(),
            start,
            candidates: Vec::new(),
            reps: 1,
        }
    }

    fn iteration(&mut self, size: u32) -> usize {
        playout_batch(
            &self.start,
            &mut self.game,
            &mut self.candidates,
            PLAYOUT_SEED,
            playouts_per_batch(size),
        )
    }

    /// Plays iterations for about `seconds`, to warm up and to fix the repetitions.
    fn calibrate(&mut self, size: u32, seconds: f64) {
        let t = Instant::now();
        let mut n = 0u32;
        while t.elapsed().as_secs_f64() < seconds {
            std::hint::black_box(self.iteration(size));
            n += 1;
        }
        self.reps = n.max(1);
    }

    fn round(&mut self, size: u32) -> Timing {
        let t = Instant::now();
        let mut moves = 0;
        for _ in 0..self.reps {
            moves += std::hint::black_box(self.iteration(size));
        }
        Timing {
            moves,
            seconds: t.elapsed().as_secs_f64(),
        }
    }
}

/// The value at fraction `q` of sorted `xs` (nearest rank).
fn quantile(xs: &[f64], q: f64) -> f64 {
    let i = ((xs.len() - 1) as f64 * q).round() as usize;
    xs[i]
}

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
    let seconds: f64 = parse(args.get(2), "SECONDS", 0.25)?;
    if size != 9 && size != 19 {
        return Err(format!("SIZE: {size}: the harness measures 9 and 19"));
    }
    if rounds == 0 {
        return Err("ROUNDS: at least one round".to_owned());
    }
    if !(seconds > 0.0 && seconds <= 60.0) {
        return Err(format!("SECONDS: {seconds}: from above 0 to 60"));
    }
    let mut a = Side::new(Goishi::with_ko(KoRule::Simple, size));
    let mut b = Side::new(GoGameBoard::new(size));
    a.calibrate(size, seconds);
    b.calibrate(size, seconds);
    let mut ratios = Vec::with_capacity(rounds);
    let (mut rates_a, mut rates_b) = (Vec::new(), Vec::new());
    for r in 0..rounds {
        let (ta, tb) = if r % 2 == 0 {
            let ta = a.round(size);
            (ta, b.round(size))
        } else {
            let tb = b.round(size);
            (a.round(size), tb)
        };
        let ratio = ta.rate() / tb.rate();
        eprintln!(
            "round {}/{rounds}: {GOISHI} {:.2} M moves/s, {GO_GAME_BOARD} {:.2} M, ratio {ratio:.3}",
            r + 1,
            ta.rate() / 1e6,
            tb.rate() / 1e6,
        );
        ratios.push(ratio);
        rates_a.push(ta.rate());
        rates_b.push(tb.rate());
    }
    for xs in [&mut ratios, &mut rates_a, &mut rates_b] {
        xs.sort_by(f64::total_cmp);
    }
    println!(
        "{size}x{size}, {rounds} rounds: {GOISHI} / {GO_GAME_BOARD} median {:.3} \
         (quartiles {:.3} to {:.3}, range {:.3} to {:.3}); \
         medians {:.2} M and {:.2} M moves/s",
        quantile(&ratios, 0.5),
        quantile(&ratios, 0.25),
        quantile(&ratios, 0.75),
        ratios[0],
        ratios[ratios.len() - 1],
        quantile(&rates_a, 0.5) / 1e6,
        quantile(&rates_b, 0.5) / 1e6,
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("usage: paired [SIZE [ROUNDS [SECONDS]]]  (9 or 19; default 9 21 0.25)");
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
