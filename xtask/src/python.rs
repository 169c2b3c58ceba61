//! `cargo xtask python [--ray]`: the Python package `goishi` tested as PyPI would serve it.
//! The wheel of `cargo xtask dist` (the `wheel` part, [`crate::dist::python`]) installed into
//! a fresh virtual environment `target/python-venv` whose PATH holds no Rust toolchain, with
//! the pinned test requirements of `crates/python/requirements-ci.txt` (numpy, pytest,
//! PettingZoo, Gymnasium); then the suite `crates/python/tests`, copied out of the tree so that
//! `import goishi` finds the installed package and nothing else ([`INSTALLED_CHECK`] asserts
//! where it comes from); then KaTrain's own engine client driving `goishi analysis` (the pinned
//! KaTrain of `crates/cli/tests/katrain/requirements.txt` added to that environment, the CLI
//! built with cargo, pytest on `crates/cli/tests/katrain` with `GOISHI_BIN` pointing at it).
//! `cargo xtask python` is `cargo xtask dist --only wheel --check`, which runs [`test_wheel`].
//!
//! `--ray` adds the pinned Ray of `crates/python/requirements-ray.txt` to that environment
//! (building the wheel and the environment first if the environment is missing) and runs
//! `crates/python/tests_ray` on a local Ray instance, the same way.
//!
//! `--alphazero` adds the pinned JAX, flax, optax and matplotlib of
//! `examples/alphazero/requirements.txt` to that environment (made first if missing) and runs
//! the example's tests, then its smoke run (`train.py --smoke`: a tiny network trained for a
//! minute, evaluated, checkpointed, plotted; then resumed from its checkpoint), and, when
//! Ray is in the environment (after `--ray`), the smoke run again on two Ray actors. The run
//! writes under `target/dist-check/`; its files are checked to be there.
//!
//! The interpreter is `$PYTHON`, or `python3` on the PATH ([`crate::venv`]). Each step prints
//! one line with its time; pip is quiet, pytest prints its summary.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::dist::{self, empty_folder, Dist};
use crate::venv::{timed, Venv};

/// The pins of what the tests of the installed package need.
pub const REQUIREMENTS_CI: &str = "crates/python/requirements-ci.txt";

/// Checks, run by the environment's Python with its folder as the first argument, that
/// `goishi` is the package installed in that environment's site-packages (not a source tree)
/// and plays a move; with `--no-toolchain` after it, that neither cargo nor rustc is on the
/// PATH.
pub const INSTALLED_CHECK: &str = r#"
import os, shutil, sys, sysconfig
import goishi
venv = os.path.realpath(sys.argv[1])
site = os.path.realpath(sysconfig.get_paths()["purelib"])
where = os.path.realpath(goishi.__file__)
assert site.startswith(venv + os.sep), f"site-packages {site} is not in {venv}"
assert where.startswith(site + os.sep), f"goishi was imported from {where}, not from {site}"
if "--no-toolchain" in sys.argv[2:]:
    for tool in ("cargo", "rustc"):
        assert shutil.which(tool) is None, f"{tool} is on the PATH: {shutil.which(tool)}"
game = goishi.Game("japanese", size=9)
game.play("E5")
assert game.board[4, 4] == 1 and game.to_move == "white", str(game)
print(f"goishi {goishi.__version__} imported from {where}; it plays")
"#;

/// What `cargo xtask python` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The wheel and its tests.
    Wheel,
    /// The Ray tests.
    Ray,
    /// The AlphaZero example's tests and smoke run.
    AlphaZero,
}

/// Parses the options of `python`: `--ray`, `--alphazero` or nothing.
pub fn parse(args: &[String]) -> Result<Mode, String> {
    match args {
        [] => Ok(Mode::Wheel),
        [one] if one == "--ray" => Ok(Mode::Ray),
        [one] if one == "--alphazero" => Ok(Mode::AlphaZero),
        _ => crate::flags::lone_switch(args, "--ray")
            .and_then(|_| Err("expected --ray or --alphazero, not both".to_owned())),
    }
}

/// The environment of the installed wheel: `target/python-venv`.
fn venv_dir(dist: &Dist) -> PathBuf {
    dist.target.join("python-venv")
}

