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
    let t = targets(&sample(), &serde_json::Value::Null);
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
    let empty = targets(&BTreeMap::new(), &serde_json::Value::Null);
    assert!(empty
        .iter()
        .all(|t| t.measured.is_none() && t.met.is_none()));
    // With the paired measure, goishi against go_game_board is its median, size by size;
    // the other targets are those of the criterion medians still.
    let extra = serde_json::json!({"paired": [
        {"board": "9x9", "median": 1.95},
        {"board": "19x19", "median": 2.25},
    ]});
    let paired = targets(&sample(), &extra);
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
