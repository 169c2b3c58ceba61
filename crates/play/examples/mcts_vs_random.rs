//! MCTS against the random player of `genmove` (a random legal point that fills no own
//! single-point eye in Go and capture Go; any legal point elsewhere): N seeded games with
//! colours alternating; prints each game's result and the total.
//!
//! Usage: `cargo run --release -p goishi-play --example mcts_vs_random [RULES] [SIZE]
//! [PLAYOUTS] [GAMES] [SEED] [THREADS]` (defaults: `go/chinese 9 10000 10 1 1`). The budget
//! is the playout count alone (no time limit).

use std::time::{Duration, Instant};

use goishi::{Color, Move, Position};
use goishi_play::mcts::{Budget, MctsConfig, MctsPlayer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_move(position: &dyn Position, color: Color, rng: &mut impl Rng) -> Move {
    let mut moves = Vec::new();
    position.legal_moves_as(color, &mut moves);
    let eyes = position.rules().variant().capabilities.avoids_own_eyes;
    let board = position.board();
    moves.retain(|mv| match mv {
        Move::Place(p) => {
            let around = board.geometry().default_neighbors().of(*p);
            let eye = !around.is_empty() && around.iter().all(|&q| board.get(q) == Some(color));
            !(eyes && eye)
        }
        _ => false,
    });
    if moves.is_empty() {
        Move::Pass
    } else {
        moves[rng.random_range(0..moves.len())]
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let rules = arg(1, "go/chinese");
    let size: u32 = arg(2, "9").parse().expect("SIZE");
    let playouts: u32 = arg(3, "10000").parse().expect("PLAYOUTS");
    let games: u64 = arg(4, "10").parse().expect("GAMES");
    let seed: u64 = arg(5, "1").parse().expect("SEED");
    let threads: usize = arg(6, "1").parse().expect("THREADS");
    let rules = goishi::registry().parse_rules(&rules).expect("RULES");
    let (mut won, mut mcts_moves, mut think) = (0, 0u64, Duration::ZERO);
    for g in 0..games {
        let mcts = if g % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut game = rules.new_game(Some((size, size))).expect("a game");
        let config = MctsConfig::default()
            .with_budget(Budget::playouts(playouts))
            .with_threads(threads)
            .with_seed(seed.wrapping_add(g));
        let mut player = MctsPlayer::new(config).expect("config");
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(g) ^ 0xABCD);
        let cap = 4 * game.geometry().num_points();
        while !game.is_over() && game.history().len() < cap {
            let color = game.side_to_move();
            let mv = if color == mcts {
                let t = Instant::now();
                let mv = player.genmove_dyn(&*game, color).expect("a move");
                think += t.elapsed();
                mcts_moves += 1;
                mv
            } else {
                random_move(&*game, color, &mut rng)
            };
            game.play_as(color, mv).expect("a legal move");
        }
        let result = game.outcome().unwrap_or_else(|| game.score(&[]).result());
        let win = result.winner() == Some(mcts);
        won += u64::from(win);
        println!(
            "game {g}: MCTS {mcts}, {} moves, {result}{}",
            game.history().len(),
            if win { "" } else { "  <- lost" }
        );
    }
    println!(
        "{rules} {size}x{size}, MCTS {playouts} playouts, {threads} thread(s): won {won} of {games} \
         against random ({:.1}%), {:.3} s a move",
        100.0 * won as f64 / games as f64,
        think.as_secs_f64() / mcts_moves.max(1) as f64
    );
}
