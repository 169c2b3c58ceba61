//! Tidy checks over the source tree, run by `cargo test -p xtask`: rules about the shape of
//! the code and the docs that no compiler checks. No source file is longer than
//! [`MAX_LINES`] lines (a longer file is split along its layers); no page of the docs tells
//! the story of the work ([`STORY_PHRASES`]: a page states the product as it is, and how it
//! got there goes to `CHANGELOG.md`).

use std::fs;
use std::path::{Path, PathBuf};

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
