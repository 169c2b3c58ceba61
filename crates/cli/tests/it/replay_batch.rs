//! `goishi replay` on a folder of a thousand records, some of them broken: the real binary
//! reports every good record, names every bad one with what is wrong, never stops early,
//! and exits with the status of the worst.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use goishi::Rules;
use goishi_cli::selfplay;

const RECORDS: usize = 1000;

/// How a record was broken, and the status `replay` must give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Good,
    Truncated,
    Garbage,
    Empty,
    IllegalMove,
    BadSize,
    UnknownRules,
    Directory,
    Missing,
}

impl Kind {
    fn expected(self) -> &'static str {
        match self {
            Kind::Good => "ok",
            Kind::IllegalMove => "illegal",
            _ => "unreadable",
        }
    }
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("goishi-replay-batch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The record of game `i`: a self-play game of a variant (in turn) on a small board.
fn record(variants: &[Rules], i: usize) -> (String, String) {
    let rules = &variants[i % variants.len()];
    let size = [(5, 5), (7, 7), (6, 4), (9, 9)][i % 4];
    let game = selfplay::play_game(rules, Some(size), i as u64, 0).unwrap();
    let text = selfplay::game_sgf(&game, i as u64, 0).unwrap();
    // A point that holds a stone at the end, for the illegal move.
    let p = game.position.as_ref();
    let g = p.geometry();
    let stone = g
        .points()
        .find(|&q| p.board().get(q).is_some())
        .and_then(|q| g.sgf_coord(q))
        .unwrap_or_default();
    (text, stone)
}

/// Writes the records, broken where `kind` says, and returns their paths and kinds.
fn write_records(dir: &Path) -> Vec<(PathBuf, Kind)> {
    let variants: Vec<Rules> = goishi::registry()
        .variants()
        .map(|v| v.default_rules())
        .collect();
    let mut out = Vec::with_capacity(RECORDS);
    for i in 0..RECORDS {
        let kind = match i % 50 {
            3 => Kind::Truncated,
            11 => Kind::Garbage,
            17 => Kind::Empty,
            23 | 41 => Kind::IllegalMove,
            29 => Kind::BadSize,
            37 => Kind::UnknownRules,
            43 if i % 100 == 43 => Kind::Directory,
            47 if i % 100 == 47 => Kind::Missing,
            _ => Kind::Good,
        };
        let path = dir.join(format!("game-{i:04}.sgf"));
        match kind {
            Kind::Directory => std::fs::create_dir_all(&path).unwrap(),
            Kind::Missing => {}
            Kind::Empty => std::fs::write(&path, b"").unwrap(),
            Kind::Garbage => {
                let bytes: Vec<u8> = (0..300u32).map(|b| (b * 37 + i as u32) as u8).collect();
                std::fs::write(&path, bytes).unwrap();
            }
            _ => {
                let (text, stone) = record(&variants, i);
                let text = match kind {
                    Kind::Truncated => text[..text.len() / 2].to_owned(),
                    Kind::IllegalMove => {
                        let end = text.rfind(')').unwrap();
                        format!("{};B[{stone}];W[{stone}]{}", &text[..end], &text[end..])
                    }
                    Kind::BadSize => text.replacen("SZ[", "SZ[99", 1),
                    Kind::UnknownRules => text.replacen("RU[", "RU[no-such-game:", 1),
                    _ => text,
                };
                std::fs::write(&path, text).unwrap();
            }
        }
        out.push((path, kind));
    }
    out
}

#[test]
fn replay_of_a_thousand_records_some_broken() {
    let dir = temp_dir();
    let records = write_records(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_goishi"))
        .arg("replay")
        .args(records.iter().map(|(p, _)| p))
        .args(["--jobs", "2"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    // The first line of each report: `PATH: STATUS: ...`.
    let mut reports: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in stdout.lines() {
        for status in ["ok", "illegal", "unreadable"] {
            if let Some((file, rest)) = line.split_once(&format!(": {status}: ")) {
                reports
                    .entry(file.to_owned())
                    .or_default()
                    .push(format!("{status}: {rest}"));
            }
        }
    }
    let mut tally: BTreeMap<&str, usize> = BTreeMap::new();
    for (path, kind) in &records {
        let name = path.display().to_string();
        let got = reports
            .get(&name)
            .unwrap_or_else(|| panic!("no report for {name} ({kind:?})\n{stdout}"));
        assert_eq!(got.len(), 1, "{name}: {got:?}");
        assert!(
            got[0].starts_with(kind.expected()),
            "{name} ({kind:?}): {}",
            got[0]
        );
        if kind.expected() == "unreadable" {
            // An unreadable file is named in one line on standard error too.
            assert!(
                stderr
                    .lines()
                    .any(|l| l.starts_with("goishi: ") && l.contains(&name)),
                "{name} ({kind:?}) is not named on standard error"
            );
        }
        let why = &got[0];
        match kind {
            Kind::Truncated => assert!(
                why.contains("truncated") || why.contains("not valid SGF"),
                "{why}"
            ),
            Kind::Directory => assert!(why.contains("directory"), "{why}"),
            Kind::Missing => assert!(why.contains("no such file"), "{why}"),
            Kind::IllegalMove => assert!(why.contains("illegal") && why.contains("node"), "{why}"),
            Kind::BadSize => assert!(why.contains("SZ"), "{why}"),
            Kind::UnknownRules => assert!(why.contains("no-such-game"), "{why}"),
            _ => {}
        }
        *tally.entry(kind.expected()).or_default() += 1;
    }
    assert_eq!(reports.len(), RECORDS, "one report per file");
    assert!(
        tally["ok"] >= 800 && tally["illegal"] >= 30 && tally["unreadable"] >= 80,
        "{tally:?}"
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "an unreadable file makes the status 2"
    );
    println!("{tally:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
