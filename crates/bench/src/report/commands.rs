//! The commands measured as whole processes, in the same run as criterion: `goishi selfplay
//! --jobs 1` under each of [`SELFPLAY_RULES`], next to the native harness's goishi loop and
//! go_game_board's own playout loop (`examples/native.rs`, [`NATIVE_ENGINES`]), each
//! process's CPU time and moves, round by round.
//!
//! `cargo xtask bench-report` runs the processes and writes [`COMMANDS_FILE`] beside
//! criterion's results (so that `--no-run` renders them again); this module names the
//! processes, reads their output and the file, and computes the figures of the page.

use std::path::Path;

use serde_json::{json, Value};

use crate::paired::quantile;
use crate::{GOISHI, GO_GAME_BOARD_SAMPLER};

/// The file, under criterion's home, that keeps the commands' measurements.
pub const COMMANDS_FILE: &str = "goishi-bench-commands.json";

/// The rules `goishi selfplay` is measured under.
pub const SELFPLAY_RULES: [&str; 2] = ["go/chinese", "go/japanese"];

/// The engines of `examples/native.rs` measured beside it: goishi in the native harness, and
/// go_game_board's own loop.
pub const NATIVE_ENGINES: [&str; 2] = [GOISHI, GO_GAME_BOARD_SAMPLER];

/// The seed of the self-play runs.
pub const SELFPLAY_SEED: u64 = 1;

/// The games each process plays at `size`: 20,000 on 9x9, 3,000 on 19x19 (half that in a
/// quick run).
pub const fn command_games(size: u32, quick: bool) -> u64 {
    let games = if size <= 9 { 20_000 } else { 3_000 };
    if quick {
        games / 2
    } else {
        games
    }
}

/// The rounds of a run (odd, so that the median is one round's).
pub const fn command_rounds(quick: bool) -> usize {
    if quick {
        3
    } else {
        9
    }
}

/// The key of `goishi selfplay` under `rules`.
pub fn selfplay_key(rules: &str) -> String {
    format!("selfplay {rules}")
}

/// The key of `examples/native.rs` with `engine`.
pub fn native_key(engine: &str) -> String {
    format!("native {engine}")
}

/// Every process of a round, in the order of the first round: its key and its arguments
/// (after the program). `out` is the file selfplay writes its games to.
pub fn round_processes(size: u32, games: u64, out: &str) -> Vec<(String, Vec<String>)> {
    let (size, games) = (size.to_string(), games.to_string());
    let mut all = Vec::new();
    for rules in SELFPLAY_RULES {
        let args = [
            "selfplay",
            "--rules",
            rules,
            "--size",
            &size,
            "--games",
            &games,
            "--seed",
            &SELFPLAY_SEED.to_string(),
            "--jobs",
            "1",
            "--out",
            out,
        ];
        all.push((selfplay_key(rules), args.map(str::to_owned).to_vec()));
    }
    for engine in NATIVE_ENGINES {
        let args = ["--engine", engine, &size, &games];
        all.push((native_key(engine), args.map(str::to_owned).to_vec()));
    }
    all
}

/// The games and the moves from a line `N games, M moves` of a process's output: selfplay's
/// summary on standard error (`goishi selfplay: 20000 games, 2187643 moves in 0.23 s ...`)
/// or the native example's line on standard output (`9x9, goishi: 20000 games, ...`).
pub fn parse_games_moves(text: &str) -> Option<(u64, u64)> {
    text.lines().find_map(|line| {
        let words: Vec<&str> = line.split_whitespace().collect();
        words.windows(4).find_map(|w| {
            let games_word = matches!(w[1], "games," | "game,");
            let moves_word = matches!(w[3], "moves" | "move" | "moves," | "move,");
            if !(games_word && moves_word) {
                return None;
            }
            Some((w[0].parse().ok()?, w[2].parse().ok()?))
        })
    })
}

/// One process's run: its CPU time (user + system) and what it played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProcessRun {
    pub cpu_seconds: f64,
    pub games: u64,
    pub moves: u64,
}

impl ProcessRun {
    /// Moves per CPU second.
    pub fn rate(&self) -> f64 {
        self.moves as f64 / self.cpu_seconds.max(1e-9)
    }
}

/// One process's runs, a run a round, and the command that ran it.
#[derive(Clone, Debug, PartialEq)]
pub struct ProcessRuns {
    /// [`selfplay_key`] or [`native_key`].
    pub process: String,
    /// The command, as run from the workspace root.
    pub command: String,
    pub runs: Vec<ProcessRun>,
}

/// The processes measured on one board.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRuns {
    pub size: u32,
    pub games: u64,
    pub processes: Vec<ProcessRuns>,
}

/// The commands' measurements of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct CommandRuns {
    /// The command that pinned every process to one core (`taskset -c 0`), if any.
    pub pinned: Option<String>,
    pub rounds: usize,
    pub boards: Vec<BoardRuns>,
}

/// A median and the range around it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

