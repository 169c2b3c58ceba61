//! Reading criterion's results and writing `docs/benchmarks.md`.
//!
//! Criterion writes, for every benchmark, `<home>/<group>/<function>/new/benchmark.json`
//! (its full id and throughput) and `.../new/estimates.json` (the median, among others). The
//! bench binary adds [`crate::EXTRA_FILE`] (memory, the agreement check). [`render`] turns
//! all of that into Markdown; it is a pure function, tested on made-up figures.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::time::SystemTime;

use serde_json::Value;

use crate::{
    goishi_only_group, playouts_per_batch, positions::position_count, Workload, GOBAN, GOISHI,
    GOISHI_CLONE, GO_GAME_BOARD, PEERS, SIZES,
};

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

/// The median point estimate from criterion's `estimates.json`.
pub fn parse_estimates(text: &str) -> Result<f64, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("estimates.json: {e}"))?;
    v["median"]["point_estimate"]
        .as_f64()
        .ok_or_else(|| "estimates.json has no median.point_estimate".to_owned())
}

/// The full id and the element count from criterion's `benchmark.json`.
pub fn parse_benchmark(text: &str) -> Result<(String, Option<u64>), String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("benchmark.json: {e}"))?;
    let id = v["full_id"]
        .as_str()
        .ok_or_else(|| "benchmark.json has no full_id".to_owned())?
        .to_owned();
    let elements = v["throughput"]["Elements"].as_u64();
    Ok((id, elements))
}

/// Every result under criterion's home directory, by full id. With `since`, results whose
/// estimates are older are left out (a benchmark that did not run this time).
pub fn read_results(
    home: &Path,
    since: Option<SystemTime>,
) -> Result<BTreeMap<String, Measure>, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![home.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if dir == home => return Err(format!("{}: {e}", home.display())),
            Err(_) => continue,
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if !path.is_dir() {
                continue;
            }
            if path.file_name().is_some_and(|n| n == "new") {
                let bench = path.join("benchmark.json");
                let estimates = path.join("estimates.json");
                let (Ok(b), Ok(e)) = (
                    std::fs::read_to_string(&bench),
                    std::fs::read_to_string(&estimates),
                ) else {
                    continue;
                };
                if let Some(since) = since {
                    let fresh = std::fs::metadata(&estimates)
                        .and_then(|m| m.modified())
                        .is_ok_and(|t| t >= since);
                    if !fresh {
                        continue;
                    }
                }
                let (id, elements) = parse_benchmark(&b)?;
                let median_ns = parse_estimates(&e)?;
                out.insert(
                    id,
                    Measure {
                        median_ns,
                        elements,
                    },
                );
            } else {
                stack.push(path);
            }
        }
    }
    Ok(out)
}

/// The bench binary's extra file under criterion's home; `Value::Null` when it is missing
/// or unreadable.
pub fn read_extra(home: &Path) -> Value {
    std::fs::read_to_string(home.join(crate::EXTRA_FILE))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null)
}

/// A time as `YYYY-MM-DD HH:MM UTC`.
pub fn utc_text(t: SystemTime) -> String {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rest / 3_600,
        rest % 3_600 / 60
    )
}

/// The machine a report was made on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Machine {
    pub cpu: String,
    pub cores: usize,
    pub rustc: String,
    pub os: String,
}

impl Machine {
    /// From the text of `/proc/cpuinfo` (model name, processor count), `rustc --version`
    /// and an OS description.
    pub fn from_parts(cpuinfo: &str, rustc: &str, os: &str) -> Machine {
        let field = |line: &str| line.split_once(':').map(|(_, v)| v.trim().to_owned());
        let cpu = cpuinfo
            .lines()
            .find(|l| l.starts_with("model name"))
            .and_then(field)
            .unwrap_or_else(|| "unknown CPU".to_owned());
        let cores = cpuinfo
            .lines()
            .filter(|l| l.starts_with("processor"))
            .count();
        Machine {
            cpu,
            cores,
            rustc: rustc.trim().to_owned(),
            os: os.trim().to_owned(),
        }
    }
}

