//! Two configurations of the search against each other, in one process: N games with the
//! colours alternating, two games at a time (one per core), each search on one thread with a
//! playout budget, so that the games do not depend on the machine's load. Prints each game
//! and A's total. For tuning the search's settings and comparing playout policies.
//!
//! Usage: `cargo run --release -p goishi-play --example mcts_vs_mcts -- RULES SIZE GAMES
//! SEED A B`, where A and B are comma-separated settings: `policy=heavy|light`,
//! `playouts=N`, `c=X` (exploration), `k=X` (RAVE equivalence), `expand=N`, `fpu=X`,
//! `resign=X` (default 0: games are played out). For example
//! `-- go/chinese 9 20 1 policy=heavy,playouts=3000 policy=light,playouts=3000`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use goishi::Color;
use goishi_play::mcts::{Budget, MctsConfig, MctsPlayer, PlayoutPolicy};

/// The configuration of a comma-separated list of settings.
fn parse(spec: &str) -> Result<MctsConfig, String> {
    let mut c = MctsConfig {
        resign_threshold: 0.0,
        ..MctsConfig::default()
    };
    for setting in spec.split(',').filter(|s| !s.is_empty()) {
        let (key, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("{setting:?}: expected KEY=VALUE"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{setting:?}: {e}");
        match key {
            "policy" => {
                c.playout_policy = value.parse::<PlayoutPolicy>().map_err(|e| e.to_string())?
            }
            "playouts" => c.budget = Budget::playouts(value.parse().map_err(|e| bad(&e))?),
            "c" => c.exploration = Some(value.parse().map_err(|e| bad(&e))?),
            "k" => c.rave_equivalence = Some(value.parse().map_err(|e| bad(&e))?),
            "expand" => c.expand_after = Some(value.parse().map_err(|e| bad(&e))?),
            "fpu" => c.first_play_urgency = value.parse().map_err(|e| bad(&e))?,
            "resign" => c.resign_threshold = value.parse().map_err(|e| bad(&e))?,
            _ => return Err(format!("unknown setting {key:?}")),
        }
    }
    c.validate().map_err(|e| e.to_string())?;
    Ok(c)
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 7 {
        return Err("usage: mcts_vs_mcts RULES SIZE GAMES SEED A B".to_owned());
    }
    let rules = goishi::registry()
        .parse_rules(&args[1])
        .map_err(|e| e.to_string())?;
    let size: u32 = args[2].parse().map_err(|_| "SIZE: a number")?;
    let games: usize = args[3].parse().map_err(|_| "GAMES: a number")?;
    let seed: u64 = args[4].parse().map_err(|_| "SEED: a number")?;
    let (a, b) = (parse(&args[5])?, parse(&args[6])?);
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let a_color = if g % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let mut game = rules.new_game(Some((size, size))).expect("a game");
                let game_seed = seed.wrapping_mul(1000).wrapping_add(g as u64);
                let mut pa = MctsPlayer::new(a.with_seed(game_seed)).expect("checked");
                let mut pb = MctsPlayer::new(b.with_seed(game_seed ^ 0xB)).expect("checked");
                let cap = goishi::playout::move_cap(game.geometry().num_points());
                let start = Instant::now();
                while !game.is_over() && game.history().len() < cap {
                    let color = game.side_to_move();
                    let player = if color == a_color { &mut pa } else { &mut pb };
                    let mv = player.genmove_dyn(&*game, color).expect("a move");
                    game.play_as(color, mv).expect("a legal move");
                }
                let result = game.outcome().unwrap_or_else(|| game.score(&[]).result());
                let won = result.winner() == Some(a_color);
                println!(
                    "game {g}: A {a_color}, {} moves, {result}, {:.1} s{}",
                    game.history().len(),
                    start.elapsed().as_secs_f64(),
                    if won { "  A wins" } else { "" }
                );
                results.lock().expect("no panic").push(won);
            });
        }
    });
    let results = results.into_inner().expect("no panic");
    let won = results.iter().filter(|&&w| w).count();
    println!(
        "A won {won} of {} ({:.1}%)",
        results.len(),
        100.0 * won as f64 / results.len().max(1) as f64
    );
    Ok(())
}