impl Spread {
    fn of(mut xs: Vec<f64>) -> Option<Spread> {
        if xs.is_empty() || xs.iter().any(|x| !x.is_finite()) {
            return None;
        }
        xs.sort_by(f64::total_cmp);
        Some(Spread {
            median: quantile(&xs, 0.5),
            min: xs[0],
            max: xs[xs.len() - 1],
        })
    }
}

/// The median and range of the moves per CPU second of `runs`.
pub fn rate_spread(runs: &[ProcessRun]) -> Option<Spread> {
    Spread::of(runs.iter().map(ProcessRun::rate).collect())
}

/// The median and range of the ratios, round by round, of `a`'s moves per CPU second to
/// `b`'s (the rounds both have).
pub fn ratio_spread(a: &[ProcessRun], b: &[ProcessRun]) -> Option<Spread> {
    Spread::of(a.iter().zip(b).map(|(a, b)| a.rate() / b.rate()).collect())
}

impl BoardRuns {
    /// The runs of `process` ([`selfplay_key`], [`native_key`]).
    pub fn runs(&self, process: &str) -> Option<&ProcessRuns> {
        self.processes.iter().find(|p| p.process == process)
    }

    /// Moves per game of `process`, over all its runs.
    pub fn moves_per_game(&self, process: &str) -> Option<f64> {
        let runs = &self.runs(process)?.runs;
        let games: u64 = runs.iter().map(|r| r.games).sum();
        let moves: u64 = runs.iter().map(|r| r.moves).sum();
        (games > 0).then(|| moves as f64 / games as f64)
    }

    /// selfplay under `rules` against a native engine: the median and range of the ratios of
    /// moves per CPU second, round by round.
    pub fn selfplay_ratio(&self, rules: &str, engine: &str) -> Option<Spread> {
        let selfplay = self.runs(&selfplay_key(rules))?;
        let native = self.runs(&native_key(engine))?;
        ratio_spread(&selfplay.runs, &native.runs)
    }
}

impl CommandRuns {
    /// The measurements on the `size` board, if any.
    pub fn board(&self, size: u32) -> Option<&BoardRuns> {
        self.boards.iter().find(|b| b.size == size)
    }

    /// The measurements as the JSON of [`COMMANDS_FILE`].
    pub fn to_json(&self) -> Value {
        let boards: Vec<Value> = self
            .boards
            .iter()
            .map(|b| {
                let processes: Vec<Value> = b
                    .processes
                    .iter()
                    .map(|p| {
                        let runs: Vec<Value> = p
                            .runs
                            .iter()
                            .map(|r| {
                                json!({
                                    "cpu_seconds": r.cpu_seconds,
                                    "games": r.games,
                                    "moves": r.moves,
                                })
                            })
                            .collect();
                        json!({"process": p.process, "command": p.command, "runs": runs})
                    })
                    .collect();
                json!({"size": b.size, "games": b.games, "processes": processes})
            })
            .collect();
        json!({"pinned": self.pinned, "rounds": self.rounds, "boards": boards})
    }

    /// The measurements from the JSON of [`COMMANDS_FILE`].
    pub fn from_json(v: &Value) -> Result<CommandRuns, String> {
        let bad = |what: &str| format!("{COMMANDS_FILE}: {what}");
        let uint = |v: &Value, what: &str| v.as_u64().ok_or_else(|| bad(what));
        let text = |v: &Value, what: &str| v.as_str().map(str::to_owned).ok_or_else(|| bad(what));
        let mut boards = Vec::new();
        for b in v["boards"].as_array().ok_or_else(|| bad("no boards"))? {
            let mut processes = Vec::new();
            for p in b["processes"]
                .as_array()
                .ok_or_else(|| bad("a board without processes"))?
            {
                let mut runs = Vec::new();
                for r in p["runs"]
                    .as_array()
                    .ok_or_else(|| bad("a process without runs"))?
                {
                    runs.push(ProcessRun {
                        cpu_seconds: r["cpu_seconds"]
                            .as_f64()
                            .ok_or_else(|| bad("a run without cpu_seconds"))?,
                        games: uint(&r["games"], "a run without games")?,
                        moves: uint(&r["moves"], "a run without moves")?,
                    });
                }
                processes.push(ProcessRuns {
                    process: text(&p["process"], "a process without a name")?,
                    command: text(&p["command"], "a process without a command")?,
                    runs,
                });
            }
            boards.push(BoardRuns {
                size: u32::try_from(uint(&b["size"], "a board without a size")?)
                    .map_err(|_| bad("a board's size"))?,
                games: uint(&b["games"], "a board without games")?,
                processes,
            });
        }
        Ok(CommandRuns {
            pinned: v["pinned"].as_str().map(str::to_owned),
            rounds: usize::try_from(uint(&v["rounds"], "no rounds")?).map_err(|_| bad("rounds"))?,
            boards,
        })
    }
}

/// The commands' measurements kept under criterion's home: `None` when the file is missing,
/// an error when it cannot be read.
pub fn read_commands(home: &Path) -> Result<Option<CommandRuns>, String> {
    let path = home.join(COMMANDS_FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let v: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    CommandRuns::from_json(&v).map(Some)
}
