//! The options of the family: presets, overrides, aliases, and every kind of bad input, each
//! a typed error that names the problem and the allowed values.

use goishi_board::{
    Adjacency, Color, FromSetup, Geometry, Move, Position, Registry, Rules, RulesError, Setup,
    SetupError, VariantInfo,
};
use goishi_contact_capture::{
    CaptureParams, ConfigError, ContactConfig, ContactKind, ContactPosition, Ko, Protection, Scope,
    Threshold, VARIANTS,
};

fn registry() -> Registry {
    Registry::from_parts(VARIANTS.iter().copied(), [])
}

fn rules(text: &str) -> Rules {
    registry().parse_rules(text).unwrap()
}

/// The problems a setup of `text` on `geometry` is refused for.
fn refusal(text: &str, geometry: Geometry) -> Vec<ConfigError> {
    let errors = ContactPosition::from_setup(Setup::new(rules(text), geometry)).unwrap_err();
    errors
        .0
        .iter()
        .map(|e| match e {
            SetupError::Family(e) => e.downcast_ref::<ConfigError>().cloned(),
            _ => None,
        })
        .map(|e| e.unwrap_or_else(|| panic!("{text}: not the family's error: {errors:?}")))
        .collect()
}

#[test]
fn the_eight_presets() {
    let expected = [
        ("contact/1a", 1, Protection::A, 2),
        ("contact/1b", 1, Protection::B, 2),
        ("contact/2a", 2, Protection::A, 2),
        ("contact/2b", 2, Protection::B, 2),
        ("contact/2c", 2, Protection::C, 2),
        ("contact/3a", 3, Protection::A, 3),
        ("contact/3b", 3, Protection::B, 3),
        ("contact/4a", 4, Protection::A, 4),
    ];
    assert_eq!(VARIANTS.len(), expected.len());
    for (variant, (id, k, protection, t)) in VARIANTS.iter().zip(expected) {
        assert_eq!(variant.id, id);
        assert_eq!(variant.family, "contact");
        assert_eq!(variant.family_title, "Contact capture");
        assert_eq!(variant.default_size, (9, 9));
        let config = ContactConfig::from_rules(&variant.default_rules()).unwrap();
        assert_eq!(config.capture.k, k, "{id}");
        assert_eq!(config.capture.protection, protection, "{id}");
        assert_eq!(config.capture.effective_t(), t, "{id}");
        assert_eq!(config.capture.contact, ContactKind::Auto);
        assert_eq!(config.capture.scope, Scope::Global);
        assert_eq!(config.capture.threshold, Threshold::Absolute);
        assert_eq!(config.ko, Ko::Positional);
        assert_eq!(config.komi_halves, 0);
        assert_eq!((config.capture_goal, config.min_stones), (0, 0));
        // Every variant's docs have the four sections.
        let problems = goishi_board::docs_problems(variant.docs);
        assert!(problems.is_empty(), "{id}: {problems:?}");
        // A new game on the default board: king contact on 9x9.
        let game = rules(id).new_game(None).unwrap();
        let position = game.as_any().downcast_ref::<ContactPosition>().unwrap();
        assert_eq!(position.model().adjacency, Adjacency::King);
        assert_eq!(game.geometry().num_points(), 81);
    }
}

#[test]
fn aliases_name_the_variants() {
    let registry = registry();
    assert!(registry.problems().is_empty(), "{:?}", registry.problems());
    for (alias, id) in [
        ("cc-1a", "contact/1a"),
        ("CC 1A", "contact/1a"),
        ("cc1a", "contact/1a"),
        ("CC_2B", "contact/2b"),
        ("Contact/2C", "contact/2c"),
        ("cc-4a", "contact/4a"),
        ("CC 3B", "contact/3b"),
    ] {
        assert_eq!(registry.find(alias).map(|v| v.id), Some(id), "{alias}");
    }
}

#[test]
fn inventory_registers_the_eight() {
    let registry = goishi_board::registry();
    for v in VARIANTS {
        assert!(registry.get(v.id).is_some(), "{} is not registered", v.id);
    }
}

