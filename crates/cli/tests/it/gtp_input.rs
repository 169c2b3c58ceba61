//! Bad input on GTP's standard input, through the real binary: every line gets an answer
//! (or none, for blank and comment lines), the engine keeps serving, and it exits cleanly
//! when its input closes.

use crate::support::Gtp;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn exits_cleanly_at_end_of_input() {
    let engine = Gtp::goishi(&[], None);
    assert!(engine.finish().success());
    let mut engine = Gtp::goishi(&[], None);
    engine.send_raw(b"name\n");
    assert_eq!(engine.read_response().unwrap().text, "goishi");
    // The last line needs no newline.
    engine.send_raw(b"1 protocol_version");
    engine.close_input();
    assert_eq!(engine.read_response().unwrap().full, "=1 2");
    assert!(engine.read_response().is_none());
    assert!(engine.finish().success());
}

#[test]
fn quit_answers_then_exits() {
    let mut engine = Gtp::goishi(&[], None);
    let r = engine.send("7 quit");
    assert_eq!(r.full, "=7 ");
    assert!(engine.read_response().is_none());
    assert!(engine.finish().success());
}

#[test]
fn preprocessing() {
    let mut engine = Gtp::goishi(&["--size", "9"], None);
    // Control characters are dropped, tabs are spaces, CR LF works, comments are removed.
    engine.send_raw(b"na\x01m\x7fe\r\n");
    assert_eq!(engine.read_response().unwrap().full, "= goishi");
    engine.send_raw(b"\t3\tknown_command\tplay # comment\n");
    assert_eq!(engine.read_response().unwrap().full, "=3 true");
    // Blank, white-space-only and comment-only lines get no answer.
    engine.send_raw(b"\n   \n\t\n# only a comment\n\r\n4 name\n");
    assert_eq!(engine.read_response().unwrap().full, "=4 goishi");
    // Bytes that are not UTF-8 or not ASCII.
    engine.send_raw(b"\xff\xfe\x80 name\n");
    let r = engine.read_response().unwrap();
    assert!(!r.ok && r.text.starts_with("unknown command"), "{}", r.full);
    engine.send_raw("5 play b Ｅ5\n".as_bytes());
    let r = engine.read_response().unwrap();
    assert!(
        r.full.starts_with("?5 syntax error: invalid vertex"),
        "{}",
        r.full
    );
    // An id alone.
    let r = engine.send("3");
    assert_eq!(r.full, "?3 syntax error: no command after the id");
    assert_eq!(engine.send("name").text, "goishi");
}

#[test]
fn over_long_lines() {
    let mut engine = Gtp::goishi(&[], None);
    let mut line = b"12 play b ".to_vec();
    line.extend(std::iter::repeat_n(b'A', 200_000));
    line.push(b'\n');
    engine.send_raw(&line);
    let r = engine.read_response().unwrap();
    assert_eq!(
        r.full,
        "?12 line too long: commands are at most 65536 characters"
    );
    // An over-long comment is only a comment.
    let mut line = b"# ".to_vec();
    line.extend(std::iter::repeat_n(b'#', 200_000));
    line.extend_from_slice(b"\n13 name\n");
    engine.send_raw(&line);
    assert_eq!(engine.read_response().unwrap().full, "=13 goishi");
    // Many arguments within the limit: a syntax error, not a crash.
    let many = format!("set_free_handicap {}\n", "A1 ".repeat(20_000));
    engine.send_raw(many.as_bytes());
    assert!(!engine.read_response().unwrap().ok);
    assert_eq!(engine.send("name").text, "goishi");
    assert!(engine.finish().success());
}

