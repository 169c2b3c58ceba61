//! Two engines timed in alternation on the first harness's playouts, for a ratio that a
//! shared machine's drift does not move.
//!
//! Each round times criterion's iteration of `playout-simple/SIZE` (the same seeded batch of
//! playouts, [`playout_batch`]) with each engine in turn, repeated for about a set time per
//! engine, the order swapped every round, and takes the ratio of the two engines' moves per
//! second. On a shared machine a core's speed drifts by a third from one minute to the next;
//! two engines timed within the same half second see the same drift, so the median of the
//! rounds' ratios is steadier than the ratio of two criterion measurements made a minute
//! apart. The example `paired` and the bench binary (for `cargo xtask bench-report`) run it.

use std::time::Instant;

use serde_json::{json, Value};

use crate::engine::{playout_batch, Engine};
use crate::{playouts_per_batch, PLAYOUT_SEED};

/// One engine's side: its start position, a game to play in, and its iterations a round.
struct Side<E: Engine> {
    start: E,
    game: E,
    candidates: Vec<E::Point>,
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

    /// Plays iterations for about `seconds` (the warm-up), which fixes the repetitions of a
    /// round.
    fn calibrate(&mut self, size: u32, seconds: f64) {
        let t = Instant::now();
        let mut n = 0u32;
        while t.elapsed().as_secs_f64() < seconds {
            std::hint::black_box(self.iteration(size));
            n += 1;
        }
        self.reps = n.max(1);
    }

    /// One round: moves per second.
    fn round(&mut self, size: u32) -> f64 {
        let t = Instant::now();
        let mut moves = 0;
        for _ in 0..self.reps {
            moves += std::hint::black_box(self.iteration(size));
        }
        moves as f64 / t.elapsed().as_secs_f64().max(1e-9)
    }
}

/// What one round measured: each engine's moves per second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Round {
    pub rate_a: f64,
    pub rate_b: f64,
}

/// The rounds of one comparison, summed up.
#[derive(Clone, Debug, PartialEq)]
pub struct Paired {
    /// The board's side.
    pub size: u32,
    /// The rounds' ratios `a / b`, sorted.
    pub ratios: Vec<f64>,
    /// The median of each engine's moves per second over the rounds.
    pub rate_a: f64,
    pub rate_b: f64,
}

/// The value at fraction `q` of sorted `xs` (nearest rank); 0 for none.
pub fn quantile(xs: &[f64], q: f64) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs[((xs.len() - 1) as f64 * q.clamp(0.0, 1.0)).round() as usize]
}

fn sorted(mut xs: Vec<f64>) -> Vec<f64> {
    xs.sort_by(f64::total_cmp);
    xs
}

impl Paired {
    /// Sums up `rounds` of a comparison on a `size` x `size` board.
    pub fn from_rounds(size: u32, rounds: &[Round]) -> Paired {
        Paired {
            size,
            ratios: sorted(rounds.iter().map(|r| r.rate_a / r.rate_b).collect()),
            rate_a: quantile(&sorted(rounds.iter().map(|r| r.rate_a).collect()), 0.5),
            rate_b: quantile(&sorted(rounds.iter().map(|r| r.rate_b).collect()), 0.5),
        }
    }

    pub fn median(&self) -> f64 {
        quantile(&self.ratios, 0.5)
    }

    /// The figures the report shows, as JSON.
    pub fn to_json(&self) -> Value {
        json!({
            "board": format!("{0}x{0}", self.size),
            "rounds": self.ratios.len(),
            "median": self.median(),
            "q1": quantile(&self.ratios, 0.25),
            "q3": quantile(&self.ratios, 0.75),
            "min": quantile(&self.ratios, 0.0),
            "max": quantile(&self.ratios, 1.0),
            "rate_a": self.rate_a,
            "rate_b": self.rate_b,
        })
    }
}

/// Times `a` against `b` for `rounds` rounds of about `seconds` per engine, after a warm-up of
/// the same length each; calls `each` after every round (its number from 0).
pub fn measure<A: Engine, B: Engine>(
    a: A,
    b: B,
    size: u32,
    rounds: usize,
    seconds: f64,
    mut each: impl FnMut(usize, Round),
) -> Paired {
    let (mut a, mut b) = (Side::new(a), Side::new(b));
    a.calibrate(size, seconds);
    b.calibrate(size, seconds);
    let mut all = Vec::with_capacity(rounds);
    for r in 0..rounds {
        let round = if r % 2 == 0 {
            let rate_a = a.round(size);
            Round {
                rate_a,
                rate_b: b.round(size),
            }
        } else {
            let rate_b = b.round(size);
            Round {
                rate_a: a.round(size),
                rate_b,
            }
        };
        each(r, round);
        all.push(round);
    }
    Paired::from_rounds(size, &all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::KoRule;
    use crate::goishi_engine::Goishi;

    #[test]
    fn quantiles_and_the_summary() {
        let rounds: Vec<Round> = [(4.0, 2.0), (3.0, 1.0), (2.0, 2.0), (9.0, 3.0), (5.0, 2.0)]
            .iter()
            .map(|&(rate_a, rate_b)| Round { rate_a, rate_b })
            .collect();
        let p = Paired::from_rounds(9, &rounds);
        assert_eq!(p.ratios, [1.0, 2.0, 2.5, 3.0, 3.0]);
        assert_eq!(p.median(), 2.5);
        assert_eq!((p.rate_a, p.rate_b), (4.0, 2.0));
        let j = p.to_json();
        assert_eq!(j["board"], "9x9");
        assert_eq!(j["rounds"], 5);
        assert_eq!((j["q1"].as_f64(), j["q3"].as_f64()), (Some(2.0), Some(3.0)));
        assert_eq!(
            (j["min"].as_f64(), j["max"].as_f64()),
            (Some(1.0), Some(3.0))
        );
        assert_eq!(quantile(&[], 0.5), 0.0);
    }

    /// An engine against itself: every round is reported, and every rate is a rate.
    #[test]
    fn an_engine_against_itself() {
        let g = Goishi::with_ko(KoRule::Simple, 9);
        let mut seen = Vec::new();
        let p = measure(g.clone(), g, 9, 3, 0.001, |r, round| seen.push((r, round)));
        assert_eq!(seen.iter().map(|s| s.0).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(p.ratios.len(), 3);
        assert!(seen
            .iter()
            .all(|(_, r)| r.rate_a.is_finite() && r.rate_a > 0.0 && r.rate_b > 0.0));
        assert!(p.ratios.windows(2).all(|w| w[0] <= w[1]));
    }
}