/// Everything a report is made from.
#[derive(Clone, Debug)]
pub struct ReportInput<'a> {
    pub results: &'a BTreeMap<String, Measure>,
    /// The bench binary's extra file (memory, agreement); `Value::Null` if missing.
    pub extra: &'a Value,
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

/// One of the issue's targets, checked on one run's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub what: String,
    pub wanted: String,
    /// The measured ratio, if both figures are there.
    pub measured: Option<f64>,
    pub met: Option<bool>,
}

fn get(
    results: &BTreeMap<String, Measure>,
    w: Workload,
    size: u32,
    engine: &str,
) -> Option<Measure> {
    results.get(&w.id(size, engine)).copied()
}

/// Superko's cost to goishi on the same games at one size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SuperkoCost {
    pub simple: Measure,
    pub superko: Measure,
    /// Time per move under superko over time per move under simple ko.
    pub ratio: f64,
}

/// Superko's cost at `size`, from the [`crate::superko_cost_group`] results.
pub fn superko_cost(results: &BTreeMap<String, Measure>, size: u32) -> Option<SuperkoCost> {
    let group = crate::superko_cost_group(size);
    let simple = *results.get(&format!("{group}/{}", crate::KO_SIMPLE))?;
    let superko = *results.get(&format!("{group}/{}", crate::KO_SUPERKO))?;
    let ratio = simple.rate()? / superko.rate()?;
    Some(SuperkoCost {
        simple,
        superko,
        ratio,
    })
}

fn superko_cost_section(out: &mut String, results: &BTreeMap<String, Measure>) {
    let _ = writeln!(
        out,
        "Superko's cost to goishi, measured on the same games: simple ko lets random play run \
         into long ko fights (the games above are longer under simple ko, and their last moves, \
         on a full board, are the dearest), so the full playouts of the two rules are not the \
         same work. Here both rules play the same seeds cut at one move per point ({} on 9x9, \
         {} on 19x19), where the games are still the same (equal move counts below).\n",
        crate::superko_cost_cap(9),
        crate::superko_cost_cap(19)
    );
    out.push_str("| board | simple ko | positional superko | superko / simple ko, time per move | moves per iteration (simple / superko) |\n|---|---:|---:|---:|---:|\n");
    for size in SIZES {
        match superko_cost(results, size) {
            Some(c) => {
                let _ = writeln!(
                    out,
                    "| {size}x{size} | {} | {} | {:.2} | {} / {} |",
                    c.simple.rate().map_or_else(|| "n/a".to_owned(), rate_text),
                    c.superko.rate().map_or_else(|| "n/a".to_owned(), rate_text),
                    c.ratio,
                    c.simple.elements.unwrap_or(0),
                    c.superko.elements.unwrap_or(0),
                );
            }
            None => {
                let _ = writeln!(out, "| {size}x{size} | not measured | | | |");
            }
        }
    }
    out.push('\n');
}

/// The issue's targets, as ratios within one run.
pub fn targets(results: &BTreeMap<String, Measure>) -> Vec<Target> {
    let mut out = Vec::new();
    let rate = |w, s, e| get(results, w, s, e).and_then(|m| m.rate());
    for size in SIZES {
        let goishi = rate(Workload::PlayoutSimple, size, GOISHI);
        for (peer, factor) in [(GO_GAME_BOARD, 1.5), (GOBAN, 10.0)] {
            let r = goishi
                .zip(rate(Workload::PlayoutSimple, size, peer))
                .map(|(g, p)| g / p);
            out.push(Target {
                what: format!(
                    "random playouts, simple ko, {size}x{size}: goishi / {peer} (moves per second)"
                ),
                wanted: format!(">= {factor}"),
                measured: r,
                met: r.map(|r| r >= factor),
            });
        }
    }
    for size in SIZES {
        let r = superko_cost(results, size).map(|c| c.ratio);
        out.push(Target {
            what: format!(
                "positional superko's cost to goishi, {size}x{size}: time per move, superko / simple ko, the same games"
            ),
            wanted: "<= 1.25".to_owned(),
            measured: r,
            met: r.map(|r| r <= 1.25),
        });
    }
    for size in SIZES {
        let t = |e| get(results, Workload::LegalMoves, size, e).map(|m| m.ns_per_element());
        let r = t(GO_GAME_BOARD).zip(t(GOISHI)).map(|(p, g)| p / g);
        out.push(Target {
            what: format!("legal-move list, {size}x{size}: go_game_board's time / goishi's"),
            wanted: ">= 2".to_owned(),
            measured: r,
            met: r.map(|r| r >= 2.0),
        });
    }
    out
}

