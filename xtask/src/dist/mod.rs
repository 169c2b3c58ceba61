//! `cargo xtask dist [--only PARTS] [--check]`: every artefact a registry serves, built into
//! `target/dist/`, and with `--check` each checked as its registry would serve it.
//!
//! The command is a list of [`Part`]s ([`PARTS`]): each has a name (`--only` takes them), the
//! folder of `target/dist/` it writes, a build and a check. The parts are built in their
//! order, then checked in their order; the first failure stops it, naming the part and the
//! step. What the checks make (unpacked packages, virtual environments, installs) goes to
//! `target/dist-check/`, never into the working tree. A part is added by writing its module
//! and its line in [`PARTS`].

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use serde_json::Value;

use crate::flags::Flags;

pub mod crates;
pub mod npm;
pub mod python;
pub mod site;

/// One artefact of `target/dist/`: how it is built and how it is checked.
#[derive(Debug)]
pub struct Part {
    /// Its name for `--only`.
    pub name: &'static str,
    /// What it is, in a few words (the usage and the step lines).
    pub what: &'static str,
    /// Builds it into `target/dist/`.
    pub build: fn(&Dist) -> Result<(), String>,
    /// Checks what `build` made, as its registry would serve it.
    pub check: fn(&Dist) -> Result<(), String>,
}

/// The parts, in the order they are built and checked.
pub const PARTS: &[Part] = &[
    crates::PART,
    python::WHEEL,
    python::SDIST,
    npm::PART,
    site::PART,
];

/// The options of `dist`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The names of the parts to build, in [`PARTS`]' order.
    pub parts: Vec<&'static str>,
    /// Whether to check them after building them.
    pub check: bool,
}

/// Parses the options of `dist`: `--only a,b` (repeatable) and `--check`.
pub fn parse(args: &[String]) -> Result<Options, String> {
    let mut only: Vec<&'static str> = Vec::new();
    let mut check = false;
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next_flag() {
        match flag.name {
            "--check" if flag.is_switch() => check = true,
            "--only" => {
                let value = flags.value(&flag)?;
                for name in value.split(',').map(str::trim) {
                    let Some(part) = PARTS.iter().find(|p| p.name == name) else {
                        let names = PARTS.iter().map(|p| p.name);
                        let hint = goishi::closest(name, names.clone()).map(str::to_owned);
                        return Err(format!(
                            "--only: no part {name:?}{} (the parts: {})",
                            goishi::Hint(&hint),
                            names.collect::<Vec<_>>().join(", ")
                        ));
                    };
                    only.push(part.name);
                }
            }
            _ => return Err(flag.unknown()),
        }
    }
    let parts = PARTS
        .iter()
        .map(|p| p.name)
        .filter(|name| only.is_empty() || only.contains(name))
        .collect();
    Ok(Options { parts, check })
}

/// Where the parts read and write: the workspace and cargo's target folder.
#[derive(Debug, Clone)]
pub struct Dist {
    /// The workspace root.
    pub root: PathBuf,
    /// Cargo's target folder (`cargo metadata`'s `target_directory`).
    pub target: PathBuf,
    /// The workspace's members as `cargo metadata --no-deps` describes them.
    pub metadata: Value,
}

