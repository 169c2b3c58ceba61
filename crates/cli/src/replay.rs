//! `goishi replay`: validates game records under their rules.
//!
//! Each file is read, its setup validated and its moves played one by one under the
//! record's `RU` (or the rules given). The report of a file is either the first illegal move
//! and why, or the final position and its result. Files are replayed in parallel by
//! `--jobs` threads; reports come out in the order of the files. One bad file never stops
//! the batch. `-` is standard input, read game tree by game tree as it comes
//! (`goishi_sgf::TreeReader`), so a stream of any number of records is replayed with a
//! bounded number of them in memory (those the threads' queues hold).

use std::fmt::Write as _;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use goishi::{Color, Position, Rules};
use serde::Serialize;

use crate::common::{parse_rules, DEFAULT_RULES};
use goishi_sgf::{self as sgf, Forced, RulesChoice};

/// The stack of a replay thread: SGF trees are recursive structures
/// ([`goishi_sgf::READER_STACK`]).
pub const WORKER_STACK: usize = sgf::READER_STACK;

/// How a record fared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Every move is legal.
    Ok,
    /// A move is illegal.
    Illegal,
    /// The file could not be read as a record (missing, not SGF, malformed, invalid setup).
    Unreadable,
}

/// The report on one file.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The file as it was named (`-` for standard input).
    pub file: String,
    /// The game's number in the file, from 1, when the file holds more than one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<usize>,
    /// Whether the game replayed, had an illegal move, or could not be read.
    pub status: Status,
    /// Why the file is unreadable or the move illegal, in one sentence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The main-line node of the problem (the root is node 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node: Option<usize>,
    /// The number of the illegal move, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_number: Option<usize>,
    /// The illegal move as written: `B[cc]`.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub move_text: Option<String>,
    /// Its GTP vertex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vertex: Option<String>,
    /// Why it is illegal: occupied, suicide, ko, superko, game over, off board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The rules the record was replayed under.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The board: `19x19`, `torus 9x9`, ...
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board_size: Option<String>,
    /// The number of moves in the record.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<usize>,
    /// The final position (or, for an illegal move, the position it was tried on), top row
    /// first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Who is to play in that position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Color>,
    /// Prisoners taken by Black and by White.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captures: Option<[u32; 2]>,
    /// Whether the rules say the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over: Option<bool>,
    /// The result under the rules, when the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The score of the final position with no dead stones, as a result (`B+3.5`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<String>,
    /// The record's own `RE`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record_result: Option<String>,
}

impl Report {
    fn new(file: &str, status: Status) -> Report {
        Report {
            file: file.to_owned(),
            game: None,
            status,
            error: None,
            node: None,
            move_number: None,
            move_text: None,
            vertex: None,
            reason: None,
            rules: None,
            board_size: None,
            moves: None,
            board: None,
            to_move: None,
            captures: None,
            over: None,
            result: None,
            score: None,
            record_result: None,
        }
    }

    fn unreadable(file: &str, error: String, node: Option<usize>) -> Report {
        let mut r = Report::new(file, Status::Unreadable);
        r.error = Some(error);
        r.node = node;
        r
    }

    /// The file, and the game when the file holds several: `games.sgf (game 3)`.
    pub fn label(&self) -> String {
        let mut label = String::new();
        self.write_label(&mut label);
        label
    }

    fn write_label(&self, out: &mut String) {
        out.push_str(&self.file);
        if let Some(g) = self.game {
            let _ = write!(out, " (game {g})");
        }
    }

    /// The report as text: one line, then for a legal record the final position.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        self.write_text(&mut text);
        text
    }

    /// Appends [`Report::to_text`] to `out`.
    pub fn write_text(&self, out: &mut String) {
        self.write_label(out);
        let _ = match self.status {
            Status::Unreadable => writeln!(
                out,
                ": unreadable: {}",
                self.error.as_deref().unwrap_or("?")
            ),
            Status::Illegal => writeln!(
                out,
                ": illegal: {} (rules {})",
                self.error.as_deref().unwrap_or("?"),
                self.rules.as_deref().unwrap_or("?")
            ),
            Status::Ok => {
                let _ = write!(
                    out,
                    ": ok: {} under {} on {}",
                    crate::common::count(self.moves.unwrap_or(0) as u64, "move"),
                    self.rules.as_deref().unwrap_or("?"),
                    self.board_size.as_deref().unwrap_or("?")
                );
                let _ = match (&self.result, self.over) {
                    (Some(r), _) => write!(out, "; game over: {r}"),
                    _ => write!(
                        out,
                        "; game not over ({} to play, score now {})",
                        self.to_move.map_or("?", Color::name),
                        self.score.as_deref().unwrap_or("?")
                    ),
                };
                if let Some(re) = &self.record_result {
                    let _ = write!(out, "; the record says {re}");
                }
                out.push('\n');
                if let Some(b) = &self.board {
                    out.push_str(b);
                }
                Ok(())
            }
        };
    }
}

