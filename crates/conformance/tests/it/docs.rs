//! The generated reference pages (`docs/variants.md`, `docs/variants/*.md`) are up to date
//! with the registry and the case files: the check `cargo xtask docs --check` runs in CI,
//! run by `cargo test` too (rust-analyzer's "tidy" pattern). Regenerate with
//! `cargo xtask docs`.

use goishi_conformance::{docs, Layout};

#[test]
fn generated_docs_are_fresh() {
    let stale = docs::stale(goishi::registry(), &Layout::workspace()).unwrap();
    assert!(
        stale.is_empty(),
        "stale generated docs (run `{}`): {}",
        docs::COMMAND,
        stale.join(", ")
    );
}

#[test]
fn every_variant_has_a_page_that_draws_its_cases() {
    let registry = goishi::registry();
    let pages = docs::generate(registry, &Layout::workspace()).unwrap();
    assert_eq!(pages.len(), registry.variants().count() + 1);
    for v in registry.variants() {
        let page = pages
            .iter()
            .find(|p| p.path == docs::page_path(v.id))
            .unwrap_or_else(|| panic!("no page for {}", v.id));
        assert!(page.text.contains(v.summary), "{}", v.id);
        assert!(page.text.contains("## Conformance cases"), "{}", v.id);
        for o in v.options {
            assert!(page.text.contains(&format!("| `{}` |", o.name)), "{}", v.id);
        }
        assert!(pages[0].text.contains(&format!("[`{}`]", v.id)));
    }
}

#[test]
fn a_stale_or_left_over_page_is_named() {
    let root = std::env::temp_dir().join(format!("goishi-docs-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let conformance = root.join("conformance");
    std::fs::create_dir_all(conformance.join("go/chinese")).unwrap();
    let real = Layout::workspace()
        .cases_dir("go/chinese")
        .join("game.toml");
    std::fs::copy(real, conformance.join("go/chinese/game.toml")).unwrap();
    let layout = Layout::new(&root);
    let registry = goishi::registry();
    let all = docs::stale(registry, &layout).unwrap();
    assert!(all.contains(&"docs/variants.md".to_owned()), "{all:?}");
    assert!(all.contains(&"docs/variants/go-chinese.md".to_owned()));
    docs::write(registry, &layout).unwrap();
    assert_eq!(docs::stale(registry, &layout).unwrap(), [] as [String; 0]);
    let page = std::fs::read_to_string(root.join("docs/variants/go-chinese.md")).unwrap();
    assert!(page.contains("### `game.toml`"), "{page}");
    std::fs::write(root.join("docs/variants/go-gone.md"), "old").unwrap();
    std::fs::write(root.join("docs/variants/go-chinese.md"), "edited").unwrap();
    assert_eq!(
        docs::stale(registry, &layout).unwrap(),
        ["docs/variants/go-chinese.md", "docs/variants/go-gone.md"]
    );
    let _ = std::fs::remove_dir_all(&root);
}