impl Dist {
    /// Reads the workspace with `cargo metadata --no-deps` (no resolution, no network).
    pub fn new() -> Result<Dist, String> {
        let root = crate::test::root();
        let output = Command::new(cargo())
            .args(["metadata", "--no-deps", "--format-version", "1"])
            .current_dir(&root)
            .output()
            .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
        if !output.status.success() {
            return Err(format!(
                "cargo metadata failed: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
        let metadata: Value = serde_json::from_slice(&output.stdout)
            .map_err(|e| format!("cargo metadata printed no JSON: {e}"))?;
        let target = metadata["target_directory"]
            .as_str()
            .map(PathBuf::from)
            .ok_or("cargo metadata names no target_directory")?;
        Ok(Dist {
            root,
            target,
            metadata,
        })
    }

    /// `target/dist/FOLDER`: where a part writes its artefacts.
    pub fn out(&self, folder: &str) -> PathBuf {
        self.target.join("dist").join(folder)
    }

    /// `target/dist-check/NAME`: what a check makes (never read by another part).
    pub fn scratch(&self, name: &str) -> PathBuf {
        self.target.join("dist-check").join(name)
    }

    /// `cargo ARGS` in the workspace root, `--quiet` when piped.
    pub fn cargo(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(cargo());
        cmd.args(args).current_dir(&self.root);
        if !crate::venv::terminal() {
            cmd.arg("--quiet");
        }
        cmd
    }
}

/// Cargo: `$CARGO` (set when the xtask runs under cargo) or `cargo`.
pub fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned())
}

/// `folder` emptied (made if missing).
pub fn empty_folder(folder: &Path) -> Result<(), String> {
    if folder.exists() {
        std::fs::remove_dir_all(folder)
            .map_err(|e| format!("cannot remove {}: {e}", folder.display()))?;
    }
    std::fs::create_dir_all(folder).map_err(|e| format!("cannot make {}: {e}", folder.display()))
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

/// The files of `folder` whose names end with `suffix`, sorted.
pub fn files_ending(folder: &Path, suffix: &str) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(folder).map_err(|e| format!("cannot read {}: {e}", folder.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.to_string_lossy().ends_with(suffix))
        .collect();
    files.sort();
    Ok(files)
}

/// Builds the parts of `options`, then checks them with `--check`.
pub fn run(options: &Options) -> Result<(), String> {
    let started = Instant::now();
    let dist = Dist::new()?;
    let parts: Vec<&Part> = PARTS
        .iter()
        .filter(|p| options.parts.contains(&p.name))
        .collect();
    for part in &parts {
        println!("dist: building {} ({})", part.name, part.what);
        (part.build)(&dist)
            .map_err(|why| format!("{} (building {}): {why}", part.name, part.what))?;
    }
    if options.check {
        for part in &parts {
            println!("dist: checking {} ({})", part.name, part.what);
            (part.check)(&dist)
                .map_err(|why| format!("{} (checking {}): {why}", part.name, part.what))?;
        }
    }
    println!(
        "dist: {} {} in {:.0} s, in {}",
        parts.iter().map(|p| p.name).collect::<Vec<_>>().join(", "),
        if options.check {
            "built and checked"
        } else {
            "built"
        },
        started.elapsed().as_secs_f64(),
        dist.target.join("dist").display()
    );
    Ok(())
}

/// `cargo xtask dist`: [`run`], its failure printed.
pub fn main(options: &Options) -> ExitCode {
    match run(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("xtask dist: FAILED: {why}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_words(words: &[&str]) -> Result<Options, String> {
        parse(&words.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>())
    }

    #[test]
    fn options_parse() {
        let all: Vec<&str> = PARTS.iter().map(|p| p.name).collect();
        assert_eq!(all, ["crates", "wheel", "sdist", "npm", "site"]);
        assert_eq!(
            parse_words(&[]),
            Ok(Options {
                parts: all.clone(),
                check: false
            })
        );
        // The parts keep their order, whatever the order of --only.
        assert_eq!(
            parse_words(&["--only", "sdist,crates", "--check"]),
            Ok(Options {
                parts: vec!["crates", "sdist"],
                check: true
            })
        );
        assert_eq!(
            parse_words(&["--only=wheel", "--only", "sdist"]).map(|o| o.parts),
            Ok(vec!["wheel", "sdist"])
        );
        assert_eq!(
            parse_words(&["--only", "wheels"]).unwrap_err(),
            "--only: no part \"wheels\" (did you mean \"wheel\"?) (the parts: crates, wheel, sdist, \
             npm, site)"
        );
        assert_eq!(
            parse_words(&["--only"]).unwrap_err(),
            "--only needs a value"
        );
        assert_eq!(
            parse_words(&["--fast"]).unwrap_err(),
            "unknown option \"--fast\""
        );
    }
}
