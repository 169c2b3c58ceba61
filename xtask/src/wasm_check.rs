//! `cargo xtask wasm-check [--profile debug|release]`: builds `crates/wasm-check` (a tiny
//! module over the facade) for `wasm32-unknown-unknown` in debug and release, runs each build
//! in Node.js, and checks that its registry holds every variant of the native explicit lists
//! (`goishi::linked_variants()`, which `crates/goishi/tests/it/registry.rs` checks against
//! `conformance/variants.txt`): through `goishi::registry()`, through
//! `goishi_board::registry()` read first, and through `Rules::parse` of every id read first.
//!
//! The judging ([`judge`]) and the reading of node's output ([`parse_output`]) are plain
//! functions with unit tests; the build and node run only from the command.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use crate::flags::Flags;

/// The wasm target.
pub const TARGET: &str = "wasm32-unknown-unknown";

/// The profiles checked, in order.
pub const PROFILES: &[&str] = &["debug", "release"];

/// The reports the module computes (`goishi_wasm_check::REPORTS`), each in a fresh instance.
const REPORTS: &[&str] = goishi_wasm_check::REPORTS;

/// Runs the module at `argv[1]` in node: each report named after it in a fresh instance,
/// printed as `== NAME` and its lines, then `== end`.
const RUNNER: &str = r#"
const fs = require("fs");
const [path, ...reports] = process.argv.slice(1);
const wasm = new WebAssembly.Module(fs.readFileSync(path));
for (const name of reports) {
  const { exports } = new WebAssembly.Instance(wasm, {});
  const len = exports[name]();
  const ptr = exports.report_ptr();
  const text = new TextDecoder().decode(new Uint8Array(exports.memory.buffer, ptr, len));
  console.log("== " + name);
  if (text.length > 0) console.log(text);
}
console.log("== end");
"#;

/// Parses the options: the profiles to check.
pub fn parse(args: &[String]) -> Result<Vec<&'static str>, String> {
    let mut profiles: Vec<&'static str> = PROFILES.to_vec();
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next_flag() {
        match flag.name {
            "--profile" => {
                let v = flags.value(&flag)?;
                let p = PROFILES.iter().find(|p| **p == v).ok_or_else(|| {
                    format!("--profile {v:?}: expected one of: {}", PROFILES.join(", "))
                })?;
                profiles = vec![p];
            }
            _ => return Err(flag.unknown()),
        }
    }
    Ok(profiles)
}

/// Builds and checks each profile; the exit status is 1 when one failed.
pub fn run(profiles: &[&str]) -> ExitCode {
    let expected: Vec<String> = goishi::linked_variants()
        .iter()
        .map(|v| v.id.to_owned())
        .collect();
    println!(
        "wasm-check: {} variants in the native explicit lists (goishi::linked_variants())",
        expected.len()
    );
    let mut failed = Vec::new();
    for profile in profiles {
        match check_profile(profile, &expected) {
            Ok(true) => {}
            Ok(false) => failed.push((*profile).to_owned()),
            Err(message) => {
                eprintln!("wasm-check: {profile}: {message}");
                failed.push((*profile).to_owned());
            }
        }
    }
    if failed.is_empty() {
        println!("wasm-check: ok ({} on {TARGET})", profiles.join(" and "));
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "wasm-check: FAILED on {TARGET}: {} (the registry of a wasm32 build misses variants \
             or reports problems; see above)",
            failed.join(", ")
        );
        ExitCode::FAILURE
    }
}

