//! `cargo xtask fuzz --libfuzzer --seconds N [--target NAME] [--seed S] [--corpus DIR]
//! [--no-trace-compares]`: the coverage-guided fuzz targets of `fuzz/` (cargo-fuzz, libFuzzer,
//! the nightly toolchain), each run for N seconds, one after the other, with a summary of what
//! each did.
//!
//! A thin front end over `cargo +nightly fuzz build` and `cargo +nightly fuzz run TARGET --
//! -max_total_time=N`. A run reads the committed corpus `fuzz/corpus/TARGET/` but writes the
//! inputs it finds into another folder (a temporary one, or `--corpus DIR/TARGET`), so that
//! no run dirties the working tree; a crash is saved under `fuzz/artifacts/TARGET/`
//! (ignored by git) and its input belongs in `fuzz/corpus/TARGET/` once fixed.
//!
//! `--no-trace-compares` builds without libFuzzer's comparison tracing, into a target folder
//! of its own (`fuzz/target/no-trace-compares/`, so that the two builds do not rebuild each
//! other). The differential targets run about three times as many inputs a second so: most of
//! their time is the plain reference model, and tracing its comparisons steers no mutation of
//! the input (docs/reliability.md). The parsers keep the tracing: it is how libFuzzer finds
//! the keywords and numbers their inputs compare against.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use crate::fuzz::FuzzOptions;

/// The libFuzzer targets: the `[[bin]]`s of `fuzz/Cargo.toml` (a test checks that they
/// agree).
pub const TARGETS: &[&str] = &[
    "rules",
    "sgf",
    "gtp",
    "diagram",
    "graph",
    "go_reference",
    "contact_reference",
];

/// The cargo-fuzz release that CI installs (`.ci/run`).
pub const CARGO_FUZZ_VERSION: &str = "0.13.2";

/// What one target's run did, read from libFuzzer's closing lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunStats {
    pub executions: Option<u64>,
    pub cov: Option<u64>,
    pub ft: Option<u64>,
    pub corpus: Option<u64>,
    pub seconds: Option<u64>,
}

impl RunStats {
    /// Takes what a line of libFuzzer's output says: a status line (`#N ... cov: C ft: F
    /// corp: K/...`) or a final statistic (`stat::number_of_executed_units: N`,
    /// `Done N runs in S second(s)`).
    pub fn read(&mut self, line: &str) {
        let number_after = |key: &str| -> Option<u64> {
            let rest = &line[line.find(key)? + key.len()..];
            let digits: String = rest
                .trim_start()
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().ok()
        };
        if line.starts_with('#') && line.contains("cov:") {
            self.executions = number_after("#").or(self.executions);
            self.cov = number_after("cov:").or(self.cov);
            self.ft = number_after("ft:").or(self.ft);
            self.corpus = number_after("corp:").or(self.corpus);
        } else if let Some(n) = line
            .strip_prefix("stat::number_of_executed_units:")
            .and_then(|n| n.trim().parse().ok())
        {
            self.executions = Some(n);
        } else if line.starts_with("Done ") && line.contains(" runs in ") {
            self.executions = number_after("Done ").or(self.executions);
            self.seconds = number_after(" runs in ");
        }
    }

    /// One line of the summary.
    pub fn describe(&self) -> String {
        let show = |v: Option<u64>| v.map_or_else(|| "?".to_owned(), |v| v.to_string());
        format!(
            "{} executions, cov {}, ft {}, corpus {} inputs",
            show(self.executions),
            show(self.cov),
            show(self.ft),
            show(self.corpus)
        )
    }
}

/// The workspace root (the xtask's parent folder).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ has a parent")
        .to_path_buf()
}

/// The nightly toolchain of the targets: `$GOISHI_NIGHTLY` (a dated one, `nightly-2026-05-19`,
/// as the GitHub workflow pins it), or `nightly`.
pub fn toolchain() -> String {
    std::env::var("GOISHI_NIGHTLY")
        .ok()
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "nightly".to_owned())
}

/// `cargo +nightly ARGS` (the [`toolchain`]), through rustup's proxy (not the `CARGO` of this
/// stable run) and without the toolchain choice this run inherited.
pub fn nightly(args: &[&str]) -> Command {
    let mut cmd = Command::new("cargo");
    cmd.arg(format!("+{}", toolchain()))
        .args(args)
        .current_dir(root())
        .env_remove("RUSTUP_TOOLCHAIN")
        .env_remove("CARGO")
        .env_remove("RUSTC")
        .env_remove("RUSTDOC");
    cmd
}

