//! `cargo xtask fuzz --seconds N [--target NAME] [--seed S] [--release]`: runs the fuzz
//! harness of `crates/hardening` (`tests/it/fuzz.rs`) for N seconds per target, one target
//! after the other, and prints what each did. With `--libfuzzer` (and optionally `--corpus
//! DIR` and `--no-trace-compares`) it runs the coverage-guided targets of `fuzz/` instead
//! ([`crate::libfuzzer`]).
//!
//! The proptest mode is a thin front end: it runs `cargo test -p goishi-hardening --test it
//! -- --exact fuzz::fuzz_TARGET` (the `gtp` target: `cargo test -p goishi-cli --test it --
//! --exact fuzz_gtp::fuzz_gtp`, the CLI's, on the hardening crate's runner) with
//! `GOISHI_FUZZ_SECONDS` (and `GOISHI_FUZZ_TARGET`, `GOISHI_FUZZ_SEED`) set. A failing input
//! is shrunk and saved under `crates/hardening/corpus/<target>/`, where the corpus tests of
//! the default `cargo test` replay it.

use crate::flags::Flags;
use crate::libfuzzer;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};

/// The targets of the harness (`goishi_hardening::targets::NAMES` and the CLI's `gtp`; a
/// test there checks that this list agrees).
pub const TARGETS: &[&str] = &["rules", "sgf", "gtp", "diagram"];

/// Where a target's harness is: the package, its test binary (each crate's integration tests
/// are one binary, `it`) and the test's full name there.
pub fn harness(target: &str) -> (&'static str, &'static str, String) {
    match target {
        "gtp" => ("goishi-cli", "it", "fuzz_gtp::fuzz_gtp".to_owned()),
        _ => ("goishi-hardening", "it", format!("fuzz::fuzz_{target}")),
    }
}

/// What `fuzz` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuzzOptions {
    pub seconds: u64,
    pub targets: Vec<&'static str>,
    pub seed: Option<u64>,
    pub release: bool,
    /// The libFuzzer targets of `fuzz/` instead of the proptest harness.
    pub libfuzzer: bool,
    /// Where a libFuzzer run keeps the inputs it finds (`DIR/TARGET`; a temporary folder
    /// without it).
    pub corpus: Option<PathBuf>,
    /// Whether the libFuzzer build traces comparisons for libFuzzer's mutations (the
    /// default; `--no-trace-compares` turns it off, [`crate::libfuzzer::build_args`]).
    pub trace_compares: bool,
}

/// Parses the options of `fuzz`.
pub fn parse(args: &[String]) -> Result<FuzzOptions, String> {
    let mut seconds = None;
    let mut target = None;
    let mut seed = None;
    let mut release = false;
    let mut libfuzzer = false;
    let mut corpus = None;
    let mut trace_compares = true;
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next_flag() {
        match flag.name {
            "--seconds" => seconds = Some(flags.number(&flag)?),
            "--target" => target = Some(flags.value(&flag)?),
            "--seed" => seed = Some(flags.number(&flag)?),
            "--release" if flag.is_switch() => release = true,
            "--libfuzzer" if flag.is_switch() => libfuzzer = true,
            "--corpus" => corpus = Some(PathBuf::from(flags.value(&flag)?)),
            "--no-trace-compares" if flag.is_switch() => trace_compares = false,
            _ => return Err(flag.unknown()),
        }
    }
    let seconds = seconds.ok_or("fuzz needs --seconds N")?;
    let names = if libfuzzer {
        libfuzzer::TARGETS
    } else {
        TARGETS
    };
    let targets = match target {
        None => names.to_vec(),
        Some(v) => vec![*names
            .iter()
            .find(|t| **t == v)
            .ok_or_else(|| format!("--target {v:?}: expected one of: {}", names.join(", ")))?],
    };
    if libfuzzer && release {
        return Err("--release is for the proptest harness; the libFuzzer targets are always built optimized".to_owned());
    }
    if corpus.is_some() && !libfuzzer {
        return Err("--corpus is for --libfuzzer".to_owned());
    }
    if !trace_compares && !libfuzzer {
        return Err("--no-trace-compares is for --libfuzzer".to_owned());
    }
    Ok(FuzzOptions {
        seconds,
        targets,
        seed,
        release,
        libfuzzer,
        corpus,
        trace_compares,
    })
}

