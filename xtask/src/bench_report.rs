//! `cargo xtask bench-report`: runs the benchmarks of goishi and its peers
//! (`cargo bench -p goishi-bench`), then the commands as whole processes
//! ([`crate::bench_commands`]), and writes docs/benchmarks.md from the results.
//!
//! The reading and the rendering are library code (`goishi_bench::report`), tested there.

use crate::flags::Flags;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::SystemTime;

use goishi_bench::report::{
    read_commands, read_extra, read_results, render, targets, utc_text, Machine, ReportInput,
};
use goishi_bench::PAIRED_ROUNDS_ENV;

/// The file, under criterion's home, that keeps the date, load and source of the last run.
const RUN_FILE: &str = "goishi-bench-run.txt";

/// The options of `bench-report`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BenchOptions {
    pub quick: bool,
    pub no_run: bool,
    pub out: Option<PathBuf>,
}

/// Parses the options of `bench-report`.
pub fn parse(args: &[String]) -> Result<BenchOptions, String> {
    let mut o = BenchOptions::default();
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next_flag() {
        match flag.name {
            "--out" => o.out = Some(PathBuf::from(flags.value(&flag)?)),
            "--quick" if flag.is_switch() => o.quick = true,
            "--no-run" if flag.is_switch() => o.no_run = true,
            _ => return Err(flag.unknown()),
        }
    }
    Ok(o)
}

/// Runs the task.
pub fn main(args: &[String]) -> ExitCode {
    let options = match parse(args) {
        Ok(o) => o,
        Err(message) => return crate::usage_error("bench-report", &message),
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bench-report: {message}");
            ExitCode::FAILURE
        }
    }
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

/// Where criterion writes (the rule criterion itself follows).
fn criterion_home(root: &Path) -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    crate::bench_commands::target_dir(root).join("criterion")
}

fn command_output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

fn machine() -> Machine {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let rustc =
        command_output(&rustc, &["--version"]).unwrap_or_else(|| "rustc (unknown)".to_owned());
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    let os = format!(
        "{} {} {}",
        std::env::consts::OS,
        kernel.trim(),
        std::env::consts::ARCH
    );
    let mut m = Machine::from_parts(&cpuinfo, &rustc, &os);
    if m.cores == 0 {
        m.cores = std::thread::available_parallelism().map_or(1, usize::from);
    }
    m
}

/// The commit measured, and the crates that differed from it in the work tree.
fn revision(root: &Path) -> Option<String> {
    let dir = root.to_str()?;
    let commit = command_output("git", &["-C", dir, "rev-parse", "--short", "HEAD"])?;
    let status = command_output("git", &["-C", dir, "status", "--porcelain", "--", "crates"])
        .unwrap_or_default();
    let mut dirty: Vec<&str> = status
        .lines()
        .filter_map(|l| l.get(3..))
        .filter_map(|path| path.strip_prefix("crates/"))
        .filter_map(|rest| rest.split('/').next())
        .collect();
    dirty.sort_unstable();
    dirty.dedup();
    Some(if dirty.is_empty() {
        format!("commit {commit}")
    } else {
        format!(
            "commit {commit}, with uncommitted changes in crates/{{{}}}",
            dirty.join(", ")
        )
    })
}

