//! `goishi analysis`: KataGo's JSON analysis engine for every variant. One query a line on
//! the input (KataGo's `docs/Analysis_Engine.md` is the reference of the protocol), one
//! response a line on the output.
//!
//! - [`query`]: a line read and checked into a query (its game replayed move by move, the
//!   turns to analyse) or an action, each field by its reader (`fields`);
//! - [`respond`]: the lines written (results, errors, warnings);
//! - this module: the engine. The calling thread reads lines and queues one job a turn; `N`
//!   workers take the waiting job of highest priority (then the earliest), each searching on
//!   one thread with a player of its own; one writer thread writes every line, so lines never
//!   interleave. `terminate` sets the stop flags of the jobs it names: a waiting job is
//!   answered with `noResults`, a running one stops and is answered with what it found. At
//!   the end of the input every job is finished and answered.

mod fields;
pub mod query;
pub mod respond;

use std::collections::BinaryHeap;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};

use goishi_play::mcts::{Budget, MctsConfig, MctsPlayer, MoveFilter, SearchResult, Watch};

use query::{parse_line, Defaults, Query, Request};
use respond::{Perspective, View};

/// The longest line read (a whole game with its setup fits many times); longer lines are
/// refused whole.
pub const MAX_LINE: usize = 4 << 20;

/// The engine's settings (`goishi analysis`'s options).
#[derive(Clone, Debug)]
pub struct Options {
    /// Queries analysed at once (one search thread each).
    pub threads: usize,
    /// The seed of the searches: a query's result depends on it and the query alone.
    pub seed: u64,
    /// Playouts a turn when a query names no `maxVisits`.
    pub visits: u32,
    /// Whose side figures are reported from, unless a query says
    /// (`overrideSettings.reportAnalysisWinratesAs`).
    pub perspective: Perspective,
    /// Whether a query may name a graph board (a file).
    pub files: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: 1,
            seed: 0,
            visits: 500,
            perspective: Perspective::SideToMove,
            files: true,
        }
    }
}

/// One turn of a query, waiting or running.
struct Job {
    query: Arc<Query>,
    index: usize,
    seq: u64,
    stop: Arc<AtomicBool>,
}

impl Job {
    fn key(&self) -> (i64, std::cmp::Reverse<u64>) {
        (
            self.query.turns[self.index].priority,
            std::cmp::Reverse(self.seq),
        )
    }
}