/// Builds one profile, runs it in node and prints the verdict; `Ok(false)` when it failed.
fn check_profile(profile: &str, expected: &[String]) -> Result<bool, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut cmd = Command::new(&cargo);
    cmd.args([
        "build",
        "--quiet",
        "-p",
        "goishi-wasm-check",
        "--target",
        TARGET,
    ]);
    if profile == "release" {
        cmd.arg("--release");
    }
    let started = Instant::now();
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {cargo}: {e}"))?;
    if !status.success() {
        return Err(format!(
            "the build failed (is the target installed? `rustup target add {TARGET}`)"
        ));
    }
    let built = started.elapsed();
    let module = target_dir()
        .join(TARGET)
        .join(profile)
        .join("goishi_wasm_check.wasm");
    let node = std::env::var("NODE").unwrap_or_else(|_| "node".to_owned());
    let started = Instant::now();
    let out = Command::new(&node)
        .args(["--input-type=commonjs", "-e", RUNNER])
        .arg(&module)
        .args(REPORTS)
        .output()
        .map_err(|e| format!("cannot run {node} (Node.js is needed): {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "node failed on {}:\n{}",
            module.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let reports = parse_output(&String::from_utf8_lossy(&out.stdout))?;
    let verdict = judge(expected, &reports);
    println!(
        "\n{profile} build of the facade for {TARGET} (built in {:.1} s, run in node in {:.1} s):",
        built.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    for line in &verdict.lines {
        println!("  {line}");
    }
    Ok(verdict.ok)
}

/// The workspace's target folder (`CARGO_TARGET_DIR` when set).
pub(crate) fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .unwrap_or(Path::new("."))
            .join("target"),
    }
}

/// The reports of one run: (name, lines), in the order printed.
pub type Reports = Vec<(String, Vec<String>)>;

/// Reads node's output: `== NAME` opens a report, `== end` closes the run. Every report of
/// [`REPORTS`] must be there, or the run did not finish.
pub fn parse_output(text: &str) -> Result<Reports, String> {
    let mut reports: Reports = Vec::new();
    let mut ended = false;
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("== ") {
            if name == "end" {
                ended = true;
                break;
            }
            reports.push((name.to_owned(), Vec::new()));
        } else if let Some((_, lines)) = reports.last_mut() {
            lines.push(line.to_owned());
        } else {
            return Err(format!(
                "unexpected output from node before any report: {line:?}"
            ));
        }
    }
    let missing: Vec<&str> = REPORTS
        .iter()
        .copied()
        .filter(|r| !reports.iter().any(|(n, _)| n == r))
        .collect();
    if !ended || !missing.is_empty() {
        return Err(format!(
            "node's output is cut short (missing: {}):\n{text}",
            if missing.is_empty() {
                "== end".to_owned()
            } else {
                missing.join(", ")
            }
        ));
    }
    Ok(reports)
}

/// The verdict on one build: whether it passed, and the lines to print.
#[derive(Debug, PartialEq, Eq)]
pub struct Verdict {
    pub ok: bool,
    pub lines: Vec<String>,
}

