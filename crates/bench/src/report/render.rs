//! The Markdown of `docs/benchmarks.md`: the comparison tables, the sections on memory,
//! agreement, superko's cost and the goishi-only boards, and the notes on the run.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::Value;

use super::commands::{native_key, rate_spread, selfplay_key, CommandRuns, SELFPLAY_RULES};
use super::figures::{get, superko_cost, targets};
use super::{Measure, ReportInput};
use crate::{
    goishi_only_group, playouts_per_batch, positions::position_count, Workload, GOISHI, GOISHI_3X3,
    GOISHI_CLONE, GOISHI_PLAIN, GO_GAME_BOARD, GO_GAME_BOARD_PLAIN, GO_GAME_BOARD_SAMPLER,
    PAIRED_SECONDS, PEERS, SIZES,
};

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
        (Workload::PlayoutNative, GOISHI) => "goishi, its playout eye test".to_owned(),
        (Workload::PlayoutNative, GO_GAME_BOARD) => "go_game_board, its 3x3 eye test".to_owned(),
        (Workload::PlayoutNative, GOISHI_3X3) => "goishi, the 3x3 eye test".to_owned(),
        (Workload::PlayoutNative, GOISHI_PLAIN) => "goishi, the plain eye test".to_owned(),
        (Workload::PlayoutNative, GO_GAME_BOARD_PLAIN) => {
            "go_game_board, the plain eye test".to_owned()
        }
        (Workload::PlayoutNative, GO_GAME_BOARD_SAMPLER) => {
            "go_game_board's own sampler".to_owned()
        }
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

