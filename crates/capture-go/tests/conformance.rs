//! The case files of this family's variants (`conformance/capture/*/`), run by the shared
//! conformance runner, and its universal suites (seeded random games on every standard
//! board: legality, undo, hashing, replay, records, finished games) for each variant under
//! its defaults and under option sets away from them.

use goishi_board::Registry;
use goishi_capture_go::VARIANTS;
use goishi_conformance::{run_cases, run_games, standard_boards, Layout, Options};

fn registry() -> Registry {
    Registry::from_parts(VARIANTS.iter().copied(), [])
}

#[test]
fn case_files_pass() {
    let registry = registry();
    assert!(registry.problems().is_empty(), "{:?}", registry.problems());
    let layout = Layout::workspace();
    let mut failures = Vec::new();
    for &variant in VARIANTS {
        let row = run_cases(&registry, &layout, variant);
        assert!(row.passed > 0, "{}: no case ran", variant.id);
        failures.extend(row.failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Option values away from the defaults, played through the universal suites.
const OPTION_SETS: &[&str] = &[
    "capture/atari-go:suicide=allowed,ko=none,captures=3",
    "capture/five:ko=situational,suicide=multi-stone,komi=2.5",
];

#[test]
fn universal_suites_pass() {
    let options = Options::from_env(2);
    println!("GOISHI_SEED={}", options.seed);
    let registry = registry();
    let boards = standard_boards().unwrap();
    let mut rules: Vec<_> = VARIANTS.iter().map(|v| v.default_rules()).collect();
    rules.extend(OPTION_SETS.iter().map(|r| registry.parse_rules(r).unwrap()));
    let mut failures = Vec::new();
    for r in &rules {
        for board in &boards {
            let row = run_games(r.variant(), r, board, &options);
            assert!(row.refused.is_none(), "{r} refused {}", board.name);
            failures.extend(row.failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
