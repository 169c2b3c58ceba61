//! `cargo xtask python [--ray]`: the Python package `goishi` (crates/python) built and tested
//! as a user installs it. A fresh virtual environment under `target/python-venv` (never in
//! the tree), the pinned requirements of `crates/python/requirements-ci.txt` (maturin,
//! numpy, pytest, PettingZoo, Gymnasium), `pip install ./crates/python` with that maturin,
//! then pytest on `crates/python/tests`; then KaTrain's own engine client driving
//! `goishi analysis` (the pinned KaTrain of `crates/cli/tests/katrain/requirements.txt` added
//! to that environment, the CLI built with cargo, pytest on `crates/cli/tests/katrain` with
//! `GOISHI_BIN` pointing at it). `--ray` adds the pinned Ray of
//! `crates/python/requirements-ray.txt` to that environment (building it first if it is
//! missing) and runs `crates/python/tests_ray` on a local Ray instance.
//!
//! The interpreter is `$PYTHON`, or `python3` on the PATH. Each part prints one line with
//! its time; pip is quiet, pytest prints its summary.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

/// Parses the options of `python`: `--ray` or nothing.
pub fn parse(args: &[String]) -> Result<bool, String> {
    crate::flags::lone_switch(args, "--ray")
}

/// The virtual environment: `target/python-venv`.
fn venv() -> PathBuf {
    root().join("target/python-venv")
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ has a parent")
        .to_path_buf()
}

/// Runs `program ARGS` in the workspace root, quiet about bytecode and pip's version, with
/// the environment's `bin/` first on the PATH (as `activate` does: the maturin backend runs
/// the `maturin` it finds there).
fn run(what: &str, program: &Path, args: &[&str]) -> Result<(), String> {
    run_with(what, program, args, &[])
}

/// [`run`] with more environment variables.
fn run_with(
    what: &str,
    program: &Path,
    args: &[&str],
    env: &[(&str, &Path)],
) -> Result<(), String> {
    let started = Instant::now();
    let venv = venv();
    let mut path = vec![venv.join("bin")];
    path.extend(
        std::env::var_os("PATH")
            .map_or_else(Vec::new, |p| std::env::split_paths(&p).collect::<Vec<_>>()),
    );
    let path = std::env::join_paths(path).map_err(|e| format!("{what}: bad PATH: {e}"))?;
    let status = Command::new(program)
        .args(args)
        .current_dir(root())
        .env("PATH", path)
        .env("VIRTUAL_ENV", &venv)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
        .env("PIP_NO_INPUT", "1")
        .envs(env.iter().copied())
        .status()
        .map_err(|e| format!("{what}: cannot run {}: {e}", program.display()))?;
    println!("python: {what} ({:.0} s)", started.elapsed().as_secs_f64());
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

/// Creates the environment and installs the package and the test requirements into it.
fn build(venv: &Path) -> Result<(), String> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
    if venv.exists() {
        std::fs::remove_dir_all(venv)
            .map_err(|e| format!("cannot remove the old {}: {e}", venv.display()))?;
    }
    let venv_arg = venv.to_string_lossy().into_owned();
    run(
        &format!("{python} -m venv {venv_arg}"),
        Path::new(&python),
        &["-m", "venv", &venv_arg],
    )
    .map_err(|e| format!("{e}; set PYTHON to a Python 3.9 or later with venv"))?;
    let pip = venv.join("bin/pip");
    run(
        "pip install -r crates/python/requirements-ci.txt",
        &pip,
        &["install", "-q", "-r", "crates/python/requirements-ci.txt"],
    )?;
    // Without build isolation the pinned maturin of the requirements builds the package.
    run(
        "pip install --no-build-isolation ./crates/python (maturin, release build)",
        &pip,
        &["install", "-q", "--no-build-isolation", "./crates/python"],
    )
}

fn pytest(venv: &Path, folder: &str) -> Result<(), String> {
    run(
        &format!("pytest {folder}"),
        &venv.join("bin/python"),
        &["-m", "pytest", "-q", "-p", "no:cacheprovider", folder],
    )
}

/// KaTrain (the review tool, from PyPI) analysing whole games with `goishi analysis` through
/// its own engine client: its pinned requirements added to `venv`, the CLI built (debug, as
/// the workspace tests built it), then `crates/cli/tests/katrain`.
fn katrain(venv: &Path) -> Result<(), String> {
    run(
        "pip install -r crates/cli/tests/katrain/requirements.txt (KaTrain)",
        &venv.join("bin/pip"),
        &[
            "install",
            "-q",
            "-r",
            "crates/cli/tests/katrain/requirements.txt",
        ],
    )?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    run(
        "cargo build -p goishi-cli",
        Path::new(&cargo),
        &["build", "-q", "-p", "goishi-cli"],
    )?;
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from);
    let goishi = target.join("debug/goishi");
    run_with(
        "pytest crates/cli/tests/katrain (KaTrain's engine client runs goishi analysis)",
        &venv.join("bin/python"),
        &[
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "crates/cli/tests/katrain",
        ],
        &[("GOISHI_BIN", &goishi)],
    )
}

/// Runs the Python checks; `ray` for the Ray ones.
pub fn main(ray: bool) -> ExitCode {
    let venv = venv();
    let result = if ray {
        let ready = venv.join("bin/python").exists();
        (if ready { Ok(()) } else { build(&venv) })
            .and_then(|()| {
                run(
                    "pip install -r crates/python/requirements-ray.txt",
                    &venv.join("bin/pip"),
                    &["install", "-q", "-r", "crates/python/requirements-ray.txt"],
                )
            })
            .and_then(|()| pytest(&venv, "crates/python/tests_ray"))
    } else {
        build(&venv)
            .and_then(|()| pytest(&venv, "crates/python/tests"))
            .and_then(|()| katrain(&venv))
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
        assert_eq!(parse(&args(&[])), Ok(false));
        assert_eq!(parse(&args(&["--ray"])), Ok(true));
        assert!(parse(&args(&["--gpu"])).is_err());
    }

    #[test]
    fn the_requirements_pin_every_package() {
        for file in [
            "crates/python/requirements-ci.txt",
            "crates/python/requirements-ray.txt",
            "crates/cli/tests/katrain/requirements.txt",
        ] {
            let text = std::fs::read_to_string(root().join(file)).unwrap();
            for line in text.lines().map(str::trim) {
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                assert!(line.contains("=="), "{file}: {line:?} is not pinned");
            }
        }
    }
}