/// The second harness: each engine through its own API and its own eye test.
fn native_section(out: &mut String, results: &BTreeMap<String, Measure>) {
    let w = Workload::PlayoutNative;
    let _ = writeln!(
        out,
        "The second harness (`goishi_bench::native`), so that goishi's lead is not an artefact \
         of the policy above: each engine through its own API, with its own eye test, and one \
         cheap generator (xorshift64*) for both. The side to move draws an empty point from \
         the engine's own list, plays it unless the engine's eye test calls it an eye of its \
         own or the engine refuses it, else draws again among the rest (the list copied only \
         once a draw is refused), and passes when none is left; two passes or 3 x points moves \
         end a game. goishi: `empty_points`, `is_playout_eye` (the eye test of its own \
         playouts and `goishi selfplay`: every neighbour the mover's, none of their chains in \
         atari), `try_place`. go_game_board: its empty-vertex list, its 3x3 pattern's \
         `is_eyelike` (every neighbour the mover's, and fewer than two diagonals the \
         opponent's, the edge counting as one) and `is_legal`. The eye tests play different \
         games, so each engine is also measured under the other's: goishi under the 3x3 test \
         (its own geometry's diagonals), which plays go_game_board's distribution of games, \
         and both under the plain test every engine has (every neighbour the mover's: the \
         rule of the harness above, in this loop), whose long games end on a full board where \
         most draws are refused; each of those pairs compares the same work. \
         go_game_board's own sampler (libEGo's playout: its 3x3 patterns, the neighbours of \
         the last move ten times as likely, its own generator) is shown for reference. {} \
         playouts an iteration on 9x9, {} on 19x19, simple ko; moves per second, passes \
         included.\n",
        playouts_per_batch(9),
        playouts_per_batch(19)
    );
    let mut header = String::from("| board |");
    let mut rule = String::from("|---|");
    for e in w.engines() {
        let _ = write!(header, " {} |", column_title(w, e));
        rule.push_str("---:|");
    }
    header.push_str(
        " goishi / go_game_board, each its own eye test | both the 3x3 test | both the plain test |",
    );
    rule.push_str("---:|---:|---:|");
    let _ = writeln!(out, "{header}\n{rule}");
    for size in SIZES {
        let rate = |e| get(results, w, size, e).and_then(|m| m.rate());
        let mut row = format!("| {size}x{size} |");
        for e in w.engines() {
            let _ = write!(
                row,
                " {} |",
                rate(e).map_or_else(|| "not measured".to_owned(), rate_text)
            );
        }
        let ratio = |a: Option<f64>, b: Option<f64>| {
            a.zip(b)
                .map_or_else(|| "n/a".to_owned(), |(a, b)| format!("{:.2}x", a / b))
        };
        let _ = writeln!(
            row,
            " {} | {} | {} |",
            ratio(rate(GOISHI), rate(GO_GAME_BOARD)),
            ratio(rate(GOISHI_3X3), rate(GO_GAME_BOARD)),
            ratio(rate(GOISHI_PLAIN), rate(GO_GAME_BOARD_PLAIN))
        );
        out.push_str(&row);
    }
    out.push('\n');
    playout_lengths(out, results, w);
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

/// goishi / go_game_board timed in alternation ([`crate::paired`]), when the run measured it.
fn paired_section(out: &mut String, extra: &Value) {
    let Some(rows) = extra["paired"].as_array().filter(|r| !r.is_empty()) else {
        return;
    };
    let _ = writeln!(
        out,
        "The same iterations of goishi and {GO_GAME_BOARD} timed in alternation (`paired`: \
         about {PAIRED_SECONDS} s of each engine a round, the order swapped every round, the \
         ratio taken round by round), so that both see the same drift of a shared machine's \
         speed, which the medians above, measured a minute apart, do not: the median of the \
         rounds' ratios, their quartiles and range, and each engine's median moves per \
         second. `cargo run --release -p goishi-bench --example paired -- SIZE [ROUNDS]` \
         measures it alone.\n"
    );
    let _ = writeln!(
        out,
        "| board | rounds | goishi / {GO_GAME_BOARD}, median | quartiles | range | goishi | \
         {GO_GAME_BOARD} |\n|---|---:|---:|---:|---:|---:|---:|"
    );
    for r in rows {
        let f = |k: &str| r[k].as_f64().unwrap_or(f64::NAN);
        let _ = writeln!(
            out,
            "| {} | {} | {:.2}x | {:.2}-{:.2} | {:.2}-{:.2} | {} | {} |",
            r["board"].as_str().unwrap_or("?"),
            r["rounds"].as_u64().unwrap_or(0),
            f("median"),
            f("q1"),
            f("q3"),
            f("min"),
            f("max"),
            rate_text(f("rate_a")),
            rate_text(f("rate_b")),
        );
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
    let mut out = String::new();
    intro(&mut out);
    run_section(&mut out, input);
    targets_section(&mut out, input);
    playouts_section(&mut out, input);
    fixed_positions_sections(&mut out, input.results, input.extra);
    goishi_alone_section(&mut out, input.results, input.commands);
    rules_section(&mut out, input.extra);
    out
}

/// The title and what is compared with what.
fn intro(out: &mut String) {
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
}

/// The machine, the compiler, the date, the source, the mode and how to reproduce the run.
fn run_section(out: &mut String, input: &ReportInput<'_>) {
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
}

/// The targets, each with what was measured and whether it is met.
fn targets_section(out: &mut String, input: &ReportInput<'_>) {
    let results = input.results;
    out.push_str("## Targets\n\n| target | wanted | measured | met |\n|---|---:|---:|:---:|\n");
    for t in targets(results, input.extra, input.commands) {
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
         (../crates/go-rules/README.md#what-limits-it); what `goishi selfplay` costs beyond \
         the engine's own loop: section 5.\n\n",
    );
}

/// Section 1: random playouts, under simple ko, under superko, and with each engine's own eye
/// test.
fn playouts_section(out: &mut String, input: &ReportInput<'_>) {
    let results = input.results;
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
    comparison_table(out, results, Workload::PlayoutSimple, Metric::Rate);
    playout_lengths(out, results, Workload::PlayoutSimple);
    paired_section(out, input.extra);
    out.push_str("### Positional superko, suicide forbidden (goishi and goban)\n\n");
    comparison_table(out, results, Workload::PlayoutSuperko, Metric::Rate);
    playout_lengths(out, results, Workload::PlayoutSuperko);
    superko_cost_section(out, results);
    out.push_str("### Each engine with its own eye test\n\n");
    native_section(out, results);
}

/// Sections 2 to 4, on the fixed positions: the legal-move list, one move, memory.
fn fixed_positions_sections(out: &mut String, results: &BTreeMap<String, Measure>, extra: &Value) {
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
    comparison_table(out, results, Workload::LegalMoves, Metric::TimePerElement);

    out.push_str("## 3. One move on a fixed position\n\n");
    out.push_str(
        "goishi plays a legal move and takes it back (`play` + `undo`); the peers have no undo, \
         so a search would copy the position and play on the copy (clone + play, the copy \
         dropped). goishi's clone + play is shown too. Time per move, cycling over the legal \
         moves of the fixed positions.\n\n",
    );
    comparison_table(out, results, Workload::PlayUndo, Metric::TimePerElement);

    out.push_str("## 4. Memory\n\n");
    out.push_str(
        "Bytes of one position: `size_of` plus the heap bytes a clone allocates, counted by a \
         counting global allocator in the bench binary; then the time of a clone.\n\n",
    );
    memory_section(out, extra);
    comparison_table(out, results, Workload::Clone, Metric::TimePerElement);
}

/// goishi alone: the other variants and boards; then the figures of the commands.
fn goishi_alone_section(
    out: &mut String,
    results: &BTreeMap<String, Measure>,
    commands: Option<&CommandRuns>,
) {
    out.push_str("## goishi alone: other variants and boards\n\n");
    out.push_str(
        "The same playout policy (no eye rule outside Go) under every contact-capture preset, \
         and Go (`go/chinese`) on a torus and on a hex board.\n\n",
    );
    goishi_only_section(out, results);
    let (before, after) = COMMANDS
        .split_once(SELFPLAY_TABLE)
        .expect("commands.md marks the place of the self-play table");
    out.push_str(before);
    selfplay_section(out, commands);
    out.push_str(after.trim_start_matches('\n'));
    out.push('\n');
}

/// `goishi selfplay --jobs 1` against the native harness's goishi loop and go_game_board's own
/// loop, whole processes measured by the run ([`CommandRuns`]).
fn selfplay_section(out: &mut String, commands: Option<&CommandRuns>) {
    let Some(c) = commands.filter(|c| !c.boards.is_empty()) else {
        out.push_str(
            "The commands were not measured in this run (`cargo xtask bench-report` measures \
             them after criterion and keeps them beside criterion's results).\n\n",
        );
        return;
    };
    out.push_str(
        "| rules | board | games | `selfplay --jobs 1` | harness (goishi) | go_game_board's loop \
         | selfplay / harness | range | selfplay / go_game_board | range | moves per game \
         (selfplay / harness / go_game_board) |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let harness = native_key(crate::GOISHI);
    let sampler = native_key(crate::GO_GAME_BOARD_SAMPLER);
    for b in &c.boards {
        let rate = |key: &str| {
            b.runs(key)
                .and_then(|p| rate_spread(&p.runs))
                .map_or_else(|| "n/a".to_owned(), |s| rate_text(s.median))
        };
        let per_game = |key: &str| {
            b.moves_per_game(key)
                .map_or_else(|| "n/a".to_owned(), |m| format!("{m:.1}"))
        };
        for rules in SELFPLAY_RULES {
            let ratio = |engine| match b.selfplay_ratio(rules, engine) {
                Some(s) => format!("{:.2} | {:.2} to {:.2}", s.median, s.min, s.max),
                None => "n/a | ".to_owned(),
            };
            let selfplay = selfplay_key(rules);
            let _ = writeln!(
                out,
                "| `{rules}` | {0}x{0} | {1} | {2} | {3} | {4} | {5} | {6} | {7} / {8} / {9} |",
                b.size,
                group_thousands(b.games),
                rate(&selfplay),
                rate(&harness),
                rate(&sampler),
                ratio(crate::GOISHI),
                ratio(crate::GO_GAME_BOARD_SAMPLER),
                per_game(&selfplay),
                per_game(&harness),
                per_game(&sampler),
            );
        }
    }
    let pinned = match &c.pinned {
        Some(p) => format!("pinned to one core by `{p}`"),
        None => "not pinned (no `taskset` on the machine)".to_owned(),
    };
    let _ = writeln!(
        out,
        "\nMoves per CPU second, passes included: each process's moves (selfplay's summary on \
         standard error, the example's line on standard output) over its CPU time (user + \
         system, from `getrusage` of the child once waited for), start-up and output \
         included. Each board ran {} rounds, a round being the four processes one after \
         another ({pinned}, the order rotated each round); the ratios are taken round by \
         round, so that both sides of a ratio see the same state of the machine: the median \
         of the rounds' ratios, their range, and the median of each process's moves per CPU \
         second. The commands, from the workspace root:\n",
        c.rounds
    );
    out.push_str("```text\n");
    for b in &c.boards {
        for p in &b.processes {
            let _ = writeln!(out, "{}", p.command);
        }
    }
    out.push_str("```\n\n");
}

/// A count with commas between the thousands (20,000).
fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// Where the rules differ, the agreement check, and the run's notes.
fn rules_section(out: &mut String, extra: &Value) {
    out.push_str("## Where the rules differ\n\n");
    out.push_str(RULES_NOTES);
    out.push_str("\n### Agreement check\n\n");
    out.push_str(
        "Before measuring, the bench binary replays the fixed positions into every engine and \
         checks that they hold the same board and list the same legal points \
         (`cargo test -p goishi-bench` runs the same check, and more, on whole games):\n\n",
    );
    agreement_section(out, extra);
    if let Some(notes) = extra["notes"].as_array() {
        for n in notes.iter().filter_map(Value::as_str) {
            let _ = writeln!(out, "- {n}");
        }
        if !notes.is_empty() {
            out.push('\n');
        }
    }
}

/// The figures of the commands (`goishi selfplay`, `goishi replay`, GTP `play`): measured
/// from outside the bench binary, written by hand in `commands.md` beside this file but for
/// the self-play table, which the run measures ([`selfplay_section`]).
const COMMANDS: &str = include_str!("commands.md");

/// The line of `commands.md` the self-play table replaces.
pub(super) const SELFPLAY_TABLE: &str = "<!-- the generated self-play table -->\n";

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
