//! Rules strings and the registry, on variants defined here and never registered (a registry
//! built with `Registry::from_parts`).

use goishi_board::{
    BadValue, FamilyError, ForeignRules, OptionKind, OptionSpec, Position, Registry, RulesError,
    RulesSyntax, Setup, SetupErrors, VariantInfo,
};

fn refuse(_: Setup) -> Result<Box<dyn Position>, SetupErrors> {
    Err(SetupErrors(Vec::new()))
}

static OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "ko",
        kind: OptionKind::Choice(&["none", "simple", "positional"]),
        default: "simple",
        help: "repetition rule",
    },
    OptionSpec {
        name: "komi",
        kind: OptionKind::Half { min: -10, max: 10 },
        default: "0",
        help: "komi",
    },
    OptionSpec {
        name: "pass-stones",
        kind: OptionKind::Bool,
        default: "false",
        help: "pass stones",
    },
];

const ALPHA: VariantInfo = VariantInfo {
    id: "toy/alpha",
    family: "toy",
    family_title: "Toy",
    aliases: &["alpha", "Toy Alpha"],
    summary: "a toy",
    docs: "",
    options: OPTIONS,
    preset: &[],
    default_size: (5, 5),
    reasons: &[],
    new_position: refuse,
    capabilities: goishi_board::Capabilities::NONE,
};

const BETA: VariantInfo = VariantInfo {
    id: "toy/beta",
    aliases: &["beta"],
    preset: &[("ko", "positional"), ("komi", "2.5")],
    ..ALPHA
};

static VARIANTS: [VariantInfo; 2] = [ALPHA, BETA];

/// The toy syntax's own error.
#[derive(Debug, PartialEq, thiserror::Error)]
#[error("unknown toy form {0:?}")]
struct UnknownForm(String);

fn parse_foreign(text: &str) -> Option<Result<ForeignRules, FamilyError>> {
    let rest = text.strip_prefix("toy!")?;
    Some(match rest {
        "strict" => Ok(ForeignRules {
            variant: "toy/beta",
            overrides: vec![("ko".into(), "positional".into())],
            implied: vec![("komi".into(), "1.5".into())],
        }),
        other => Err(FamilyError::new(UnknownForm(other.to_owned()))),
    })
}

static SYNTAX: RulesSyntax = RulesSyntax {
    name: "toy-bang",
    parse: parse_foreign,
};

fn registry() -> Registry {
    Registry::from_parts(VARIANTS.iter(), [&SYNTAX])
}

#[test]
fn names_and_aliases() {
    let r = registry();
    assert!(r.problems().is_empty(), "{:?}", r.problems());
    for name in [
        "toy/alpha",
        "alpha",
        "ALPHA",
        "toy alpha",
        "Toy_Alpha",
        "toy-alpha",
    ] {
        assert_eq!(r.find(name).map(|v| v.id), Some("toy/alpha"), "{name}");
    }
    assert_eq!(
        r.variants().map(|v| v.id).collect::<Vec<_>>(),
        ["toy/alpha", "toy/beta"]
    );
}

