//! Tidy checks over the source tree, run by `cargo test -p xtask`: rules about the shape of
//! the code and the docs that no compiler checks. No source file is longer than
//! [`MAX_LINES`] lines (a longer file is split along its layers); no page of the docs tells
//! the story of the work ([`STORY_PHRASES`]: a page states the product as it is, and how it
//! got there goes to `CHANGELOG.md`); the manifests stay publishable
//! ([`manifests_are_publishable`], docs/distribution.md).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The most lines a source file under `crates/*/src/` or `xtask/src/` may have.
const MAX_LINES: usize = 900;

/// The workspace root (the parent of this crate's directory).
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits inside the workspace")
        .to_owned()
}

/// Every `.rs` file under `dir`, recursively, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The source directories the checks cover: `crates/*/src/` and `xtask/src/`.
fn source_dirs(root: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .expect("the workspace has a crates/ directory")
        .map(|entry| entry.expect("a directory entry").path().join("src"))
        .filter(|src| src.is_dir())
        .collect();
    dirs.sort();
    dirs.push(root.join("xtask/src"));
    dirs
}

#[test]
fn no_source_file_is_too_long() {
    let root = workspace_root();
    let mut files = Vec::new();
    for dir in source_dirs(&root) {
        rust_files(&dir, &mut files);
    }
    assert!(
        !files.is_empty(),
        "no source file found under {}",
        root.display()
    );
    let mut too_long = Vec::new();
    for path in &files {
        let relative = path.strip_prefix(&root).unwrap_or(path);
        let name = relative.to_string_lossy().replace('\\', "/");
        let text = fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let lines = text.lines().count();
        if lines > MAX_LINES {
            too_long.push(format!("  {name}: {lines} lines"));
        }
    }
    assert!(
        too_long.is_empty(),
        "source files longer than {MAX_LINES} lines (split them along their layers):\n{}",
        too_long.join("\n")
    );
}

/// Phrases that tell how the work went rather than what the product is: a page that compares
/// with "the session before" or "the run before" keeps an earlier build's figure that belongs
/// in `CHANGELOG.md`. Matched without regard to case.
const STORY_PHRASES: &[&str] = &[
    "than before",
    "this session",
    "the session before",
    "in the session of",
    "the session's",
    "earlier sessions",
    "before this work",
    "the run before",
    "the runs before",
    "in those of the runs",
];

/// Every `.md` file under `dir`, recursively, sorted.
fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "md") {
            out.push(path);
        }
    }
}

/// The story phrases of `text`, each with the number of the line it is on.
fn story_phrases(text: &str) -> Vec<(usize, &'static str)> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.to_lowercase();
        for phrase in STORY_PHRASES {
            if line.contains(phrase) {
                found.push((number + 1, *phrase));
            }
        }
    }
    found
}

#[test]
fn story_phrases_are_found_by_line() {
    let text =
        "Speed\n\nFaster than before (the session before: 2x).\nThe board as it was before.\n";
    assert_eq!(
        story_phrases(text),
        vec![(3, "than before"), (3, "the session before")]
    );
}

#[test]
fn no_page_tells_the_story_of_the_work() {
    let root = workspace_root();
    let mut pages = vec![root.join("README.md")];
    markdown_files(&root.join("docs"), &mut pages);
    let crates: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .expect("the workspace has a crates/ directory")
        .map(|entry| entry.expect("a directory entry").path().join("README.md"))
        .filter(|readme| readme.is_file())
        .collect();
    pages.extend(crates);
    let mut stories = Vec::new();
    for path in &pages {
        let relative = path.strip_prefix(&root).unwrap_or(path);
        let name = relative.to_string_lossy().replace('\\', "/");
        let text = fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        for (line, phrase) in story_phrases(&text) {
            stories.push(format!("  {name}:{line}: \"{phrase}\""));
        }
    }
    assert!(
        stories.is_empty(),
        "pages that tell how the work went (state the product as it is now, with each figure's \
         machine, date and command; move the earlier figures to CHANGELOG.md):\n{}",
        stories.join("\n")
    );
}

/// The fields every member inherits from the root's `[workspace.package]`.
const INHERITED: [&str; 3] = ["version", "edition", "license"];

/// The fields a published crate must have (crates.io refuses a crate without a description
/// or a licence; the repository and the readme are what its page shows).
const PUBLISHED_FIELDS: [&str; 4] = ["description", "license", "repository", "readme"];

