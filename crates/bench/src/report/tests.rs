//! Tests of the report: criterion files, targets, dates, machines and the rendered page.

use std::time::SystemTime;

use super::*;
use crate::{Workload, GOBAN, GOISHI, GO_GAME_BOARD, SIZES};

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
        if size == 9 {
            r.insert(Workload::PlayoutNative.id(size, GOISHI), m(1e6, Some(4000)));
            r.insert(
                Workload::PlayoutNative.id(size, GO_GAME_BOARD),
                m(1e6, Some(3200)),
            );
            r.insert(
                Workload::PlayoutNative.id(size, crate::GOISHI_3X3),
                m(1e6, Some(4800)),
            );
            r.insert(
                Workload::PlayoutNative.id(size, crate::GOISHI_PLAIN),
                m(1e6, Some(2500)),
            );
            r.insert(
                Workload::PlayoutNative.id(size, crate::GO_GAME_BOARD_PLAIN),
                m(1e6, Some(2000)),
            );
        }
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
    let t = targets(&sample(), &serde_json::Value::Null, None);
    let find = |s: &str| t.iter().find(|t| t.what.contains(s)).unwrap().clone();
    let ego = find("simple ko, 9x9: goishi / go_game_board (moves per second)");
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
    // The sample's native batches take the same time: the same playouts a second.
    let native = find("second harness, each engine its own eye test, 9x9");
    assert_eq!((native.measured, native.met), (Some(1.0), Some(false)));
    let native = find("second harness, each engine its own eye test, 19x19");
    assert_eq!((native.measured, native.met), (None, None));
    let empty = targets(&BTreeMap::new(), &serde_json::Value::Null, None);
    assert!(empty
        .iter()
        .all(|t| t.measured.is_none() && t.met.is_none()));
    // With the paired measure, goishi against go_game_board is its median, size by size;
    // the other targets are those of the criterion medians still.
    let extra = serde_json::json!({"paired": [
        {"board": "9x9", "median": 1.95},
        {"board": "19x19", "median": 2.25},
    ]});
    let paired = targets(&sample(), &extra, None);
    let find = |s: &str| paired.iter().find(|t| t.what.contains(s)).unwrap().clone();
    let nine = find("9x9: goishi / go_game_board (paired median");
    assert_eq!((nine.measured, nine.met), (Some(1.95), Some(false)));
    let nineteen = find("19x19: goishi / go_game_board (paired median");
    assert_eq!((nineteen.measured, nineteen.met), (Some(2.25), Some(true)));
    assert_eq!(find("19x19: goishi / goban"), goban);
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
        "paired": [{"board": "9x9", "rounds": 21, "median": 2.05, "q1": 1.9, "q3": 2.2, "min": 1.6, "max": 2.5, "rate_a": 8.1e6, "rate_b": 3.9e6}],
    });
    let machine = Machine::from_parts(
        "model name : Example CPU\nprocessor : 0\n",
        "rustc 1.95.0",
        "Linux",
    );
    let text = render(&ReportInput {
        results: &results,
        extra: &extra,
        commands: None,
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
        "## 5. Through the commands: `goishi selfplay`, `goishi replay`, GTP `play`",
        "| 9x9 | 4.00 M | 3.20 M | 4.80 M | 2.50 M | 2.00 M | not measured | 1.25x | 1.50x | 1.25x |",
        "| 19x19 | not measured | not measured | not measured | not measured | not measured | not measured | n/a | n/a | n/a |",
        "9x9: goishi 125.0, go_game_board 100.0, goishi-3x3 150.0",
        "| 9x9 | 21 | 2.05x | 1.90-2.20 | 1.60-2.50 | 8.10 M | 3.90 M |",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
}

/// A run of `cpu_seconds` that played `moves` moves in 100 games.
fn pr(cpu_seconds: f64, moves: u64) -> ProcessRun {
    ProcessRun {
        cpu_seconds,
        games: 100,
        moves,
    }
}

/// Three rounds on 9x9: selfplay at 8, 10 and 9 M moves per CPU second under `go/chinese`
/// (half that under `go/japanese`), the harness at 10 M, go_game_board's loop at 4, 5 and
/// 5 M.
fn commands_sample() -> CommandRuns {
    let process = |key: String, runs: Vec<ProcessRun>| ProcessRuns {
        command: format!("taskset -c 0 {key}"),
        process: key,
        runs,
    };
    CommandRuns {
        pinned: Some("taskset -c 0".to_owned()),
        rounds: 3,
        boards: vec![BoardRuns {
            size: 9,
            games: 100,
            processes: vec![
                process(
                    selfplay_key("go/chinese"),
                    vec![pr(1.0, 8_000_000), pr(1.0, 10_000_000), pr(1.0, 9_000_000)],
                ),
                process(
                    selfplay_key("go/japanese"),
                    vec![pr(2.0, 8_000_000), pr(2.0, 10_000_000), pr(2.0, 9_000_000)],
                ),
                process(
                    native_key(GOISHI),
                    vec![pr(0.5, 5_000_000), pr(0.5, 5_000_000), pr(0.5, 5_000_000)],
                ),
                process(
                    native_key(crate::GO_GAME_BOARD_SAMPLER),
                    vec![pr(1.0, 4_000_000), pr(1.0, 5_000_000), pr(0.5, 2_500_000)],
                ),
            ],
        }],
    }
}

#[test]
fn process_output_gives_games_and_moves() {
    // (the output, the games and moves read from it)
    let cases = [
        (
            "goishi selfplay: 20000 games, 2187643 moves in 0.23 s (9511491 moves/s); Black won 9000, White won 11000, draws 0, no result 0, stopped at the move cap 0; seed 1\n",
            Some((20_000, 2_187_643)),
        ),
        (
            "9x9, go_game_board-sampler: 3000 games, 1234567 moves in 0.100 s (12345670 moves/s)\n",
            Some((3_000, 1_234_567)),
        ),
        ("\nwarning: x\ngoishi selfplay: 1 game, 1 move in 0.00 s", Some((1, 1))),
        ("9x9: 20,000 games, 5 moves", None),
        ("no figures here", None),
        ("", None),
    ];
    for (text, want) in cases {
        assert_eq!(parse_games_moves(text), want, "{text:?}");
    }
}

#[test]
fn a_round_runs_selfplay_under_each_rules_then_both_native_loops() {
    let round = round_processes(19, 3000, "x.sgf");
    let keys: Vec<&str> = round.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "selfplay go/chinese",
            "selfplay go/japanese",
            "native goishi",
            "native go_game_board-sampler"
        ]
    );
    assert_eq!(
        round[1].1.join(" "),
        "selfplay --rules go/japanese --size 19 --games 3000 --seed 1 --jobs 1 --out x.sgf"
    );
    assert_eq!(
        round[3].1.join(" "),
        "--engine go_game_board-sampler 19 3000"
    );
    assert_eq!(command_games(9, false), 20_000);
    assert_eq!(command_games(19, false), 3_000);
    assert!(command_games(9, true) < 20_000 && command_rounds(true) < command_rounds(false));
    assert!(command_rounds(true) % 2 == 1 && command_rounds(false) % 2 == 1);
}