/// What a replay thread keeps from one record to the next.
#[derive(Default)]
struct Worker {
    /// The position of the last record, whose buffers the next record's replay reuses.
    position: Option<Box<dyn Position>>,
    /// The rules of the last record (its size cleared) and their text.
    rules: Option<(Rules, String)>,
    /// Whether a finished game's report carries its score as well as its result (the text
    /// report shows the score of a game that is not over only).
    score_when_over: bool,
}

impl Worker {
    fn new(json: bool) -> Worker {
        Worker {
            score_when_over: json,
            ..Worker::default()
        }
    }

    /// The text of `rules` with its size cleared.
    fn rules_text(&mut self, rules: &Rules) -> String {
        match &self.rules {
            Some((last, text)) if last == rules => text.clone(),
            _ => {
                let mut rules = rules.clone();
                rules.set_size(None);
                let text = rules.to_string();
                self.rules = Some((rules, text.clone()));
                text
            }
        }
    }
}

/// How the rules of the records are chosen: `rules` given (`--rules`), else each record's
/// `RU`, else the default rules; or why there are no default rules.
fn rules_choice(rules: Option<&Forced>) -> Result<RulesChoice, String> {
    match parse_rules(DEFAULT_RULES) {
        Ok(fallback) => Ok(RulesChoice {
            force: rules.cloned(),
            fallback,
        }),
        Err(e) => Err(format!("no default rules: {e}")),
    }
}

/// Replays every game of one file. Never panics out: an internal error is reported as
/// unreadable.
pub fn replay_file(path: &Path, rules: Option<&Forced>) -> Vec<Report> {
    replay_file_with(path, &rules_choice(rules), &mut Worker::new(true))
}

/// [`replay_file`] with the choice of rules made once for every file.
fn replay_file_with(
    path: &Path,
    choice: &Result<RulesChoice, String>,
    worker: &mut Worker,
) -> Vec<Report> {
    let file = path.display().to_string();
    catch_unwind(AssertUnwindSafe(|| {
        replay_games(path, &file, choice, worker)
    }))
    .unwrap_or_else(|_| {
        // What the worker kept may be half changed.
        *worker = Worker::new(worker.score_when_over);
        vec![Report::unreadable(
            &file,
            "internal error while replaying (a bug in goishi; please report it with this file)"
                .to_owned(),
            None,
        )]
    })
}

fn replay_games(
    path: &Path,
    file: &str,
    choice: &Result<RulesChoice, String>,
    worker: &mut Worker,
) -> Vec<Report> {
    let choice = match choice {
        Ok(c) => c,
        Err(e) => return vec![Report::unreadable(file, e.clone(), None)],
    };
    let records = match sgf::read_collection(path, choice) {
        Ok(r) => r,
        // Over the limits of a file (a collection of many games): read it as standard input
        // is, game tree by game tree, each within the limits.
        Err(e) if e.kind == sgf::ErrorKind::Limit => {
            return match sgf::file_trees(path) {
                Some(trees) => replay_stream(trees, file, choice, worker),
                None => vec![Report::unreadable(file, e.to_string(), e.node)],
            };
        }
        Err(e) => return vec![Report::unreadable(file, e.to_string(), e.node)],
    };
    let many = records.len() > 1;
    records
        .into_iter()
        .enumerate()
        .map(|(i, record)| {
            let mut report = match record {
                Ok(record) => replay_record(&record, file, worker),
                Err(e) => Report::unreadable(file, e.to_string(), e.node),
            };
            if many {
                report.game = Some(i + 1);
            }
            report
        })
        .collect()
}

/// The reports of every game tree of a file read one tree at a time ([`sgf::file_trees`]),
/// each labelled with its number.
fn replay_stream(
    trees: impl Iterator<Item = Result<Vec<u8>, sgf::SgfError>>,
    file: &str,
    choice: &RulesChoice,
    worker: &mut Worker,
) -> Vec<Report> {
    let choice = Ok(choice.clone());
    numbered(trees, false)
        .map(|(game, tree)| replay_tree(file, game, tree, &choice, worker))
        .collect()
}