/// The wheel installed into a fresh environment without the Rust toolchain, then the Python
/// tests and KaTrain's client run against it.
pub fn test_wheel(dist: &Dist, wheel: &Path) -> Result<(), String> {
    let venv = Venv::fresh("python", &venv_dir(dist))?;
    let wheel = wheel.to_string_lossy().into_owned();
    venv.pip_install(
        "python",
        &format!("pip install -r {REQUIREMENTS_CI} {wheel} (no cargo, no rustc on the PATH)"),
        &dist.root,
        false,
        &["-r", REQUIREMENTS_CI, &wheel],
    )?;
    pytest_installed(dist, &venv, "crates/python/tests")?;
    katrain(dist, &venv)
}

/// `folder` (a test suite of crates/python) copied to `target/dist-check/`, then pytest on
/// the copy with the environment's Python and no toolchain on the PATH: the tests import the
/// installed package, since no source of it is beside them. [`INSTALLED_CHECK`] first.
fn pytest_installed(dist: &Dist, venv: &Venv, folder: &str) -> Result<(), String> {
    let name = Path::new(folder)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| folder.to_owned());
    let run = dist.scratch(&format!("python-{name}"));
    empty_folder(&run)?;
    copy_tree(&dist.root.join(folder), &run.join(&name))?;
    timed(
        "python",
        "goishi imported from the environment's site-packages, no cargo or rustc on the PATH",
        venv.command_without_toolchain("python", &run)
            .args(["-c", INSTALLED_CHECK])
            .arg(venv.dir())
            .arg("--no-toolchain"),
    )?;
    timed(
        "python",
        &format!("pytest {folder} (a copy, on the installed package)"),
        venv.command_without_toolchain("python", &run)
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir"])
            .arg(&run)
            .arg(&name),
    )
}

