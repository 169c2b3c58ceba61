//! The registered variants are exactly those of the enabled features, as listed in
//! `conformance/variants.txt`: checked for every feature combination by `.ci/run`
//! (`cargo test -p goishi --no-default-features --features F` for every subset F of the
//! family features). A feature that turns another on (`capture` turns `go` on) registers both.

use std::collections::BTreeSet;

/// The family of each feature; a family in the committed list without a feature here fails.
const FEATURES: &[(&str, bool)] = &[
    ("go", cfg!(feature = "go")),
    ("contact", cfg!(feature = "contact")),
    ("capture", cfg!(feature = "capture")),
    // new-variant: features above this line
];

/// The committed ids of the families whose feature is on.
fn expected() -> BTreeSet<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../conformance/variants.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .filter(|id| {
            let family = id.split('/').next().unwrap_or_default();
            let (_, on) = FEATURES
                .iter()
                .find(|(f, _)| *f == family)
                .unwrap_or_else(|| panic!("{path}: family of {id:?} has no feature in goishi"));
            *on
        })
        .map(str::to_owned)
        .collect()
}

#[test]
fn registered_variants_are_those_of_the_enabled_features() {
    let registered: BTreeSet<String> = goishi::registry()
        .variants()
        .map(|v| v.id.to_owned())
        .collect();
    assert_eq!(registered, expected());
    assert_eq!(goishi::registry().problems(), [] as [String; 0]);
}

/// The registry holds every variant of the explicit lists, each once, whatever `inventory`
/// collected (`cargo xtask wasm-check` checks the same in wasm32 builds), and the board
/// crate's registry is that one: the facade's hook built it.
#[test]
fn the_registry_holds_every_linked_variant_once() {
    let linked: Vec<&str> = goishi::linked_variants().iter().map(|v| v.id).collect();
    let linked_set: BTreeSet<String> = linked.iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(linked.len(), linked_set.len(), "duplicate in {linked:?}");
    let registered: Vec<&str> = goishi::registry().variants().map(|v| v.id).collect();
    assert_eq!(registered.len(), linked.len(), "{registered:?}");
    let registered: BTreeSet<String> = registered.iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(registered, linked_set);
    assert_eq!(registered, expected());
    assert!(std::ptr::eq(goishi::registry(), goishi::board::registry()));
    let hooks: Vec<&str> = goishi::board::inventory::iter::<goishi::RegistryHook>
        .into_iter()
        .map(|h| h.by)
        .collect();
    assert_eq!(hooks, ["goishi"]);
}

#[test]
fn inventory_collected_the_same_variants_as_the_explicit_lists() {
    let collected: BTreeSet<String> = goishi::board::registry()
        .variants()
        .map(|v| v.id.to_owned())
        .collect();
    let linked: Vec<&str> = goishi::linked_variants().iter().map(|v| v.id).collect();
    let linked_set: BTreeSet<String> = linked.iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(linked.len(), linked_set.len(), "duplicate in {linked:?}");
    assert_eq!(collected, linked_set);
    assert_eq!(linked_set, expected());
}

#[test]
fn families_follow_the_features() {
    let families: Vec<&str> = goishi::FAMILIES.iter().map(|(f, _)| *f).collect();
    let on: Vec<&str> = FEATURES
        .iter()
        .filter(|(_, on)| *on)
        .map(|(f, _)| *f)
        .collect();
    assert_eq!(families, on);
    for v in goishi::registry().variants() {
        assert!(
            families.contains(&v.family),
            "{} of a disabled family",
            v.id
        );
    }
}

#[test]
fn the_fallback_registry_has_the_same_ids() {
    let fallback =
        goishi::Registry::from_parts(goishi::linked_variants(), goishi::linked_syntaxes());
    let ids: BTreeSet<String> = fallback.variants().map(|v| v.id.to_owned()).collect();
    assert_eq!(ids, expected());
    assert!(fallback.problems().is_empty(), "{:?}", fallback.problems());
}

#[test]
fn the_fallback_registry_reads_the_same_rules_strings() {
    let fallback =
        goishi::Registry::from_parts(goishi::linked_variants(), goishi::linked_syntaxes());
    let collected = goishi::registry();
    let mut texts: Vec<String> = Vec::new();
    for v in collected.variants() {
        texts.push(v.id.to_owned());
        texts.extend(v.aliases.iter().map(|a| (*a).to_owned()));
    }
    #[cfg(feature = "go")]
    {
        let japanese = collected.parse_rules("japanese:komi=0").unwrap();
        let config = goishi::go::GoConfig::from_rules(&japanese).unwrap();
        texts.push(goishi::go::katago::to_json(&config));
        texts.push(goishi::go::katago::to_compact(&config));
    }
    for text in &texts {
        assert_eq!(
            fallback.parse_rules(text),
            collected.parse_rules(text),
            "{text}"
        );
    }
    assert_eq!(
        goishi::linked_syntaxes().len(),
        if cfg!(feature = "go") { 2 } else { 0 }
    );
}
