//! The case files of this family's variants (`conformance/capture/*/`), run by the shared
//! conformance runner, and its universal suites (seeded random games on every standard
//! board: legality, undo, hashing, replay, records, finished games) for each variant under
//! its defaults and under option sets away from them.

use goishi_capture_go::VARIANTS;

#[test]
fn case_files_pass() {
    goishi_conformance::assert_cases_pass(VARIANTS);
}

#[test]
fn universal_suites_pass() {
    // Option values away from the defaults.
    goishi_conformance::assert_games_pass(
        VARIANTS,
        &[
            "capture/atari-go:suicide=allowed,ko=none,captures=3",
            "capture/five:ko=situational,suicide=multi-stone,komi=2.5",
        ],
    );
}

#[test]
fn docs_files_are_the_variants() {
    goishi_conformance::assert_docs_files(VARIANTS, env!("CARGO_MANIFEST_DIR"));
}