fn rate_text(per_second: f64) -> String {
    if per_second >= 1e6 {
        format!("{:.2} M", per_second / 1e6)
    } else {
        format!("{:.0} k", per_second / 1e3)
    }
}

fn time_text(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e4 {
        format!("{:.1} µs", ns / 1e3)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.0} ns")
    }
}

fn bytes_text(b: u64) -> String {
    if b >= 10 * 1024 {
        format!("{:.1} KiB", b as f64 / 1024.0)
    } else {
        format!("{b} B")
    }
}

/// How a table cell shows a measure, and which way is better.
#[derive(Clone, Copy)]
enum Metric {
    /// Elements per second (higher is better).
    Rate,
    /// Time per element (lower is better).
    TimePerElement,
}

impl Metric {
    fn value(self, m: Measure) -> Option<f64> {
        match self {
            Metric::Rate => m.rate(),
            Metric::TimePerElement => Some(m.ns_per_element()),
        }
    }

    fn text(self, v: f64) -> String {
        match self {
            Metric::Rate => rate_text(v),
            Metric::TimePerElement => time_text(v),
        }
    }

    /// How many times better `a` is than `b`.
    fn advantage(self, a: f64, b: f64) -> f64 {
        match self {
            Metric::Rate => a / b,
            Metric::TimePerElement => b / a,
        }
    }
}

fn comparison_table(
    out: &mut String,
    results: &BTreeMap<String, Measure>,
    w: Workload,
    metric: Metric,
) {
    let engines = w.engines();
    let mut header = String::from("| board |");
    let mut rule = String::from("|---|");
    for e in engines {
        let _ = write!(header, " {} |", column_title(w, e));
        rule.push_str("---:|");
    }
    header.push_str(" goishi vs fastest peer |");
    rule.push_str("---:|");
    let _ = writeln!(out, "{header}\n{rule}");
    for size in SIZES {
        let mut row = format!("| {size}x{size} |");
        for e in engines {
            let cell = get(results, w, size, e)
                .and_then(|m| metric.value(m))
                .map_or_else(|| "not measured".to_owned(), |v| metric.text(v));
            let _ = write!(row, " {cell} |");
        }
        let goishi = get(results, w, size, GOISHI).and_then(|m| metric.value(m));
        let best_peer = engines
            .iter()
            .filter(|e| PEERS.iter().any(|p| p.name == **e))
            .filter_map(|e| {
                get(results, w, size, e)
                    .and_then(|m| metric.value(m))
                    .map(|v| (*e, v))
            })
            .reduce(|a, b| {
                if metric.advantage(a.1, b.1) >= 1.0 {
                    a
                } else {
                    b
                }
            });
        let ratio = match (goishi, best_peer) {
            (Some(g), Some((name, p))) => format!("{:.2}x ({name})", metric.advantage(g, p)),
            _ => "n/a".to_owned(),
        };
        let _ = writeln!(row, " {ratio} |");
        out.push_str(&row);
    }
    out.push('\n');
}

fn column_title(w: Workload, engine: &str) -> String {
    match (w, engine) {
        (Workload::PlayUndo, GOISHI) => "goishi (play + undo)".to_owned(),
        (Workload::PlayUndo, GOISHI_CLONE) => "goishi (clone + play)".to_owned(),
        (Workload::PlayUndo, e) => format!("{e} (clone + play)"),
        (_, e) => e.to_owned(),
    }
}