/// A fresh, empty folder for an engine to run in: whatever a command writes (`printsgf
/// FILE`) lands there, never in the working tree.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("goishi-gtp-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_command_with_junk_arguments_keeps_serving() {
    let dir = scratch_dir("junk");
    let mut engine = Gtp::goishi(&["--size", "9"], Some(&dir));
    let commands: Vec<String> = engine
        .ok("list_commands")
        .lines()
        .map(str::to_owned)
        .collect();
    let junk = [
        "",
        "x",
        "b",
        "pass",
        "A1",
        "-1",
        "0",
        "1000000000",
        "b A1",
        "w Z99",
        "1 2 3",
        "7.25",
        "{",
        "black white",
        "\u{e9}",
        "graph:/nonexistent",
    ];
    for command in &commands {
        if command == "quit" {
            continue;
        }
        for args in junk {
            // printsgf FILE writes its junk names into the scratch folder.
            let line = format!("{command} {args}");
            let r = if command.ends_with("-analyze") {
                // Analysis runs until the next line: a blank one stops it.
                engine.send_raw(format!("{line}\n\n").as_bytes());
                engine.read_response().expect("a response")
            } else {
                engine.send(&line)
            };
            assert!(
                r.full.starts_with('=') || r.full.starts_with('?'),
                "{line}: {}",
                r.full
            );
            assert!(!r.text.contains("internal error"), "{line}: {}", r.full);
        }
        // Still serving, and the board is a board.
        assert_eq!(engine.send("protocol_version").text, "2", "after {command}");
    }
    assert!(engine.finish().success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn random_bytes_never_stop_the_engine() {
    let seed = std::env::var("GOISHI_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1u64);
    eprintln!("random bytes, seed {seed} (GOISHI_FUZZ_SEED)");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let dir = scratch_dir("random");
    let mut engine = Gtp::goishi(&["--size", "9", "--player", "random"], Some(&dir));
    let words = [
        "play",
        "genmove",
        "boardsize",
        "komi",
        "undo",
        "b",
        "w",
        "E5",
        "pass",
        "loadsgf",
        "set_position",
        "goishi-rules",
        "kata-set-rules",
        "fixed_handicap",
        "all_legal",
        "gogui-rules_legal_moves",
        "showboard",
        "#",
        "\t",
        "contact/2b",
        "9",
        "0",
    ];
    for round in 0..300 {
        let mut line: Vec<u8> = Vec::new();
        for _ in 0..rng.random_range(0..6) {
            if rng.random_range(0..3) == 0 {
                for _ in 0..rng.random_range(1..8) {
                    let b: u8 = rng.random();
                    if b != b'\n' {
                        line.push(b);
                    }
                }
            } else {
                line.extend_from_slice(words[rng.random_range(0..words.len())].as_bytes());
            }
            line.push(b' ');
        }
        line.extend_from_slice(format!("\n{round} name\n").as_bytes());
        engine.send_raw(&line);
        // Read answers until the marker's.
        loop {
            let r = engine
                .read_response()
                .unwrap_or_else(|| panic!("engine stopped at round {round} after {line:?}"));
            assert!(!r.text.contains("internal error"), "{line:?}: {}", r.full);
            if r.full == format!("={round} goishi") {
                break;
            }
        }
    }
    assert!(engine.finish().success());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `goishi gtp --no-files`: `loadsgf` and `printsgf FILE` answer an error and touch no file;
/// everything else, `printsgf` without a file included, works as before.
#[test]
fn no_files_switches_off_the_file_commands() {
    let dir = std::env::temp_dir().join(format!("goishi-no-files-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.sgf");
    std::fs::write(&record, "(;GM[1]SZ[9];B[ee])").unwrap();
    let mut engine = Gtp::goishi(&["--no-files", "--size", "9"], Some(&dir));
    assert!(engine.send("play b C3").ok);
    let r = engine.send("1 loadsgf game.sgf");
    assert_eq!(
        r.full,
        "?1 loadsgf is switched off (goishi gtp --no-files): this engine reads and writes no files"
    );
    let r = engine.send("2 printsgf out.sgf");
    assert_eq!(
        r.full,
        "?2 printsgf FILE is switched off (goishi gtp --no-files): this engine reads and writes no files"
    );
    assert!(engine.send("printsgf").text.contains(";B[cg]"));
    assert_eq!(engine.send("move_history").text, "black C3");
    assert!(engine.finish().success());
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, ["game.sgf"]);
    // Without the switch, the same engine reads the record.
    let mut engine = Gtp::goishi(&["--size", "9"], Some(&dir));
    assert!(engine.send("loadsgf game.sgf").ok);
    assert_eq!(engine.send("move_history").text, "black E5");
    assert!(engine.finish().success());
    let _ = std::fs::remove_dir_all(&dir);
}