#[test]
fn overrides_work_on_top_of_any_preset() {
    let r = rules("contact/2c:contact=orth");
    let config = ContactConfig::from_rules(&r).unwrap();
    assert_eq!(config.capture.contact, ContactKind::Orthogonal);
    assert_eq!(config.capture.protection, Protection::C);
    assert_eq!(r.to_string(), "contact/2c:contact=orthogonal");
    // New combinations are overrides: 3C, 4B, a hex 2C.
    let c3 = ContactConfig::from_rules(&rules("cc-3a:protection=c")).unwrap();
    assert_eq!((c3.capture.k, c3.capture.protection), (3, Protection::C));
    let b4 = ContactConfig::from_rules(&rules("contact/4a:protection=b")).unwrap();
    assert_eq!(b4.capture.effective_t(), 4);
    let hex = rules("contact/2c:board=hex");
    let game = hex.new_game(Some((7, 7))).unwrap();
    let position = game.as_any().downcast_ref::<ContactPosition>().unwrap();
    assert_eq!(position.model().adjacency, Adjacency::Hex);
    let all = rules(
        "contact/1a:k=2,protection=b+c,t=3,contact=orth,scope=local,threshold=capped,ko=simple,komi=6.5,capture-goal=5,min-stones=2",
    );
    let config = ContactConfig::from_rules(&all).unwrap();
    assert_eq!(
        config.capture,
        CaptureParams {
            k: 2,
            protection: Protection::BC,
            t: Some(3),
            contact: ContactKind::Orthogonal,
            scope: Scope::Local,
            threshold: Threshold::Capped,
        }
    );
    assert_eq!(config.ko, Ko::Simple);
    assert_eq!(config.komi_halves, 13);
    assert_eq!((config.capture_goal, config.min_stones), (5, 2));
    // Written out, the rules read back to the same thing.
    assert_eq!(registry().parse_rules(&all.to_string()).unwrap(), all);
    for ko in Ko::NAMES {
        let c = ContactConfig::from_rules(&rules(&format!("contact/1a:ko={ko}"))).unwrap();
        assert_eq!(c.ko.name(), *ko);
    }
}