fn playout_lengths(out: &mut String, results: &BTreeMap<String, Measure>, w: Workload) {
    let mut parts = Vec::new();
    for size in SIZES {
        let per: Vec<String> = w
            .engines()
            .iter()
            .filter_map(|e| {
                get(results, w, size, e)
                    .and_then(|m| m.elements)
                    .map(|n| format!("{e} {:.1}", n as f64 / playouts_per_batch(size) as f64))
            })
            .collect();
        if !per.is_empty() {
            parts.push(format!("{size}x{size}: {}", per.join(", ")));
        }
    }
    if !parts.is_empty() {
        let _ = writeln!(
            out,
            "Moves per playout (passes included), the same seeds: {}.\n",
            parts.join("; ")
        );
    }
}

fn memory_section(out: &mut String, extra: &Value) {
    let Some(rows) = extra["memory"].as_array().filter(|r| !r.is_empty()) else {
        out.push_str("Memory figures were not recorded (the bench binary's counting allocator was not active).\n\n");
        return;
    };
    out.push_str("| board | position | engine | size_of | heap bytes of a clone | allocations per clone | total |\n");
    out.push_str("|---|---|---|---:|---:|---:|---:|\n");
    for r in rows {
        let n = |k: &str| r[k].as_u64().unwrap_or(0);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} |",
            r["board"].as_str().unwrap_or("?"),
            r["position"].as_str().unwrap_or("?"),
            r["engine"].as_str().unwrap_or("?"),
            bytes_text(n("inline")),
            bytes_text(n("heap")),
            n("allocations"),
            bytes_text(n("inline") + n("heap")),
        );
    }
    if let Some(shared) = extra["goishi_shared"].as_array() {
        let parts: Vec<String> = shared
            .iter()
            .map(|s| {
                format!(
                    "{} {}",
                    s["board"].as_str().unwrap_or("?"),
                    bytes_text(s["heap"].as_u64().unwrap_or(0))
                )
            })
            .collect();
        if !parts.is_empty() {
            let _ = writeln!(
                out,
                "\ngoishi's geometry (neighbour tables, Zobrist keys) and setup are shared by every \
                 position of a game through reference counting, so a clone does not copy them; \
                 building them once costs {}.",
                parts.join(", ")
            );
        }
    }
    out.push('\n');
}

fn agreement_section(out: &mut String, extra: &Value) {
    let Some(checks) = extra["agreement"].as_array() else {
        out.push_str("The agreement check did not run.\n\n");
        return;
    };
    for c in checks {
        let problems = c["disagreements"].as_array().map_or(0, Vec::len);
        let _ = writeln!(
            out,
            "- {} positions of {} under {}: {} — {}.",
            c["positions"].as_u64().unwrap_or(0),
            c["board"].as_str().unwrap_or("?"),
            c["rules"].as_str().unwrap_or("?"),
            c["engines"]
                .as_array()
                .map(|e| e
                    .iter()
                    .filter_map(Value::as_str)
                    .collect::<Vec<_>>()
                    .join(", "))
                .unwrap_or_default(),
            if problems == 0 {
                "same board and same legal points in every position".to_owned()
            } else {
                format!("{problems} disagreement(s)")
            }
        );
        for d in c["disagreements"].as_array().into_iter().flatten() {
            let _ = writeln!(out, "  - {}", d.as_str().unwrap_or("?"));
        }
    }
    out.push('\n');
}

fn goishi_only_section(out: &mut String, results: &BTreeMap<String, Measure>) {
    let mut labels: Vec<String> = Vec::new();
    for size in SIZES {
        let prefix = format!("{}/", goishi_only_group(size));
        for id in results.keys() {
            if let Some(label) = id.strip_prefix(&prefix) {
                if !labels.iter().any(|l| l == label) {
                    labels.push(label.to_owned());
                }
            }
        }
    }
    if labels.is_empty() {
        out.push_str("Not measured in this run.\n\n");
        return;
    }
    labels.sort();
    let mut header = String::from("| rules |");
    let mut rule = String::from("|---|");
    for size in SIZES {
        let _ = write!(header, " {size}x{size} moves/s | moves per playout |");
        rule.push_str("---:|---:|");
    }
    let _ = writeln!(out, "{header}\n{rule}");
    for label in labels {
        let mut row = format!("| `{label}` |");
        for size in SIZES {
            match results.get(&format!("{}/{label}", goishi_only_group(size))) {
                Some(m) => {
                    let _ = write!(
                        row,
                        " {} | {} |",
                        m.rate().map_or_else(|| "n/a".to_owned(), rate_text),
                        m.elements.map_or_else(
                            || "n/a".to_owned(),
                            |n| format!("{:.1}", n as f64 / playouts_per_batch(size) as f64)
                        )
                    );
                }
                None => row.push_str(" not measured | |"),
            }
        }
        let _ = writeln!(out, "{row}");
    }
    out.push('\n');
}