#[test]
fn presets_and_overrides() {
    let r = registry();
    let beta = r.parse_rules("beta").unwrap();
    assert_eq!(beta.get("ko"), Some("positional"));
    assert_eq!(beta.get("komi"), Some("2.5"));
    assert_eq!(beta.to_string(), "toy/beta");
    let custom = r
        .parse_rules("beta:komi=-3.5,KO=simple,pass_stones=yes,board=torus,size=7x5")
        .unwrap();
    assert_eq!(
        custom.to_string(),
        "toy/beta:ko=simple,komi=-3.5,pass-stones=true,board=torus,size=7x5"
    );
    assert_eq!(r.parse_rules(&custom.to_string()).unwrap(), custom);
    assert_eq!(custom.geometry(None).unwrap().describe(), "torus 7x5");
    // The default board and size, named, change nothing: equal rules, one canonical string.
    let named = r.parse_rules("beta:board=square,size=5").unwrap();
    assert_eq!(named, beta);
    assert_eq!(named.to_string(), "toy/beta");
    assert_eq!(named.size(), Some((5, 5)), "the size asked for is kept");
    assert_ne!(r.parse_rules("beta:size=7").unwrap(), beta);
    // A size both named and asked for: the same is fine, two are an error.
    let seven = r.parse_rules("beta:size=7").unwrap();
    assert_eq!(seven.board_size(None).unwrap(), (7, 7));
    assert_eq!(seven.board_size(Some((7, 7))).unwrap(), (7, 7));
    assert_eq!(beta.board_size(Some((9, 4))).unwrap(), (9, 4));
    assert_eq!(beta.board_size(None).unwrap(), (5, 5));
    assert_eq!(
        seven.geometry(Some((9, 4))).unwrap_err().to_string(),
        "the rules name size=7 and the size asked for is 9x4; give one of them"
    );
    // A graph board's size is its graph's: a size with it, named or asked for, is an error
    // naming both (the file is not read for it).
    let graph =
        "size 9 given with board=graph:ring.graph, whose size is fixed (the graph's); give no size";
    for text in [
        "beta:board=graph:ring.graph,size=9",
        "beta:size=9,board=graph:ring.graph",
    ] {
        assert_eq!(
            r.parse_rules(text).unwrap_err().to_string(),
            graph,
            "{text}"
        );
    }
    let on_graph = r.parse_rules("beta:board=graph:ring.graph").unwrap();
    assert_eq!(
        on_graph.board_size(Some((9, 9))).unwrap_err().to_string(),
        graph
    );
    assert_eq!(on_graph.board_size(None).unwrap(), (5, 5));
    assert_eq!(
        r.parse_rules("toy!strict").unwrap().get("ko"),
        Some("positional")
    );
}

#[test]
fn errors_name_the_part_and_the_choices() {
    let r = registry();
    let err = |s: &str| r.parse_rules(s).unwrap_err().to_string();
    assert_eq!(
        err("alpha:ko=positinal"),
        "unknown ko rule \"positinal\" (did you mean \"positional\"?); expected one of: none, simple, positional"
    );
    assert_eq!(
        err("alpha:kox=1"),
        "unknown option \"kox\" for toy/alpha (did you mean \"ko\"?); expected one of: ko, komi, pass-stones, board, size"
    );
    // A mistyped name suggests the id or alias most like it; nothing when none is.
    assert_eq!(
        err("toy/alpah"),
        "unknown rules \"toy/alpah\" (did you mean \"toy/alpha\"?); expected a variant id or alias, one of: toy/alpha, toy/beta"
    );
    // A long unknown name is shown cut, not echoed whole.
    assert_eq!(
        err(&"g".repeat(100_000)),
        format!(
            "unknown rules \"{}...\"; expected a variant id or alias, one of: toy/alpha, toy/beta",
            "g".repeat(40)
        )
    );
    assert_eq!(
        err("gamma"),
        "unknown rules \"gamma\"; expected a variant id or alias, one of: toy/alpha, toy/beta"
    );
    assert_eq!(
        err("alpha:komi"),
        "override \"komi\" has no value; write key=value"
    );
    assert_eq!(
        err("alpha:ko=simple,komi=1,KO=positional"),
        "option \"KO\" is given twice; give each option once"
    );
    assert_eq!(
        err("beta:pass-stones=true,Pass_Stones=false"),
        "option \"Pass_Stones\" is given twice; give each option once"
    );
    // Empty overrides are nothing: a trailing comma, or a colon with nothing after it.
    assert_eq!(
        r.parse_rules("alpha:komi=1,").unwrap().get("komi"),
        Some("1")
    );
    assert_eq!(
        r.parse_rules("alpha:").unwrap(),
        r.parse_rules("alpha").unwrap()
    );
    assert_eq!(
        err("alpha:komi=10.5"),
        "invalid komi \"10.5\"; expected a multiple of 0.5 from -10 to 10"
    );
    assert_eq!(
        err("alpha:size=1000000000"),
        "board size 1000000000x1000000000 is out of range; width and height must be 1 to 52"
    );
    assert_eq!(
        err("alpha:board=cube"),
        "unknown board \"cube\"; expected one of: square, torus, hex, graph:FILE"
    );
    assert_eq!(
        err("alpha:board=sqare"),
        "unknown board \"sqare\" (did you mean \"square\"?); expected one of: square, torus, hex, graph:FILE"
    );
    assert_eq!(
        err("alpha:board=grpah:g.txt"),
        "unknown board \"grpah:g.txt\" (did you mean \"graph:g.txt\"?); expected one of: square, torus, hex, graph:FILE"
    );
    assert_eq!(err("toy!lax"), "toy-bang rules: unknown toy form \"lax\"");
    assert!(matches!(r.parse_rules("  "), Err(RulesError::Empty)));
}

