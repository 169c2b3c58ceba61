//! A program where `inventory` collects nothing installs its registry explicitly, and rules
//! strings then read through it (this test binary links no rule crate).

use goishi_board::{
    install_registry, inventory_is_empty, registry, OptionSpec, Position, Registry, Rules, Setup,
    SetupErrors, VariantInfo,
};

fn refuse(_: Setup) -> Result<Box<dyn Position>, SetupErrors> {
    Err(SetupErrors(Vec::new()))
}

static OPTIONS: &[OptionSpec] = &[];

static TOY: VariantInfo = VariantInfo {
    id: "toy/only",
    family: "toy",
    family_title: "Toy",
    aliases: &["only"],
    summary: "a toy",
    docs: "",
    options: OPTIONS,
    preset: &[],
    default_size: (3, 3),
    reasons: &[],
    new_position: refuse,
    capabilities: goishi_board::Capabilities::NONE,
};

#[test]
fn an_installed_registry_serves_rules_strings() {
    assert!(inventory_is_empty());
    assert!(install_registry(Registry::from_parts([&TOY], [])));
    assert_eq!(Rules::parse("only").unwrap().variant().id, "toy/only");
    assert_eq!(registry().variants().count(), 1);
    // Set once: a second installation changes nothing.
    assert!(!install_registry(Registry::from_parts([], [])));
    assert_eq!(registry().variants().count(), 1);
}
