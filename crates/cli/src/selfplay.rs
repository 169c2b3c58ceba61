//! `goishi selfplay`: the command's front end over the self-play games of `goishi-play`
//! ([`Selfplay`]: each family's random playout policy on its concrete position type), on
//! `--jobs` threads. Each game is written as SGF by `goishi-sgf`'s streaming writer
//! (one [`GameWriter`] per thread: the root and the point names computed once), in game
//! order, to one collection (standard output or `--out`) or one file per game
//! (`--out-dir`); `--json` prints a JSON Lines summary per game; the totals go to standard
//! error.
//!
//! Game `g` of seed `S` is the same whichever thread plays it (each game has its own random
//! stream); the threads hand their games over in order ([`crate::parallel::ordered`]), so
//! the output is in game order and what is held at once is bounded by the threads, not the
//! games.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub use goishi::playout::move_cap;
use goishi::{Color, GameResult, Position, Rules};
pub use goishi_play::selfplay::{play_game, Game, Selfplay};
use goishi_sgf::{GameWriter, WriteError};
use serde::Serialize;

/// The `GC` of a self-play game: the seed and the game number, and a note when it stopped
/// at the move cap.
fn comment(seed: u64, index: u64, position: &dyn Position, capped: bool) -> String {
    let mut comment = format!("goishi selfplay, seed {seed}, game {index}");
    if capped {
        comment.push_str(&format!(
            "; stopped at the move cap ({} moves) before the game ended",
            position.history().len()
        ));
    }
    comment
}

/// Appends the SGF of a finished self-play game to `out`, through `writer` (made from the
/// game's setup).
fn write_sgf(
    writer: &GameWriter,
    position: &dyn Position,
    result: Option<&str>,
    capped: bool,
    (seed, index): (u64, u64),
    out: &mut String,
) -> Result<(), WriteError> {
    let comment = comment(seed, index, position, capped);
    let mut game = writer.game(out, result, Some(&comment));
    game.turns(position.history())?;
    game.finish();
    Ok(())
}

/// The SGF of a self-play game, with the seed and the game number in its `GC`.
pub fn game_sgf(game: &Game, seed: u64, index: u64) -> Result<String, WriteError> {
    let position = game.position.as_ref();
    let writer = GameWriter::new(position)?;
    let mut out = String::new();
    let result = position.outcome().map(|r| r.to_string());
    let id = (seed, index);
    write_sgf(
        &writer,
        position,
        result.as_deref(),
        game.capped,
        id,
        &mut out,
    )?;
    Ok(out)
}

/// Where the games' SGF goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfOut {
    /// One collection, to the output `run` is given.
    Collection,
    /// One file per game in this folder (`game-0042.sgf`), made if missing.
    Folder(PathBuf),
    /// Nowhere (`--json` without `--out` or `--out-dir`).
    Nowhere,
}

/// What `goishi selfplay` was asked to do.
#[derive(Clone, Debug)]
pub struct SelfplayOptions {
    /// The rules of every game.
    pub rules: Rules,
    /// The board size (`--size`); `None`: the rules', else the variant's default.
    pub size: Option<(u32, u32)>,
    /// How many games.
    pub games: u64,
    /// The seed: game `g` is played on the random stream `g` of it.
    pub seed: u64,
    /// Threads playing games (at least 1).
    pub jobs: usize,
    /// Where the records go.
    pub sgf: SgfOut,
    /// Print a JSON Lines summary per game to the summary output.
    pub json: bool,
    /// Whether to draw a progress bar on standard error (only on a terminal).
    pub progress: bool,
}

impl SelfplayOptions {
    /// Options for `games` games of `rules` with seed `seed`: the variant's size, one
    /// thread, one collection, no summaries, no progress bar.
    pub fn new(rules: Rules, games: u64, seed: u64) -> SelfplayOptions {
        SelfplayOptions {
            rules,
            size: None,
            games,
            seed,
            jobs: 1,
            sgf: SgfOut::Collection,
            json: false,
            progress: false,
        }
    }
}

/// The JSON Lines summary of one game (`--json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The game's number, from 0.
    pub game: u64,
    /// The seed of the run.
    pub seed: u64,
    /// Moves played, passes included.
    pub moves: usize,
    /// The result under the rules (`B+7.5`), when the game ended.
    pub result: Option<String>,
    /// Who won, when someone did.
    pub winner: Option<Color>,
    /// Whether the game stopped at the move cap before it ended.
    pub capped: bool,
    /// The game's file, with `--out-dir`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// Totals of a run, printed to standard error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Moves played in them, passes included.
    pub moves: u64,
    /// Games Black won.
    pub black: u64,
    /// Games White won.
    pub white: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games that ended without a result.
    pub no_result: u64,
    /// Games stopped at the move cap before they ended.
    pub capped: u64,
}

impl Tally {
    fn add(&mut self, summary: &Summary, outcome: Option<GameResult>) {
        self.games += 1;
        self.moves += summary.moves as u64;
        match outcome {
            _ if summary.capped => self.capped += 1,
            Some(GameResult::Win { winner, .. }) => match winner {
                Color::Black => self.black += 1,
                Color::White => self.white += 1,
            },
            Some(GameResult::Draw) => self.draws += 1,
            Some(GameResult::NoResult) | None => self.no_result += 1,
        }
    }
}

/// One finished game as a thread hands it to the writer.
struct Finished {
    summary: Summary,
    outcome: Option<GameResult>,
    /// Its SGF, for a collection.
    sgf: String,
}