/// The game trees of a file read as a stream, each with its number from 1 when the file has
/// more than one: a file of one game tree is labelled as a file of one game is. With
/// `always`, every tree is numbered and none is read ahead (standard input: the next tree
/// may be long in coming).
fn numbered<T>(
    trees: impl Iterator<Item = T>,
    always: bool,
) -> impl Iterator<Item = (Option<usize>, T)> {
    let mut trees = trees.peekable();
    let mut game = 0;
    std::iter::from_fn(move || {
        let tree = trees.next()?;
        game += 1;
        let numbered = always || game > 1 || trees.peek().is_some();
        Some((numbered.then_some(game), tree))
    })
}

fn replay_record(record: &sgf::Record, file: &str, worker: &mut Worker) -> Report {
    let mut report = Report::new(file, Status::Ok);
    report.rules = Some(worker.rules_text(&record.setup.rules));
    report.board_size = Some(record.setup.board.geometry().describe());
    report.moves = Some(record.moves.len());
    report.record_result = record.result.clone();
    // The last record's position, overwritten (its buffers reused), or a new one.
    let started = match worker.position.take() {
        Some(mut p) => record.start_into(&mut p).map(|()| p),
        None => record.start(),
    };
    let mut position = match started {
        Ok(p) => p,
        Err(e) => return Report::unreadable(file, e.to_string(), e.node),
    };
    if let Err(illegal) = record.play(position.as_mut(), usize::MAX) {
        report.status = Status::Illegal;
        report.error = Some(illegal.to_string());
        report.node = Some(illegal.node);
        report.move_number = Some(illegal.number);
        report.move_text = Some(illegal.text.clone());
        report.vertex = illegal.vertex.clone();
        report.reason = Some(illegal.reason.name().to_owned());
    }
    let p = position.as_ref();
    report.board = Some(p.board().diagram_with_coordinates());
    report.to_move = Some(p.side_to_move());
    report.captures = Some([p.captures(Color::Black), p.captures(Color::White)]);
    report.over = Some(p.is_over());
    report.result = p.outcome().map(|r| r.to_string());
    if worker.score_when_over || report.result.is_none() {
        report.score = Some(p.score(&[]).result().to_string());
    }
    worker.position = Some(position);
    report
}

/// What `goishi replay` was asked to do.
#[derive(Clone, Debug)]
pub struct ReplayOptions {
    /// The SGF files; `-` is standard input, read game tree by game tree.
    pub files: Vec<PathBuf>,
    /// Rules to replay under instead of each record's `RU` (`--rules`).
    pub rules: Option<String>,
    /// Files replayed at once (`--jobs`, at least 1).
    pub jobs: usize,
    /// One JSON object a report instead of text (`--json`).
    pub json: bool,
    /// Whether to draw a progress bar on standard error (only on a terminal).
    pub progress: bool,
}

/// The name of standard input among the files.
pub const STDIN: &str = "-";

/// One piece of work: a file, or a game tree of a file read as a stream (standard input, a
/// file larger than a file may be): its file, its number from 1 when the file has more than
/// one, and its bytes or why it could not be read.
enum Job {
    File(PathBuf),
    Tree(Arc<str>, Option<usize>, Result<Vec<u8>, sgf::SgfError>),
}

/// Whether `file` is read game tree by game tree as the threads take them, each tree a job:
/// standard input, and a regular file over [`sgf::MAX_FILE_BYTES`] (a collection of many
/// games, whose reports are then not all held at once either).
fn is_streamed(file: &Path) -> bool {
    file.as_os_str() == STDIN
        || std::fs::metadata(file).is_ok_and(|m| m.is_file() && m.len() > sgf::MAX_FILE_BYTES)
}

/// The jobs of the files, in order: a file each, the game trees of a streamed file as they
/// are read.
fn jobs_of(files: &[PathBuf]) -> impl Iterator<Item = Job> + Send + '_ {
    files
        .iter()
        .flat_map(|f| -> Box<dyn Iterator<Item = Job> + Send> {
            if !is_streamed(f) {
                return Box::new(std::iter::once(Job::File(f.clone())));
            }
            let label: Arc<str> = f.display().to_string().into();
            let trees: Box<dyn Iterator<Item = _> + Send> = if f.as_os_str() == STDIN {
                let stdin = std::io::BufReader::new(std::io::stdin());
                Box::new(sgf::TreeReader::new(stdin))
            } else {
                match sgf::file_trees(f) {
                    Some(trees) => Box::new(trees),
                    // Not openable after all: replayed as a file, which says why.
                    None => return Box::new(std::iter::once(Job::File(f.clone()))),
                }
            };
            let always = f.as_os_str() == STDIN;
            Box::new(
                numbered(trees, always)
                    .map(move |(game, tree)| Job::Tree(label.clone(), game, tree)),
            )
        })
}