/// The licence files every published crate's package carries, as the root has them.
const LICENCE_FILES: [&str; 2] = ["LICENSE-MIT", "LICENSE-APACHE"];

/// A workspace member as `cargo metadata --no-deps` describes it.
struct Member {
    manifest: PathBuf,
    published: bool,
    package: Value,
}

/// The members of the workspace, by name (`cargo metadata --no-deps`: no resolution, no
/// network, a fraction of a second).
fn members(root: &Path) -> BTreeMap<String, Member> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args(["metadata", "--no-deps", "--format-version", "1"])
        .current_dir(root)
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("cargo metadata is JSON");
    let packages = metadata["packages"].as_array().expect("a package list");
    packages
        .iter()
        .map(|p| {
            let name = p["name"].as_str().expect("a package name").to_owned();
            let member = Member {
                manifest: PathBuf::from(p["manifest_path"].as_str().expect("a manifest path")),
                // `publish = false` is an empty list of registries; no `publish` is `null`.
                published: p["publish"].as_array().is_none_or(|r| !r.is_empty()),
                package: p.clone(),
            };
            (name, member)
        })
        .collect()
}

fn read_toml(path: &Path) -> toml::Table {
    let text =
        fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.parse()
        .unwrap_or_else(|e| panic!("{} is not TOML: {e}", path.display()))
}

/// Every problem that would keep `cargo publish --workspace` from taking the workspace, or
/// that would publish a crate without what its page needs.
pub(crate) fn manifest_problems(root: &Path) -> Vec<String> {
    let members = members(root);
    let workspace = read_toml(&root.join("Cargo.toml"));
    let version = workspace["workspace"]["package"]["version"]
        .as_str()
        .expect("[workspace.package] has a version");
    let wanted_req = format!("^{version}");
    let mut problems = Vec::new();
    for (name, member) in &members {
        // Inherited, not merely equal: one edit of the root changes every crate.
        let manifest = read_toml(&member.manifest);
        for field in INHERITED {
            let inherited = manifest["package"]
                .get(field)
                .and_then(|v| v.get("workspace"))
                .and_then(toml::Value::as_bool)
                == Some(true);
            if !inherited {
                problems.push(format!(
                    "{name}: {field} is not inherited (write `{field}.workspace = true`)"
                ));
            }
        }
        let package = &member.package;
        if member.published {
            for field in PUBLISHED_FIELDS {
                if package[field].as_str().is_none_or(str::is_empty) {
                    problems.push(format!("{name}: published without `{field}`"));
                }
            }
            let dir = member.manifest.parent().expect("a manifest in a folder");
            if let Some(readme) = package["readme"].as_str() {
                if !dir.join(readme).is_file() {
                    problems.push(format!("{name}: its readme {readme} does not exist"));
                }
            }
            for file in LICENCE_FILES {
                let here = fs::read(dir.join(file)).ok();
                if here.is_none() || here != fs::read(root.join(file)).ok() {
                    problems.push(format!(
                        "{name}: no {file} as the root's in its folder (a link: `ln -s ../../{file}`)"
                    ));
                }
            }
        }
        let dependencies = package["dependencies"].as_array().expect("a list");
        for dependency in dependencies {
            let dep = dependency["name"].as_str().expect("a dependency name");
            let Some(target) = members.get(dep) else {
                continue;
            };
            let kind = dependency["kind"].as_str().unwrap_or("normal");
            let req = dependency["req"].as_str().unwrap_or("*");
            if target.published {
                if req != wanted_req {
                    problems.push(format!(
                        "{name}: its {kind} dependency on {dep} asks for version {req}, not \
                         {wanted_req} (name it `{dep}.workspace = true`)"
                    ));
                }
            } else if member.published && kind != "dev" {
                problems.push(format!(
                    "{name}: published, it has a {kind} dependency on {dep}, which is not \
                     (`publish = false`)"
                ));
            } else if member.published && req != "*" {
                problems.push(format!(
                    "{name}: its dev-dependency on the unpublished {dep} has a version ({req}), \
                     which `cargo publish` refuses; name it by path alone"
                ));
            }
        }
    }
    problems
}

#[test]
fn manifests_are_publishable() {
    let problems = manifest_problems(&workspace_root());
    assert!(
        problems.is_empty(),
        "the manifests cannot be published as they stand (docs/distribution.md):\n  {}",
        problems.join("\n  ")
    );
}

