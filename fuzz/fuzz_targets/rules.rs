//! Rules strings, in goishi's syntax and KataGo's JSON and compact forms, read by the
//! registry: an error with a message, or rules that are written out as a string that parses
//! back to the same rules; Go rules also survive KataGo's JSON and compact forms; and a game
//! starts under them (a board file named by `board=graph:` is not read) and plays.
#![no_main]

use goishi::{BoardKind, Rules};
use goishi_fuzz::{play_some, Choices};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let rules = match goishi::registry().parse_rules(&text) {
        Ok(r) => r,
        Err(e) => {
            assert!(
                !e.to_string().trim().is_empty(),
                "an error without a message"
            );
            return;
        }
    };
    let shown = rules.to_string();
    let back = Rules::parse(&shown)
        .unwrap_or_else(|e| panic!("{text:?} is written {shown:?}, which does not parse: {e}"));
    assert!(
        back == rules,
        "{text:?} is written {shown:?}, which parses as {back}"
    );
    if rules.variant().family == "go" {
        let config = goishi::go::GoConfig::from_rules(&rules)
            .unwrap_or_else(|e| panic!("{shown}: accepted without a Go configuration: {e}"));
        for katago in [
            goishi::go::katago::to_json(&config),
            goishi::go::katago::to_compact(&config),
        ] {
            let again = Rules::parse(&katago)
                .unwrap_or_else(|e| panic!("{shown}: KataGo's {katago} does not parse: {e}"));
            let config2 = goishi::go::GoConfig::from_rules(&again)
                .unwrap_or_else(|e| panic!("{shown}: KataGo's {katago} read as {again}: {e}"));
            assert!(
                config2 == config,
                "{shown}: KataGo's {katago} reads back as {again}, other options"
            );
        }
    }
    if matches!(rules.board_kind(), BoardKind::Graph(_)) {
        return;
    }
    // A game under the rules, on their board (small when they name none).
    let size = if rules.size().is_some() {
        None
    } else {
        Some((5, 5))
    };
    if let Some((w, h)) = rules.size() {
        if u64::from(w) * u64::from(h) > 400 {
            return;
        }
    }
    if let Ok(mut position) = rules.new_game(size) {
        let mut choices = Choices::new(data);
        play_some(position.as_mut(), &mut choices, 12);
    }
});
