//! `goishi selfplay`: random legal games with `genmove`'s policy, written as SGF.
//!
//! Game `g` (from 0) of a run with seed `S` draws its moves from ChaCha8 seeded with `S` on
//! stream `g`, so the same seed gives the same games, and any one game can be replayed
//! alone. A game stops when the rules end it, or after 3 x (number of points) moves.

use std::time::Instant;

use goishi::{GameResult, Position, Rules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::common::take_size;
use crate::policy::choose_move;
use crate::sgf::{write_game, WriteOptions};

/// One self-play game.
#[derive(Debug)]
pub struct Game {
    pub position: Box<dyn Position>,
    /// Whether the game stopped at the move cap rather than by the rules.
    pub capped: bool,
}

/// The move cap of a board: 3 x its number of points.
pub fn move_cap(points: usize) -> usize {
    3 * points
}

/// Plays game number `index` of the run seeded with `seed`.
pub fn play_game(
    rules: &Rules,
    size: Option<(u32, u32)>,
    seed: u64,
    index: u64,
) -> Result<Game, String> {
    let mut rules = rules.clone();
    let size = take_size(&mut rules).or(size);
    let mut position = rules.new_game(size).map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    let cap = move_cap(position.geometry().num_points());
    let mut scratch = Vec::new();
    while !position.is_over() && position.history().len() < cap {
        let color = position.side_to_move();
        let mv = choose_move(position.as_ref(), color, &mut rng, &mut scratch);
        position.play_as(color, mv).map_err(|e| {
            format!(
                "internal error: move {} ({} {}) was chosen among the legal moves but refused: {}",
                position.history().len() + 1,
                color.name(),
                mv.name(position.geometry()),
                e.reason
            )
        })?;
    }
    let capped = !position.is_over();
    Ok(Game { position, capped })
}

/// The SGF of a self-play game.
pub fn game_sgf(game: &Game, seed: u64, index: u64) -> Result<String, String> {
    let mut comment = format!("goishi selfplay, seed {seed}, game {index}");
    if game.capped {
        comment.push_str(&format!(
            "; stopped at the move cap ({} moves) before the game ended",
            game.position.history().len()
        ));
    }
    let options = WriteOptions {
        extras: None,
        result: game.position.outcome().map(|r| r.to_string()),
        comment: Some(comment),
    };
    write_game(game.position.as_ref(), &options)
}

/// What `goishi selfplay` was asked to do.
#[derive(Clone, Debug)]
pub struct SelfplayOptions {
    pub rules: Rules,
    pub size: Option<(u32, u32)>,
    pub games: u64,
    pub seed: u64,
}

/// Totals of a run, printed to standard error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    pub moves: u64,
    pub black: u64,
    pub white: u64,
    pub draws: u64,
    pub no_result: u64,
    pub capped: u64,
}

/// Plays the games, writing each game's SGF to `out` as soon as it is played.
pub fn run(options: &SelfplayOptions, out: &mut dyn std::io::Write) -> Result<Tally, String> {
    let start = Instant::now();
    let mut tally = Tally::default();
    for g in 0..options.games {
        let game = play_game(&options.rules, options.size, options.seed, g)?;
        let text = game_sgf(&game, options.seed, g)?;
        match out.write_all(text.as_bytes()) {
            Ok(()) => {}
            // The reader stopped reading (a pipe into `head`): stop playing.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(tally),
            Err(e) => return Err(format!("cannot write the games: {e}")),
        }
        tally.games += 1;
        tally.moves += game.position.history().len() as u64;
        match game.position.outcome() {
            _ if game.capped => tally.capped += 1,
            Some(GameResult::Win { winner, .. }) => match winner {
                goishi::Color::Black => tally.black += 1,
                goishi::Color::White => tally.white += 1,
            },
            Some(GameResult::Draw) => tally.draws += 1,
            Some(GameResult::NoResult) | None => tally.no_result += 1,
        }
    }
    match out.flush() {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(tally),
        Err(e) => return Err(format!("cannot write the games: {e}")),
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "goishi selfplay: {} games, {} moves in {:.2} s ({:.0} moves/s); Black won {}, White won {}, draws {}, no result {}, stopped at the move cap {}; seed {}",
        tally.games,
        tally.moves,
        secs,
        tally.moves as f64 / secs.max(1e-9),
        tally.black,
        tally.white,
        tally.draws,
        tally.no_result,
        tally.capped,
        options.seed
    );
    Ok(tally)
}
