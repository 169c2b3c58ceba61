//! The end-to-end check of the scaffold, slow (it builds a copy of the workspace), run with
//! `GOISHI_SLOW=1 cargo test -p xtask scaffold` (and by `.ci/run`): a new family, a second
//! preset of it and a preset of each existing family are scaffolded into a copy of the
//! workspace, which must then build, register them, regenerate its docs, pass
//! `cargo xtask conformance`, `cargo xtask docs --check`, the new crate's tests, clippy,
//! rustfmt and the manifests' and crate edges' tidy checks, untouched; and the new family's
//! games must run on its own position type (not the boxed fallback) through `goishi
//! selfplay`'s loop, `VecEnv`, the MCTS player and the page's `Session`: a throwaway crate
//! of the copy plays each and reads the family's `loop_moves()` counter.

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
    let problems = crate::tidy::edge_problems(&root);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    concrete_everywhere(&root, &target);
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

/// The manifest of the throwaway crate that plays the new family through every game loop.
const CHECK_MANIFEST: &str = r#"[package]
name = "scaffold-check"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
goishi = { path = "../goishi" }
goishi-demo = { path = "../demo" }
goishi-play = { path = "../play" }
goishi-env = { path = "../env" }
goishi-web = { path = "../web" }
"#;

/// Its test: each loop must move the family's counter, which the boxed fallback never does.
const CHECK_TEST: &str = r#"use goishi::{Rules, VariantPosition};
use goishi_demo::loop_moves;

fn moved(what: &str, run: impl FnOnce()) {
    let before = loop_moves();
    run();
    assert!(loop_moves() > before, "{what} did not run on DemoPosition");
}

#[test]
fn every_loop_runs_on_the_family_type() {
    let rules = Rules::parse("demo/first").unwrap();
    let game = rules.new_game(Some((5, 5))).unwrap();
    assert!(VariantPosition::new(game.clone_box()).is_concrete());
    moved("selfplay", || {
        let mut games = goishi_play::Selfplay::new(&rules, Some((5, 5))).unwrap();
        games.play(1, 0);
    });
    moved("VecEnv", || {
        let mut config = goishi_env::EnvConfig::new(rules.clone(), 4);
        config.size = Some((5, 5));
        config.threads = 1;
        let mut env = goishi_env::VecEnv::new(config).unwrap();
        let mut buffers = goishi_env::OwnedBuffers::new(&env);
        env.reset(Some(1), buffers.buffers()).unwrap();
        let mut actions = vec![0u32; 4];
        env.sample_actions(&mut actions).unwrap();
        env.step(&actions, buffers.buffers()).unwrap();
    });
    moved("MctsPlayer", || {
        let config = goishi_play::mcts::MctsConfig::default()
            .with_budget(goishi_play::mcts::Budget::playouts(50));
        let mut player = goishi_play::MctsPlayer::new(config).unwrap();
        player.search_dyn(game.as_ref(), game.side_to_move()).unwrap();
    });
    moved("Session", || {
        let session = goishi_web::session::Session::new("demo/first", None, Some((5, 5))).unwrap();
        goishi_web::players::mcts_move(&session, 50, 0, 1).unwrap();
    });
}
"#;

/// Adds the throwaway crate to the copy and runs its test.
fn concrete_everywhere(root: &Path, target: &Path) {
    let dir = root.join("crates").join("scaffold-check");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    std::fs::write(dir.join("Cargo.toml"), CHECK_MANIFEST).unwrap();
    std::fs::write(dir.join("src").join("lib.rs"), "").unwrap();
    std::fs::write(dir.join("tests").join("concrete.rs"), CHECK_TEST).unwrap();
    cargo(root, target, &["test", "-q", "-p", "scaffold-check"]);
}
