//! A setup whose board is not the one its rules name is refused once, with the setup's error,
//! whichever family it is (`FromSetup::from_setup` checks it, in the core, for every family).

use goishi::{Geometry, Setup, SetupError};

#[test]
fn a_board_the_rules_do_not_name_is_refused_once_in_every_family() {
    let registry = goishi::registry();
    let families: &[&str] = &[
        #[cfg(feature = "go")]
        "go/chinese:size=9",
        #[cfg(feature = "contact")]
        "contact/1a:size=9",
        #[cfg(feature = "capture")]
        "capture/atari-go:size=9",
    ];
    for text in families {
        let rules = registry.parse_rules(text).unwrap();
        let e = Setup::new(rules, Geometry::square(5).unwrap())
            .into_position()
            .unwrap_err();
        assert_eq!(e.0.len(), 1, "{text}: {e}");
        assert_eq!(
            e.0[0],
            SetupError::BoardMismatch {
                board: "5x5".to_owned(),
                rules_board: None,
                rules_size: Some((9, 9))
            },
            "{text}"
        );
        assert_eq!(
            e.to_string(),
            "the board is a 5x5 board, but the rules say size=9x9"
        );
    }
}