/// The path of game `index`'s file in `dir`, numbered to the width of the last game.
fn game_path(dir: &Path, index: u64, games: u64) -> PathBuf {
    let width = games.saturating_sub(1).max(1).to_string().len();
    dir.join(format!("game-{index:0width$}.sgf"))
}

/// One thread's games: its position buffers and its SGF writer.
struct Worker<'a> {
    options: &'a SelfplayOptions,
    games: Selfplay,
    writer: GameWriter,
}

impl<'a> Worker<'a> {
    fn new(options: &'a SelfplayOptions) -> Result<Worker<'a>, String> {
        let games = Selfplay::new(&options.rules, options.size).map_err(|e| e.to_string())?;
        let writer = GameWriter::new(games.start()).map_err(|e| e.to_string())?;
        Ok(Worker {
            options,
            games,
            writer,
        })
    }

    /// Plays game `index` and writes its SGF where the options say (its own file here).
    fn play(&mut self, index: u64) -> Result<Finished, String> {
        let seed = self.options.seed;
        let played = self.games.play(seed, index);
        let position = played.position;
        let outcome = position.outcome();
        let mut summary = Summary {
            game: index,
            seed,
            moves: position.history().len(),
            result: outcome.map(|r| r.to_string()),
            winner: outcome.and_then(|r| r.winner()),
            capped: played.capped,
            file: None,
        };
        // The root, and at most six bytes a move with a line break every ten.
        let mut sgf = String::with_capacity(256 + 7 * summary.moves);
        let result = summary.result.as_deref();
        let id = (seed, index);
        match &self.options.sgf {
            SgfOut::Nowhere => {}
            SgfOut::Collection => {
                write_sgf(&self.writer, position, result, played.capped, id, &mut sgf)
                    .map_err(|e| e.to_string())?;
            }
            SgfOut::Folder(dir) => {
                write_sgf(&self.writer, position, result, played.capped, id, &mut sgf)
                    .map_err(|e| e.to_string())?;
                let path = game_path(dir, index, self.options.games);
                std::fs::write(&path, &sgf).map_err(|e| {
                    format!(
                        "--out-dir: cannot write {}: {}",
                        path.display(),
                        crate::common::io_message(&e)
                    )
                })?;
                sgf.clear();
                summary.file = Some(path.display().to_string());
            }
        }
        Ok(Finished {
            summary,
            outcome,
            sgf,
        })
    }
}

/// Whether a write failed because the reader stopped reading (a pipe into `head`).
fn closed(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::BrokenPipe
}

/// Plays the games, writing each game's SGF (for [`SgfOut::Collection`]) to `sgf_out` and
/// its summary (with `json`) to `json_out` as soon as it and the games before it are played.
/// A reader that stops reading ends the run early, without an error.
pub fn run(
    options: &SelfplayOptions,
    sgf_out: &mut dyn Write,
    json_out: &mut dyn Write,
) -> Result<Tally, String> {
    let start = Instant::now();
    if let SgfOut::Folder(dir) = &options.sgf {
        std::fs::create_dir_all(dir).map_err(|e| {
            format!(
                "--out-dir {}: cannot create the folder: {}",
                dir.display(),
                crate::common::io_message(&e)
            )
        })?;
    }
    let bar = (options.progress && options.games > 1).then(|| {
        let bar = indicatif::ProgressBar::new(options.games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {per_sec}, {eta} left",
        ) {
            bar.set_style(style);
        }
        bar
    });
    let mut tally = Tally::default();
    // Takes one finished game; false once the reader has stopped reading.
    let mut emit = |game: Finished| -> Result<bool, String> {
        tally.add(&game.summary, game.outcome);
        if !game.sgf.is_empty() {
            if let Err(e) = sgf_out.write_all(game.sgf.as_bytes()) {
                return if closed(&e) {
                    Ok(false)
                } else {
                    Err(format!("cannot write the games: {e}"))
                };
            }
        }
        if options.json {
            let line = serde_json::to_string(&game.summary).unwrap_or_default() + "\n";
            if let Err(e) = json_out.write_all(line.as_bytes()) {
                return if closed(&e) {
                    Ok(false)
                } else {
                    Err(format!("cannot write the summaries: {e}"))
                };
            }
        }
        if let Some(b) = &bar {
            b.inc(1);
        }
        Ok(true)
    };

    // Fails here, before any thread starts, if the rules give no game.
    Worker::new(options)?;
    let jobs = (options.jobs.max(1) as u64).min(options.games.max(1)) as usize;
    let mut failed = None;
    crate::parallel::ordered(
        jobs,
        None,
        0..options.games,
        || Worker::new(options),
        |worker, g| match worker {
            Ok(w) => w.play(g),
            Err(e) => Err(e.clone()),
        },
        |game| match game.and_then(&mut emit) {
            Ok(more) => more,
            Err(e) => {
                failed = Some(e);
                false
            }
        },
    )
    .map_err(|e| format!("cannot start a thread: {e}"))?;
    if let Some(e) = failed {
        return Err(e);
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    for (flushed, what) in [(sgf_out.flush(), "games"), (json_out.flush(), "summaries")] {
        match flushed {
            Ok(()) => {}
            Err(e) if closed(&e) => return Ok(tally),
            Err(e) => return Err(format!("cannot write the {what}: {e}")),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "goishi selfplay: {}, {} in {:.2} s ({:.0} moves/s); Black won {}, White won {}, draws {}, no result {}, stopped at the move cap {}; seed {}",
        crate::common::count(tally.games, "game"),
        crate::common::count(tally.moves, "move"),
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
