//! The `gtp` fuzz target of `cargo xtask fuzz`: the CLI's GTP loop (`serve`) on a whole
//! session: every answer well formed, no internal error, and the engine's game consistent
//! afterwards (its hash, and its moves replayed from its setup give its board). It runs on
//! the runner, the generator and the corpus (`crates/hardening/corpus/gtp/`) of
//! `goishi-hardening`; it lives here because the hardening crate does not depend on the CLI.
//!
//! The engine runs with `printsgf FILE` switched off ([`FileAccess::ReadOnly`]) and the
//! input's `loadsgf` lines of files other than the target's own records left out: a fuzz run
//! touches no file but those records.

use std::sync::OnceLock;

use goishi::Rules;
use goishi_cli::gtp::{self, command_names, Engine, FileAccess, PlayerKind, PlayerOptions};
use goishi_hardening::fuzz::{self, Settings};
use goishi_hardening::gen;
use goishi_hardening::targets::check_gtp_output;

/// The records `loadsgf` may read in the GTP target, written once per process to a
/// temporary folder; an input names them `@SGF0`, `@SGF1`, `@SGF2`.
pub fn gtp_sgf_files() -> &'static [(String, String)] {
    static FILES: OnceLock<Vec<(String, String)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("goishi-hardening-gtp-{}", std::process::id()));
        let texts = [
            "(;GM[1]FF[4]SZ[9]RU[japanese]KM[6.5]HA[2]AB[cc][gg]PL[W];W[ee];B[ce];W[ec](;B[dd])(;B[gc]))",
            "(;GM[1]FF[4]SZ[7]RU[contact/2b:scope=local];B[dd];W[de];B[ee];W[cc])",
            "(;GM[1]FF[4]SZ[52]RU[go/tromp-taylor:board=torus]AB[aa][ZZ]AW[zA];B[Aa];W[])",
        ];
        let mut files = Vec::new();
        if std::fs::create_dir_all(&dir).is_ok() {
            for (i, text) in texts.iter().enumerate() {
                let path = dir.join(format!("game{i}.sgf"));
                if std::fs::write(&path, text).is_ok() {
                    files.push((format!("@SGF{i}"), path.display().to_string()));
                }
            }
        }
        files
    })
}

/// Whether a raw GTP line would touch a file other than the records of [`gtp_sgf_files`]
/// (`loadsgf` of another file, `printsgf FILE`).
fn touches_files(raw: &[u8]) -> bool {
    let line = gtp::preprocess(raw);
    let mut words = line.split_whitespace();
    let mut first = words.next();
    if first.is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit())) {
        first = words.next();
    }
    match first {
        Some("loadsgf") => {
            let file = words.next().unwrap_or("");
            !gtp_sgf_files().iter().any(|(_, path)| path == file)
        }
        Some("printsgf") => words.next().is_some(),
        _ => false,
    }
}

/// The input with `@SGFn` replaced by the paths of [`gtp_sgf_files`], without the lines
/// that touch other files.
pub fn without_file_commands(input: &[u8]) -> Vec<u8> {
    let mut text = input.to_vec();
    for (token, path) in gtp_sgf_files() {
        if text.windows(token.len()).any(|w| w == token.as_bytes()) {
            let replaced = String::from_utf8_lossy(&text).replace(token.as_str(), path);
            text = replaced.into_bytes();
        }
    }
    let mut out = Vec::with_capacity(text.len());
    for line in text.split_inclusive(|&b| b == b'\n') {
        if !touches_files(line) {
            out.extend_from_slice(line);
        }
    }
    out
}