fn run(options: &BenchOptions) -> Result<(), String> {
    let root = workspace_root();
    let home = criterion_home(&root);
    let started = SystemTime::now();
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "));
    if !options.no_run {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let mut cmd = Command::new(cargo);
        cmd.current_dir(&root).env("CRITERION_HOME", &home).args([
            "bench",
            "-p",
            "goishi-bench",
            "--bench",
            "engines",
            "--",
        ]);
        // The bench binary also times goishi and go_game_board in alternation.
        cmd.env(PAIRED_ROUNDS_ENV, if options.quick { "7" } else { "21" });
        if options.quick {
            cmd.args(["--warm-up-time", "1", "--measurement-time", "2"]);
        }
        eprintln!("bench-report: running {cmd:?}");
        let status = cmd
            .status()
            .map_err(|e| format!("could not run cargo bench: {e}"))?;
        if !status.success() {
            return Err(format!("cargo bench failed ({status})"));
        }
        crate::bench_commands::measure(
            &root,
            &crate::bench_commands::target_dir(&root),
            &home,
            options.quick,
        )?;
    }
    let since = (!options.no_run).then_some(started);
    let results = read_results(&home, since)?;
    if results.is_empty() {
        return Err(format!("no benchmark results under {}", home.display()));
    }
    let extra = read_extra(&home);
    let commands = read_commands(&home)?;
    let machine = machine();
    // What the run was (date, load, source, quick or full) is kept beside the results, so
    // that `--no-run` renders them as they were.
    let run_file = home.join(RUN_FILE);
    let run = if options.no_run {
        let kept = std::fs::read_to_string(&run_file).unwrap_or_default();
        KeptRun::parse(&kept, options.quick)
    } else {
        let run = KeptRun {
            date: utc_text(started),
            load,
            revision: revision(&root),
            quick: options.quick,
        };
        std::fs::write(&run_file, run.text())
            .map_err(|e| format!("{}: {e}", run_file.display()))?;
        run
    };
    let command = if run.quick {
        "cargo xtask bench-report --quick"
    } else {
        "cargo xtask bench-report"
    };
    let text = render(&ReportInput {
        results: &results,
        extra: &extra,
        commands: commands.as_ref(),
        machine: &machine,
        command,
        quick: run.quick,
        date: &run.date,
        load: run.load.as_deref(),
        revision: run.revision.as_deref(),
    });
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| root.join("docs").join("benchmarks.md"));
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(&out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    println!("wrote {}", out.display());
    for t in targets(&results, &extra, commands.as_ref()) {
        let measured = t
            .measured
            .map_or_else(|| "n/a".to_owned(), |r| format!("{r:.2}"));
        let verdict = match t.met {
            Some(true) => "met",
            Some(false) => "MISSED",
            None => "not measured",
        };
        println!(
            "{verdict:>12}  {measured:>6} (wanted {})  {}",
            t.wanted, t.what
        );
    }
    Ok(())
}

/// A measuring run as `RUN_FILE` keeps it: a line each for its date, the load average at its
/// start, the source's revision and its mode (`quick` or `full`).
#[derive(Debug, PartialEq)]
struct KeptRun {
    date: String,
    load: Option<String>,
    revision: Option<String>,
    quick: bool,
}

impl KeptRun {
    fn text(&self) -> String {
        format!(
            "{}\n{}\n{}\n{}\n",
            self.date,
            self.load.as_deref().unwrap_or_default(),
            self.revision.as_deref().unwrap_or_default(),
            if self.quick { "quick" } else { "full" }
        )
    }

    /// The kept run; `quick` stands for the mode a file of an older build did not keep.
    fn parse(text: &str, quick: bool) -> Self {
        let mut lines = text.lines().map(str::to_owned);
        let mut next = || lines.next().filter(|l| !l.is_empty());
        let date = next().unwrap_or_else(|| "unknown".to_owned());
        let (load, revision) = (next(), next());
        let quick = match next().as_deref() {
            Some("quick") => true,
            Some("full") => false,
            _ => quick,
        };
        KeptRun {
            date,
            load,
            revision,
            quick,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn options_parse() {
        assert_eq!(parse(&[]), Ok(BenchOptions::default()));
        let o = parse(&args(&["--quick", "--out", "x.md"])).unwrap();
        assert!(o.quick && !o.no_run);
        assert_eq!(o.out, Some(PathBuf::from("x.md")));
        let o = parse(&args(&["--no-run", "--out=y.md"])).unwrap();
        assert!(o.no_run);
        assert_eq!(o.out, Some(PathBuf::from("y.md")));
    }

    #[test]
    fn a_kept_run_renders_as_it_was_measured() {
        for quick in [true, false] {
            let run = KeptRun {
                date: "2026-12-06 11:52 UTC".to_owned(),
                load: Some("0.61 1.02 1.40".to_owned()),
                revision: None,
                quick,
            };
            // `--no-run` of the other mode still renders the run's own.
            assert_eq!(KeptRun::parse(&run.text(), !quick), run);
        }
        let older = KeptRun::parse("2026-12-01 09:00 UTC\n\nabc123\n", true);
        assert_eq!(
            (older.load, older.revision.as_deref(), older.quick),
            (None, Some("abc123"), true)
        );
        assert_eq!(KeptRun::parse("", false).date, "unknown");
    }

    #[test]
    fn bad_options_are_named() {
        assert_eq!(
            parse(&args(&["--fast"])).unwrap_err(),
            "unknown option \"--fast\""
        );
        assert_eq!(parse(&args(&["--out"])).unwrap_err(), "--out needs a value");
    }
}
