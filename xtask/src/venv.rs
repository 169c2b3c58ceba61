//! Python virtual environments under the target folder, and the commands the xtask runs in
//! them: the one place that makes an environment (`$PYTHON -m venv`, or `python3`), runs pip
//! quietly, and runs a program of the environment with or without the Rust toolchain on the
//! PATH. `cargo xtask python` and `cargo xtask dist` both use it.

use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// A virtual environment: its folder.
#[derive(Debug, Clone)]
pub struct Venv {
    dir: PathBuf,
}

/// Whether the xtask talks to a terminal (its standard error): then the tools it runs show
/// their progress; piped (CI, a log file), they are asked to be quiet and each step prints
/// one line when it ends.
pub fn terminal() -> bool {
    std::io::stderr().is_terminal()
}

/// Runs `cmd`, then prints `{task}: {what} ({seconds} s)`; `Err` naming `what` when it could
/// not start or failed. On a terminal the step is announced first, since the tool's own
/// output follows.
pub fn timed(task: &str, what: &str, cmd: &mut Command) -> Result<(), String> {
    if terminal() {
        eprintln!("{task}: {what} ...");
    }
    let started = Instant::now();
    let status = cmd.status().map_err(|e| {
        format!(
            "{what}: cannot run {}: {e}",
            cmd.get_program().to_string_lossy()
        )
    })?;
    println!("{task}: {what} ({:.0} s)", started.elapsed().as_secs_f64());
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

impl Venv {
    /// A fresh environment at `dir`: an old one there is removed first.
    pub fn fresh(task: &str, dir: &Path) -> Result<Venv, String> {
        if dir.exists() {
            std::fs::remove_dir_all(dir)
                .map_err(|e| format!("cannot remove the old {}: {e}", dir.display()))?;
        }
        Venv::reuse(task, dir)
    }

    /// The environment at `dir`, made if it does not exist (what it holds is kept: pip then
    /// installs only what is missing or pinned otherwise).
    pub fn reuse(task: &str, dir: &Path) -> Result<Venv, String> {
        let venv = Venv {
            dir: dir.to_path_buf(),
        };
        if venv.bin("python").exists() {
            return Ok(venv);
        }
        let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
        timed(
            task,
            &format!("{python} -m venv {}", dir.display()),
            Command::new(&python).arg("-m").arg("venv").arg(dir),
        )
        .map_err(|e| format!("{e}; set PYTHON to a Python 3.9 or later with venv"))?;
        Ok(venv)
    }

    /// The folder of the environment.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A program of the environment (`python`, `pip`, `maturin`).
    pub fn bin(&self, program: &str) -> PathBuf {
        self.dir.join("bin").join(program)
    }

    /// `program` of the environment, run in `cwd` as `activate` would run it: the
    /// environment's `bin/` first on the PATH (the maturin build backend runs the `maturin`
    /// it finds there), `VIRTUAL_ENV` set, no bytecode written, pip quiet about its version.
    pub fn command(&self, program: &str, cwd: &Path) -> Command {
        self.command_on(program, cwd, std::env::split_paths(&path_var()).collect())
    }

    /// [`Venv::command`] as on a machine without Rust: no folder that holds `cargo` or
    /// `rustc` on the PATH, and none of the variables cargo sets for the xtask (`CARGO`,
    /// `RUSTC`, `CARGO_*`, `RUSTUP_*`...). A package that would build from source fails there.
    pub fn command_without_toolchain(&self, program: &str, cwd: &Path) -> Command {
        let path = without_toolchain(std::env::split_paths(&path_var()));
        let mut cmd = self.command_on(program, cwd, path);
        for (key, _) in std::env::vars_os() {
            if toolchain_variable(&key.to_string_lossy()) {
                cmd.env_remove(key);
            }
        }
        cmd
    }

    fn command_on(&self, program: &str, cwd: &Path, path: Vec<PathBuf>) -> Command {
        let mut dirs = vec![self.dir.join("bin")];
        dirs.extend(path);
        // Joining fails only on a folder name with the separator in it, which split_paths
        // cannot have produced; the environment's bin/ alone is then the PATH.
        let path = std::env::join_paths(&dirs).unwrap_or_else(|_| self.dir.join("bin").into());
        let mut cmd = Command::new(self.bin(program));
        cmd.current_dir(cwd)
            .env("PATH", path)
            .env("VIRTUAL_ENV", &self.dir)
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .env("PIP_DISABLE_PIP_VERSION_CHECK", "1")
            .env("PIP_NO_INPUT", "1");
        cmd
    }

    /// `pip install -q ARGS` in `cwd`, with the toolchain on the PATH or not.
    pub fn pip_install(
        &self,
        task: &str,
        what: &str,
        cwd: &Path,
        toolchain: bool,
        args: &[&str],
    ) -> Result<(), String> {
        let mut cmd = if toolchain {
            self.command("pip", cwd)
        } else {
            self.command_without_toolchain("pip", cwd)
        };
        cmd.args(["install", "-q"]).args(args);
        timed(task, what, &mut cmd)
    }
}

fn path_var() -> OsString {
    std::env::var_os("PATH").unwrap_or_default()
}

/// The folders of `path` that hold neither `cargo` nor `rustc`.
fn without_toolchain(path: impl Iterator<Item = PathBuf>) -> Vec<PathBuf> {
    path.filter(|dir| !dir.join("cargo").exists() && !dir.join("rustc").exists())
        .collect()
}

/// Whether the variable `name` tells a process where the Rust toolchain is.
fn toolchain_variable(name: &str) -> bool {
    name == "CARGO"
        || name == "RUSTC"
        || name == "RUSTDOC"
        || ["CARGO_", "RUSTC_", "RUSTUP_", "RUSTDOC_"]
            .iter()
            .any(|prefix| name.starts_with(prefix))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_toolchain_is_left_out() {
        let dir = std::env::temp_dir().join(format!("goishi-venv-test-{}", std::process::id()));
        let rust = dir.join("rust");
        let other = dir.join("other");
        std::fs::create_dir_all(&rust).unwrap();
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(rust.join("cargo"), "").unwrap();
        let kept = without_toolchain([rust.clone(), other.clone()].into_iter());
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(kept, [other]);
        for name in [
            "CARGO",
            "CARGO_HOME",
            "RUSTUP_TOOLCHAIN",
            "RUSTC",
            "RUSTC_WRAPPER",
        ] {
            assert!(toolchain_variable(name), "{name}");
        }
        for name in ["PATH", "PYTHON", "CARGOES"] {
            assert!(!toolchain_variable(name), "{name}");
        }
    }
}
