//! The case files of the contact-capture variants (`conformance/contact/*/`), run by the
//! shared conformance runner, plus its universal suites (random games on every standard
//! board) for each variant.

use goishi_board::Registry;
use goishi_conformance::{run_cases, run_games, standard_boards, Layout, Options};
use goishi_contact_capture::VARIANTS;

fn registry() -> Registry {
    Registry::from_parts(VARIANTS.iter().copied(), [])
}

#[test]
fn case_files_pass() {
    let registry = registry();
    assert!(registry.problems().is_empty(), "{:?}", registry.problems());
    let layout = Layout::workspace();
    let mut failures = Vec::new();
    let mut passed = 0;
    for &variant in VARIANTS {
        let row = run_cases(&registry, &layout, variant);
        passed += row.passed;
        failures.extend(row.failures);
    }
    assert!(
        failures.is_empty(),
        "{} case failures:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(passed >= 8, "only {passed} cases ran");
}

#[test]
fn universal_suites_pass() {
    let options = Options::from_env(2);
    println!("GOISHI_SEED={}", options.seed);
    let boards = standard_boards().unwrap();
    let mut failures = Vec::new();
    for &variant in VARIANTS {
        let rules = variant.default_rules();
        for board in &boards {
            let row = run_games(variant, &rules, board, &options);
            assert!(
                row.refused.is_none(),
                "{} refused {}: {:?}",
                variant.id,
                board.name,
                row.refused
            );
            failures.extend(row.failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
