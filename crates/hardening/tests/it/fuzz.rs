//! The fuzz harness of this crate's three targets (rules strings, SGF, diagrams), and the
//! replay of their regression corpus. The fourth target of `cargo xtask fuzz`, `gtp`, runs
//! with the CLI (`crates/cli/tests/it/fuzz_gtp.rs`).
//!
//! Without `GOISHI_FUZZ_SECONDS` each target runs a fixed number of seeded inputs (quick, in
//! the default `cargo test`); with it, each runs for that many seconds
//! (`cargo xtask fuzz --seconds N [--target NAME]`). The corpus tests replay every file
//! under `crates/hardening/corpus/<target>/`.

use goishi_hardening::fuzz::{self, Settings};
use goishi_hardening::{gen, targets};
use proptest::strategy::Strategy;

fn fuzz_target<S: Strategy<Value = Vec<u8>>>(
    name: &str,
    make: impl FnOnce() -> S + Send,
    target: targets::Target,
    cases: u32,
) {
    if !fuzz::selected(name) {
        println!("fuzz {name}: not selected by GOISHI_FUZZ_TARGET");
        return;
    }
    let settings = Settings::from_env().unwrap_or_else(|e| panic!("{e}"));
    match fuzz::run(name, make, target, cases, settings) {
        Ok(stats) => println!("{stats}"),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn fuzz_rules() {
    fuzz_target("rules", gen::rules_input, targets::rules, 400);
}

#[test]
fn fuzz_sgf() {
    fuzz_target("sgf", gen::sgf_input, targets::sgf, 150);
}

#[test]
fn fuzz_diagram() {
    fuzz_target("diagram", gen::diagram_input, targets::diagram, 400);
}

fn corpus(name: &str) {
    let target = targets::by_name(name).expect("a target");
    match fuzz::replay_corpus(name, target) {
        Ok(n) => {
            assert!(n > 0, "the corpus of {name} is empty");
            println!("corpus {name}: {n} inputs replayed");
        }
        Err(e) => panic!("corpus {name}:\n{e}"),
    }
}

#[test]
fn corpus_rules() {
    corpus("rules");
}

#[test]
fn corpus_sgf() {
    corpus("sgf");
}

#[test]
fn corpus_diagram() {
    corpus("diagram");
}

/// Every target is named, and the names and the harness agree.
#[test]
fn targets_are_named() {
    for name in targets::NAMES {
        assert!(targets::by_name(name).is_some(), "{name}");
        assert!(
            fuzz::corpus_dir(name).is_dir(),
            "no corpus folder for {name}"
        );
    }
    assert!(targets::by_name("nope").is_none());
}

/// A mutation never panics, whatever its offsets, and an empty input stays usable.
#[test]
fn mutations_apply_anywhere() {
    use gen::Mutation::*;
    let all = [
        Insert(usize::MAX, vec![1, 2]),
        Token(usize::MAX, usize::MAX),
        Delete(usize::MAX, 15),
        Replace(7, 0),
        Duplicate(usize::MAX, 3, 63),
        Truncate(usize::MAX),
        Flip(usize::MAX, 7),
    ];
    for base in [&b""[..], b"x", b"(;B[aa])"] {
        let out = gen::apply(base.to_vec(), &all, gen::SGF_TOKENS);
        assert!(out.len() < base.len() + 200);
    }
    assert_eq!(gen::apply(b"abc".to_vec(), &[Truncate(1)], &[]), b"a");
    assert_eq!(gen::apply(b"abc".to_vec(), &[Token(3, 0)], &["Z"]), b"abcZ");
}

/// `cargo xtask fuzz` offers exactly these targets.
#[test]
fn xtask_knows_every_target() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../xtask/src/fuzz.rs");
    let text = std::fs::read_to_string(path).expect("xtask/src/fuzz.rs");
    let line = text
        .lines()
        .find(|l| l.starts_with("pub const TARGETS"))
        .expect("TARGETS in xtask/src/fuzz.rs");
    let listed: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
    // This crate's targets, and the CLI's `gtp`.
    let ours: Vec<&str> = listed.iter().copied().filter(|t| *t != "gtp").collect();
    assert_eq!(ours, targets::NAMES);
    assert!(listed.contains(&"gtp"), "{listed:?}");
    assert!(fuzz::corpus_dir("gtp").is_dir(), "no corpus folder for gtp");
}