/// The Markdown of `docs/benchmarks.md`.
pub fn render(input: &ReportInput<'_>) -> String {
    let results = input.results;
    let mut out = String::new();
    out.push_str("# Benchmarks: goishi and the Rust Go crates\n\n");
    out.push_str("<!-- Generated by `cargo xtask bench-report`; do not edit by hand. -->\n\n");
    let _ = writeln!(
        out,
        "goishi measured side by side with the Go crates a Rust user would pick instead, {}, \
         each through its public API, on the same workloads, the same random generator \
         (ChaCha8) and the same seeds, single thread. Every figure is criterion's median.\n",
        PEERS
            .iter()
            .map(|p| format!("`{}` {}", p.name, p.version))
            .collect::<Vec<_>>()
            .join(" and ")
    );
    out.push_str("## The run\n\n");
    let _ = writeln!(
        out,
        "- Machine: {}, {} logical cores; {}",
        input.machine.cpu, input.machine.cores, input.machine.os
    );
    let _ = writeln!(out, "- Compiler: {}", input.machine.rustc);
    let _ = writeln!(out, "- Date: {}", input.date);
    if let Some(rev) = input.revision {
        let _ = writeln!(out, "- Source: {rev}");
    }
    let _ = writeln!(
        out,
        "- Mode: {}",
        if input.quick {
            "quick (shortened warm-up and measurement: figures are rougher)"
        } else {
            "full (criterion's default warm-up and measurement times)"
        }
    );
    if let Some(load) = input.load {
        let _ = writeln!(
            out,
            "- Load average when the run started: {load}. The machine is shared; figures taken \
             under load are noisy, ratios within one run less so than absolute figures."
        );
    }
    let _ = writeln!(out, "- Reproduce: `{}`", input.command);
    out.push_str(
        "- The harness: `crates/bench` (one adapter per engine over a single playout policy, \
         the fixed positions, the agreement tests); `cargo bench -p goishi-bench` runs the \
         suite without writing this page, `cargo test -p goishi-bench` checks the engines \
         agree.\n\n",
    );

    out.push_str("## Targets\n\n| target | wanted | measured | met |\n|---|---:|---:|:---:|\n");
    for t in targets(results) {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            t.what,
            t.wanted,
            t.measured
                .map_or_else(|| "n/a".to_owned(), |r| format!("{r:.3}")),
            match t.met {
                Some(true) => "yes",
                Some(false) => "**no**",
                None => "n/a",
            }
        );
    }
    out.push_str(
        "\nHow goishi's Go engine is made fast, and what limits it where a target is not met \
         (with the profile it comes from): [crates/go-rules/README.md]\
         (../crates/go-rules/README.md#what-limits-it).\n\n",
    );

    out.push_str("## 1. Random playouts\n\n");
    let _ = writeln!(
        out,
        "One policy for every engine: the side to move takes the empty points, picks one \
         uniformly at random, plays it unless it fills a single-point eye of its own or is \
         illegal, otherwise drops it and picks again; it passes when none is left. A game \
         ends after two passes or 3 x points moves. One measured iteration plays {} games on \
         9x9 and {} on 19x19, seeded {}.. for every engine; each engine draws from its own \
         empty-point list, so the games differ between engines but follow one distribution \
         (the lengths below agree). Moves per second, passes included.\n",
        playouts_per_batch(9),
        playouts_per_batch(19),
        crate::PLAYOUT_SEED
    );
    out.push_str("### Simple ko, suicide forbidden (the rules every peer has)\n\n");
    comparison_table(&mut out, results, Workload::PlayoutSimple, Metric::Rate);
    playout_lengths(&mut out, results, Workload::PlayoutSimple);
    out.push_str("### Positional superko, suicide forbidden (goishi and goban)\n\n");
    comparison_table(&mut out, results, Workload::PlayoutSuperko, Metric::Rate);
    playout_lengths(&mut out, results, Workload::PlayoutSuperko);
    superko_cost_section(&mut out, results);

    out.push_str("## 2. Legal-move list\n\n");
    let _ = writeln!(
        out,
        "The full legal-move list of fixed mid-game positions ({} on 9x9, {} on 19x19: seeded \
         games cut at a third of their length, replayed into every engine), simple ko. Time per \
         position, each engine through its own query: goishi's `legal_moves`, goban's `legals()` \
         collected, go_game_board's `is_legal` over its empty-point list (it has no list query).\n",
        position_count(9),
        position_count(19)
    );
    comparison_table(
        &mut out,
        results,
        Workload::LegalMoves,
        Metric::TimePerElement,
    );

    out.push_str("## 3. One move on a fixed position\n\n");
    out.push_str(
        "goishi plays a legal move and takes it back (`play` + `undo`); the peers have no undo, \
         so a search would copy the position and play on the copy (clone + play, the copy \
         dropped). goishi's clone + play is shown too. Time per move, cycling over the legal \
         moves of the fixed positions.\n\n",
    );
    comparison_table(
        &mut out,
        results,
        Workload::PlayUndo,
        Metric::TimePerElement,
    );

    out.push_str("## 4. Memory\n\n");
    out.push_str(
        "Bytes of one position: `size_of` plus the heap bytes a clone allocates, counted by a \
         counting global allocator in the bench binary; then the time of a clone.\n\n",
    );
    memory_section(&mut out, input.extra);
    comparison_table(&mut out, results, Workload::Clone, Metric::TimePerElement);

    out.push_str("## goishi alone: other variants and boards\n\n");
    out.push_str(
        "The same playout policy (no eye rule outside Go) under every contact-capture preset, \
         and Go (`go/chinese`) on a torus and on a hex board.\n\n",
    );
    goishi_only_section(&mut out, results);

    out.push_str("## Where the rules differ\n\n");
    out.push_str(RULES_NOTES);
    out.push_str("\n### Agreement check\n\n");
    out.push_str(
        "Before measuring, the bench binary replays the fixed positions into every engine and \
         checks that they hold the same board and list the same legal points \
         (`cargo test -p goishi-bench` runs the same check, and more, on whole games):\n\n",
    );
    agreement_section(&mut out, input.extra);
    if let Some(notes) = input.extra["notes"].as_array() {
        for n in notes.iter().filter_map(Value::as_str) {
            let _ = writeln!(out, "- {n}");
        }
        if !notes.is_empty() {
            out.push('\n');
        }
    }
    out
}

