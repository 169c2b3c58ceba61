//! The runner's own tests, on a small variant defined here (tests/support/toy.rs): every
//! suite passes on a correct variant, and every kind of mistake, in a case or in a variant,
//! is caught with a message that names the file and the case, or the board and the seed.

mod support {
    pub mod toy;
}

use std::path::{Path, PathBuf};

use goishi_board::{Registry, Rules};
use goishi_conformance::{
    parse_cases, play_game, run, run_cases, run_games, standard_boards, GameError, Layout, Options,
};
use support::toy::{PICKY, TOY};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/toy")
}

/// The registry of the toy alone: the runner never needs the program's registry.
fn registry() -> Registry {
    Registry::from_parts([&TOY], [])
}

#[test]
fn the_toy_registration_stays_in_this_test_binary() {
    // This binary links no rule crate: its inventory holds the toy and nothing else, and the
    // toy is in no other binary (tests/it/conformance.rs checks goishi's registry against
    // conformance/variants.txt, which does not list it).
    let ids: Vec<&str> = goishi_board::registry().variants().map(|v| v.id).collect();
    assert_eq!(ids, ["toy/capture"]);
}

#[test]
fn a_correct_variant_passes_every_suite() {
    let options = Options {
        games: 3,
        ..Options::default()
    };
    let report = run(&registry(), &Layout::new(fixture()), &options).unwrap();
    assert!(report.ok(), "{}\n{}", report.table(), report.failures());
    let suites: Vec<&str> = report.rows.iter().map(|r| r.suite.as_str()).collect();
    assert_eq!(
        suites,
        [
            "meta",
            "cases",
            "games square 9x9",
            "games square 5x5",
            "games rectangular 7x5",
            "games torus 6x6",
            "games hex 7x7",
            "games graph petersen",
        ]
    );
    assert_eq!(report.rows[0].passed, 8, "eight meta checks");
    assert_eq!(report.rows[1].passed, 10, "ten cases in basics.toml");
    assert!(report.rows[2..].iter().all(|r| r.passed == 3));
    let table = report.table();
    assert!(table.starts_with("variant"), "{table}");
    assert!(table.contains("toy/capture  cases"), "{table}");
    let json: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
    assert_eq!(json["rows"][1]["suite"], "cases");
    assert_eq!(json["rows"][1]["failed"], 0);
}

#[test]
fn the_same_seed_plays_the_same_games() {
    let rules: Rules = "toy".parse().unwrap();
    let boards = standard_boards().unwrap();
    let seed = goishi_conformance::games::game_seed(7, "toy/capture", &boards[1].name, 0);
    assert_eq!(
        seed,
        goishi_conformance::games::game_seed(7, "toy/capture", &boards[1].name, 0)
    );
    assert_ne!(
        seed,
        goishi_conformance::games::game_seed(8, "toy/capture", &boards[1].name, 0)
    );
    let first = play_game(&rules, &boards[1], seed).unwrap();
    assert_eq!(play_game(&rules, &boards[1], seed), Ok(first));
    assert!(first.moves > 0);
}

/// Runs one case file's text as `conformance/toy/capture/<file>` of a temporary tree and
/// returns the failure messages.
fn failures_of(file: &str, text: &str) -> Vec<String> {
    let root = std::env::temp_dir().join(format!(
        "goishi-runner-test-{}-{}",
        std::process::id(),
        file.trim_end_matches(".toml")
    ));
    let dir = root.join("conformance/toy/capture");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(file), text).unwrap();
    let row = run_cases(&registry(), &Layout::new(&root), &TOY);
    std::fs::remove_dir_all(&root).unwrap();
    row.failures
}

const FIVE: &str = r#"
board = """
. . . . .
. . . . .
. . . . .
X O O X .
. X X . .
"""
"#;