/// Replays game tree number `game` of `file` (standard input, or a file over the limits
/// read as a stream). Never panics out.
fn replay_tree(
    file: &str,
    game: Option<usize>,
    tree: Result<Vec<u8>, sgf::SgfError>,
    choice: &Result<RulesChoice, String>,
    worker: &mut Worker,
) -> Report {
    let mut report = catch_unwind(AssertUnwindSafe(|| {
        let tree = match tree {
            Ok(t) => t,
            Err(e) => return Report::unreadable(file, e.to_string(), e.node),
        };
        let choice = match choice {
            Ok(c) => c,
            Err(e) => return Report::unreadable(file, e.clone(), None),
        };
        match sgf::parse_tree(&tree, choice) {
            Ok(record) => replay_record(&record, file, worker),
            Err(e) => Report::unreadable(file, e.to_string(), e.node),
        }
    }))
    .unwrap_or_else(|_| {
        // What the worker kept may be half changed.
        *worker = Worker::new(worker.score_when_over);
        Report::unreadable(
            file,
            "internal error while replaying (a bug in goishi; please report it with this record)"
                .to_owned(),
            None,
        )
    });
    report.game = game;
    report
}

/// Replays every file, writing the reports to `out` in file order (standard input's
/// records in their order); returns the exit status (0 all legal, 1 an illegal move, 2 a
/// file unreadable). The files are replayed on `jobs` threads, and only as many reports as
/// the threads' queues hold wait to be written, however many files and records there are.
pub fn run(options: &ReplayOptions, out: &mut dyn Write) -> i32 {
    let rules = match options.rules.as_deref().map(Forced::parse).transpose() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("goishi: --rules: {e}");
            return 2;
        }
    };
    let files = &options.files;
    let streamed = files.iter().any(|f| is_streamed(f));
    let bar = if options.progress && (files.len() > 1 || streamed) {
        let (bar, template) = if streamed {
            (
                indicatif::ProgressBar::new_spinner(),
                "{spinner} {pos} records, {per_sec}",
            )
        } else {
            (
                indicatif::ProgressBar::new(files.len() as u64),
                "{bar:40} {pos}/{len} records, {per_sec}, {eta} left",
            )
        };
        if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        Some(bar)
    } else {
        None
    };
    let mut status = 0;
    // The reports go through a buffer (standard output would flush at every line), which is
    // flushed before a message on standard error, so that the two streams keep their order,
    // and after every report while a progress bar is drawn.
    let mut out = std::io::BufWriter::with_capacity(64 << 10, out);
    let mut text = String::new();
    let mut emit = |reports: Vec<Report>| {
        for report in reports {
            let code = match report.status {
                Status::Ok => 0,
                Status::Illegal => 1,
                Status::Unreadable => 2,
            };
            status = status.max(code);
            text.clear();
            if options.json {
                text.push_str(&serde_json::to_string(&report).unwrap_or_default());
                text.push('\n');
            } else {
                report.write_text(&mut text);
            }
            let write = |out: &mut std::io::BufWriter<&mut dyn Write>| {
                if report.status == Status::Unreadable {
                    let _ = out.flush();
                    eprintln!(
                        "goishi: {}: {}",
                        report.label(),
                        report.error.as_deref().unwrap_or("?")
                    );
                }
                // A closed output (a pipe into `head`) is not an error of the replay.
                let _ = out.write_all(text.as_bytes());
            };
            match &bar {
                Some(b) => b.suspend(|| {
                    write(&mut out);
                    let _ = out.flush();
                }),
                None => write(&mut out),
            }
        }
        if let Some(b) = &bar {
            b.inc(1);
        }
        true
    };
    let jobs = if streamed {
        options.jobs.max(1)
    } else {
        options.jobs.clamp(1, files.len().max(1))
    };
    let choice = rules_choice(rules.as_ref());
    let work = |worker: &mut Worker, job: Job| match job {
        Job::File(path) => replay_file_with(&path, &choice, worker),
        Job::Tree(file, game, tree) => vec![replay_tree(&file, game, tree, &choice, worker)],
    };
    let new_worker = || Worker::new(options.json);
    let ran = crate::parallel::ordered(
        jobs,
        Some(WORKER_STACK),
        jobs_of(files),
        new_worker,
        work,
        &mut emit,
    );
    if ran.is_err() {
        // No thread could be started: replay here (this thread has the stack it needs).
        let _ = crate::parallel::ordered(1, None, jobs_of(files), new_worker, work, &mut emit);
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let _ = out.flush();
    status
}
