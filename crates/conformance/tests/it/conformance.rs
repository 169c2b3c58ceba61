//! The conformance suites of every variant goishi registers: the meta checks, every case
//! file, and the universal suites on a few random games per variant and board (many more
//! with `GOISHI_SLOW=1`; another seed with `GOISHI_SEED=N`). `cargo xtask conformance` runs
//! the same runner with more games.

use goishi_conformance::{run, Layout, Options, Report};

fn check(report: Report) {
    println!("{}", report.table());
    assert!(
        report.ok(),
        "{} failures:\n\n{}\n{}",
        report.failed(),
        report.failures(),
        report.table()
    );
}

fn only(meta: bool, cases: bool, games: u32) -> Options {
    Options {
        meta,
        cases,
        games,
        ..Options::from_env(games)
    }
}

#[test]
fn meta_checks() {
    check(
        run(
            goishi::registry(),
            &Layout::workspace(),
            &only(true, false, 0),
        )
        .unwrap(),
    );
}

#[test]
fn case_files() {
    check(
        run(
            goishi::registry(),
            &Layout::workspace(),
            &only(false, true, 0),
        )
        .unwrap(),
    );
}

/// The universal suites of one family (one test per family, so that they run in parallel).
fn games_of(family: &str) {
    let registry = goishi::registry();
    let quick = Options::from_env(1);
    let mut rows = Vec::new();
    let mut ran = 0;
    for v in registry.variants().filter(|v| v.family == family) {
        let options = Options {
            variant: Some(v.id.to_owned()),
            ..only(false, false, quick.games)
        };
        rows.extend(run(registry, &Layout::workspace(), &options).unwrap().rows);
        ran += 1;
    }
    assert!(ran > 0, "no variant of family {family} is registered");
    check(Report {
        seed: quick.seed,
        games: quick.games,
        rows,
    });
}

#[test]
fn games_go() {
    games_of("go");
}

#[test]
fn games_contact() {
    games_of("contact");
}

/// Rule options away from the presets' defaults, each played through the universal suites.
const OPTION_SETS: &[&str] = &[
    "go/tromp-taylor:ko=situational",
    "go/tromp-taylor:ko=natural-situational",
    "go/tromp-taylor:ko=spight",
    "go/tromp-taylor:ko=none,suicide=multi-stone",
    "go/tromp-taylor:ko=simple,cycles=no-result",
    "go/japanese:tax=seki,komi=0",
    "go/chinese:handicap-bonus=n,button=true",
    "go/aga:pass-stones=false,suicide=allowed",
    "contact/1a:ko=none",
    "contact/1b:ko=simple",
    "contact/2a:ko=natural-situational,min-stones=2",
    "contact/2b:scope=local",
    "contact/2b:protection=b+c",
    "contact/2c:contact=orthogonal",
    "contact/3a:ko=situational,capture-goal=3",
    "contact/4a:contact=orthogonal,threshold=capped",
];

fn option_sets_of(family: &str) {
    let quick = Options::from_env(1);
    let mut rows = Vec::new();
    for rules in OPTION_SETS.iter().filter(|r| r.starts_with(family)) {
        let options = Options {
            rules: Some((*rules).to_owned()),
            ..only(false, false, quick.games)
        };
        rows.extend(
            run(goishi::registry(), &Layout::workspace(), &options)
                .unwrap()
                .rows,
        );
    }
    check(Report {
        seed: quick.seed,
        games: quick.games,
        rows,
    });
}

#[test]
fn option_sets_go() {
    option_sets_of("go/");
}

#[test]
fn option_sets_contact() {
    option_sets_of("contact/");
}