/// Runs the harness for each target; the exit status is 1 when a target found a failure.
pub fn run(options: &FuzzOptions) -> ExitCode {
    if options.libfuzzer {
        return libfuzzer::run(options);
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut summary = Vec::new();
    let mut failed = Vec::new();
    for target in &options.targets {
        let (package, test, name) = harness(target);
        let mut cmd = Command::new(&cargo);
        cmd.args(["test", "--quiet", "-p", package, "--test", test]);
        if options.release {
            cmd.arg("--release");
        }
        cmd.args(["--", "--nocapture", "--test-threads", "1", "--exact", &name])
            .env("GOISHI_FUZZ_SECONDS", options.seconds.to_string())
            .env("GOISHI_FUZZ_TARGET", target)
            .stdout(Stdio::piped());
        if let Some(seed) = options.seed {
            cmd.env("GOISHI_FUZZ_SEED", seed.to_string());
        }
        let mut child = match cmd.spawn() {
            Ok(c) => c,
            Err(e) => {
                eprintln!("error: cannot run {cargo}: {e}");
                return ExitCode::from(2);
            }
        };
        if let Some(out) = child.stdout.take() {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                println!("{line}");
                if line.starts_with("fuzz ") && line.contains(" inputs in ") {
                    summary.push(line);
                }
            }
        }
        match child.wait() {
            Ok(status) if status.success() => {}
            Ok(_) => failed.push(*target),
            Err(e) => {
                eprintln!("error: waiting for the harness: {e}");
                failed.push(*target);
            }
        }
    }
    finish(
        "fuzz",
        options.seconds,
        &summary,
        &failed,
        "the shrunk inputs are saved under crates/hardening/corpus/",
    )
}

/// Prints a run's summary, one line per target, and the failures with where their inputs
/// went (both modes end this way).
pub fn finish(
    mode: &str,
    seconds: u64,
    summary: &[String],
    failed: &[impl AsRef<str>],
    saved: &str,
) -> ExitCode {
    println!("\n{mode} summary ({seconds} s per target):");
    for line in summary {
        println!("  {line}");
    }
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        let names: Vec<&str> = failed.iter().map(AsRef::as_ref).collect();
        eprintln!("{mode}: failures in {} ({saved})", names.join(", "));
        ExitCode::FAILURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn every_target_has_a_harness() {
        assert_eq!(
            harness("gtp"),
            ("goishi-cli", "it", "fuzz_gtp::fuzz_gtp".to_owned())
        );
        for t in ["rules", "sgf", "diagram"] {
            assert_eq!(
                harness(t),
                ("goishi-hardening", "it", format!("fuzz::fuzz_{t}"))
            );
        }
    }

    #[test]
    fn options_parse() {
        let o = parse(&args(&["--seconds", "120"])).unwrap();
        assert_eq!(o.seconds, 120);
        assert_eq!(o.targets, TARGETS);
        assert_eq!((o.seed, o.release, o.libfuzzer), (None, false, false));
        let o = parse(&args(&[
            "--seconds=5",
            "--target",
            "sgf",
            "--seed=9",
            "--release",
        ]))
        .unwrap();
        assert_eq!((o.seconds, o.seed, o.release), (5, Some(9), true));
        assert_eq!(o.targets, ["sgf"]);
        let o = parse(&args(&["--libfuzzer", "--seconds", "10"])).unwrap();
        assert!(o.libfuzzer);
        assert_eq!(o.targets, libfuzzer::TARGETS);
        let o = parse(&args(&[
            "--seconds=3",
            "--target=go_reference",
            "--libfuzzer",
            "--corpus",
            "/tmp/c",
        ]))
        .unwrap();
        assert_eq!(o.targets, ["go_reference"]);
        assert_eq!(o.corpus, Some(PathBuf::from("/tmp/c")));
        assert!(o.trace_compares);
        let o = parse(&args(&[
            "--libfuzzer",
            "--no-trace-compares",
            "--seconds=1",
        ]))
        .unwrap();
        assert!(!o.trace_compares);
    }

    #[test]
    fn bad_options_are_named() {
        assert_eq!(parse(&args(&[])).unwrap_err(), "fuzz needs --seconds N");
        assert_eq!(
            parse(&args(&["--seconds", "x"])).unwrap_err(),
            "--seconds \"x\": expected a whole number"
        );
        assert_eq!(
            parse(&args(&["--seconds", "1", "--target", "json"])).unwrap_err(),
            "--target \"json\": expected one of: rules, sgf, gtp, diagram"
        );
        assert_eq!(
            parse(&args(&["--seconds", "1", "--libfuzzer", "--target", "x"])).unwrap_err(),
            "--target \"x\": expected one of: rules, sgf, gtp, diagram, graph, go_reference, contact_reference"
        );
        assert_eq!(
            parse(&args(&["--seconds", "1", "--target", "graph"])).unwrap_err(),
            "--target \"graph\": expected one of: rules, sgf, gtp, diagram"
        );
        assert!(parse(&args(&["--seconds", "1", "--libfuzzer", "--release"])).is_err());
        assert!(parse(&args(&["--seconds", "1", "--corpus", "x"])).is_err());
        assert_eq!(
            parse(&args(&["--seconds", "1", "--no-trace-compares"])).unwrap_err(),
            "--no-trace-compares is for --libfuzzer"
        );
        assert_eq!(
            parse(&args(&["--fast"])).unwrap_err(),
            "unknown option \"--fast\""
        );
    }
}