/// Judges one build's reports against the native ids: every registry view must hold exactly
/// `expected`, every id must parse, and the registry must report no problem. What `inventory`
/// collected alone is shown, not judged.
pub fn judge(expected: &[String], reports: &Reports) -> Verdict {
    let get = |name: &str| -> &[String] {
        reports
            .iter()
            .find(|(n, _)| n == name)
            .map_or(&[], |(_, lines)| lines.as_slice())
    };
    let want: BTreeSet<&str> = expected.iter().map(String::as_str).collect();
    let mut ok = true;
    let mut lines = Vec::new();
    for (name, label) in [
        ("facade_ids", "goishi::registry()"),
        ("board_ids", "goishi_board::registry(), read first"),
    ] {
        let got: BTreeSet<&str> = get(name).iter().map(String::as_str).collect();
        let missing: Vec<&str> = want.difference(&got).copied().collect();
        let extra: Vec<&str> = got.difference(&want).copied().collect();
        let count = want.intersection(&got).count();
        if missing.is_empty() && extra.is_empty() {
            lines.push(format!("ok    {label}: {count} of {} variants", want.len()));
        } else {
            ok = false;
            lines.push(format!("FAIL  {label}: {count} of {} variants", want.len()));
            if !missing.is_empty() {
                lines.push(format!("        missing: {}", missing.join(", ")));
            }
            if !extra.is_empty() {
                lines.push(format!(
                    "        not in the native lists: {}",
                    extra.join(", ")
                ));
            }
        }
    }
    let failures = get("board_parse_all");
    if failures.is_empty() {
        lines.push(format!(
            "ok    Rules::parse of every id, read first: {} of {}",
            want.len(),
            want.len()
        ));
    } else {
        ok = false;
        lines.push(format!(
            "FAIL  Rules::parse of every id, read first: {} of {} fail",
            failures.len(),
            want.len()
        ));
        for f in failures.iter().take(3) {
            lines.push(format!("        {f}"));
        }
        if failures.len() > 3 {
            lines.push(format!("        ... and {} more", failures.len() - 3));
        }
    }
    let problems = get("problems");
    if problems.is_empty() {
        lines.push("ok    registry problems: none".to_owned());
    } else {
        ok = false;
        lines.push(format!("FAIL  registry problems: {}", problems.len()));
        for p in problems {
            lines.push(format!("        {p}"));
        }
    }
    let collected: BTreeSet<&str> = get("inventory_ids").iter().map(String::as_str).collect();
    let dropped: Vec<&str> = want.difference(&collected).copied().collect();
    lines.push(if dropped.is_empty() {
        format!(
            "info  inventory alone collected {} of {}",
            collected.len(),
            want.len()
        )
    } else {
        format!(
            "info  inventory alone collected {} of {} (not collected: {})",
            want.intersection(&collected).count(),
            want.len(),
            dropped.join(", ")
        )
    });
    Verdict { ok, lines }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    fn reports(facade: &[&str], board: &[&str], parse: &[&str], problems: &[&str]) -> Reports {
        vec![
            ("board_parse_all".to_owned(), strings(parse)),
            ("board_ids".to_owned(), strings(board)),
            ("facade_ids".to_owned(), strings(facade)),
            ("inventory_ids".to_owned(), strings(&["go/a"])),
            ("problems".to_owned(), strings(problems)),
        ]
    }

    #[test]
    fn a_complete_build_passes() {
        let expected = strings(&["contact/2b", "go/a"]);
        let all = ["contact/2b", "go/a"];
        let v = judge(&expected, &reports(&all, &all, &[], &[]));
        assert!(v.ok, "{v:?}");
        assert_eq!(
            v.lines,
            [
                "ok    goishi::registry(): 2 of 2 variants",
                "ok    goishi_board::registry(), read first: 2 of 2 variants",
                "ok    Rules::parse of every id, read first: 2 of 2",
                "ok    registry problems: none",
                "info  inventory alone collected 1 of 2 (not collected: contact/2b)",
            ]
        );
    }

    #[test]
    fn a_build_that_lost_variants_fails_naming_them() {
        let expected = strings(&["contact/2b", "go/a"]);
        let v = judge(
            &expected,
            &reports(
                &["go/a"],
                &["go/a", "go/z"],
                &["contact/2b: unknown rules"],
                &["dup"],
            ),
        );
        assert!(!v.ok);
        assert_eq!(
            v.lines[..7],
            [
                "FAIL  goishi::registry(): 1 of 2 variants",
                "        missing: contact/2b",
                "FAIL  goishi_board::registry(), read first: 1 of 2 variants",
                "        missing: contact/2b",
                "        not in the native lists: go/z",
                "FAIL  Rules::parse of every id, read first: 1 of 2 fail",
                "        contact/2b: unknown rules",
            ]
        );
    }

    #[test]
    fn node_output_is_read_into_reports() {
        let text = "== board_parse_all\n== board_ids\ngo/a\ngo/b\n== facade_ids\ngo/a\n\
                    == inventory_ids\n== problems\n== end\n";
        let r = parse_output(text).unwrap();
        assert_eq!(r[1], ("board_ids".to_owned(), strings(&["go/a", "go/b"])));
        assert_eq!(r.len(), REPORTS.len());
        let cut = parse_output("== board_parse_all\n== board_ids\ngo/a\n").unwrap_err();
        assert!(
            cut.starts_with("node's output is cut short (missing: facade_ids"),
            "{cut}"
        );
        assert!(parse_output("noise\n").is_err());
    }

    #[test]
    fn options_parse() {
        assert_eq!(parse(&[]).unwrap(), PROFILES);
        assert_eq!(
            parse(&strings(&["--profile", "release"])).unwrap(),
            ["release"]
        );
        assert_eq!(
            parse(&strings(&["--profile=fast"])).unwrap_err(),
            "--profile \"fast\": expected one of: debug, release"
        );
    }
}