/// The allowed edges of ARCHITECTURE.md's table "Crate edges": crate -> (uses, tests with).
fn edge_table(text: &str) -> BTreeMap<String, (Vec<String>, Vec<String>)> {
    let section = text
        .split("### Crate edges")
        .nth(1)
        .expect("ARCHITECTURE.md has a section \"### Crate edges\"");
    let names = |cell: &str| -> Vec<String> {
        cell.split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_owned)
            .collect()
    };
    section
        .lines()
        .skip_while(|l| !l.starts_with("| crate |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|row| {
            let cells: Vec<&str> = row.trim_matches('|').split('|').collect();
            assert_eq!(cells.len(), 3, "a row of three cells: {row}");
            (
                cells[0].trim().to_owned(),
                (names(cells[1]), names(cells[2])),
            )
        })
        .collect()
}

/// The drawing of ARCHITECTURE.md's "Bird's-eye view": its first code block.
fn drawing(text: &str) -> &str {
    text.split("## Bird's-eye view")
        .nth(1)
        .and_then(|rest| rest.split("```").nth(1))
        .expect("ARCHITECTURE.md has a drawing under \"## Bird's-eye view\"")
}

/// Whether a member is a rule family's crate (`[package.metadata.goishi] family = ...`).
fn is_family(member: &Member) -> bool {
    member.package["metadata"]["goishi"]["family"].is_string()
}

/// Every way the crate graph departs from ARCHITECTURE.md's table and drawing.
///
/// A family crate without a row of its own (one `cargo xtask new-variant` just made) is in
/// the family layer: it may use the core and the other family crates and test with the
/// conformance runner, and the facade may use it; it joins the table and the drawing when it
/// lands.
pub(crate) fn edge_problems(root: &Path) -> Vec<String> {
    let text = fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let table = edge_table(&text);
    let drawn: Vec<&str> = drawing(&text)
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .collect();
    let members = members(root);
    let families: Vec<String> = members
        .iter()
        .filter(|(_, m)| is_family(m))
        .map(|(n, _)| n.clone())
        .collect();
    let mut problems = Vec::new();
    for listed in table.keys() {
        if !members.contains_key(listed) {
            problems.push(format!(
                "the table has a row for {listed}, no crate of the workspace"
            ));
        }
    }
    for (name, member) in &members {
        let new_family = is_family(member) && !table.contains_key(name);
        let (uses, tests) = if new_family {
            let mut uses = families.clone();
            uses.push("goishi-board".to_owned());
            (uses, vec!["goishi-conformance".to_owned()])
        } else if let Some((uses, tests)) = table.get(name) {
            if !drawn.contains(&name.as_str()) {
                problems.push(format!(
                    "{name} is not in the drawing of the bird's-eye view"
                ));
            }
            let mut uses = uses.clone();
            if name == "goishi" {
                uses.extend(families.iter().cloned());
            }
            (uses, tests.clone())
        } else {
            problems.push(format!("{name} has no row in the table of crate edges"));
            continue;
        };
        for dependency in member.package["dependencies"].as_array().expect("a list") {
            let dep = dependency["name"].as_str().expect("a dependency name");
            if !members.contains_key(dep) || dep == name {
                continue;
            }
            let dev = dependency["kind"].as_str() == Some("dev");
            let allowed = uses.iter().any(|u| u == dep) || (dev && tests.iter().any(|t| t == dep));
            if !allowed {
                let kind = if dev {
                    "a dev-dependency"
                } else {
                    "a dependency"
                };
                problems.push(format!(
                    "{name} has {kind} on {dep}, which the table of crate edges does not allow"
                ));
            }
        }
    }
    problems
}

#[test]
fn crate_edges_follow_the_table() {
    let problems = edge_problems(&workspace_root());
    assert!(
        problems.is_empty(),
        "the crate graph departs from ARCHITECTURE.md (\"Crate edges\"):\n  {}",
        problems.join("\n  ")
    );
}

#[test]
fn the_edge_table_is_read_by_rows() {
    let text = "## Bird's-eye view\n\n```\n a -- b\n```\n\n### Crate edges\n\n\
                | crate | uses | tests with |\n|---|---|---|\n| a | b, c | d |\n| b | | |\n\nafter";
    let table = edge_table(text);
    assert_eq!(table["a"], (vec!["b".into(), "c".into()], vec!["d".into()]));
    assert_eq!(table["b"], (vec![], vec![]));
    assert_eq!(table.len(), 2);
    assert_eq!(drawing(text).trim(), "a -- b");
}