/// Whether `cargo +nightly ARGS` runs and succeeds (its output discarded).
pub fn succeeds(args: &[&str]) -> bool {
    nightly(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Why the libFuzzer mode cannot run here, if it cannot.
pub fn missing_tools() -> Option<String> {
    if !succeeds(&["--version"]) {
        let toolchain = toolchain();
        return Some(format!(
            "the libFuzzer targets need the nightly toolchain {toolchain}, which is not \
             installed (rustup toolchain install {toolchain})"
        ));
    }
    if !succeeds(&["fuzz", "--version"]) {
        return Some(format!(
            "the libFuzzer targets need cargo-fuzz, which is not installed \
             (cargo install cargo-fuzz --locked --version {CARGO_FUZZ_VERSION})"
        ));
    }
    None
}

/// The build options of `cargo fuzz build` and `cargo fuzz run`: the sanitizer off (safe
/// Rust, more executions), and without comparison tracing, its own target folder.
pub fn build_args(trace_compares: bool) -> Vec<String> {
    let mut args = vec!["--sanitizer".to_owned(), "none".to_owned()];
    if !trace_compares {
        args.extend([
            "--no-trace-compares".to_owned(),
            "--target-dir".to_owned(),
            root()
                .join("fuzz/target/no-trace-compares")
                .display()
                .to_string(),
        ]);
    }
    args
}

/// Runs each target for `options.seconds`; the exit status is 1 when a target failed.
pub fn run(options: &FuzzOptions) -> ExitCode {
    let FuzzOptions {
        seconds,
        ref targets,
        seed,
        ref corpus,
        trace_compares,
        ..
    } = *options;
    if let Some(why) = missing_tools() {
        eprintln!("fuzz --libfuzzer: {why}");
        return ExitCode::FAILURE;
    }
    let build_args = build_args(trace_compares);
    // One build of every target first. `cargo fuzz build` takes one target, or none for all
    // of them.
    let mut build = nightly(&["fuzz", "build"]);
    build.args(&build_args);
    if let [one] = targets.as_slice() {
        build.arg(one);
    }
    match build.status() {
        Ok(s) if s.success() => {}
        Ok(_) => {
            eprintln!("fuzz --libfuzzer: the fuzz targets do not build");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("fuzz --libfuzzer: cannot run cargo: {e}");
            return ExitCode::FAILURE;
        }
    }
    let scratch = std::env::temp_dir().join(format!("goishi-libfuzzer-{}", std::process::id()));
    let mut summary = Vec::new();
    let mut failed = Vec::new();
    for target in targets {
        let found = match corpus {
            Some(dir) => dir.join(target),
            None => scratch.join(target),
        };
        if let Err(e) = std::fs::create_dir_all(&found) {
            eprintln!("fuzz --libfuzzer: cannot create {}: {e}", found.display());
            return ExitCode::FAILURE;
        }
        let committed = root().join("fuzz").join("corpus").join(target);
        let mut cmd = nightly(&["fuzz", "run"]);
        cmd.args(&build_args)
            .arg(target)
            .arg(&found)
            .arg(&committed)
            .arg("--")
            .args([
                format!("-max_total_time={seconds}"),
                "-print_final_stats=1".to_owned(),
                "-timeout=30".to_owned(),
                "-rss_limit_mb=2048".to_owned(),
            ]);
        if let Some(seed) = seed {
            cmd.arg(format!("-seed={seed}"));
        }
        println!("==> {target}: {seconds} s");
        let mut child = match cmd.stderr(Stdio::piped()).spawn() {
            Ok(c) => c,
            Err(e) => {
                eprintln!("fuzz --libfuzzer: cannot run cargo: {e}");
                return ExitCode::FAILURE;
            }
        };
        let mut stats = RunStats::default();
        if let Some(err) = child.stderr.take() {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                eprintln!("{line}");
                stats.read(&line);
            }
        }
        let ok = child.wait().is_ok_and(|s| s.success());
        if !ok {
            failed.push(*target);
        }
        summary.push(format!(
            "{target}: {}{}",
            stats.describe(),
            if ok { "" } else { ", FAILED" }
        ));
    }
    if corpus.is_none() {
        let _ = std::fs::remove_dir_all(&scratch);
    }
    crate::fuzz::finish(
        "fuzz --libfuzzer",
        seconds,
        &summary,
        &failed,
        "the inputs are saved under fuzz/artifacts/<target>/",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_the_bins_of_the_fuzz_crate() {
        let manifest = std::fs::read_to_string(root().join("fuzz/Cargo.toml")).unwrap();
        let bins: Vec<&str> = manifest
            .split("[[bin]]")
            .skip(1)
            .filter_map(|section| {
                let line = section.lines().find(|l| l.starts_with("name = "))?;
                Some(line.trim_start_matches("name = ").trim_matches('"'))
            })
            .collect();
        assert_eq!(bins, TARGETS);
    }

    #[test]
    fn each_target_has_a_committed_corpus_and_a_source() {
        for t in TARGETS {
            let dir = root().join("fuzz/corpus").join(t);
            let n = std::fs::read_dir(&dir)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .count();
            assert!(n >= 10, "{t}: only {n} seed inputs");
            assert!(root().join(format!("fuzz/fuzz_targets/{t}.rs")).is_file());
        }
    }

    #[test]
    fn the_untraced_build_has_a_target_folder_of_its_own() {
        assert_eq!(build_args(true), ["--sanitizer", "none"]);
        let args = build_args(false);
        assert_eq!(args[..3], ["--sanitizer", "none", "--no-trace-compares"]);
        assert_eq!(args[3], "--target-dir");
        assert!(
            args[4].ends_with("fuzz/target/no-trace-compares"),
            "{}",
            args[4]
        );
    }

    #[test]
    fn closing_lines_are_read() {
        let mut s = RunStats::default();
        s.read("#2\tINITED cov: 12 ft: 13 corp: 1/1b exec/s: 0 rss: 28Mb");
        s.read("#384696\tDONE   cov: 1851 ft: 4357 corp: 896/25Kb lim: 509 exec/s: 18318");
        s.read("Done 384696 runs in 21 second(s)");
        s.read("stat::number_of_executed_units: 384697");
        assert_eq!(
            s,
            RunStats {
                executions: Some(384_697),
                cov: Some(1851),
                ft: Some(4357),
                corpus: Some(896),
                seconds: Some(21),
            }
        );
        assert_eq!(
            s.describe(),
            "384697 executions, cov 1851, ft 4357, corpus 896 inputs"
        );
        assert_eq!(
            RunStats::default().describe(),
            "? executions, cov ?, ft ?, corpus ? inputs"
        );
    }
}