/// Copies the files of `from` into `to` (made), recursively; `__pycache__` left out.
fn copy_tree(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("cannot make {}: {e}", to.display()))?;
    let entries =
        std::fs::read_dir(from).map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", from.display()))?;
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            if entry.file_name() != "__pycache__" {
                copy_tree(&path, &target)?;
            }
        } else {
            std::fs::copy(&path, &target)
                .map_err(|e| format!("cannot copy {}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// KaTrain (the review tool, from PyPI) analysing whole games with `goishi analysis` through
/// its own engine client: its pinned requirements added to `venv`, the CLI built (debug, as
/// the workspace tests built it), then `crates/cli/tests/katrain`.
fn katrain(dist: &Dist, venv: &Venv) -> Result<(), String> {
    venv.pip_install(
        "python",
        "pip install -r crates/cli/tests/katrain/requirements.txt (KaTrain)",
        &dist.root,
        false,
        &["-r", "crates/cli/tests/katrain/requirements.txt"],
    )?;
    timed(
        "python",
        "cargo build -p goishi-cli",
        Command::new(dist::cargo())
            .args(["build", "-q", "-p", "goishi-cli"])
            .current_dir(&dist.root),
    )?;
    let goishi = dist.target.join("debug/goishi");
    timed(
        "python",
        "pytest crates/cli/tests/katrain (KaTrain's engine client runs goishi analysis)",
        venv.command_without_toolchain("python", &dist.root)
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
            .arg("crates/cli/tests/katrain")
            .env("GOISHI_BIN", &goishi),
    )
}

/// The wheel's environment, made first (the wheel built and tested) when missing.
fn wheel_venv(dist: &Dist) -> Result<Venv, String> {
    let dir = venv_dir(dist);
    if !dir.join("bin/python").exists() {
        dist::run(&wheel_options())?;
    }
    Venv::reuse("python", &dir)
}

/// The Ray tests in the wheel's environment.
fn ray(dist: &Dist) -> Result<(), String> {
    let venv = wheel_venv(dist)?;
    venv.pip_install(
        "python",
        "pip install -r crates/python/requirements-ray.txt",
        &dist.root,
        false,
        &["-r", "crates/python/requirements-ray.txt"],
    )?;
    pytest_installed(dist, &venv, "crates/python/tests_ray")
}

/// The AlphaZero example in the wheel's environment: its requirements, its tests, its smoke
/// run (and its resumption), and on two Ray actors when Ray is installed.
fn alphazero(dist: &Dist) -> Result<(), String> {
    const EXAMPLE: &str = "examples/alphazero";
    let venv = wheel_venv(dist)?;
    venv.pip_install(
        "python",
        &format!("pip install -r {EXAMPLE}/requirements.txt (JAX, flax, optax, matplotlib)"),
        &dist.root,
        false,
        &["-r", &format!("{EXAMPLE}/requirements.txt")],
    )?;
    let run = dist.scratch("alphazero");
    empty_folder(&run)?;
    let example = dist.root.join(EXAMPLE);
    timed(
        "python",
        &format!("pytest {EXAMPLE}/test_example.py (on the installed package)"),
        venv.command_without_toolchain("python", &run)
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir"])
            .arg(&run)
            .arg(example.join("test_example.py")),
    )?;
    let train = example.join("train.py");
    let out = run.join("smoke");
    let smoke = |title: &str, extra: &[&str], out: &Path| {
        timed(
            "python",
            title,
            venv.command_without_toolchain("python", &run)
                .arg(&train)
                .args(["--smoke", "--out"])
                .arg(out)
                .args(extra),
        )
    };
    smoke(&format!("{EXAMPLE}/train.py --smoke"), &[], &out)?;
    for file in [
        "metrics.jsonl",
        "checkpoint.msgpack",
        "results.json",
        "curve.png",
    ] {
        if !out.join(file).is_file() {
            return Err(format!(
                "the smoke run wrote no {file} into {}",
                out.display()
            ));
        }
    }
    smoke(
        &format!("{EXAMPLE}/train.py --smoke --resume"),
        &["--resume"],
        &out,
    )?;
    let has_ray = venv
        .command_without_toolchain("python", &run)
        .args(["-c", "import ray"])
        .output()
        .is_ok_and(|o| o.status.success());
    if has_ray {
        smoke(
            &format!("{EXAMPLE}/train.py --smoke --ray 2 (two Ray actors)"),
            &["--ray", "2"],
            &run.join("smoke-ray"),
        )?;
    } else {
        println!("python: {EXAMPLE}/train.py --smoke --ray SKIPPED: Ray is not installed (cargo xtask python --ray first)");
    }
    Ok(())
}

/// `dist --only wheel --check`.
fn wheel_options() -> dist::Options {
    dist::Options {
        parts: vec![dist::python::WHEEL.name],
        check: true,
    }
}

/// Runs the Python checks of `mode`.
pub fn main(mode: Mode) -> ExitCode {
    let result = match mode {
        Mode::Wheel => dist::run(&wheel_options()),
        Mode::Ray => Dist::new().and_then(|dist| ray(&dist)),
        Mode::AlphaZero => Dist::new().and_then(|dist| alphazero(&dist)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("xtask python: {why}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse() {
        let args = |a: &[&str]| a.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(parse(&args(&[])), Ok(Mode::Wheel));
        assert_eq!(parse(&args(&["--ray"])), Ok(Mode::Ray));
        assert_eq!(parse(&args(&["--alphazero"])), Ok(Mode::AlphaZero));
        assert!(parse(&args(&["--gpu"])).is_err());
        assert!(parse(&args(&["--ray", "--alphazero"])).is_err());
    }

    #[test]
    fn the_requirements_pin_every_package() {
        for file in [
            REQUIREMENTS_CI,
            "crates/python/requirements-ray.txt",
            "crates/cli/tests/katrain/requirements.txt",
            "examples/alphazero/requirements.txt",
            "examples/alphazero/requirements-bench.txt",
            dist::python::REQUIREMENTS_DIST,
        ] {
            let text = std::fs::read_to_string(crate::test::root().join(file)).unwrap();
            for line in text.lines().map(str::trim) {
                if line.is_empty() || line.starts_with('#') || line.starts_with("-r ") {
                    continue;
                }
                assert!(line.contains("=="), "{file}: {line:?} is not pinned");
            }
        }
    }
}
