//! The Go presets as declared: their docs files are exactly the variants' (one a variant,
//! each with the four sections), and KataGo's names read as them.

use goishi_go_rules::VARIANTS;

#[test]
fn docs_files_are_the_variants() {
    goishi_conformance::assert_docs_files(VARIANTS, env!("CARGO_MANIFEST_DIR"));
}

#[test]
fn a_config_writes_back_the_rules_it_was_read_from() {
    use goishi_board::Registry;
    use goishi_go_rules::GoConfig;
    let registry = Registry::from_parts(VARIANTS.iter().copied(), []);
    for text in [
        "go/chinese",
        "go/japanese:komi=0,ko=positional",
        "go/aga:pass-stones=false,cycles=no-result",
    ] {
        let rules = registry.parse_rules(text).unwrap();
        let config = GoConfig::from_rules(&rules).unwrap();
        assert_eq!(config.to_rules(rules.variant()).unwrap(), rules, "{text}");
    }
}
