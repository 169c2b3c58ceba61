//! The `crates` part: the `.crate` package of every published crate, in publish order.
//!
//! Built with `cargo package --workspace --no-verify` (the `publish = false` members
//! excluded, read from `cargo metadata`), copied to `target/dist/crates/` with
//! `publish-order.txt` naming them in the order `cargo publish` takes them: each crate after
//! the published crates it depends on, dev-dependencies included (`goishi-sgf`'s tests use
//! `goishi-play`), ties by name.
//!
//! Checked by `cargo publish --workspace --dry-run` (every package built against the others
//! as packaged), then by `cargo install` of the CLI from its package: the `.crate` files of
//! `target/dist/crates/` unpacked under `target/dist-check/crates/`, the CLI installed from
//! its unpacked package with `[patch.crates-io]` pointing each goishi crate it needs at its
//! unpacked package (nothing comes from the repository's sources), then the installed
//! `goishi` run: `--version`, `variants` and a short GTP session.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

use super::{empty_folder, Dist, Part};
use crate::venv::timed;

pub const PART: Part = Part {
    name: "crates",
    what: "the .crate packages of the published crates, in publish order",
    build,
    check,
};

/// Removes the goishi packages that earlier dry runs left in Cargo's cache of local
/// registries (`$CARGO_HOME/registry/{src,cache}/-<hash>/`, the temporary registry of
/// `cargo publish --workspace`, named after its path): Cargo does not unpack a package of the
/// same name and version again, so a second dry run from the same folder would build the
/// first run's sources. Folders of real registries (`index.crates.io-...`) are not touched.
fn forget_local_packages() -> Result<(), String> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let Some(home) = home else {
        return Ok(());
    };
    for kind in ["src", "cache"] {
        let Ok(registries) = std::fs::read_dir(home.join("registry").join(kind)) else {
            continue;
        };
        for registry in registries.flatten() {
            if !registry.file_name().to_string_lossy().starts_with('-') {
                continue;
            }
            let Ok(entries) = std::fs::read_dir(registry.path()) else {
                continue;
            };
            for entry in entries.flatten() {
                if !entry.file_name().to_string_lossy().starts_with("goishi") {
                    continue;
                }
                let path = entry.path();
                let removed = if path.is_dir() {
                    std::fs::remove_dir_all(&path)
                } else {
                    std::fs::remove_file(&path)
                };
                removed.map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
            }
        }
    }
    Ok(())
}

/// The package of the command-line tool, and its binary.
const CLI: &str = "goishi-cli";
const CLI_BINARY: &str = "goishi";

/// The file of `target/dist/crates/` that lists the packages in publish order.
const ORDER_FILE: &str = "publish-order.txt";

/// A workspace member, as far as publishing goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub name: String,
    pub version: String,
    /// Not `publish = false`.
    pub published: bool,
    /// The members it depends on, with whether the dependency is a dev-dependency.
    pub depends_on: Vec<(String, bool)>,
}

impl Member {
    /// The package's file name, as `cargo package` writes it.
    pub fn file(&self) -> String {
        format!("{}-{}.crate", self.name, self.version)
    }
}

/// The members of the workspace, by name, from `cargo metadata --no-deps`.
pub fn members(metadata: &Value) -> Result<BTreeMap<String, Member>, String> {
    let packages = metadata["packages"]
        .as_array()
        .ok_or("cargo metadata lists no packages")?;
    let names: BTreeSet<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    let mut members = BTreeMap::new();
    for package in packages {
        let (Some(name), Some(version)) = (package["name"].as_str(), package["version"].as_str())
        else {
            return Err("cargo metadata: a package without its name or version".to_owned());
        };
        let depends_on = package["dependencies"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .filter_map(|d| {
                let dep = d["name"].as_str().filter(|n| names.contains(n))?;
                Some((dep.to_owned(), d["kind"].as_str() == Some("dev")))
            })
            .collect();
        let member = Member {
            name: name.to_owned(),
            version: version.to_owned(),
            // `publish = false` is an empty list of registries; no `publish` is `null`.
            published: package["publish"].as_array().is_none_or(|r| !r.is_empty()),
            depends_on,
        };
        members.insert(name.to_owned(), member);
    }
    Ok(members)
}

/// The published members in publish order: each after the published members it depends on
/// (dev-dependencies included), ties broken by name. `Err` on a cycle.
pub fn publish_order(members: &BTreeMap<String, Member>) -> Result<Vec<&Member>, String> {
    let published: BTreeMap<&str, &Member> = members
        .values()
        .filter(|m| m.published)
        .map(|m| (m.name.as_str(), m))
        .collect();
    let mut order: Vec<&Member> = Vec::new();
    let mut done: BTreeSet<&str> = BTreeSet::new();
    while order.len() < published.len() {
        let next = published.values().find(|m| {
            !done.contains(m.name.as_str())
                && m.depends_on.iter().all(|(dep, _)| {
                    !published.contains_key(dep.as_str()) || done.contains(dep.as_str())
                })
        });
        let Some(next) = next else {
            let left: Vec<&str> = published
                .keys()
                .filter(|n| !done.contains(*n))
                .copied()
                .collect();
            return Err(format!(
                "the published crates {} depend on each other in a cycle",
                left.join(", ")
            ));
        };
        done.insert(next.name.as_str());
        order.push(next);
    }
    Ok(order)
}

/// The published members `name` needs to build (its normal and build dependencies, and
/// theirs), itself left out.
pub fn needed_by<'a>(members: &'a BTreeMap<String, Member>, name: &str) -> Vec<&'a Member> {
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    let mut stack = vec![name];
    while let Some(current) = stack.pop() {
        let Some(member) = members.get(current) else {
            continue;
        };
        for (dep, dev) in &member.depends_on {
            if !dev && seen.insert(dep.as_str()) {
                stack.push(dep.as_str());
            }
        }
    }
    seen.iter()
        .filter_map(|n| members.get(*n))
        .filter(|m| m.published)
        .collect()
}