#[test]
fn ratios_are_taken_round_by_round() {
    let c = commands_sample();
    let b = c.board(9).unwrap();
    assert!(c.board(19).is_none());
    // Rounds of 8/10, 10/10, 9/10.
    let s = b.selfplay_ratio("go/chinese", GOISHI).unwrap();
    assert_eq!((s.median, s.min, s.max), (0.9, 0.8, 1.0));
    // Rounds of 8/4, 10/5, 9/5: round by round, not the ratio of the medians (9/5).
    let s = b
        .selfplay_ratio("go/chinese", crate::GO_GAME_BOARD_SAMPLER)
        .unwrap();
    assert_eq!((s.median, s.min, s.max), (2.0, 1.8, 2.0));
    let s = rate_spread(&b.runs(&native_key(GOISHI)).unwrap().runs).unwrap();
    assert_eq!((s.median, s.min, s.max), (1e7, 1e7, 1e7));
    assert_eq!(
        b.moves_per_game(&selfplay_key("go/chinese")),
        Some(90_000.0)
    );
    assert!(b.selfplay_ratio("go/aga", GOISHI).is_none());
    assert!(ratio_spread(&[], &[]).is_none());
    assert!(ratio_spread(&[pr(0.0, 0)], &[pr(0.0, 0)]).is_none());
}

