//! The commands of `bench-report` measured as whole processes: `goishi selfplay --jobs 1`
//! next to `examples/native.rs` (goishi's native harness and go_game_board's own loop), in
//! alternated rounds, each process's CPU time taken from `getrusage(RUSAGE_CHILDREN)` around
//! its run (the processes run one at a time, so the difference is that child's alone).
//!
//! What the processes are and how their output reads is library code
//! (`goishi_bench::report`, tested there); this file builds them, runs them and keeps the
//! figures in [`COMMANDS_FILE`] beside criterion's results.

use std::path::{Path, PathBuf};
use std::process::Command;

use goishi_bench::report::{
    command_games, command_rounds, parse_games_moves, round_processes, BoardRuns, CommandRuns,
    ProcessRun, ProcessRuns, COMMANDS_FILE,
};
use goishi_bench::SIZES;

/// The core every process is pinned to, when `taskset` is there.
const CORE: &str = "0";

/// The CPU time (user + system, seconds) of this process's children that have been waited
/// for.
#[cfg(unix)]
fn children_cpu_seconds() -> Result<f64, String> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `getrusage` fills the `rusage` it is given and reads nothing else; the struct
    // is zeroed, a valid value of its plain integer fields, before the call.
    #[allow(unsafe_code)]
    let usage = unsafe {
        if libc::getrusage(libc::RUSAGE_CHILDREN, usage.as_mut_ptr()) != 0 {
            return Err(format!("getrusage: {}", std::io::Error::last_os_error()));
        }
        usage.assume_init()
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    Ok(secs(usage.ru_utime) + secs(usage.ru_stime))
}

#[cfg(not(unix))]
fn children_cpu_seconds() -> Result<f64, String> {
    Err("the CPU time of a child process is read with getrusage, on Unix only".to_owned())
}

/// A path as the page shows it: relative to the workspace root when under it.
fn shown(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Builds `goishi` and the native example in release.
fn build(root: &Path) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    for args in [
        &["build", "--release", "-p", "goishi-cli", "--bin", "goishi"][..],
        &[
            "build",
            "--release",
            "-p",
            "goishi-bench",
            "--example",
            "native",
        ][..],
    ] {
        let mut cmd = Command::new(&cargo);
        cmd.current_dir(root).args(args);
        eprintln!("bench-report: running {cmd:?}");
        let status = cmd
            .status()
            .map_err(|e| format!("could not run cargo build: {e}"))?;
        if !status.success() {
            return Err(format!("cargo {} failed ({status})", args.join(" ")));
        }
    }
    Ok(())
}

/// `taskset -c CORE` if it runs here.
fn pinning() -> Option<Vec<String>> {
    let pin = vec!["taskset".to_owned(), "-c".to_owned(), CORE.to_owned()];
    let works = Command::new(&pin[0])
        .args(&pin[1..])
        .arg("true")
        .output()
        .is_ok_and(|o| o.status.success());
    works.then_some(pin)
}

/// Runs one process and returns its CPU time and what it played.
fn run_one(root: &Path, argv: &[String]) -> Result<ProcessRun, String> {
    let before = children_cpu_seconds()?;
    let out = Command::new(&argv[0])
        .args(&argv[1..])
        .current_dir(root)
        .output()
        .map_err(|e| format!("could not run {}: {e}", argv[0]))?;
    let cpu_seconds = children_cpu_seconds()? - before;
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if !out.status.success() {
        return Err(format!(
            "{} failed ({}): {text}",
            argv.join(" "),
            out.status
        ));
    }
    let (games, moves) = parse_games_moves(&text).ok_or_else(|| {
        format!(
            "{}: no \"N games, M moves\" in its output: {text}",
            argv.join(" ")
        )
    })?;
    Ok(ProcessRun {
        cpu_seconds,
        games,
        moves,
    })
}

/// Builds the binaries, runs the rounds and writes [`COMMANDS_FILE`] under `home`.
pub fn measure(root: &Path, target: &Path, home: &Path, quick: bool) -> Result<(), String> {
    build(root)?;
    let release = target.join("release");
    let goishi = shown(&release.join("goishi"), root);
    let native = shown(&release.join("examples").join("native"), root);
    let out = target.join("goishi-bench-selfplay.sgf");
    let out_shown = shown(&out, root);
    let pin = pinning();
    let rounds = command_rounds(quick);
    let mut boards = Vec::new();
    for size in SIZES {
        let games = command_games(size, quick);
        let processes = round_processes(size, games, &out_shown);
        let argv: Vec<Vec<String>> = processes
            .iter()
            .map(|(key, args)| {
                let program = if key.starts_with("selfplay") {
                    &goishi
                } else {
                    &native
                };
                let mut argv = pin.clone().unwrap_or_default();
                argv.push(program.clone());
                argv.extend(args.iter().cloned());
                argv
            })
            .collect();
        // One untimed run of each, so that no round pays for a cold start.
        for a in &argv {
            run_one(root, a)?;
        }
        let mut runs: Vec<Vec<ProcessRun>> = vec![Vec::new(); argv.len()];
        for round in 0..rounds {
            for k in 0..argv.len() {
                let i = (round + k) % argv.len();
                let run = run_one(root, &argv[i])?;
                eprintln!(
                    "bench-report: {size}x{size}, round {}, {}: {} moves in {:.3} s of CPU ({:.2} M moves per CPU second)",
                    round + 1,
                    processes[i].0,
                    run.moves,
                    run.cpu_seconds,
                    run.rate() / 1e6
                );
                runs[i].push(run);
            }
        }
        boards.push(BoardRuns {
            size,
            games,
            processes: processes
                .iter()
                .zip(argv)
                .zip(runs)
                .map(|(((key, _), argv), runs)| ProcessRuns {
                    process: key.clone(),
                    command: argv.join(" "),
                    runs,
                })
                .collect(),
        });
    }
    let _ = std::fs::remove_file(&out);
    let measured = CommandRuns {
        pinned: pin.map(|p| p.join(" ")),
        rounds,
        boards,
    };
    let path = home.join(COMMANDS_FILE);
    std::fs::create_dir_all(home).map_err(|e| format!("{}: {e}", home.display()))?;
    let text = serde_json::to_string_pretty(&measured.to_json()).expect("JSON");
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(())
}

/// The workspace's target folder, as cargo sees it from `root`.
pub fn target_dir(root: &Path) -> PathBuf {
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    if target.is_absolute() {
        target
    } else {
        root.join(target)
    }
}