fn build(dist: &Dist) -> Result<(), String> {
    let members = members(&dist.metadata)?;
    let order = publish_order(&members)?;
    let mut args = vec![
        "package",
        "--workspace",
        "--no-verify",
        "--allow-dirty",
        "--locked",
    ];
    for member in members.values().filter(|m| !m.published) {
        args.extend(["--exclude", member.name.as_str()]);
    }
    timed(
        "dist",
        "cargo package --workspace --no-verify (the publish = false members excluded)",
        &mut dist.cargo(&args),
    )?;
    let out = dist.out("crates");
    empty_folder(&out)?;
    let packaged = dist.target.join("package");
    let mut list = String::new();
    for member in &order {
        let file = member.file();
        std::fs::copy(packaged.join(&file), out.join(&file))
            .map_err(|e| format!("cannot copy {} to {}: {e}", file, out.display()))?;
        list.push_str(&file);
        list.push('\n');
    }
    std::fs::write(out.join(ORDER_FILE), list)
        .map_err(|e| format!("cannot write {}: {e}", out.join(ORDER_FILE).display()))?;
    println!(
        "dist: {} packages in {} ({ORDER_FILE}: {})",
        order.len(),
        out.display(),
        order
            .iter()
            .map(|m| m.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}

fn check(dist: &Dist) -> Result<(), String> {
    forget_local_packages()?;
    timed(
        "dist",
        "cargo publish --workspace --dry-run (every package built against the others as packaged)",
        &mut dist.cargo(&["publish", "--workspace", "--dry-run", "--allow-dirty"]),
    )?;
    let members = members(&dist.metadata)?;
    let cli = members
        .get(CLI)
        .ok_or_else(|| format!("no member {CLI} in the workspace"))?;
    let packages = unpack(dist)?;
    let root = dist.scratch("cli");
    empty_folder(&root)?;
    let cli_dir = packages.join(format!("{CLI}-{}", cli.version));
    let mut args: Vec<String> = ["install", "--debug", "--path"].map(str::to_owned).into();
    args.push(cli_dir.to_string_lossy().into_owned());
    args.extend(["--root".to_owned(), root.to_string_lossy().into_owned()]);
    // The crates.io dependencies already built for the dry run are reused from the target
    // folder; the goishi crates are built anew (unpacked with today's date).
    args.extend([
        "--target-dir".to_owned(),
        dist.target.to_string_lossy().into_owned(),
    ]);
    for member in needed_by(&members, CLI) {
        let dir = packages.join(format!("{}-{}", member.name, member.version));
        args.push("--config".to_owned());
        args.push(format!(
            "patch.crates-io.{}.path={}",
            member.name,
            toml_string(&dir.to_string_lossy())
        ));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    timed(
        "dist",
        &format!(
            "cargo install --debug --path {} (its goishi dependencies patched to their unpacked packages)",
            cli_dir.display()
        ),
        &mut dist.cargo(&args),
    )?;
    let binary = root.join("bin").join(CLI_BINARY);
    check_binary(&binary, &cli.version)?;
    println!(
        "dist: {} --version, variants and a GTP session answer as expected",
        binary.display()
    );
    Ok(())
}

/// The packages of `target/dist/crates/` (as `publish-order.txt` lists them) unpacked into
/// `target/dist-check/crates/`, emptied first, their files dated now; that folder.
fn unpack(dist: &Dist) -> Result<PathBuf, String> {
    let out = dist.out("crates");
    let order = std::fs::read_to_string(out.join(ORDER_FILE)).map_err(|e| {
        format!(
            "cannot read {} (build the part first): {e}",
            out.join(ORDER_FILE).display()
        )
    })?;
    let into = dist.scratch("crates");
    empty_folder(&into)?;
    for file in order.lines().filter(|l| !l.trim().is_empty()) {
        // `-m`: the files dated now, not with the package's one fixed date (older than any
        // build), so that cargo builds them instead of taking the last check's build for them.
        let mut tar = Command::new("tar");
        tar.arg("-xzmf").arg(out.join(file)).arg("-C").arg(&into);
        let status = tar
            .status()
            .map_err(|e| format!("cannot run tar to unpack {file}: {e}"))?;
        if !status.success() {
            return Err(format!("tar could not unpack {file} ({status})"));
        }
    }
    Ok(into)
}

/// `text` as a TOML basic string.
fn toml_string(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The installed binary answers `--version`, lists the variants, and plays through GTP.
fn check_binary(binary: &Path, version: &str) -> Result<(), String> {
    let shown = binary.display();
    let out = output(binary, &["--version"], None)?;
    let expected = format!("{CLI_BINARY} {version}");
    if out.trim() != expected {
        return Err(format!(
            "{shown} --version printed {:?}, not {expected:?}",
            out.trim()
        ));
    }
    let out = output(binary, &["variants"], None)?;
    for id in ["go/chinese", "contact/2b", "capture/atari-go"] {
        if !out.lines().any(|l| l.starts_with(id)) {
            return Err(format!("{shown} variants does not list {id}:\n{out}"));
        }
    }
    let session = "name\nversion\ngoishi-rules go/japanese\nboardsize 9\nplay b E5\ngenmove w\nplay b E5\nquit\n";
    let out = output(binary, &["gtp"], Some(session))?;
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.trim().is_empty()).collect();
    let problem = match answers.as_slice() {
        [name, ver, rules, size, play, genmove, again, quit] => {
            if *name != "= goishi" || *ver != format!("= {version}") {
                Some("name and version")
            } else if [rules, size, play, quit]
                .iter()
                .any(|a| !a.starts_with('='))
            {
                Some("goishi-rules, boardsize, play and quit")
            } else if !genmove.starts_with("= ") || genmove.len() < 3 {
                Some("genmove w (a move)")
            } else if !again.starts_with("? ") {
                Some("play b E5 on an occupied point (an error)")
            } else {
                None
            }
        }
        _ => Some("eight answers"),
    };
    match problem {
        Some(what) => Err(format!(
            "{shown} gtp: expected {what}; the session\n{session}answered\n{out}"
        )),
        None => Ok(()),
    }
}

/// What `binary ARGS` prints, with `input` on its standard input; `Err` when it fails.
fn output(binary: &Path, args: &[&str], input: Option<&str>) -> Result<String, String> {
    let command = format!("{} {}", binary.display(), args.join(" "));
    let mut child = Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {command}: {e}"))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(input.unwrap_or_default().as_bytes())
            .map_err(|e| format!("{command}: cannot write its input: {e}"))?;
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{command}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{command} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(name: &str, published: bool, deps: &[(&str, bool)]) -> (String, Member) {
        let member = Member {
            name: name.to_owned(),
            version: "0.1.0".to_owned(),
            published,
            depends_on: deps
                .iter()
                .map(|(d, dev)| ((*d).to_owned(), *dev))
                .collect(),
        };
        (name.to_owned(), member)
    }

    #[test]
    fn the_order_puts_dependencies_first_and_ties_by_name() {
        let members: BTreeMap<String, Member> = [
            member("cli", true, &[("facade", false), ("sgf", false)]),
            member(
                "sgf",
                true,
                &[("facade", false), ("play", true), ("tool", true)],
            ),
            member("play", true, &[("facade", false)]),
            member("facade", true, &[("core", false)]),
            member("core", true, &[("tool", true)]),
            member("tool", false, &[("core", false)]),
        ]
        .into_iter()
        .collect();
        let names = |v: Vec<&Member>| v.iter().map(|m| m.name.clone()).collect::<Vec<_>>();
        assert_eq!(
            names(publish_order(&members).unwrap()),
            ["core", "facade", "play", "sgf", "cli"]
        );
        // The CLI needs what it and its dependencies build with, not their dev-dependencies.
        assert_eq!(names(needed_by(&members, "cli")), ["core", "facade", "sgf"]);

        let cycle: BTreeMap<String, Member> = [
            member("a", true, &[("b", false)]),
            member("b", true, &[("a", true)]),
        ]
        .into_iter()
        .collect();
        assert_eq!(
            publish_order(&cycle).unwrap_err(),
            "the published crates a, b depend on each other in a cycle"
        );
    }

    #[test]
    fn the_workspace_order_is_the_documented_one() {
        let dist = Dist::new().unwrap();
        let members = members(&dist.metadata).unwrap();
        let order: Vec<&str> = publish_order(&members)
            .unwrap()
            .iter()
            .map(|m| m.name.as_str())
            .collect();
        let doc = std::fs::read_to_string(dist.root.join("docs/distribution.md")).unwrap();
        // The table's rows: `| 1 | `goishi-board` | ... |`.
        let documented: Vec<&str> = doc
            .lines()
            .filter_map(|l| {
                let mut cells = l.split('|').map(str::trim).skip(1);
                cells.next()?.parse::<u32>().ok()?;
                cells.next()?.strip_prefix('`')?.strip_suffix('`')
            })
            .collect();
        assert_eq!(order, documented, "docs/distribution.md's table of crates");
        assert_eq!(order.last(), Some(&CLI));
    }

    #[test]
    fn paths_are_toml_strings() {
        assert_eq!(toml_string("/a/b"), "\"/a/b\"");
        assert_eq!(toml_string("C:\\x\"y"), "\"C:\\\\x\\\"y\"");
    }
}
