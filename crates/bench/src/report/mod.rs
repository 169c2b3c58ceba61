//! Reading criterion's results and writing `docs/benchmarks.md`.
//!
//! Criterion writes, for every benchmark, `<home>/<group>/<function>/new/benchmark.json`
//! (its full id and throughput) and `.../new/estimates.json` (the median, among others). The
//! bench binary adds [`crate::EXTRA_FILE`] (memory, the agreement check). [`render`] turns
//! all of that into Markdown; it is a pure function, tested on made-up figures.
//!
//! This module owns the figures a report is made from ([`Measure`], [`ReportInput`]); the
//! parts live in submodules: reading criterion's files (`criterion`), the commands measured
//! as whole processes (`commands`), the machine and the date of a run (`run`), the issue's
//! targets and superko's cost computed from the figures (`figures`), and the Markdown
//! (`render`).

mod commands;
mod criterion;
mod figures;
mod render;
mod run;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use serde_json::Value;

pub use commands::{
    command_games, command_rounds, native_key, parse_games_moves, rate_spread, ratio_spread,
    read_commands, round_processes, selfplay_key, BoardRuns, CommandRuns, ProcessRun, ProcessRuns,
    Spread, COMMANDS_FILE, NATIVE_ENGINES, SELFPLAY_RULES, SELFPLAY_SEED,
};
pub use criterion::{parse_benchmark, parse_estimates, read_extra, read_results};
pub use figures::{superko_cost, targets, SuperkoCost, Target};
pub use render::render;
pub use run::{utc_text, Machine};

/// One benchmark's result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measure {
    /// The median time of one iteration, in nanoseconds.
    pub median_ns: f64,
    /// The elements one iteration processes (moves, positions), when the bench said.
    pub elements: Option<u64>,
}

impl Measure {
    /// Elements per second.
    pub fn rate(&self) -> Option<f64> {
        self.elements.map(|e| e as f64 * 1e9 / self.median_ns)
    }

    /// Nanoseconds per element (per iteration when the bench gave no count).
    pub fn ns_per_element(&self) -> f64 {
        self.median_ns / self.elements.unwrap_or(1).max(1) as f64
    }
}

/// Everything a report is made from.
#[derive(Clone, Debug)]
pub struct ReportInput<'a> {
    pub results: &'a BTreeMap<String, Measure>,
    /// The bench binary's extra file (memory, agreement); `Value::Null` if missing.
    pub extra: &'a Value,
    /// The commands measured as whole processes, if the run measured them.
    pub commands: Option<&'a CommandRuns>,
    pub machine: &'a Machine,
    /// The command that reproduces the report.
    pub command: &'a str,
    /// Whether measurement times were shortened.
    pub quick: bool,
    /// When the run started (UTC, as text).
    pub date: &'a str,
    /// The load average when the run started, if known.
    pub load: Option<&'a str>,
    /// The source measured: a commit, and whether the work tree differed from it.
    pub revision: Option<&'a str>,
}
