//! Tests of the KataGo forms: round trips, defaults, errors, presets and suicide.

use super::*;

fn tt() -> GoConfig {
    GoConfig {
        suicide: Suicide::Allowed,
        ko: Ko::Positional,
        cycles: Cycles::Ignore,
        scoring: Scoring::Area,
        tax: Tax::None,
        komi_halves: 15,
        handicap_bonus: HandicapBonus::Zero,
        pass_stones: false,
        button: false,
    }
}

/// Every combination of options, with a few komi values.
fn all_configs() -> Vec<GoConfig> {
    let mut out = Vec::new();
    for ko in [
        Ko::None,
        Ko::Simple,
        Ko::Positional,
        Ko::Situational,
        Ko::NaturalSituational,
        Ko::Spight,
    ] {
        for suicide in [Suicide::Forbidden, Suicide::MultiStone, Suicide::Allowed] {
            for cycles in [Cycles::Ignore, Cycles::NoResult] {
                for scoring in [Scoring::Area, Scoring::Territory, Scoring::Stones] {
                    for tax in [Tax::None, Tax::Seki, Tax::All] {
                        for handicap_bonus in [
                            HandicapBonus::Zero,
                            HandicapBonus::N,
                            HandicapBonus::NMinusOne,
                        ] {
                            for (pass_stones, button) in
                                [(false, false), (true, false), (false, true), (true, true)]
                            {
                                for komi_halves in [15, -1000, 1000, 0, -1, 13] {
                                    out.push(GoConfig {
                                        suicide,
                                        ko,
                                        cycles,
                                        scoring,
                                        tax,
                                        komi_halves,
                                        handicap_bonus,
                                        pass_stones,
                                        button,
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

#[test]
fn json_and_compact_round_trip_every_configuration() {
    for c in all_configs() {
        let json = to_json(&c);
        let back = read_json(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(back.config, c, "{json}");
        let compact = to_compact(&c);
        let back = read_compact(&compact)
            .unwrap_or_else(|| panic!("{compact} not recognised"))
            .unwrap_or_else(|e| panic!("{compact}: {e}"));
        assert_eq!(back.config, c, "{compact}");
        // The overrides and the implied values name every option once, in canonical form.
        let foreign = parse_json(&json).unwrap().unwrap();
        assert_eq!(foreign.overrides.len() + foreign.implied.len(), 9);
        assert_eq!(
            foreign.overrides[0],
            ("ko".to_owned(), c.ko.name().to_owned())
        );
    }
}

#[test]
fn katago_output_is_plain_katago_for_katago_rules() {
    // Tromp-Taylor, with KataGo's keys only.
    assert_eq!(
        to_json(&tt()),
        r#"{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":true,"hasButton":false,"whiteHandicapBonus":"0","komi":7.5}"#
    );
    assert_eq!(to_compact(&tt()), "koPOSITIONALscoreAREAtaxNONEsui1komi7.5");
    let mut c = tt();
    c.ko = Ko::Situational;
    c.button = true;
    c.suicide = Suicide::Forbidden;
    c.handicap_bonus = HandicapBonus::NMinusOne;
    c.komi_halves = 14;
    assert_eq!(
        to_compact(&c),
        "koSITUATIONALscoreAREAtaxNONEsui0button1whbN-1komi7"
    );
    // Simple ko with cycles ignored: KataGo would read no-result, so goishi says so.
    let mut c = tt();
    c.ko = Ko::Simple;
    let json = to_json(&c);
    assert!(
        json.contains(r#""cycles":"IGNORE","passStones":false"#),
        "{json}"
    );
}

#[test]
fn katago_defaults() {
    let r = read_json("{}").unwrap();
    assert_eq!(r.config, tt());
    assert_eq!(r.variant, "go/tromp-taylor");
    let r = read_json(r#"{"scoring":"TERRITORY"}"#).unwrap();
    assert_eq!((r.config.tax, r.config.komi_halves), (Tax::Seki, 13));
    let r = read_json(r#"{"hasButton":true}"#).unwrap();
    assert_eq!(r.config.komi_halves, 14);
    let r = read_json(r#"{"ko":"SIMPLE","suicide":false}"#).unwrap();
    assert_eq!(r.config.cycles, Cycles::NoResult);
    let r = read_json(r#"{"komi":-3}"#).unwrap();
    assert_eq!(r.config.komi_halves, -6);
    // The compact form defaults the same way; KataGo writes `score`, `scoring` works too.
    let r = read_compact("koSIMPLEscoringTERRITORY").unwrap().unwrap();
    assert_eq!((r.config.tax, r.config.komi_halves), (Tax::Seki, 13));
    let r = read_compact("komi0.5 koSPIGHT  fpok1").unwrap().unwrap();
    assert_eq!((r.config.ko, r.config.komi_halves), (Ko::Spight, 1));
    // Values ignore case.
    let r = read_json(r#"{"ko":"natural_situational","scoring":"Stones"}"#).unwrap();
    assert_eq!(
        (r.config.ko, r.config.scoring),
        (Ko::NaturalSituational, Scoring::Stones)
    );
}

#[test]
fn recognises_only_its_own_forms() {
    for text in [
        "tromp-taylor",
        "korean",
        "Japanese",
        "go/chinese:komi=7",
        "komi",
        "ko",
        "kosimple",
        "scoring",
        "",
        "[1]",
    ] {
        assert_eq!(parse_compact(text), None, "{text}");
        assert_eq!(parse_json(text), None, "{text}");
    }
    assert!(parse_json("  {}").is_some());
    assert!(parse_compact("koSIMPLE").is_some());
    assert!(parse_compact("komi7").is_some());
    assert!(parse_compact("sui1").is_some());
}

#[test]
fn json_errors() {
    // Each a typed error; what they print is in tests/expect/katago-json-errors.txt.
    let inputs: &[&str] = &[
        r#"{"ko":"POSITINAL"}"#,
        r#"{"koRule":"SIMPLE"}"#,
        r#"{"scoring":"JAPANESE"}"#,
        r#"{"tax":"SOME"}"#,
        r#"{"suicide":"maybe"}"#,
        r#"{"suicide":1}"#,
        r#"{"hasButton":"yes"}"#,
        r#"{"ko":3}"#,
        r#"{"whiteHandicapBonus":"N+1"}"#,
        r#"{"friendlyPassOk":null}"#,
        r#"{"komi":7.25}"#,
        r#"{"komi":500.5}"#,
        r#"{"komi":"7.5"}"#,
        r#"{"komi":1e400}"#,
        r#"{"cycles":"SOMETIMES"}"#,
        r#"{"passStones":0}"#,
        r#"{"ko":"SIMPLE""#,
    ];
    let mut printed = String::new();
    for text in inputs {
        let err = parse_json(text).unwrap().unwrap_err();
        assert!(err.downcast_ref::<KataGoRulesError>().is_some(), "{text}");
        printed.push_str(&format!("{text}\n    {err}\n"));
    }
    goishi_conformance::expect::assert_matches_file(
        "tests/expect/katago-json-errors.txt",
        &printed,
    );
    assert_eq!(
        read_json("[1]").unwrap_err(),
        KataGoRulesError::NotAnObject("an array")
    );
}

#[test]
fn compact_errors() {
    // Each a typed error; what they print is in tests/expect/katago-compact-errors.txt.
    let inputs: &[&str] = &[
        "koPOSITINALscoreAREA",
        "koSIMPLEscoreJAPANESE",
        "koSIMPLEtaxSOME",
        "sui2",
        "koSIMPLEbutton2",
        "koSIMPLEfpokX",
        "koSIMPLEpassStones7",
        "whbM",
        "koSIMPLEcyclesNEVER",
        "koSIMPLEkomi7.25",
        "komi501",
        "komi-7.5.5",
        "koSIMPLE rules",
        "koSIMPLEgarbage",
    ];
    let mut printed = String::new();
    for text in inputs {
        let err = parse_compact(text)
            .unwrap_or_else(|| panic!("{text} not recognised"))
            .unwrap_err();
        assert!(err.downcast_ref::<KataGoRulesError>().is_some(), "{text}");
        printed.push_str(&format!("{text}\n    {err}\n"));
    }
    goishi_conformance::expect::assert_matches_file(
        "tests/expect/katago-compact-errors.txt",
        &printed,
    );
    // N-1 is read before N.
    let r = read_compact("whbN-1").unwrap().unwrap();
    assert_eq!(r.config.handicap_bonus, HandicapBonus::NMinusOne);
}

/// KataGo's `kata-get-rules` JSON for each of its named rules (from its `Rules` table).
const KATAGO_NAMED: &[(&str, &str, &str)] = &[
    (
        "japanese",
        r#"{"ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":false,"komi":6.5}"#,
        "go/japanese",
    ),
    (
        "chinese",
        r#"{"ko":"SIMPLE","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N","friendlyPassOk":true,"komi":7.5}"#,
        "go/chinese",
    ),
    (
        "chinese-ogs",
        r#"{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N","friendlyPassOk":true,"komi":7.5}"#,
        "go/chinese-ogs",
    ),
    (
        "aga",
        r#"{"ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":false,"whiteHandicapBonus":"N-1","friendlyPassOk":true,"komi":7.5}"#,
        "go/aga",
    ),
    (
        "aga-button",
        r#"{"ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":false,"hasButton":true,"whiteHandicapBonus":"N-1","friendlyPassOk":true,"komi":7.0}"#,
        "go/aga-button",
    ),
    // KataGo's New Zealand rules allow the self-capture of two stones or more, never of one
    // (its `suicide` flag is multi-stone suicide); goishi's `new-zealand` allows both.
    (
        "tromp-taylor:ko=situational,suicide=multi-stone",
        r#"{"ko":"SITUATIONAL","scoring":"AREA","tax":"NONE","suicide":true,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":true,"komi":7.5}"#,
        "go/tromp-taylor",
    ),
    (
        "tromp-taylor",
        r#"{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":true,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":false,"komi":7.5}"#,
        "go/tromp-taylor",
    ),
    (
        "ing",
        r#"{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE","suicide":true,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":true,"komi":7.5}"#,
        "go/ing",
    ),
    // KataGo's stone scoring is area scoring with the group tax: no goishi preset has
    // those options (go/stone-scoring counts stones), so it reads as Tromp-Taylor with
    // overrides, and long cycles end with no result as under KataGo's simple ko.
    (
        "tromp-taylor:ko=simple,suicide=forbidden,tax=all,cycles=no-result",
        r#"{"ko":"SIMPLE","scoring":"AREA","tax":"ALL","suicide":false,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":true,"komi":7.5}"#,
        "go/tromp-taylor",
    ),
];

#[test]
fn katago_named_rules_read_as_the_goishi_presets() {
    for (goishi, json, variant) in KATAGO_NAMED {
        let r = read_json(json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(r.variant, *variant, "{json}");
        let from_json = goishi_board::Rules::parse(json).unwrap();
        let named = goishi_board::Rules::parse(goishi).unwrap();
        assert_eq!(from_json, named, "{json} vs {goishi}");
        assert_eq!(GoConfig::from_rules(&from_json).unwrap(), r.config);
    }
}

/// KataGo's `suicide` flag is multi-stone suicide: a lone stone's self-capture stays
/// illegal. Under positional superko and Spight's rule, where that self-capture recreates
/// the board, the flag reads as `allowed`.
#[test]
fn katago_suicide_flag_is_multi_stone_suicide() {
    let suicide = |text: &str| read_json(text).unwrap().config.suicide;
    assert_eq!(
        suicide(r#"{"ko":"SIMPLE","suicide":true}"#),
        Suicide::MultiStone
    );
    assert_eq!(suicide(r#"{"ko":"SITUATIONAL"}"#), Suicide::MultiStone);
    assert_eq!(
        suicide(r#"{"ko":"NONE","suicide":"TRUE"}"#),
        Suicide::MultiStone
    );
    assert_eq!(
        suicide(r#"{"ko":"POSITIONAL","suicide":true}"#),
        Suicide::Allowed
    );
    assert_eq!(suicide(r#"{"ko":"SPIGHT"}"#), Suicide::Allowed);
    assert_eq!(
        suicide(r#"{"ko":"SIMPLE","suicide":false}"#),
        Suicide::Forbidden
    );
    assert_eq!(
        suicide(r#"{"ko":"SIMPLE","suicide":"ALLOWED"}"#),
        Suicide::Allowed
    );
    assert_eq!(
        suicide(r#"{"ko":"POSITIONAL","suicide":"MULTI-STONE"}"#),
        Suicide::MultiStone
    );
    let compact = |text: &str| read_compact(text).unwrap().unwrap().config.suicide;
    assert_eq!(compact("koSITUATIONALsui1"), Suicide::MultiStone);
    assert_eq!(compact("koPOSITIONALsui1"), Suicide::Allowed);
    assert_eq!(compact("koSIMPLEsuiALLOWED"), Suicide::Allowed);
    // Written: KataGo's flag where it says the option, goishi's word where it cannot.
    let config =
        |rules: &str| GoConfig::from_rules(&goishi_board::Rules::parse(rules).unwrap()).unwrap();
    for (rules, json, compact) in [
        ("go/new-zealand", r#""suicide":"ALLOWED""#, "suiALLOWED"),
        ("go/tromp-taylor", r#""suicide":true"#, "sui1"),
        (
            "go/tromp-taylor:ko=simple,suicide=multi-stone",
            r#""suicide":true"#,
            "sui1",
        ),
        (
            "go/tromp-taylor:suicide=multi-stone",
            r#""suicide":"MULTI-STONE""#,
            "suiMULTI-STONE",
        ),
        ("go/chinese", r#""suicide":false"#, "sui0"),
    ] {
        let c = config(rules);
        assert!(to_json(&c).contains(json), "{rules}: {}", to_json(&c));
        assert!(
            to_compact(&c).contains(compact),
            "{rules}: {}",
            to_compact(&c)
        );
        assert_eq!(read_json(&to_json(&c)).unwrap().config, c, "{rules}");
        assert_eq!(
            read_compact(&to_compact(&c)).unwrap().unwrap().config,
            c,
            "{rules}"
        );
    }
}

#[test]
fn every_preset_writes_out_and_reads_back() {
    let registry = goishi_board::registry();
    let mut seen = 0;
    for info in crate::VARIANTS {
        let rules = registry.get(info.id).unwrap().default_rules();
        let config = GoConfig::from_rules(&rules).unwrap();
        for text in [to_json(&config), to_compact(&config)] {
            let back = goishi_board::Rules::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(GoConfig::from_rules(&back).unwrap(), config, "{text}");
            // Presets with the options of another read as the first of them.
            let expected = match info.id {
                "go/korean" => "go/japanese",
                "go/ing" => "go/tromp-taylor",
                id => id,
            };
            assert_eq!(back.variant().id, expected, "{text}");
            assert_eq!(back.to_string(), expected, "{text}");
        }
        // As kata-get-rules writes it, every preset but Korean (Japanese's options) reads
        // back by name, Ing by its friendly passes.
        let json = rules_to_json(info, &config);
        let back = goishi_board::Rules::parse(&json).unwrap();
        let expected = if info.id == "go/korean" {
            "go/japanese"
        } else {
            info.id
        };
        assert_eq!(back.variant().id, expected, "{json}");
        seen += 1;
    }
    assert_eq!(seen, 10);
    // The presets need none of goishi's own keys: KataGo reads their JSON as it is.
    let japanese = GoConfig::from_rules(&goishi_board::Rules::parse("japanese").unwrap()).unwrap();
    assert_eq!(
        to_json(&japanese),
        r#"{"ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"hasButton":false,"whiteHandicapBonus":"0","komi":6.5}"#
    );
    let aga = GoConfig::from_rules(&goishi_board::Rules::parse("aga").unwrap()).unwrap();
    assert_eq!(
        to_compact(&aga),
        "koSITUATIONALscoreAREAtaxNONEsui0whbN-1komi7.5"
    );
}

#[test]
fn rules_strings_accept_both_forms() {
    let r = goishi_board::Rules::parse("koSIMPLEscoreTERRITORYtaxSEKIsui0komi6.5").unwrap();
    assert_eq!(r, goishi_board::Rules::parse("japanese").unwrap());
    let r = goishi_board::Rules::parse("koPOSITIONALscoreAREAtaxNONEsui1komi0").unwrap();
    assert_eq!(r.to_string(), "go/tromp-taylor:komi=0");
    let r =
        goishi_board::Rules::parse(r#" {"ko":"NATURAL-SITUATIONAL","passStones":true}"#).unwrap();
    assert_eq!(
        r.to_string(),
        "go/tromp-taylor:ko=natural-situational,suicide=multi-stone,pass-stones=true"
    );
    let err = goishi_board::Rules::parse(r#"{"ko":"POSITINAL"}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"katago-json rules: unknown ko rule "POSITINAL" (did you mean "POSITIONAL"?); expected one of: NONE, SIMPLE, POSITIONAL, SITUATIONAL, NATURAL-SITUATIONAL, SPIGHT"#
    );
    let err = goishi_board::Rules::parse("koSIMPLEkomi7.3").unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"katago-compact rules: invalid komi "7.3"; expected a multiple of 0.5 from -500 to 500"#
    );
    // The names other forms are not taken for KataGo's.
    assert_eq!(
        goishi_board::Rules::parse("korean").unwrap().variant().id,
        "go/korean"
    );
    assert_eq!(
        SYNTAXES.iter().map(|s| s.name).collect::<Vec<_>>(),
        ["katago-json", "katago-compact"]
    );
}

#[test]
fn no_input_panics() {
    // Every prefix of every written form, and a seeded stream of mutations of them.
    let seed: u64 = 0x9E37_79B9;
    println!("seed {seed:#x}");
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        (state >> 33) as usize
    };
    let alphabet: Vec<char> = "{}[]\":,.-+01579eENkoSIMPLEscoreAREAtaxsuikomi é\u{0}\n"
        .chars()
        .collect();
    for c in all_configs().iter().step_by(97) {
        for text in [to_json(c), to_compact(c)] {
            for (cut, _) in text.char_indices() {
                let prefix = &text[..cut];
                let _ = parse_json(prefix);
                let _ = parse_compact(prefix);
            }
            for _ in 0..20 {
                let mut chars: Vec<char> = text.chars().collect();
                let at = next() % (chars.len() + 1);
                match next() % 3 {
                    0 if at < chars.len() => {
                        chars.remove(at);
                    }
                    _ => chars.insert(at, alphabet[next() % alphabet.len()]),
                }
                let mutated: String = chars.into_iter().collect();
                if let Some(Ok(r)) = parse_json(&mutated) {
                    // Whatever was accepted names a real option value.
                    assert_eq!(r.overrides.len() + r.implied.len(), 9, "{mutated}");
                }
                if let Some(Ok(r)) = parse_compact(&mutated) {
                    assert_eq!(r.overrides.len() + r.implied.len(), 9, "{mutated}");
                }
            }
        }
    }
}

#[test]
fn the_options_a_katago_string_names_are_explicit_the_others_implied() {
    let r = read_json(r#"{"ko":"SIMPLE","komi":6.5}"#).unwrap();
    assert!(r.names("ko") && r.names("komi") && !r.names("scoring"));
    let f = r.to_foreign();
    assert_eq!(
        f.overrides,
        [
            ("ko".to_owned(), "simple".to_owned()),
            ("komi".to_owned(), "6.5".to_owned())
        ]
    );
    assert_eq!(f.implied.len(), 7);
    // KataGo's komi for territory scoring is filled in, but not named.
    let r = read_compact("koSIMPLEscoreTERRITORY").unwrap().unwrap();
    assert_eq!(r.config.komi_halves, 13);
    assert!(!r.names("komi") && r.names("scoring"));
}