impl PartialEq for Job {
    fn eq(&self, other: &Job) -> bool {
        self.key() == other.key()
    }
}
impl Eq for Job {}
impl PartialOrd for Job {
    fn partial_cmp(&self, other: &Job) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Job {
    fn cmp(&self, other: &Job) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

/// The jobs not finished: the queue, and the stop flags of every unfinished job by query id
/// and turn.
#[derive(Default)]
struct State {
    waiting: BinaryHeap<Job>,
    live: Vec<(Arc<Query>, usize, Arc<AtomicBool>)>,
    closed: bool,
}

struct Shared {
    state: Mutex<State>,
    ready: Condvar,
    /// The output is closed: nobody reads the answers any more.
    gone: AtomicBool,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A worker that panicked holds no invariant half-done: take the state as it is.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn next(&self) -> Option<Job> {
        let mut state = self.lock();
        loop {
            if let Some(job) = state.waiting.pop() {
                return Some(job);
            }
            if state.closed {
                return None;
            }
            state = self.ready.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Stops every job, running or waiting: the output is closed.
    fn abandon(&self) {
        self.gone.store(true, Ordering::Relaxed);
        for (_, _, stop) in &self.lock().live {
            stop.store(true, Ordering::Relaxed);
        }
    }

    fn finished(&self, job: &Job) {
        self.lock()
            .live
            .retain(|(_, _, stop)| !Arc::ptr_eq(stop, &job.stop));
    }
}

/// Runs the engine from `input` to `output` until the end of the input, every query
/// answered. Errors: the output failed (a closed output ends the engine quietly).
pub fn run(
    options: &Options,
    mut input: impl BufRead,
    output: impl Write + Send,
) -> io::Result<()> {
    let shared = Shared {
        state: Mutex::new(State::default()),
        ready: Condvar::new(),
        gone: AtomicBool::new(false),
    };
    let (lines, written) = mpsc::channel::<String>();
    std::thread::scope(|s| {
        let shared_ref = &shared;
        let writer = s.spawn(move || {
            let wrote = write_lines(written, output);
            if wrote.is_ok() {
                // Ended by a closed output (or by the end of the lines): what is left to
                // search, nobody will read.
                shared_ref.abandon();
            }
            wrote
        });
        let mut workers = Vec::new();
        let mut started = Ok(());
        for _ in 0..options.threads.max(1) {
            let lines = lines.clone();
            let shared = &shared;
            // The search's own threads have the default stack; this is room to spare.
            match std::thread::Builder::new()
                .stack_size(16 << 20)
                .spawn_scoped(s, move || work(shared, options, &lines))
            {
                Ok(w) => workers.push(w),
                Err(e) => {
                    started = Err(e);
                    break;
                }
            }
        }
        // Without all its workers the engine does not start (the ones started are let go).
        let read = match started {
            Ok(()) => read_lines(options, &mut input, &shared, &lines),
            Err(e) => Err(e),
        };
        shared.lock().closed = true;
        shared.ready.notify_all();
        for w in workers {
            // A worker's panic was reported by the panic hook; its jobs are lost.
            let _ = w.join();
        }
        drop(lines);
        let wrote = writer.join().unwrap_or(Ok(()));
        read.and(wrote)
    })
}

/// Writes each line as it comes, flushed, until the lines end or the output is closed.
fn write_lines(lines: mpsc::Receiver<String>, mut output: impl Write) -> io::Result<()> {
    for mut line in lines {
        line.push('\n');
        match output
            .write_all(line.as_bytes())
            .and_then(|()| output.flush())
        {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

fn read_lines(
    options: &Options,
    input: &mut impl BufRead,
    shared: &Shared,
    lines: &mpsc::Sender<String>,
) -> io::Result<()> {
    let defaults = Defaults {
        visits: options.visits,
        files: options.files,
    };
    let mut raw = Vec::with_capacity(1 << 12);
    let mut seq = 0u64;
    while let Some(too_long) = crate::gtp::read_line_within(input, &mut raw, MAX_LINE)? {
        if raw.iter().all(u8::is_ascii_whitespace) && !too_long {
            continue;
        }
        if too_long {
            let problem = query::Problem {
                message: format!("line too long: a line is at most {MAX_LINE} bytes"),
                field: None,
            };
            let _ = lines.send(respond::error(query::guess_id(&raw).as_ref(), &problem));
            continue;
        }
        match parse_line(&raw, &defaults) {
            Err(refused) => {
                let _ = lines.send(respond::error(refused.id.as_ref(), &refused.problem));
            }
            Ok(Request::Echo(echo)) => {
                let _ = lines.send(serde_json::Value::Object(echo).to_string());
            }
            Ok(Request::Terminate { id, turns, echo }) => {
                let state = shared.lock();
                for (query, turn, stop) in &state.live {
                    let named = id.as_ref().is_none_or(|id| *id == query.id);
                    let turned = turns.as_ref().is_none_or(|t| t.contains(turn));
                    if named && turned {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                drop(state);
                let _ = lines.send(serde_json::Value::Object(echo).to_string());
            }
            Ok(Request::Query(query, warnings)) => {
                for w in &warnings {
                    let _ = lines.send(respond::warning(&query.id, w));
                }
                let query: Arc<Query> = Arc::from(query);
                let mut state = shared.lock();
                for (index, t) in query.turns.iter().enumerate() {
                    let stop = Arc::new(AtomicBool::new(false));
                    state.live.push((query.clone(), t.turn, stop.clone()));
                    state.waiting.push(Job {
                        query: query.clone(),
                        index,
                        seq,
                        stop,
                    });
                    seq += 1;
                }
                drop(state);
                shared.ready.notify_all();
            }
        }
    }
    Ok(())
}

/// A worker: takes jobs until the queue is closed and empty.
fn work(shared: &Shared, options: &Options, lines: &mpsc::Sender<String>) {
    let config = MctsConfig::default()
        .with_threads(1)
        .with_seed(options.seed);
    let Ok(mut player) = MctsPlayer::new(config) else {
        return;
    };
    while let Some(job) = shared.next() {
        let turn = job.query.turns[job.index].turn;
        let line = if shared.gone.load(Ordering::Relaxed) {
            None
        } else if job.stop.load(Ordering::Relaxed) {
            Some(respond::no_results(&job.query.id, turn))
        } else {
            let run = std::panic::AssertUnwindSafe(|| analyse(&mut player, &job, options, lines));
            std::panic::catch_unwind(run).unwrap_or_else(|_| {
                // A bug (the panic hook has reported it): the turn is answered, the player
                // made again, and the engine goes on.
                if let Ok(fresh) = MctsPlayer::new(config) {
                    player = fresh;
                }
                let problem = query::Problem {
                    message: format!("turn {turn}: internal error (a bug in goishi)"),
                    field: None,
                };
                Some(respond::error(Some(&job.query.id.clone().into()), &problem))
            })
        };
        shared.finished(&job);
        if let Some(line) = line {
            let _ = lines.send(line);
        }
    }
}

/// Searches one turn: reports while it runs when asked, and returns its final line.
fn analyse(
    player: &mut MctsPlayer,
    job: &Job,
    options: &Options,
    lines: &mpsc::Sender<String>,
) -> Option<String> {
    let query = &job.query;
    let t = query.turns[job.index];
    let position = match query.position_at(t.turn) {
        Ok(p) => p,
        Err(e) => {
            let problem = query::Problem {
                message: format!("turn {}: {e}", t.turn),
                field: Some("moves".to_owned()),
            };
            return Some(respond::error(Some(&query.id.clone().into()), &problem));
        }
    };
    let view = View {
        geometry: position.geometry(),
        color: t.color,
        perspective: query.perspective.unwrap_or(options.perspective),
        stones: Some(position.board()),
    };
    if position.is_over() {
        // The one judge of dead stones, as GTP's final_score counts a finished game.
        let config = goishi_play::DeadConfig {
            seed: options.seed,
            ..goishi_play::DeadConfig::default()
        };
        let judged = goishi_play::estimate_dead_dyn(position.as_ref(), &config);
        // Six decimals: the judge keeps f32s.
        let ownership: Vec<f64> = judged
            .ownership()
            .iter()
            .map(|&o| (f64::from(o) * 1e6).round() / 1e6)
            .collect();
        return Some(respond::game_over(
            &query.id,
            t.turn,
            &view,
            &judged.score(position.as_ref()),
            &ownership,
            &query.includes,
        ));
    }
    let filters: Vec<MoveFilter<'_>> = query
        .filters
        .iter()
        .map(|f| MoveFilter {
            color: f.color,
            moves: &f.moves,
            allow: f.allow,
            until_depth: f.until_depth,
        })
        .collect();
    // Each turn is searched afresh: its result depends on the query alone, not on which
    // worker took it after which other turn.
    player.clear_tree();
    let budget = Budget {
        playouts: Some(query.visits),
        time: query.time,
    };
    let mut on_report = |partial: &SearchResult| {
        let line = respond::result(
            &query.id,
            t.turn,
            true,
            &view,
            partial,
            &query.includes,
            position.as_ref(),
        );
        let _ = lines.send(line);
    };
    let watch = Watch {
        stop: Some(&job.stop),
        every: query.report_every.unwrap_or_default(),
        on_report: query
            .report_every
            .map(|_| &mut on_report as &mut dyn FnMut(&SearchResult)),
        moves_ownership: query.includes.moves_ownership,
        ownership_stdev: query.includes.ownership_stdev,
        filters: &filters,
        // A forced move is searched too: its figures are the answer.
        force: true,
    };
    match player.analyze_dyn(position.as_ref(), t.color, budget, watch) {
        // Stopped before its first playout: nothing to report, as KataGo says it.
        Ok(result) if result.playouts == 0 && job.stop.load(Ordering::Relaxed) => {
            Some(respond::no_results(&query.id, t.turn))
        }
        Ok(result) => Some(respond::result(
            &query.id,
            t.turn,
            false,
            &view,
            &result,
            &query.includes,
            position.as_ref(),
        )),
        Err(e) => {
            let problem = query::Problem {
                message: format!("turn {}: {e}", t.turn),
                field: None,
            };
            Some(respond::error(Some(&query.id.clone().into()), &problem))
        }
    }
}

#[cfg(test)]
mod tests;