/// One wrong expectation per case; each must fail with these words in its message.
#[test]
fn every_wrong_expectation_fails_with_a_clear_message() {
    let table: &[(&str, &str, &[&str])] = &[
        (
            "wrong-after",
            r#"moves = ["B B3"]
after = """
. . . . .
. . . . .
. . . . .
X O O X .
. X X . .
""""#,
            &[
                "after: the board differs",
                "expected:",
                "actual:",
                ". X . . .",
            ],
        ),
        (
            "wrong-removed",
            r#"moves = ["B B3", "W pass", "B C3"]
removed = ["B2"]"#,
            &["removed: expected [B2], actual [B2, C2]"],
        ),
        (
            "wrong-captures",
            r#"moves = ["B B3", "W pass", "B C3"]
captures = [0, 2]"#,
            &["captures: expected [0, 2] [Black, White], actual [2, 0]"],
        ),
        (
            "wrong-turn",
            r#"moves = ["B B3"]
to_move_after = "B""#,
            &["to_move_after: expected B, actual W"],
        ),
        (
            "wrong-over",
            r#"moves = ["B pass", "W pass"]
over = false"#,
            &["over: expected false, actual true (outcome B+2)"],
        ),
        (
            "wrong-result",
            r#"moves = ["B pass", "W pass"]
result = "W+1""#,
            &["result: expected W+1, actual B+2"],
        ),
        (
            "result-before-the-end",
            r#"result = "0""#,
            &["result: expected 0, actual none (game goes on)"],
        ),
        (
            "wrong-score",
            r#"dead = ["A2"]
score = [5, 2]"#,
            &["score: expected [5, 2] [Black, White], actual [3, 2]"],
        ),
        (
            "wrong-legal",
            r#"moves = ["B B3", "W C3"]
legal = ["A1", "pass", "E5"]"#,
            &[
                "legal: the legal moves of B differ",
                "missing []",
                "unexpected [D1, E1, E2, A3,",
                "actual list [A1, D1,",
            ],
        ),
        (
            "wrong-probe",
            r#"probe = ["B A1: suicide", "W A1: legal", "B B2: occupied"]"#,
            &[
                r#"probe "B A1: suicide": actual legal"#,
                r#"probe "W A1: legal": actual suicide"#,
            ],
        ),
        (
            "wrong-reason",
            r#"moves = ["B B2"]
illegal = "suicide""#,
            &[r#"the last move "B B2" was refused as occupied, expected suicide"#],
        ),
        (
            "accepted-although-illegal",
            r#"moves = ["B B3"]
illegal = "ko""#,
            &[r#"the last move "B B3" was accepted; expected it refused as ko"#],
        ),
        (
            "refused-before-the-last",
            r#"moves = ["B B2", "W B3"]"#,
            &[
                r#"move 1 "B B2" was refused: occupied"#,
                "the board before it",
            ],
        ),
        (
            "wrong-variant",
            r#"rules = ["toy/capture", "nonsense:komi=1"]"#,
            &[
                r#"under rules "nonsense:komi=1""#,
                "bad rules string: unknown rules",
            ],
        ),
        (
            "bad-move-text",
            r#"moves = ["B"]"#,
            &[r#"moves: "B": expected a colour and a move"#],
        ),
        (
            "dead-without-score",
            r#"dead = ["A2"]"#,
            &["`dead` needs `score`"],
        ),
        (
            "board-too-big",
            r#"size = 3"#,
            &["board: the diagram is 5x5, the board is 3x3"],
        ),
    ];
    for (name, body, words) in table {
        let text = format!("[[case]]\nname = \"{name}\"\n{FIVE}{body}\n");
        let failures = failures_of(&format!("{name}.toml"), &text);
        assert_eq!(
            failures.len(),
            1,
            "case {name} should fail once: {failures:?}"
        );
        let message = &failures[0];
        let head = format!("conformance/toy/capture/{name}.toml, case \"{name}\":");
        assert!(message.starts_with(&head), "{message}");
        for w in *words {
            assert!(message.contains(w), "case {name}: {w:?} not in:\n{message}");
        }
    }
}

#[test]
fn a_refused_move_that_changes_the_position_fails() {
    let text = r#"[[case]]
name = "refused-play-flips-the-turn"
rules = "toy:bug=refused-changes-turn"
moves = ["B C3", "W C3"]
illegal = "occupied"
"#;
    let failures = failures_of("flip.toml", text);
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        failures[0].contains("the refused move \"W C3\" changed the position")
            && failures[0].contains("side to move differs: expected W, actual B"),
        "{}",
        failures[0]
    );
}

#[test]
fn bad_files_fail_with_the_file_name() {
    let table: &[(&str, &str)] = &[
        (
            "[[case]]\nname = \"a\"\nmovse = []\n",
            "unknown field `movse`",
        ),
        (
            "[[case]]\nname = \"a\"\n[[case]]\nname = \"a\"\n",
            "case name \"a\" is used twice",
        ),
        ("[[case]]\nname = \"Not Kebab\"\n", "is not kebab-case"),
        ("# nothing\n", "the file has no [[case]]"),
        ("[[case]]\nname = \"a\"\ncaptures = [1]\n", "captures"),
        ("[[case]\n", "expected"),
    ];
    for (text, words) in table {
        let err = parse_cases(text).unwrap_err();
        assert!(err.contains(words), "{words:?} not in: {err}");
        let failures = failures_of("bad.toml", text);
        assert_eq!(failures.len(), 1);
        assert!(
            failures[0].starts_with("conformance/toy/capture/bad.toml: "),
            "{}",
            failures[0]
        );
    }
}

/// Each injected fault is caught by the universal suites, with the seed in the message.
#[test]
fn the_universal_suites_catch_faulty_variants() {
    let boards = standard_boards().unwrap();
    let table: &[(&str, &str)] = &[
        ("undo-captures", "captures differ"),
        (
            "no-pass-listed",
            "legal_moves_as(B) disagrees with check_move",
        ),
        ("pass-after-end", "expected game over"),
        ("refused-changes-turn", "changed the position"),
        ("no-undo-reopen", "did not restore the position"),
    ];
    for (bug, words) in table {
        let rules: Rules = format!("toy:bug={bug}").parse().unwrap();
        let caught = (0..20).find_map(|seed| match play_game(&rules, &boards[1], seed) {
            Err(GameError::Failed(m)) => Some(m),
            _ => None,
        });
        let message = caught.unwrap_or_else(|| panic!("bug {bug} went unnoticed in 20 games"));
        assert!(
            message.contains(words),
            "bug {bug}: {words:?} not in:\n{message}"
        );
        assert!(message.contains("seed "), "{message}");
        assert!(message.contains("moves so far: ["), "{message}");
    }
}

#[test]
fn a_board_may_be_refused_only_where_the_docs_say_so() {
    let boards = standard_boards().unwrap();
    let hex = boards.iter().find(|b| b.name == "hex 7x7").unwrap();
    let options = Options {
        games: 2,
        ..Options::default()
    };
    let row = run_games(&PICKY, &PICKY.default_rules(), hex, &options);
    assert_eq!((row.passed, row.failed), (0, 0));
    assert!(row.refused.as_deref().unwrap().contains("hex"));

    static UNDOCUMENTED: goishi_board::VariantInfo = goishi_board::VariantInfo {
        docs: "Says nothing of boards.",
        ..PICKY
    };
    let row = run_games(&UNDOCUMENTED, &UNDOCUMENTED.default_rules(), hex, &options);
    assert_eq!(row.failed, 1);
    assert!(
        row.failures[0].contains("its docs do not say it refuses hex boards"),
        "{:?}",
        row.failures
    );
}

/// The two tests of a family crate fail loudly: a variant with no case folder, a variant
/// that refuses a standard board.
#[test]
fn the_family_assertions_panic_with_what_failed() {
    let no_cases = std::panic::catch_unwind(|| goishi_conformance::assert_cases_pass(&[&TOY]));
    let payload = no_cases.unwrap_err();
    let message = goishi_board::panic_message(payload.as_ref());
    assert!(
        message.contains("no case file in conformance/toy/capture"),
        "{message}"
    );

    let refused =
        std::panic::catch_unwind(|| goishi_conformance::assert_games_pass(&[&PICKY], &[]));
    let payload = refused.unwrap_err();
    let message = goishi_board::panic_message(payload.as_ref());
    assert!(message.contains("refused the hex 7x7 board"), "{message}");
}

#[test]
fn meta_checks_name_what_is_missing() {
    let root = std::env::temp_dir().join(format!("goishi-runner-meta-{}", std::process::id()));
    let cases = root.join("conformance");
    std::fs::create_dir_all(cases.join("toy/capture")).unwrap();
    std::fs::create_dir_all(cases.join("toy/ghost")).unwrap();
    std::fs::create_dir_all(root.join("docs/rules")).unwrap();
    std::fs::write(cases.join("variants.txt"), "toy/ghost\n").unwrap();
    std::fs::write(cases.join("toy/capture/notes.txt"), "").unwrap();
    std::fs::write(
        cases.join("toy/ghost/twice.toml"),
        "[[case]]\nname = \"a\"\n[[case]]\nname = \"a\"\n",
    )
    .unwrap();
    std::fs::write(
        cases.join("toy/ghost/sources.toml"),
        "[[case]]\nname = \"no-source\"\n\
         [[case]]\nname = \"bad\"\nsource = \"docs/rules/toy.md#toy docs/rules/toy.md#nowhere: a note\"\n\
         [[case]]\nname = \"good\"\nsource = \"docs/rules/toy.md#toy: a note\"\n",
    )
    .unwrap();
    std::fs::write(
        root.join("docs/rules/toy.md"),
        "# Toy\n\ntoy/capture-like things",
    )
    .unwrap();
    let checks = goishi_conformance::meta::checks(&registry(), &Layout::new(&root));
    std::fs::remove_dir_all(&root).unwrap();
    let problems: Vec<String> = checks.into_iter().flat_map(|c| c.problems).collect();
    assert_eq!(
        problems,
        [
            "variant toy/capture is registered but not listed in conformance/variants.txt",
            "variant toy/ghost is listed in conformance/variants.txt but not registered (is its crate linked?)",
            "variant toy/capture has no case file in conformance/toy/capture",
            "variant toy/capture is mentioned in no page under docs/rules",
            "conformance/toy/capture/notes.txt is neither a case file (.toml) nor a note (.md) nor a graph board (.graph)",
            "conformance/toy/ghost belongs to no registered variant (toy/ghost)",
            "conformance/toy/ghost/twice.toml: case name \"a\" is used twice",
            "conformance/toy/ghost/sources.toml, case \"no-source\": has no source",
            "conformance/toy/ghost/sources.toml, case \"bad\": source \"docs/rules/toy.md#toy docs/rules/toy.md#nowhere: a note\": docs/rules/toy.md has no heading #nowhere (its headings: #toy)",
        ]
    );
}

#[test]
fn an_unknown_variant_is_a_clear_error() {
    let err = |variant: &str| {
        let options = Options {
            variant: Some(variant.to_owned()),
            ..Options::default()
        };
        run(&registry(), &Layout::new(fixture()), &options).unwrap_err()
    };
    assert_eq!(
        err("chess"),
        "--variant: unknown rules \"chess\"; expected a variant id or alias, one of: toy/capture"
    );
    assert_eq!(
        err("toy/captrue"),
        "--variant: unknown rules \"toy/captrue\" (did you mean \"toy/capture\"?); expected a \
         variant id or alias, one of: toy/capture"
    );
    assert_eq!(
        err("toy/capture:komi=0"),
        "--variant \"toy/capture:komi=0\": --variant takes a variant id or alias; for a rules \
         string with options, use --rules toy/capture:komi=0"
    );
}
