//! Expected text outputs kept in files beside the tests (messages, tables), compared as
//! text and blessed by one environment variable: `GOISHI_BLESS=1 cargo test ...` rewrites
//! each file from what the code printed, to be reviewed in the diff. Only for outputs; a
//! specification (a case file) is never blessed.

use std::path::Path;

/// The environment variable that rewrites the expectation files.
pub const BLESS: &str = "GOISHI_BLESS";

/// Whether this run rewrites the expectation files.
pub fn blessing() -> bool {
    std::env::var(BLESS).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// Checks `actual` against the file at `path` (absolute, or relative to the current folder:
/// a test's is its crate's folder); under `GOISHI_BLESS=1`, writes `actual` there instead.
///
/// # Panics
///
/// When the texts differ (naming the file, the first line that differs, and how to bless), or
/// the file cannot be read or written.
pub fn assert_matches_file(path: impl AsRef<Path>, actual: &str) {
    let path = path.as_ref();
    if blessing() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        }
        std::fs::write(path, actual)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e} (run with {BLESS}=1 to write it)",
            path.display()
        )
    });
    if expected != actual {
        let first = expected
            .lines()
            .zip(actual.lines())
            .position(|(e, a)| e != a)
            .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
        panic!(
            "{} differs from the output, first at line {}:\n  expected: {:?}\n  actual:   {:?}\n\
             full output:\n{actual}\n(if the change is intended, rerun with {BLESS}=1 and review the diff)",
            path.display(),
            first + 1,
            expected.lines().nth(first).unwrap_or("<end>"),
            actual.lines().nth(first).unwrap_or("<end>"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::assert_matches_file;

    #[test]
    fn a_file_that_matches_passes_and_one_that_differs_names_the_line() {
        let path = std::env::temp_dir().join(format!("goishi-expect-{}.txt", std::process::id()));
        std::fs::write(&path, "a\nb\n").unwrap();
        assert_matches_file(&path, "a\nb\n");
        if !super::blessing() {
            let err =
                std::panic::catch_unwind(|| assert_matches_file(&path, "a\nc\n")).unwrap_err();
            let message = goishi_board::panic_message(err.as_ref());
            assert!(message.contains("first at line 2"), "{message}");
        }
        std::fs::remove_file(&path).unwrap();
    }
}
