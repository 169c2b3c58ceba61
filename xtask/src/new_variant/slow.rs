//! The end-to-end check of the scaffold, slow (it builds a copy of the workspace), run with
//! `GOISHI_SLOW=1 cargo test -p xtask scaffold` (and by `.ci/run`): a new family, a second
//! preset of it and a preset of each existing family are scaffolded into a copy of the
//! workspace, which must then build, register them, regenerate its docs, pass
//! `cargo xtask conformance`, `cargo xtask docs --check`, the new crate's tests, clippy,
//! rustfmt and the manifests' tidy checks, untouched.

use std::path::Path;
use std::process::Command;

use super::*;

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let name = entry.file_name();
        if matches!(name.to_str(), Some("target" | ".git")) {
            continue;
        }
        let (src, dest) = (entry.path(), to.join(&name));
        if entry.file_type()?.is_dir() {
            copy_tree(&src, &dest)?;
        } else {
            std::fs::copy(&src, &dest)?;
        }
    }
    Ok(())
}

fn cargo(root: &Path, target: &Path, args: &[&str]) {
    println!("$ cargo {}", args.join(" "));
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
        .args(args)
        .current_dir(root)
        .env("CARGO_TARGET_DIR", target)
        .status()
        .expect("cargo runs");
    assert!(
        status.success(),
        "cargo {} failed in {}",
        args.join(" "),
        root.display()
    );
}

#[test]
fn scaffold_builds_registers_and_passes_conformance() {
    if std::env::var("GOISHI_SLOW").map_or(true, |v| v.is_empty() || v == "0") {
        println!("skipped: set GOISHI_SLOW=1 to build a scaffolded copy of the workspace");
        return;
    }
    let root = std::env::temp_dir().join(format!("goishi-scaffold-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    copy_tree(&workspace_root(), &root).unwrap();
    // A target folder of its own (the one running this test is locked by cargo), kept
    // between runs so that only the workspace's crates build again.
    let target = std::env::var_os("GOISHI_SCAFFOLD_TARGET").map_or_else(
        || std::env::temp_dir().join("goishi-scaffold-target"),
        PathBuf::from,
    );
    for (id, title) in [
        ("demo/first", Some("Demo game")),
        ("demo/second", None),
        ("capture/ten", None),
        ("go/scaffolded", None),
        ("contact/scaffolded", None),
    ] {
        let mut o = parse(&[
            "--id".to_owned(),
            id.to_owned(),
            "--root".to_owned(),
            root.display().to_string(),
        ])
        .unwrap();
        o.title = title.map(str::to_owned);
        let edits = plan(&o).unwrap();
        apply(&root, &edits).unwrap();
        format(&root, &edits);
    }
    cargo(&root, &target, &["xtask", "docs"]);
    cargo(&root, &target, &["xtask", "docs", "--check"]);
    cargo(&root, &target, &["xtask", "conformance", "--games", "3"]);
    cargo(
        &root,
        &target,
        &["test", "-q", "-p", "goishi-demo", "-p", "goishi"],
    );
    cargo(
        &root,
        &target,
        &[
            "clippy",
            "-q",
            "-p",
            "goishi-demo",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
    );
    cargo(
        &root,
        &target,
        &[
            "fmt",
            "-p",
            "goishi-demo",
            "-p",
            "goishi-capture-go",
            "-p",
            "goishi-go-rules",
            "-p",
            "goishi-contact-capture",
            "--",
            "--check",
        ],
    );
    // The new crate is published with the facade: its manifest passes the tidy checks.
    let problems = crate::tidy::manifest_problems(&root);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let list = std::fs::read_to_string(root.join("docs/variants.md")).unwrap();
    for id in [
        "demo/first",
        "demo/second",
        "capture/ten",
        "go/scaffolded",
        "contact/scaffolded",
    ] {
        assert!(
            list.contains(&format!("[`{id}`]")),
            "{id} not in docs/variants.md"
        );
    }
    let _ = std::fs::remove_dir_all(&root);
}