/// What the report says about the peers' rules.
const RULES_NOTES: &str = "\
- goishi: `go/chinese` (simple ko, suicide forbidden) and `go/chinese-ogs` (positional superko, \
suicide forbidden). Simple ko forbids a play that recreates the board as it was before the \
opponent's last play, unless it removes stones of the mover.
- goban (`Game` with the `JAPANESE` preset for simple ko, `CHINESE` for superko): no undo; \
every play stores a copy of the board (`Goban`: chains, board, next-stone list) in the \
game's history, under either preset, which is what its clones and its memory figures \
carry. Its ko point, set whenever a play captures exactly one stone, forbids the immediate \
retake there unless the retake captures a chain of more than one stone. Its superko check looks only at plays that \
capture, and only once its history holds more than two boards. Boards up to 19x19.
- go_game_board (`Board`, a port of libEGo's playout board, `default-features = false`): \
simple ko only (its ko vertex, set when a single stone captures a single stone), suicide \
forbidden, no undo, no history, so no superko; `play_legal` trusts its caller, so the \
adapter asks `is_legal` first. Boards up to 19x19, held in fixed 21x21 arrays whatever the \
size, which is its `size_of`.
- With suicide forbidden the three simple-ko rules forbid the same plays: any other chain \
next to the ko point kept a liberty through the capture, so a retake can only capture the \
ko stone. The agreement tests confirm it move by move on whole games, and find goban's \
superko and goishi's in agreement on every position tested (a play that captures nothing \
did not repeat a board in those games).
- After two passes goishi ends the game and lists no legal move; the peers leave ending the \
game to their caller. The playout policy stops after two passes for every engine.
";

#[cfg(test)]
mod tests {
    use super::*;

    fn m(median_ns: f64, elements: Option<u64>) -> Measure {
        Measure {
            median_ns,
            elements,
        }
    }

    fn sample() -> BTreeMap<String, Measure> {
        let mut r = BTreeMap::new();
        for size in SIZES {
            let moves = if size == 9 { 3200 } else { 3600 };
            r.insert(
                Workload::PlayoutSimple.id(size, GOISHI),
                m(1e6, Some(moves)),
            );
            r.insert(
                Workload::PlayoutSimple.id(size, GO_GAME_BOARD),
                m(2e6, Some(moves)),
            );
            r.insert(
                Workload::PlayoutSimple.id(size, GOBAN),
                m(20e6, Some(moves)),
            );
            r.insert(
                Workload::PlayoutSuperko.id(size, GOISHI),
                m(1.1e6, Some(moves)),
            );
            r.insert(
                format!("superko-cost/{size}x{size}/simple"),
                m(1e6, Some(2000)),
            );
            r.insert(
                format!("superko-cost/{size}x{size}/superko"),
                m(1.1e6, Some(2000)),
            );
            r.insert(Workload::LegalMoves.id(size, GOISHI), m(8000.0, Some(8)));
            r.insert(
                Workload::LegalMoves.id(size, GO_GAME_BOARD),
                m(12000.0, Some(8)),
            );
        }
        r
    }

    #[test]
    fn criterion_files_parse() {
        let est = r#"{"mean":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1.0,"upper_bound":2.0},"point_estimate":1.5,"standard_error":0.1},"median":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1.0,"upper_bound":2.0},"point_estimate":1.25,"standard_error":0.1},"median_abs_dev":null,"slope":null,"std_dev":null}"#;
        assert_eq!(parse_estimates(est), Ok(1.25));
        assert!(parse_estimates("{}").is_err());
        let bench = r#"{"group_id":"playout-simple/9x9","function_id":"goishi","value_str":null,"throughput":{"Elements":3200},"full_id":"playout-simple/9x9/goishi","directory_name":"playout-simple_9x9/goishi","title":"playout-simple/9x9/goishi"}"#;
        assert_eq!(
            parse_benchmark(bench),
            Ok(("playout-simple/9x9/goishi".to_owned(), Some(3200)))
        );
        let no_throughput = r#"{"full_id":"clone/9x9/goban","throughput":null}"#;
        assert_eq!(
            parse_benchmark(no_throughput),
            Ok(("clone/9x9/goban".to_owned(), None))
        );
    }

    #[test]
    fn results_are_read_from_a_criterion_tree() {
        let home = std::env::temp_dir().join(format!("goishi-bench-report-{}", std::process::id()));
        let new = home.join("playout-simple_9x9").join("goishi").join("new");
        std::fs::create_dir_all(&new).unwrap();
        std::fs::write(
            new.join("benchmark.json"),
            r#"{"full_id":"playout-simple/9x9/goishi","throughput":{"Elements":10}}"#,
        )
        .unwrap();
        std::fs::write(
            new.join("estimates.json"),
            r#"{"median":{"point_estimate":2000.0}}"#,
        )
        .unwrap();
        // A stale base directory is not read.
        let base = home.join("playout-simple_9x9").join("goishi").join("base");
        std::fs::create_dir_all(&base).unwrap();
        std::fs::write(
            base.join("benchmark.json"),
            r#"{"full_id":"x","throughput":null}"#,
        )
        .unwrap();
        std::fs::write(
            base.join("estimates.json"),
            r#"{"median":{"point_estimate":1.0}}"#,
        )
        .unwrap();
        let r = read_results(&home, None).unwrap();
        assert_eq!(r.len(), 1);
        let got = r["playout-simple/9x9/goishi"];
        assert_eq!(got, m(2000.0, Some(10)));
        assert_eq!(got.rate(), Some(5e6));
        // Results older than the run are left out.
        let later = SystemTime::now() + std::time::Duration::from_secs(3600);
        assert!(read_results(&home, Some(later)).unwrap().is_empty());
        std::fs::remove_dir_all(&home).unwrap();
        assert!(read_results(&home, None).is_err());
    }

    #[test]
    fn targets_are_ratios_of_one_run() {
        let t = targets(&sample());
        let find = |s: &str| t.iter().find(|t| t.what.contains(s)).unwrap().clone();
        let ego = find("simple ko, 9x9: goishi / go_game_board");
        assert_eq!(ego.measured, Some(2.0));
        assert_eq!(ego.met, Some(true));
        let goban = find("simple ko, 19x19: goishi / goban");
        assert_eq!(goban.measured, Some(20.0));
        let superko = find("superko's cost to goishi, 9x9");
        assert!((superko.measured.unwrap() - 1.1).abs() < 1e-9);
        assert_eq!(superko.met, Some(true));
        let legal = find("legal-move list, 19x19");
        assert_eq!(legal.measured, Some(1.5));
        assert_eq!(legal.met, Some(false));
        let empty = targets(&BTreeMap::new());
        assert!(empty
            .iter()
            .all(|t| t.measured.is_none() && t.met.is_none()));
    }

    #[test]
    fn dates_are_written_in_utc() {
        use std::time::Duration;
        assert_eq!(utc_text(SystemTime::UNIX_EPOCH), "1970-01-01 00:00 UTC");
        let t = SystemTime::UNIX_EPOCH + Duration::from_secs(1_795_993_200);
        assert_eq!(utc_text(t), "2026-11-29 23:00 UTC");
        let leap = SystemTime::UNIX_EPOCH + Duration::from_secs(951_782_400);
        assert_eq!(utc_text(leap), "2000-02-29 00:00 UTC");
    }

    #[test]
    fn machine_is_read_from_cpuinfo() {
        let cpuinfo = "processor\t: 0\nmodel name\t: Example CPU @ 2.00GHz\n\nprocessor\t: 1\nmodel name\t: Example CPU @ 2.00GHz\n";
        let m = Machine::from_parts(cpuinfo, "rustc 1.95.0 (x)\n", "Linux 6.1 x86_64");
        assert_eq!(m.cpu, "Example CPU @ 2.00GHz");
        assert_eq!(m.cores, 2);
        assert_eq!(m.rustc, "rustc 1.95.0 (x)");
    }

    #[test]
    fn report_shows_tables_ratios_and_the_run() {
        let results = sample();
        let extra = serde_json::json!({
            "memory": [{"board": "9x9", "position": "mid-game", "engine": "goishi", "inline": 400, "heap": 5000, "allocations": 12}],
            "agreement": [{"board": "9x9", "rules": "simple ko", "positions": 8, "engines": ["goishi", "goban"], "disagreements": []}],
        });
        let machine = Machine::from_parts(
            "model name : Example CPU\nprocessor : 0\n",
            "rustc 1.95.0",
            "Linux",
        );
        let text = render(&ReportInput {
            results: &results,
            extra: &extra,
            machine: &machine,
            command: "cargo xtask bench-report",
            quick: true,
            date: "2026-11-29 23:00 UTC",
            load: Some("1.50 1.20 1.00"),
            revision: Some("commit abc1234"),
        });
        for needle in [
            "Example CPU, 1 logical cores",
            "rustc 1.95.0",
            "`cargo xtask bench-report`",
            "quick",
            "- Source: commit abc1234",
            "| 9x9 | 3.20 M | 160 k | 1.60 M | 2.00x (go_game_board) |",
            "| 19x19 | 1.00 µs | not measured | 1.50 µs | 1.50x (go_game_board) |",
            "| 9x9 | mid-game | goishi | 400 B | 5000 B | 12 | 5400 B |",
            "8 positions of 9x9 under simple ko: goishi, goban — same board",
            "Moves per playout (passes included), the same seeds: 9x9: goishi 100.0",
            "| >= 2 | 1.500 | **no** |",
            "| 9x9 | 2.00 M | 1.82 M | 1.10 | 2000 / 2000 |",
        ] {
            assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
        }
    }
}