#[test]
fn commands_file_keeps_the_runs() {
    let c = commands_sample();
    assert_eq!(CommandRuns::from_json(&c.to_json()), Ok(c.clone()));
    let unpinned = CommandRuns {
        pinned: None,
        ..c.clone()
    };
    assert_eq!(CommandRuns::from_json(&unpinned.to_json()), Ok(unpinned));
    assert!(CommandRuns::from_json(&serde_json::json!({"rounds": 3})).is_err());
    let no_moves = serde_json::json!({"rounds": 1, "boards": [{"size": 9, "games": 1,
        "processes": [{"process": "native goishi", "command": "x", "runs": [{"cpu_seconds": 1.0, "games": 1}]}]}]});
    let e = CommandRuns::from_json(&no_moves).unwrap_err();
    assert!(e.contains("moves") && e.contains(COMMANDS_FILE), "{e}");

    let home = std::env::temp_dir().join(format!("goishi-bench-commands-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    assert_eq!(read_commands(&home), Ok(None));
    std::fs::write(home.join(COMMANDS_FILE), c.to_json().to_string()).unwrap();
    assert_eq!(read_commands(&home), Ok(Some(c)));
    std::fs::write(home.join(COMMANDS_FILE), "{").unwrap();
    assert!(read_commands(&home).is_err());
    std::fs::remove_dir_all(&home).unwrap();
}

#[test]
fn selfplay_targets_are_the_medians_of_the_rounds() {
    let c = commands_sample();
    let t = targets(&sample(), &serde_json::Value::Null, Some(&c));
    let find = |s: &str| t.iter().find(|t| t.what.contains(s)).unwrap().clone();
    let harness =
        find("`go/chinese`, 9x9: moves per CPU second, selfplay / goishi's native harness");
    assert_eq!(
        (harness.wanted.as_str(), harness.measured, harness.met),
        (">= 0.9", Some(0.9), Some(true))
    );
    let ego = find("`go/chinese`, 9x9: moves per CPU second, selfplay / go_game_board's own");
    assert_eq!(
        (ego.wanted.as_str(), ego.measured, ego.met),
        (">= 1.8", Some(2.0), Some(true))
    );
    // go/japanese at half the rate: 0.45 and 1.0.
    let harness = find("`go/japanese`, 9x9: moves per CPU second, selfplay / goishi's");
    assert_eq!((harness.measured, harness.met), (Some(0.45), Some(false)));
    let ego = find("`go/japanese`, 9x9: moves per CPU second, selfplay / go_game_board's");
    assert_eq!((ego.measured, ego.met), (Some(1.0), Some(false)));
    // 19x19 was not measured; without the commands, none is.
    let missing = find("`go/chinese`, 19x19: moves per CPU second, selfplay / goishi's");
    assert_eq!((missing.measured, missing.met), (None, None));
    let none = targets(&sample(), &serde_json::Value::Null, None);
    let selfplay: Vec<&Target> = none
        .iter()
        .filter(|t| t.what.contains("selfplay"))
        .collect();
    assert_eq!(selfplay.len(), 8);
    assert!(selfplay.iter().all(|t| t.measured.is_none()));
}

fn render_with(commands: Option<&CommandRuns>) -> String {
    let results = sample();
    let machine = Machine::from_parts(
        "model name : Example CPU\nprocessor : 0\n",
        "rustc",
        "Linux",
    );
    render(&ReportInput {
        results: &results,
        extra: &serde_json::Value::Null,
        commands,
        machine: &machine,
        command: "cargo xtask bench-report",
        quick: false,
        date: "2026-11-29 23:00 UTC",
        load: None,
        revision: None,
    })
}

#[test]
fn report_shows_the_commands_of_the_run() {
    let c = commands_sample();
    let text = render_with(Some(&c));
    for needle in [
        "| `go/chinese` | 9x9 | 100 | 9.00 M | 10.00 M | 5.00 M | 0.90 | 0.80 to 1.00 | 2.00 | 1.80 to 2.00 | 90000.0 / 50000.0 / 38333.3 |",
        "| `go/japanese` | 9x9 | 100 | 4.50 M | 10.00 M | 5.00 M | 0.45 | 0.40 to 0.50 | 1.00 | 0.90 to 1.00 |",
        "Each board ran 3 rounds",
        "pinned to one core by `taskset -c 0`",
        "```text\ntaskset -c 0 selfplay go/chinese\ntaskset -c 0 selfplay go/japanese\n",
        "| `goishi selfplay --jobs 1`, `go/chinese`, 9x9: moves per CPU second, selfplay / goishi's native harness (whole processes, one core, median of alternated rounds) | >= 0.9 | 0.900 | yes |",
        "| >= 1.8 | 1.000 | **no** |",
        "### `--jobs N`: self-play and replay on two threads",
        "### `goishi replay` of generated records",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
    // The hand-written table and its marker are gone.
    for gone in [
        "the generated self-play table",
        "| `go/chinese` | 9x9 | 20,000 | 0.231 s",
        "harness CPU",
    ] {
        assert!(!text.contains(gone), "{gone:?} in:\n{text}");
    }
    let unpinned = CommandRuns { pinned: None, ..c };
    assert!(render_with(Some(&unpinned)).contains("not pinned (no `taskset` on the machine)"));
    let text = render_with(None);
    assert!(text.contains("The commands were not measured in this run"));
    assert!(text.contains("| >= 0.9 | n/a | n/a |"));
}
