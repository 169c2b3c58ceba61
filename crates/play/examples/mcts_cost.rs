//! The search's cost next to its bare playout loop's, for a fixed number of playouts: one
//! process plays either the bare loop or the search, so that `valgrind --tool=callgrind`
//! counts the instructions of each (a count that a shared machine's load does not move), and
//! the ratio of their instructions per playout move is the search's speed next to the
//! bare loop's, as `mcts_speed` measures it by the clock.
//!
//! Usage: `cargo run --release -p goishi-play --example mcts_cost -- bare|search [SIZE
//! [PLAYOUTS [POLICY]]]` (defaults: 9, 5,000 playouts, `light`). Both play Go (Chinese
//! rules) from the empty board on one thread: the bare loop plays PLAYOUTS games of the
//! policy (`PlayoutPosition::playout_move`, capped at 3 x points moves, as the search caps
//! its playouts), the search one move's search of PLAYOUTS playouts. Prints the playouts
//! and the playout moves.

use std::process::ExitCode;

use goishi::go::GoPosition;
use goishi::{Color, FromSetup, PlayoutPosition, Rules};
use goishi_play::mcts::{Budget, MctsConfig, MctsPlayer, PlayoutPolicy};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The moves of `playouts` games of the policy of `P` from `start`.
fn bare<P: PlayoutPosition>(start: &P, playouts: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut buf = Vec::new();
    let mut game = start.clone();
    let cap = 3 * start.num_points();
    let mut moves = 0;
    for _ in 0..playouts {
        game.reset_from(start);
        let mut played = 0;
        while played < cap && !game.is_over() {
            game.playout_move(&mut rng, &mut buf);
            played += 1;
        }
        moves += played as u64;
    }
    moves
}

fn run(args: &[String]) -> Result<(), String> {
    let what = args.first().map_or("search", String::as_str);
    let size: u32 = match args.get(1) {
        None => 9,
        Some(s) => s.parse().map_err(|_| format!("SIZE: {s:?}"))?,
    };
    let playouts: u64 = match args.get(2) {
        None => 5_000,
        Some(s) => s.parse().map_err(|_| format!("PLAYOUTS: {s:?}"))?,
    };
    let policy = match args.get(3).map_or("light", String::as_str) {
        "light" => PlayoutPolicy::Light,
        "heavy" => PlayoutPolicy::Heavy,
        other => return Err(format!("POLICY: {other:?}: light or heavy")),
    };
    let rules = Rules::parse("go/chinese").map_err(|e| e.to_string())?;
    let start = GoPosition::from_rules(&rules, Some((size, size))).map_err(|e| e.to_string())?;
    let (played, moves) = match what {
        "bare" => match policy {
            PlayoutPolicy::Light => (playouts, bare(&start, playouts)),
            PlayoutPolicy::Heavy => (playouts, bare(&start.heavy(), playouts)),
        },
        "search" => {
            let budget = u32::try_from(playouts).map_err(|_| "PLAYOUTS: too many")?;
            let config = MctsConfig::default()
                .with_budget(Budget::playouts(budget))
                .with_threads(1)
                .with_playout_policy(policy);
            let mut player = MctsPlayer::new(config).map_err(|e| e.to_string())?;
            let r = player
                .search(&start, Color::Black)
                .map_err(|e| e.to_string())?;
            (r.playouts, r.playout_moves)
        }
        other => return Err(format!("{other:?}: bare or search")),
    };
    println!(
        "{what} {size}x{size} {policy}: {played} playouts, {moves} playout moves ({:.1} a playout)",
        moves as f64 / played.max(1) as f64
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mcts_cost: {e}");
            ExitCode::FAILURE
        }
    }
}
