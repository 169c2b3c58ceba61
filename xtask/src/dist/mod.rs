//! `cargo xtask dist [--only PART,...] [--check]`: builds the artefacts of a release into
//! `target/dist/`, one folder a part, and with `--check` checks each as its registry would
//! serve it (installed from the artefact itself, never from the source tree). The parts are
//! [`PARTS`], one entry each: its name, what it is, how it is built and how it is checked.
//! Nothing is written outside `target/`.

pub mod npm;
pub mod site;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use crate::flags::Flags;
use crate::wasm_check::target_dir;

/// One artefact of `cargo xtask dist`.
#[derive(Clone, Copy, Debug)]
pub struct Part {
    /// Its name on the command line (`--only npm`).
    pub name: &'static str,
    /// What it is, in a few words.
    pub what: &'static str,
    /// Builds it under `target/dist/`; returns what it built (a file or a folder).
    pub build: fn() -> Result<PathBuf, String>,
    /// Checks what `build` returned, as its registry would serve it.
    pub check: fn(&Path) -> Result<(), String>,
}

/// The parts, in the order they are built.
pub const PARTS: &[Part] = &[
    Part {
        name: "npm",
        what: "the npm package goishi-wasm (npm pack tarball) in target/dist/npm/",
        build: npm::build,
        check: npm::check,
    },
    Part {
        name: "site",
        what: "the playground as a static site in target/dist/site/",
        build: site::build,
        check: site::check,
    },
];

/// What `cargo xtask dist` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The parts' names, in [`PARTS`] order.
    pub parts: Vec<&'static str>,
    /// Check each part after building it.
    pub check: bool,
}

/// Parses the options of `dist`.
pub fn parse(args: &[String]) -> Result<Options, String> {
    let mut only: Option<Vec<String>> = None;
    let mut check = false;
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next_flag() {
        match flag.name {
            "--only" => {
                let list = flags.value(&flag)?;
                only.get_or_insert_with(Vec::new).extend(
                    list.split(',')
                        .map(str::trim)
                        .filter(|p| !p.is_empty())
                        .map(str::to_owned),
                );
            }
            "--check" if flag.is_switch() => check = true,
            _ => return Err(flag.unknown()),
        }
    }
    let names: Vec<&'static str> = PARTS.iter().map(|p| p.name).collect();
    if let Some(only) = &only {
        if only.is_empty() {
            return Err(format!("--only needs parts: {}", names.join(",")));
        }
        for name in only {
            if !names.contains(&name.as_str()) {
                let hint = goishi::closest(name, names.iter().copied()).map(str::to_owned);
                return Err(format!(
                    "--only: unknown part {name:?}{}; the parts are {}",
                    goishi::Hint(&hint),
                    names.join(", ")
                ));
            }
        }
    }
    let parts = names
        .into_iter()
        .filter(|n| only.as_ref().is_none_or(|o| o.iter().any(|p| p == n)))
        .collect();
    Ok(Options { parts, check })
}

/// Where the artefacts go: `target/dist/`.
pub fn dist_dir() -> PathBuf {
    target_dir().join("dist")
}

/// Where the checks install and run things: `target/dist/check/<part>/`, emptied first.
pub fn check_dir(part: &str) -> Result<PathBuf, String> {
    let dir = dist_dir().join("check").join(part);
    fresh_dir(&dir)?;
    Ok(dir)
}

/// `dir`, emptied (made if missing).
pub fn fresh_dir(dir: &Path) -> Result<(), String> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(|e| format!("cannot empty {}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))
}

/// Runs `cmd`; its standard output, or an error with everything it printed.
pub fn output(cmd: &mut Command, what: &str) -> Result<String, String> {
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{what} failed ({}):\n{}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs `cmd` with its output shown; an error when it fails.
pub fn status(cmd: &mut Command, what: &str) -> Result<(), String> {
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

/// `npm`, or `$NPM`.
pub fn npm() -> String {
    std::env::var("NPM").unwrap_or_else(|_| "npm".to_owned())
}

/// `node`, or `$NODE`.
pub fn node() -> String {
    std::env::var("NODE").unwrap_or_else(|_| "node".to_owned())
}

/// Runs `cargo xtask dist`.
pub fn run(options: &Options) -> ExitCode {
    let started = Instant::now();
    for name in &options.parts {
        let part = PARTS
            .iter()
            .find(|p| p.name == *name)
            .expect("parse keeps known parts only");
        println!("dist: {} ({})", part.name, part.what);
        let result = (part.build)().and_then(|built| {
            println!("dist: {}: built {}", part.name, built.display());
            if options.check {
                (part.check)(&built)?;
                println!("dist: {}: checked", part.name);
            }
            Ok(())
        });
        if let Err(why) = result {
            eprintln!("dist: {}: FAILED: {why}", part.name);
            return ExitCode::FAILURE;
        }
    }
    println!(
        "dist: {} {} in {:.0} s",
        options.parts.join(", "),
        if options.check {
            "built and checked"
        } else {
            "built"
        },
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn the_options_parse() {
        let all: Vec<&str> = PARTS.iter().map(|p| p.name).collect();
        assert_eq!(
            parse(&args("")),
            Ok(Options {
                parts: all.clone(),
                check: false
            })
        );
        let o = parse(&args("--only site --check")).unwrap();
        assert_eq!((o.parts, o.check), (vec!["site"], true));
        // The order is PARTS', whatever the order asked.
        assert_eq!(
            parse(&args("--only=site,npm")).unwrap().parts,
            ["npm", "site"]
        );
        let e = parse(&args("--only npn")).unwrap_err();
        assert!(
            e.contains("unknown part \"npn\"") && e.contains("npm"),
            "{e}"
        );
        assert!(parse(&args("--only ,")).is_err());
        assert!(parse(&args("--fast")).is_err());
    }

    #[test]
    fn every_part_has_one_entry() {
        let mut names: Vec<&str> = PARTS.iter().map(|p| p.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), PARTS.len());
    }
}
