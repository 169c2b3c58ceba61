//! The batched search's own speed, without Python: simulations a second of a search of 256
//! games with a trivial evaluator (uniform priors, zero values), as docs/learning.md's
//! benchmark does through Python.
//!
//! `cargo run --release -p goishi-play --example batched -- [size] [threads] [algorithm] [moves]`
//!
//! Defaults: 9x9, 1 thread, Gumbel, 8 moves (each a search of 64 simulations a game).

use std::time::Instant;

use goishi::{PlayoutPosition, PositionVisitor, VariantPosition};
use goishi_play::batched::{Algorithm, BatchedConfig, BatchedSearch, Gumbel, NoObservation, Puct};

struct Bench(BatchedConfig, u32);

impl PositionVisitor for Bench {
    type Output = f64;

    fn visit<P: PlayoutPosition>(self, start: &P) -> f64 {
        let mut games = vec![start.clone(); 256];
        let roots: Vec<&P> = games.iter().collect();
        let mut search = BatchedSearch::new(self.0, NoObservation, &roots).unwrap();
        let a = search.num_actions();
        let rows = search.max_leaves();
        let mut mask = vec![0; rows * a];
        let logits = vec![0.0; rows * a];
        let values = vec![0.0; rows];
        let mut actions = vec![0; 256];
        let t = Instant::now();
        let mut sims = 0u64;
        for _ in 0..self.1 {
            while !search.done() {
                let n = search.leaves(&mut [], &mut mask).unwrap();
                search.expand(&logits[..n * a], &values[..n]).unwrap();
            }
            sims += 256 * u64::from(self.0.simulations);
            search.actions(&mut actions).unwrap();
            for (g, &action) in games.iter_mut().zip(&actions) {
                if !g.is_over() {
                    let mv = goishi::Move::from_action(action as usize, a - 1);
                    let color = g.side_to_move();
                    assert!(g.play(color, mv));
                }
            }
            let roots: Vec<&P> = games.iter().collect();
            search.start(&roots).unwrap();
        }
        sims as f64 / t.elapsed().as_secs_f64()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(9);
    let threads: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let algorithm = match args.get(3).map(String::as_str) {
        Some("puct") => Algorithm::Puct(Puct::default()),
        _ => Algorithm::Gumbel(Gumbel::default()),
    };
    let game = goishi::registry()
        .parse_rules("go/chinese")
        .unwrap()
        .new_game(Some((size, size)))
        .unwrap();
    let moves: u32 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(8);
    let config = BatchedConfig {
        threads,
        ..BatchedConfig::new(64, algorithm)
    };
    let rate = VariantPosition::new(game).visit(Bench(config, moves));
    println!(
        "{size}x{size} {} threads={threads} moves={moves}: {rate:.0} simulations/s",
        algorithm.name()
    );
}
