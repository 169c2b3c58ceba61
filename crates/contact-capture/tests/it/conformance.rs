//! The case files of the contact-capture variants (`conformance/contact/*/`), run by the
//! shared conformance runner, plus its universal suites (random games on every standard
//! board) for each variant.

use goishi_contact_capture::VARIANTS;

#[test]
fn case_files_pass() {
    goishi_conformance::assert_cases_pass(VARIANTS);
}

#[test]
fn universal_suites_pass() {
    goishi_conformance::assert_games_pass(VARIANTS, &[]);
}

#[test]
fn docs_files_are_the_variants() {
    goishi_conformance::assert_docs_files(VARIANTS, env!("CARGO_MANIFEST_DIR"));
}
