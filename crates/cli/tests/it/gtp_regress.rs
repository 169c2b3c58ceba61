//! Runs the GTP regression files `tests/gtp/*.tst` against the real `goishi gtp`, over its
//! standard input and output, the way GNU Go's regression scripts and GoGui's
//! `gogui-regress` run them (so the same files run there too:
//! `gogui-regress "goishi gtp --seed 1 --player random" crates/cli/tests/gtp/*.tst`; a file
//! whose first line is `# engine: ARGS` runs with that command line instead).
//!
//! The format: GTP commands, one per line; `#` starts a comment. A command with a numeric
//! id is a test when the line right after it is `#? [PATTERN]`: the answer (after `=id `) must match
//! the regular expression PATTERN as a whole, dot matching newlines; `#? [!PATTERN]` means
//! it must not. A trailing `*` (`#? [PATTERN]*`) marks an expected failure: gogui-regress
//! counts any failure as expected; this runner is stricter and requires a `?` answer whose
//! message matches PATTERN. Every other command must succeed. The engine runs in the
//! directory of the test file (as gogui-regress does), must answer every line, and must exit
//! cleanly when its input closes.

use std::path::{Path, PathBuf};

use crate::support::Gtp;
use regex::Regex;

/// The engine's command line in these tests (also the one to give gogui-regress), unless
/// the file's first line says `# engine: ARGS` (the tree search's files give their budget so).
const ENGINE_ARGS: &[&str] = &["--seed", "1", "--player", "random"];

struct Pending {
    line: usize,
    command: String,
    id: Option<String>,
    response: crate::support::Response,
    checked: bool,
}

fn check_pattern(
    file: &str,
    pending: &mut Pending,
    pattern_line: &str,
    failures: &mut Vec<String>,
) {
    pending.checked = true;
    let mut pattern = pattern_line.trim();
    let expect_failure = pattern.ends_with('*');
    if expect_failure {
        pattern = pattern[..pattern.len() - 1].trim_end();
    }
    let Some(inner) = pattern.strip_prefix('[').and_then(|p| p.strip_suffix(']')) else {
        failures.push(format!(
            "{file}:{}: malformed expectation {pattern_line:?}; expected #? [PATTERN]",
            pending.line + 1
        ));
        return;
    };
    let inner = inner.trim();
    let (negated, inner) = match inner.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, inner),
    };
    let regex = match Regex::new(&format!(r"(?s)\A(?:{inner})\z")) {
        Ok(r) => r,
        Err(e) => {
            failures.push(format!("{file}:{}: bad pattern: {e}", pending.line + 1));
            return;
        }
    };
    let r = &pending.response;
    let matched = regex.is_match(&r.text) != negated;
    let good = if expect_failure {
        !r.ok && matched
    } else {
        r.ok && matched
    };
    if !good {
        failures.push(format!(
            "{file}:{}: {}: expected {}{}, got {:?}",
            pending.line,
            pending.command,
            if expect_failure {
                "a failure matching "
            } else {
                ""
            },
            pattern_line.trim(),
            r.full
        ));
    }
}

fn run_file(path: &Path, failures: &mut Vec<String>) -> usize {
    let file = path.file_name().map_or_else(
        || path.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    );
    let text = std::fs::read_to_string(path).expect("read test file");
    let args: Vec<&str> = match text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# engine:"))
    {
        Some(args) => args.split_whitespace().collect(),
        None => ENGINE_ARGS.to_vec(),
    };
    let mut engine = Gtp::goishi(&args, path.parent());
    let mut pending: Option<Pending> = None;
    let mut tests = 0;
    let finish = |p: Option<Pending>, failures: &mut Vec<String>| {
        if let Some(p) = p {
            if !p.checked && !p.response.ok {
                failures.push(format!(
                    "{file}:{}: {}: unexpected failure {:?}",
                    p.line, p.command, p.response.full
                ));
            }
        }
    };
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(rest) = line.strip_prefix("#?") {
            match pending.as_mut() {
                // gogui-regress needs the pattern on the line right after the command.
                Some(p) if !p.checked && p.id.is_some() && p.line == i => {
                    tests += 1;
                    check_pattern(&file, p, rest, failures);
                }
                _ => failures.push(format!(
                    "{file}:{}: #? not right after a numbered command",
                    i + 1
                )),
            }
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        finish(pending.take(), failures);
        let first = line.split_whitespace().next().unwrap_or("");
        let id = first
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| first.to_owned());
        let response = engine.send(line);
        if let Some(id) = &id {
            let expected = [format!("={id}"), format!("?{id}")];
            if !expected
                .iter()
                .any(|e| response.full.starts_with(e.as_str()))
            {
                failures.push(format!(
                    "{file}:{}: the answer to id {id} does not carry it: {:?}",
                    i + 1,
                    response.full
                ));
            }
        }
        pending = Some(Pending {
            line: i + 1,
            command: line.to_owned(),
            id,
            response,
            checked: false,
        });
    }
    finish(pending.take(), failures);
    let status = engine.finish();
    if !status.success() {
        failures.push(format!(
            "{file}: the engine did not exit cleanly at the end of its input: {status}"
        ));
    }
    tests
}

/// The `.tst` files of `dir`, sorted.
fn tst_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tst"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .tst file in {}", dir.display());
    files
}

#[test]
fn gtp_regression_files() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/gtp");
    let files = tst_files(&dir);
    let mut failures = Vec::new();
    let mut total = 0;
    for f in &files {
        let n = run_file(f, &mut failures);
        assert!(n > 0, "{} has no test", f.display());
        total += n;
    }
    eprintln!("{} files, {total} tests", files.len());
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