/// The engine's game is consistent: its hash, its moves replayed from its setup.
pub fn check_engine(engine: &Engine) -> Result<(), String> {
    let p = engine.position();
    if p.board().hash() != p.board().recompute_hash() {
        return Err("the game's incremental hash is wrong".to_owned());
    }
    let mut again = p
        .setup()
        .clone()
        .into_position()
        .map_err(|e| format!("the game's setup does not validate: {e}"))?;
    for t in p.history() {
        again.play_as(t.color, t.mv).map_err(|e| {
            format!(
                "the game's move {} {} does not replay: {e}",
                t.color,
                t.mv.name(p.geometry())
            )
        })?;
    }
    if again.board() != p.board() || again.outcome() != p.outcome() {
        return Err(format!(
            "the game's moves replayed from its setup give another position\n{}\n{}",
            p.board().diagram(),
            again.board().diagram()
        ));
    }
    Ok(())
}

/// The GTP target: a whole session on a 9x9 `go/chinese` engine (the input chooses other
/// rules and sizes with its commands).
pub fn gtp(input: &[u8]) -> Result<(), String> {
    let rules = Rules::parse("go/chinese").expect("go/chinese is registered");
    let mut engine = Engine::new(rules, Some((9, 9)), 1)?;
    // The random player: a search a move would make the fuzz run slow.
    engine.set_player(PlayerOptions {
        kind: PlayerKind::Random,
        ..PlayerOptions::new(1)
    })?;
    // Never a file written, whatever the input: `printsgf FILE` is switched off, and the
    // lines that would read other files than the target's records are left out.
    engine.set_file_access(FileAccess::ReadOnly);
    // The dead-stone estimate with 4 playouts, as in the libFuzzer target: its 1,000 take
    // seconds on a big board in a debug build, past the time bound of an input. (The
    // estimate's judgement is tested in goishi-play's tests/dead.rs and through the GTP
    // transcripts dead.tst.)
    engine.set_dead_playouts(4)?;
    let input = without_file_commands(input);
    let mut out = Vec::new();
    gtp::serve(&mut engine, std::io::Cursor::new(input.to_vec()), &mut out)
        .map_err(|e| format!("serve failed: {e}"))?;
    check_gtp_output(&out)?;
    check_engine(&engine)
}

#[test]
fn fuzz_gtp() {
    if !fuzz::selected("gtp") {
        println!("fuzz gtp: not selected by GOISHI_FUZZ_TARGET");
        return;
    }
    let settings = Settings::from_env().unwrap_or_else(|e| panic!("{e}"));
    let names = command_names();
    match fuzz::run("gtp", || gen::gtp_input(&names), gtp, 100, settings) {
        Ok(stats) => println!("{stats}"),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn corpus_gtp() {
    match fuzz::replay_corpus("gtp", gtp) {
        Ok(n) => {
            assert!(n > 0, "the corpus of gtp is empty");
            println!("corpus gtp: {n} inputs replayed");
        }
        Err(e) => panic!("corpus gtp:\n{e}"),
    }
}

/// A session that asks for files to be written writes none, and one that reads the
/// target's records reads them.
#[test]
fn the_target_writes_no_file() {
    let dir = std::env::temp_dir();
    let target = dir.join(format!("goishi-fuzz-gtp-{}.sgf", std::process::id()));
    let name = target.display().to_string();
    let input = format!("play b E5\nprintsgf {name}\n1 printsgf {name}\nloadsgf @SGF1\n");
    gtp(input.as_bytes()).unwrap();
    assert!(!target.exists(), "{name} was written");
    let rules = Rules::parse("go/chinese").unwrap();
    let mut engine = Engine::new(rules, Some((9, 9)), 1).unwrap();
    engine.set_file_access(FileAccess::ReadOnly);
    let mut out = Vec::new();
    let session = without_file_commands(format!("loadsgf @SGF1\nprintsgf {name}\n").as_bytes());
    gtp::serve(
        &mut engine,
        std::io::Cursor::new(session.to_vec()),
        &mut out,
    )
    .unwrap();
    assert!(String::from_utf8(out).unwrap().starts_with("= \n\n"));
    assert_eq!(engine.position().history().len(), 4);
    assert!(!target.exists());
}