#[test]
fn unknown_parameter_names_the_valid_ones() {
    let err = registry().parse_rules("contact/2b:kk=2").unwrap_err();
    assert!(matches!(err, RulesError::UnknownOption { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "unknown option \"kk\" for contact/2b (did you mean \"k\"?); expected one of: k, protection, t, contact, scope, threshold, ko, komi, capture-goal, min-stones, board, size"
    );
}

#[test]
fn unknown_values_name_the_valid_ones() {
    // Each a typed error naming the option; their messages are in the expectation file.
    let inputs = [
        ("contact/1a:protection=d", "protection"),
        ("contact/1a:contact=queen", "contact"),
        ("contact/1a:scope=everywhere", "scope"),
        ("contact/1a:threshold=soft", "threshold"),
        ("contact/1a:ko=positinal", "ko"),
        ("contact/1a:k=0", "k"),
        ("contact/1a:k=two", "k"),
        ("contact/1b:t=0", "t"),
        ("contact/1a:komi=0.3", "komi"),
    ];
    let mut printed = String::new();
    for (text, option) in inputs {
        let err = registry().parse_rules(text).unwrap_err();
        match &err {
            RulesError::BadValue(bad) => assert_eq!(bad.option, option, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
        printed.push_str(&format!("{text}\n    {err}\n"));
    }
    goishi_conformance::expect::assert_matches_file("tests/expect/unknown-values.txt", &printed);
}

#[test]
fn k_zero_is_a_typed_error() {
    let params = CaptureParams::new(0, Protection::A);
    let errors = params.resolve(&Geometry::square(9).unwrap()).unwrap_err();
    assert_eq!(errors, vec![ConfigError::ZeroThreshold]);
    assert!(errors[0]
        .to_string()
        .starts_with("k = 0 is not a threshold"));
}

#[test]
fn k_above_every_neighbourhood_is_a_typed_error() {
    let square = || Geometry::square(9).unwrap();
    assert_eq!(
        refusal("contact/1a:k=9", square()),
        vec![ConfigError::ThresholdTooLarge {
            k: 9,
            max: 8,
            contact: Adjacency::King,
            board: "9x9".to_owned()
        }]
    );
    assert_eq!(
        refusal("contact/1a:k=9", square())[0].to_string(),
        "k = 9 is more than any point of the 9x9 board has king neighbours (8); expected k from 1 to 8"
    );
    assert!(matches!(
        refusal("contact/4a:k=5,contact=orth", square())[..],
        [ConfigError::ThresholdTooLarge { k: 5, max: 4, .. }]
    ));
    assert!(matches!(
        refusal("contact/4a:k=7", Geometry::hex(9, 9).unwrap())[..],
        [ConfigError::ThresholdTooLarge { k: 7, max: 6, .. }]
    ));
    // Capped or not, k = 9 means nothing on a king board.
    assert!(matches!(
        refusal("contact/4a:k=9,threshold=capped", square())[..],
        [ConfigError::ThresholdTooLarge { k: 9, max: 8, .. }]
    ));
    // The largest neighbourhood is fine.
    let ok = Setup::new(rules("contact/1a:k=8"), square());
    assert!(ContactPosition::from_setup(ok).is_ok());
    // A board where nothing touches says so rather than asking for k from 1 to 0.
    let lone = refusal("contact/1a", Geometry::square(1).unwrap());
    assert_eq!(
        lone,
        vec![ConfigError::NoContacts {
            contact: Adjacency::King,
            board: "1x1".to_owned()
        }]
    );
    assert_eq!(
        lone[0].to_string(),
        "no point of the 1x1 board has a king neighbour: contact capture needs points that touch"
    );
}

#[test]
fn a_contact_kind_the_geometry_lacks_is_a_typed_error() {
    let errors = refusal("contact/1a:contact=king", Geometry::hex(9, 9).unwrap());
    assert_eq!(
        errors,
        vec![ConfigError::NoSuchContact {
            contact: ContactKind::King,
            board: "hex",
            available: "auto, hex".to_owned()
        }]
    );
    assert_eq!(
        errors[0].to_string(),
        "contact=king does not exist on a hex board; expected one of: auto, hex"
    );
    assert_eq!(
        refusal("contact/1a:contact=hex", Geometry::square(9).unwrap())[0].to_string(),
        "contact=hex does not exist on a square board; expected one of: auto, king, orthogonal"
    );
    assert_eq!(
        refusal("contact/1a:contact=graph", Geometry::torus(9, 9).unwrap())[0].to_string(),
        "contact=graph does not exist on a torus board; expected one of: auto, king, orthogonal"
    );
    let graph = Geometry::parse_graph("a b\nb c\n", "g").unwrap();
    assert_eq!(
        refusal("contact/1a:contact=orth", graph)[0].to_string(),
        "contact=orthogonal does not exist on a graph board; expected one of: auto, graph"
    );
}

#[test]
fn t_problems_are_typed_errors() {
    let square = || Geometry::square(9).unwrap();
    assert_eq!(
        refusal("contact/2a:t=3", square()),
        vec![ConfigError::LimitWithoutB {
            t: 3,
            protection: Protection::A
        }]
    );
    assert_eq!(
        refusal("contact/2c:t=3", square())[0].to_string(),
        "t = 3 applies only to protection b or b+c, and the protection is c; remove t or set protection=b"
    );
    assert_eq!(
        refusal("contact/2b:t=10", square()),
        vec![ConfigError::LimitOutOfRange {
            t: 10,
            max: Some(9)
        }]
    );
    assert_eq!(
        refusal("contact/2b:t=10", square())[0].to_string(),
        "t = 10 is out of range; expected auto or a whole number from 1 to 9"
    );
}

#[test]
fn every_problem_is_reported_at_once() {
    let errors = refusal(
        "contact/2a:k=7,contact=king,t=2",
        Geometry::hex(5, 5).unwrap(),
    );
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(matches!(errors[0], ConfigError::NoSuchContact { .. }));
    assert!(matches!(errors[1], ConfigError::LimitWithoutB { .. }));
    // Through the registry: the same problems as setup errors, with their messages.
    let setup = Setup::new(rules("contact/2a:k=9,t=2"), Geometry::square(5).unwrap());
    let err = setup.into_position().unwrap_err();
    assert_eq!(err.0.len(), 2);
    assert_eq!(
        err.to_string(),
        "k = 9 is more than any point of the 5x5 board has king neighbours (8); expected k from 1 to 8; \
t = 2 applies only to protection b or b+c, and the protection is a; remove t or set protection=b"
    );
}

fn no_options(_: Setup) -> Result<Box<dyn Position>, goishi_board::SetupErrors> {
    Err(goishi_board::SetupErrors(Vec::new()))
}

static OTHER: VariantInfo = VariantInfo {
    id: "other/x",
    family: "other",
    family_title: "Other",
    aliases: &[],
    summary: "",
    docs: "",
    options: &[],
    preset: &[],
    default_size: (5, 5),
    reasons: &[],
    new_position: no_options,
    capabilities: goishi_board::Capabilities::NONE,
};

#[test]
fn rules_of_another_family_are_refused() {
    let errors = ContactPosition::from_setup(Setup::new(
        OTHER.default_rules(),
        Geometry::square(5).unwrap(),
    ))
    .unwrap_err();
    assert_eq!(
        errors.0,
        vec![SetupError::NotThisFamily {
            variant: "other/x",
            family: "contact-capture",
            option: "t"
        }]
    );
    assert_eq!(
        errors.to_string(),
        "other/x is not a contact-capture variant (it has no t option)"
    );
}

#[test]
fn any_arrangement_of_setup_stones_is_accepted() {
    // A board full of touching stones of both colours, White to move.
    let geometry = Geometry::square(3).unwrap();
    let mut setup = Setup::new(rules("contact/1a"), geometry.clone());
    for p in geometry.points() {
        let c = if p.index() % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        if p.index() != 4 {
            setup.board.set(p, Some(c));
        }
    }
    setup.to_move = Color::White;
    let mut position = ContactPosition::from_setup(setup).unwrap();
    // White's only placement, the centre, removes every black stone it or its neighbours
    // touch: all of them.
    let effect = position
        .play(Move::Place(geometry.parse_point("B2").unwrap()))
        .unwrap();
    assert_eq!(effect.captured, 4);
    assert_eq!(position.board().count(Color::Black), 0);
}

#[test]
fn undo_reopens_a_finished_game_and_restores_it_exactly() {
    let mut game = rules("contact/1a:size=5").new_game(None).unwrap();
    let g = game.geometry().clone();
    let c3 = Move::Place(g.parse_point("C3").unwrap());
    let d4 = Move::Place(g.parse_point("D4").unwrap());
    game.play(c3).unwrap();
    let before = game.clone_box();
    let effect = game.play(d4).unwrap();
    assert_eq!(effect.captured, 1);
    game.play(Move::Pass).unwrap();
    let effect = game.play(Move::Pass).unwrap();
    assert!(effect.ended);
    assert_eq!(
        game.outcome().map(|r| r.to_string()),
        Some("W+1".to_owned())
    );
    let mut list = vec![Move::Pass];
    game.legal_moves(&mut list);
    assert!(list.is_empty());
    assert_eq!(
        game.check_move(Color::Black, Move::Pass),
        Err(goishi_board::IllegalMove::GameOver)
    );
    // Undo reopens the game.
    assert_eq!(game.undo().map(|t| t.mv), Some(Move::Pass));
    assert!(!game.is_over());
    game.legal_moves(&mut list);
    assert_eq!(list.last(), Some(&Move::Pass));
    assert_eq!(list.len(), 25 - 1 + 1);
    // Black's C3 would take D4 and recreate the board after move 1.
    assert_eq!(
        game.check_move(Color::Black, c3),
        Err(goishi_board::IllegalMove::Superko)
    );
    game.undo().unwrap();
    game.undo().unwrap();
    let now = game.as_any().downcast_ref::<ContactPosition>().unwrap();
    let then = before.as_any().downcast_ref::<ContactPosition>().unwrap();
    assert!(
        now == then,
        "undo did not restore the position:\n{now:?}\n{then:?}"
    );
    assert_eq!(game.board().hash(), before.board().hash());
    assert_eq!(game.captures(Color::White), 0);
    assert_eq!(game.side_to_move(), Color::White);
}

#[test]
fn a_config_writes_back_the_rules_it_was_read_from() {
    for text in [
        "contact/1a",
        "contact/2b:contact=orth,t=3,komi=2.5",
        "contact/4a:threshold=capped,scope=local,capture-goal=3,min-stones=2,ko=simple",
    ] {
        let rules = rules(text);
        let config = ContactConfig::from_rules(&rules).unwrap();
        let back = config.to_rules(rules.variant()).unwrap();
        assert_eq!(back, rules, "{text}");
        assert_eq!(back.to_string(), rules.to_string());
    }
}
