//! Tidy checks over the source tree, run by `cargo test -p xtask`: rules about the shape of
//! the code that no compiler checks. Today one: no source file is longer than
//! [`MAX_LINES`] lines (a longer file is split along its layers).

use std::fs;
use std::path::{Path, PathBuf};

/// The most lines a source file under `crates/*/src/` or `xtask/src/` may have.
const MAX_LINES: usize = 900;

/// Files allowed past [`MAX_LINES`] for now, relative to the workspace root. The CLI's GTP
/// and SGF modules are being split on another branch: the lead removes these two entries
/// when that split lands.
const LONG_FILES_EXEMPT: &[&str] = &["crates/cli/src/gtp.rs", "crates/cli/src/sgf.rs"];

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
        if LONG_FILES_EXEMPT.contains(&name.as_str()) {
            continue;
        }
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

#[test]
fn long_file_exemptions_are_current() {
    // An exemption for a file that is gone or short again is stale: remove it from the list.
    let root = workspace_root();
    let stale: Vec<String> = LONG_FILES_EXEMPT
        .iter()
        .filter_map(|name| {
            let lines = fs::read_to_string(root.join(name)).map(|t| t.lines().count());
            match lines {
                Ok(n) if n > MAX_LINES => None,
                Ok(n) => Some(format!("  {name}: {n} lines")),
                Err(_) => Some(format!("  {name}: no such file")),
            }
        })
        .collect();
    assert!(
        stale.is_empty(),
        "remove these from LONG_FILES_EXEMPT in xtask/src/tidy.rs:\n{}",
        stale.join("\n")
    );
}
