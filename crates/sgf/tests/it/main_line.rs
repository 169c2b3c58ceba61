//! The plain main line (the reader's fast path for a game tree of one line of plain nodes)
//! against `sgf-parse`'s tree: the same records and the same errors, on records like those
//! `goishi selfplay` writes and on their mutations (tokens inserted, bytes removed). The
//! seed is fixed, so every run checks the same inputs.

use goishi_sgf::{fast_path_mismatch, write_game, RulesChoice, WriteOptions};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

/// Tokens inserted into records: structure, escapes, properties of every kind the two
/// readers treat apart, and near misses.
const TOKENS: &[&str] = &[
    "(",
    ")",
    ";",
    "[",
    "]",
    "\\",
    " ",
    "\n",
    "\t",
    "é",
    "(;",
    ")(",
    ";B[aa]",
    ";W[]",
    ";B[ZZ]",
    ";W[Ab]",
    ";B[tt]",
    "B[tt]",
    "B[zz]",
    "W[a]",
    "B[ZZ]",
    "B[a1]",
    "B [aa]",
    "b[aa]",
    "AddBlack[aa]",
    "AB[cc]",
    "AB[aa:bb]",
    "AW[dd]",
    "AE[aa]",
    "PL[W]",
    "PL[x]",
    "GM[1]",
    "GM[2]",
    "GM[01]",
    "FF[4]",
    "FF[9]",
    "SZ[5]",
    "SZ[7:5]",
    "SZ[x]",
    "KM[6.5]",
    "KM[x]",
    "HA[2]",
    "HA[1]",
    "RE[B+R]",
    "RU[go/japanese]",
    "RU[nope]",
    "C[a comment]",
    "C[]",
    "ZZ[q]",
    "XY[1][2]",
    "LB[aa:x]",
    "TR[aa]",
    "CA[UTF-8]",
    "AP[x:1]",
    "[bb]",
];

fn choice() -> RulesChoice {
    RulesChoice {
        force: None,
        fallback: goishi::registry().parse_rules("go/chinese").unwrap(),
    }
}

/// A self-play record as `goishi selfplay` writes it.
fn record(rules: &str, size: u32, seed: u64) -> String {
    let rules = goishi::registry().parse_rules(rules).unwrap();
    let game = goishi_play::play_game(&rules, Some((size, size)), seed, 0).unwrap();
    write_game(
        game.position.as_ref(),
        &WriteOptions {
            result: game.position.outcome().map(|r| r.to_string()),
            comment: Some(format!("goishi selfplay, seed {seed}, game 0")),
            ..WriteOptions::default()
        },
    )
    .unwrap()
}

/// An edit of a text: `token` inserted at byte `at` or before the `node`-th `;` (where
/// it makes a property or a node of its own), or `len` bytes removed from `at`.
#[derive(Clone, Debug)]
enum Edit {
    Insert { at: usize, token: usize },
    AtNode { node: usize, token: usize },
    Remove { at: usize, len: usize },
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        1 => (any::<usize>(), 0..TOKENS.len()).prop_map(|(at, token)| Edit::Insert { at, token }),
        2 => (any::<usize>(), 0..TOKENS.len()).prop_map(|(node, token)| Edit::AtNode { node, token }),
        1 => (any::<usize>(), 1usize..6).prop_map(|(at, len)| Edit::Remove { at, len }),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for e in edits {
        match *e {
            Edit::Insert { at, token } => {
                let at = at % (bytes.len() + 1);
                bytes.splice(at..at, TOKENS[token].bytes());
            }
            Edit::AtNode { node, token } => {
                let nodes: Vec<usize> = (0..bytes.len()).filter(|&i| bytes[i] == b';').collect();
                let at = nodes.get(node % nodes.len().max(1)).copied().unwrap_or(0);
                bytes.splice(at..at, TOKENS[token].bytes());
            }
            Edit::Remove { at, len } => {
                let at = at % (bytes.len() + 1);
                bytes.drain(at..(at + len).min(bytes.len()));
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn the_plain_main_line_reads_as_sgf_parse_does() {
    let rules = [
        "go/chinese",
        "go/japanese",
        "go/tromp-taylor",
        "go/chinese:board=torus",
    ];
    let strategy = (
        0..rules.len(),
        prop_oneof![Just(5u32), Just(9)],
        0u64..1000,
        proptest::collection::vec(edit(), 0..5),
    );
    let config = Config {
        cases: 300,
        rng_seed: RngSeed::Fixed(18),
        failure_persistence: None,
        ..Config::default()
    };
    let choice = choice();
    let fast = std::cell::Cell::new(0usize);
    TestRunner::new(config)
        .run(&strategy, |(r, size, seed, edits)| {
            let text = record(rules[r], size, seed);
            // A record as written takes the fast path.
            prop_assert_eq!(fast_path_mismatch(&text, &choice), Ok(true));
            let mutated = apply(&text, &edits);
            match fast_path_mismatch(&mutated, &choice) {
                Ok(taken) => fast.set(fast.get() + usize::from(taken && !edits.is_empty())),
                Err(why) => return Err(TestCaseError::fail(why.to_string())),
            }
            Ok(())
        })
        .unwrap();
    // Mutated records take the fast path often enough to be compared.
    let fast = fast.get();
    assert!(fast > 20, "only {fast} mutated records took the fast path");
}

#[test]
fn unusual_records_are_read_by_sgf_parse_alone() {
    let choice = choice();
    for text in [
        "(;GM[1]SZ[9];B[aa](;W[bb])(;W[cc]))",
        "(;GM[1]SZ[9];B[aa])(;GM[1];B[bb])",
        "(;GM[1]SZ[9]C[a \\] b];B[aa])",
        "(;GM[1]SZ[9]C[caf\u{e9}];B[aa])",
        "(;GM[1]SZ[9];B [aa])",
        "(;GM[1]SZ[9];AddBlack[aa])",
        "(;GM[1]GM[1]SZ[9])",
        "(;GM[2]SZ[9])",
        "(;GM[1]SZ[9];B[aa]) trailing text",
    ] {
        assert_eq!(fast_path_mismatch(text, &choice), Ok(false), "{text}");
    }
    // Malformed plain lines are refused by both alike.
    for text in [
        "(;GM[1]SZ[9]PL[x])",
        "(;GM[1]SZ[9];B[aa]W[bb])",
        "(;GM[1]SZ[9];B[a])",
        "(;GM[1]SZ[x])",
        "(;GM[1]RU[nope])",
        "(;GM[1];SZ[9])",
        "(;GM[1];AB[aa];B[bb];AW[cc])",
    ] {
        assert_eq!(fast_path_mismatch(text, &choice), Ok(true), "{text}");
        assert!(goishi_sgf::parse_record(text, &choice).is_err(), "{text}");
    }
}
