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

/// A new game is a copy of the last start this thread built for the same setup
/// (`Setup::into_position`, `Setup::with_start`): what the caller gets is the position asked for, whatever was asked
/// before, and playing on it changes no later game.
#[test]
fn a_kept_start_is_the_position_asked_for() {
    let registry = goishi::registry();
    let texts: &[&str] = &[
        #[cfg(feature = "go")]
        "go/chinese",
        #[cfg(feature = "go")]
        "go/chinese:size=19",
        #[cfg(feature = "go")]
        "go/chinese:komi=7.5",
        #[cfg(feature = "go")]
        "go/japanese:size=9",
        #[cfg(feature = "contact")]
        "contact/1a:size=9",
        #[cfg(feature = "contact")]
        "contact/1a:size=9,board=torus",
        #[cfg(feature = "capture")]
        "capture/atari-go:size=9",
    ];
    for round in 0..2 {
        for text in texts.iter().chain(texts.iter().rev()) {
            let rules = registry.parse_rules(text).unwrap();
            let mut game = rules.new_game(None).unwrap();
            // The rules as written (`go/chinese` and `go/chinese:size=19` are equal rules).
            assert_eq!(game.rules().to_string(), rules.to_string(), "{text}");
            assert_eq!(game.geometry(), &rules.geometry(None).unwrap(), "{text}");
            assert!(game.history().is_empty(), "{text}, round {round}");
            assert_eq!(game.board().count(goishi::Color::Black), 0, "{text}");
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let first = moves.iter().find(|m| matches!(m, goishi::Move::Place(_)));
            game.play(*first.unwrap()).unwrap();
        }
    }
}

/// A start on stones, on another colour to move or with a handicap is not the empty board's;
/// a game started inside `with_start`'s call back starts too (no borrow conflict).
#[cfg(feature = "go")]
#[test]
fn a_kept_start_is_of_the_same_setup() {
    let rules = goishi::registry().parse_rules("go/chinese:size=9").unwrap();
    let empty = Setup::new(rules.clone(), Geometry::square(9).unwrap());
    let mut stone = empty.clone();
    let e5 = stone.board.geometry().parse_point("E5").unwrap();
    stone.board.set(e5, Some(goishi::Color::Black));
    let mut white = empty.clone();
    white.to_move = goishi::Color::White;
    let mut handicap = stone.clone();
    handicap.handicap = 1;
    for _ in 0..2 {
        for setup in [&empty, &stone, &white, &handicap, &empty] {
            let position = setup.clone().into_position().unwrap();
            assert_eq!(position.setup(), setup);
            assert_eq!(position.board(), &setup.board);
            assert_eq!(position.side_to_move(), setup.to_move);
        }
    }
    let inner = empty
        .with_start(|outer| {
            let inner = stone.with_start(|p| p.clone_box()).unwrap();
            assert_eq!(outer.board().count(goishi::Color::Black), 0);
            inner
        })
        .unwrap();
    assert_eq!(inner.board(), &stone.board);
    assert_eq!(rules.new_game(None).unwrap().setup(), &empty);
}