#[test]
fn errors_are_typed() {
    let r = registry();
    match r.parse_rules("alpha:komi=10.5") {
        Err(RulesError::BadValue(BadValue { option, value, .. })) => {
            assert_eq!((option, value.as_str()), ("komi", "10.5"));
        }
        other => panic!("{other:?}"),
    }
    match r.parse_rules("toy!lax") {
        Err(RulesError::Foreign { syntax, error }) => {
            assert_eq!(syntax, "toy-bang");
            assert_eq!(
                error.downcast_ref::<UnknownForm>(),
                Some(&UnknownForm("lax".to_owned()))
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_rules_know_which_options_were_set() {
    let r = registry();
    let rules = r.parse_rules("beta:komi=2.5,ko=simple").unwrap();
    assert!(rules.is_explicit("komi") && rules.is_explicit("ko"));
    assert!(!rules.is_explicit("pass-stones") && !rules.is_explicit("nope"));
    assert_eq!(
        rules.explicit().collect::<Vec<_>>(),
        [("ko", "simple"), ("komi", "2.5")]
    );
    // A preset's default is not explicit, nor is what another syntax fills in by itself.
    assert!(!r.parse_rules("beta").unwrap().is_explicit("komi"));
    let strict = r.parse_rules("toy!strict").unwrap();
    assert_eq!(strict.get("komi"), Some("1.5"));
    assert!(strict.is_explicit("ko") && !strict.is_explicit("komi"));
    // Explicitness is not part of equality.
    assert_eq!(rules, r.parse_rules("beta:ko=simple").unwrap());
    let mut set = r.parse_rules("alpha").unwrap();
    set.set("komi", "0").unwrap();
    assert!(set.is_explicit("komi"));
}

#[test]
fn duplicates_are_problems_not_overrides() {
    const ALPHA_AGAIN: VariantInfo = VariantInfo {
        aliases: &["beta"],
        ..ALPHA
    };
    static TWICE: [VariantInfo; 3] = [ALPHA, BETA, ALPHA_AGAIN];
    let r = Registry::from_parts(TWICE.iter(), []);
    let problems = r.problems().join("\n");
    assert!(
        problems.contains("variant id \"toy/alpha\" is registered twice"),
        "{problems}"
    );
    assert!(
        problems.contains("is also the name \"beta\" of toy/alpha"),
        "{problems}"
    );
    // An alias claimed twice resolves to neither, and a rules string naming it says why.
    assert!(r.find("beta").is_none());
    assert_eq!(
        r.parse_rules("Beta").unwrap_err().to_string(),
        "rules \"Beta\" name two variants, toy/alpha and toy/beta: a problem of the registry \
         (each name belongs to one variant), which `cargo xtask conformance` reports"
    );
}

#[test]
fn bad_presets_are_problems() {
    const BAD: VariantInfo = VariantInfo {
        id: "toy/bad",
        aliases: &[],
        preset: &[("komi", "99"), ("nope", "1")],
        ..ALPHA
    };
    static ONE: [VariantInfo; 1] = [BAD];
    let r = Registry::from_parts(ONE.iter(), []);
    assert_eq!(r.problems().len(), 2, "{:?}", r.problems());
}
