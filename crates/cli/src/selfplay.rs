//! `goishi selfplay`: the command's front end over the self-play loop of `goishi-play`
//! (random legal games with `genmove`'s policy): each game written as SGF as soon as it is
//! played, and the totals on standard error.

use std::time::Instant;

use goishi::{GameResult, Rules};
pub use goishi_play::selfplay::{move_cap, play_game, Game};
use goishi_sgf::{write_game, WriteOptions};

/// The SGF of a self-play game, with the seed and the game number in its `GC`.
pub fn game_sgf(game: &Game, seed: u64, index: u64) -> Result<String, goishi_sgf::WriteError> {
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
        after_end: &[],
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
        let game =
            play_game(&options.rules, options.size, options.seed, g).map_err(|e| e.to_string())?;
        let text = game_sgf(&game, options.seed, g).map_err(|e| e.to_string())?;
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
