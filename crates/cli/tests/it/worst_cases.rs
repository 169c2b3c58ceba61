//! Worst cases of the CLI, with limits on time and memory that the tests measure themselves
//! (memory by the counting global allocator of `goishi-hardening`, installed in this binary;
//! time by `Instant`). The bounds are generous, about ten times what a debug build takes
//! here: they catch a blow-up, not a slowdown. Moved from `crates/hardening/tests/
//! worst_cases.rs` when the hardening crate stopped depending on the CLI: the GTP engine
//! and the real `goishi` binary are tested here.
//!
//! The biggest versions (a million GTP commands, a 10 MB SGF) run with `GOISHI_SLOW=1`;
//! smaller versions of each run by default.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use goishi::{Geometry, Point, Rules};
use goishi_cli::gtp::{self, Engine, PlayerKind, PlayerOptions};
use goishi_hardening::bounds::{measured, within};
use goishi_hardening::slow;
use goishi_hardening::targets::check_gtp_output;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const MIB: usize = 1 << 20;

fn rules(text: &str) -> Rules {
    goishi::registry().parse_rules(text).unwrap()
}

/// A fresh folder under the temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("goishi-cli-worst-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A writer that keeps only what the checks need: the bytes, the answers, and the answers
/// that are errors other than illegal moves.
#[derive(Default)]
struct Tally {
    bytes: usize,
    answers: usize,
    errors: usize,
    tail: Vec<u8>,
}

impl Write for Tally {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bytes += buf.len();
        self.answers += buf.windows(2).filter(|w| w == b"\n\n").count();
        if buf.first() == Some(&b'?') && !buf.starts_with(b"? illegal move") {
            self.errors += 1;
        }
        // Every answer is checked for its form: they come one per write.
        if let Err(e) = check_gtp_output(buf) {
            self.tail = e.into_bytes();
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The commands of a long GTP session: plays, generated moves and undos, with a look at the
/// board now and then.
fn gtp_session(commands: usize, seed: u64) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let g = Geometry::square(19).unwrap();
    let mut out = Vec::with_capacity(commands * 14);
    let cycle = [
        "play b",
        "play w",
        "genmove b",
        "undo",
        "is_legal w",
        "undo",
        "undo",
    ];
    for i in 0..commands {
        if i % 5000 == 4999 {
            out.extend_from_slice(b"showboard\n");
            continue;
        }
        if i % 20_000 == 19_999 {
            out.extend_from_slice(b"clear_board\n");
            continue;
        }
        let c = cycle[i % cycle.len()];
        out.extend_from_slice(c.as_bytes());
        if c.starts_with("play") || c.starts_with("is_legal") {
            let q = Point::new(rng.random_range(0..g.num_points()));
            out.push(b' ');
            out.extend_from_slice(g.point_name(q).as_bytes());
        }
        out.push(b'\n');
    }
    out
}

/// A GTP exchange of a million commands with undo (20,000 by default): every command gets an
/// answer, none is an internal error, time is linear and memory does not grow with it.
#[test]
fn a_million_gtp_commands_with_undo() {
    let commands = if slow() { 1_000_000 } else { 20_000 };
    let input = gtp_session(commands, 11);
    let (tally, time, peak) = measured(|| {
        let mut engine = Engine::new(rules("go/chinese"), Some((19, 19)), 3).unwrap();
        // The random player: this measures the engine, not the search.
        engine
            .set_player(PlayerOptions {
                kind: PlayerKind::Random,
                ..PlayerOptions::new(3)
            })
            .unwrap();
        let mut tally = Tally::default();
        gtp::serve(&mut engine, std::io::Cursor::new(input.clone()), &mut tally).unwrap();
        assert_eq!(
            engine.position().board().hash(),
            engine.position().board().recompute_hash()
        );
        tally
    });
    assert!(
        tally.tail.is_empty(),
        "{}",
        String::from_utf8_lossy(&tally.tail)
    );
    assert_eq!(tally.answers, commands, "one answer per command");
    println!(
        "{commands} commands: {} answers, {} bytes, {} errors other than illegal moves",
        tally.answers, tally.bytes, tally.errors
    );
    within(
        &format!("a GTP session of {commands} commands"),
        time,
        // Measured with both cores busy: 5 to 7.3 s for 20,000 commands (before the engine
        // stopped cloning the game per command).
        Duration::from_millis(5 * commands as u64),
        peak,
        16 * MIB,
    );
}

/// `boardsize 1000000000` and its kin are refused at once by the GTP engine, without
/// allocating for them; the real binary refuses such sizes on its command line.
#[test]
fn huge_gtp_board_sizes_are_refused_without_allocating() {
    let (answers, time, peak) = measured(|| {
        let mut engine = Engine::new(rules("go/chinese"), Some((9, 9)), 1).unwrap();
        let input = b"boardsize 1000000000\nboardsize 4294967296\nboardsize 99999999999999999999\nrectangular_boardsize 1000000000 1\nrectangular_boardsize 52 1000000000\nboardsize -1\nboardsize 0\nboardsize 53\nkata-set-rules go/chinese:size=1000000000\nkgs-rules chinese:size=1000000000\nplay b E5\n";
        let mut out = Vec::new();
        gtp::serve(&mut engine, &input[..], &mut out).unwrap();
        assert_eq!(engine.size(), (9, 9));
        assert_eq!(engine.position().history().len(), 1);
        String::from_utf8(out).unwrap()
    });
    let answers: Vec<&str> = answers.trim_end().split("\n\n").collect();
    assert_eq!(answers.len(), 11, "{answers:?}");
    for a in &answers[..10] {
        assert!(a.starts_with("? "), "{a}");
        assert!(!a.contains("internal error"), "{a}");
    }
    assert_eq!(answers[10].trim_end(), "=");
    assert!(answers[0].contains("unacceptable size"), "{}", answers[0]);
    within(
        "huge GTP board sizes",
        time,
        Duration::from_secs(5),
        peak,
        MIB,
    );
    // The real binary: a usage error naming the size, status 2.
    for args in [
        &["gtp", "--size", "1000000000"][..],
        &[
            "selfplay",
            "--rules",
            "chinese",
            "--size",
            "1000000000",
            "--games",
            "1",
        ],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_goishi"))
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("goishi: ") && err.contains("1000000000"),
            "{args:?}: {err}"
        );
    }
}

/// `goishi replay` reads a 10 MB SGF with deep variations (1 MB by default) on its worker
/// stack.
#[test]
fn goishi_replay_of_a_10_mb_sgf_with_deep_variations() {
    let bytes = if slow() { 10 * MIB } else { MIB };
    let text = goishi_hardening::gen::deep_sgf(bytes);

    let dir = temp_dir("deep-sgf");
    let path = dir.join("deep.sgf");
    std::fs::write(&path, &text).unwrap();
    let start = Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_goishi"))
        .arg("replay")
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains(": ok: 4 moves"), "{stdout}");
    println!("goishi replay: {:.3} s", start.elapsed().as_secs_f64());
    let _ = std::fs::remove_dir_all(&dir);
}
