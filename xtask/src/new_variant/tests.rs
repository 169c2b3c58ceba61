//! Tests of the scaffolder: its options, and its plans on small copies of the files it reads
//! and edits.

use super::*;

fn args(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn options_parse_and_bad_ones_are_named() {
    let o = parse(&args(&[
        "--id",
        "demo/first",
        "--family=Demo game",
        "--dry-run",
    ]))
    .unwrap();
    assert_eq!((o.family.as_str(), o.name.as_str()), ("demo", "first"));
    assert_eq!(o.title.as_deref(), Some("Demo game"));
    assert!(o.dry_run);
    assert_eq!(
        parse(&args(&[])).unwrap_err(),
        "new-variant needs --id FAMILY/NAME"
    );
    for (id, words) in [
        ("demo", "expected FAMILY/NAME"),
        ("Demo/x", "the family \"Demo\""),
        ("demo/x--y", "the name \"x--y\""),
        ("demo/", "the name \"\""),
    ] {
        let e = parse(&args(&["--id", id])).unwrap_err();
        assert!(e.contains(words), "--id {id}: {e}");
    }
    assert!(parse(&args(&["--id", "d/x", "--crate", "A"])).is_err());
    assert_eq!(
        parse(&args(&["--id", "d/x", "--fast"])).unwrap_err(),
        "unknown option \"--fast\""
    );
}

/// A copy of the files the scaffolder reads or edits, in a fresh temporary folder.
fn small_copy(tag: &str) -> PathBuf {
    let from = workspace_root();
    let to = std::env::temp_dir().join(format!("goishi-new-variant-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&to);
    for file in [
        "conformance/variants.txt",
        "crates/goishi/Cargo.toml",
        "crates/goishi/src/lib.rs",
        "crates/goishi/tests/it/registry.rs",
        "crates/capture-go/Cargo.toml",
        "crates/capture-go/src/variants.rs",
        "crates/go-rules/Cargo.toml",
        "crates/go-rules/src/variants.rs",
        "crates/contact-capture/Cargo.toml",
        "crates/contact-capture/src/variants.rs",
        "docs/rules/capture-go.md",
        "docs/rules/go.md",
        "docs/rules/contact-capture.md",
    ] {
        let dest = to.join(file);
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        std::fs::copy(from.join(file), dest).unwrap();
    }
    to
}

/// Every case of a scaffolded case file cites a heading that exists (the meta-suite's rule).
fn sources_resolve(root: &Path, file: &str) {
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    let cases = goishi_conformance::parse_cases(&text).unwrap();
    assert!(!cases.is_empty());
    for case in cases {
        let source = case.source.unwrap_or_default();
        if let Err(e) = goishi_conformance::source::check(&source, root) {
            panic!("{file}, case {:?}: {e}", case.name);
        }
    }
}

fn options(root: &Path, id: &str) -> NewVariant {
    let mut o = parse(&args(&["--id", id])).unwrap();
    o.root = root.to_path_buf();
    o
}

#[test]
fn a_new_family_gets_a_crate_cases_a_page_and_a_facade_feature() {
    let root = small_copy("family");
    let edits = plan(&options(&root, "demo/first")).unwrap();
    let paths: Vec<String> = edits.iter().map(|e| e.path.display().to_string()).collect();
    for p in [
        "crates/demo/Cargo.toml",
        "crates/demo/README.md",
        "crates/demo/LICENSE-MIT",
        "crates/demo/LICENSE-APACHE",
        "crates/demo/src/lib.rs",
        "crates/demo/src/position.rs",
        "crates/demo/src/playout.rs",
        "crates/demo/src/variants.rs",
        "crates/demo/docs/first.md",
        "crates/demo/tests/conformance.rs",
        "docs/rules/demo.md",
        "conformance/demo/first/basic.toml",
        "conformance/variants.txt",
        "crates/goishi/Cargo.toml",
        "crates/goishi/src/lib.rs",
        "crates/goishi/tests/it/registry.rs",
    ] {
        assert!(paths.contains(&p.to_owned()), "{p} not in {paths:?}");
    }
    for e in &edits {
        assert!(
            !e.text.contains("{{"),
            "{} keeps a placeholder",
            e.path.display()
        );
    }
    let text = |p: &str| {
        edits
            .iter()
            .find(|e| e.path == Path::new(p))
            .unwrap()
            .text
            .clone()
    };
    let list = text("conformance/variants.txt");
    let lines: Vec<&str> = list.lines().collect();
    assert!(lines.windows(2).all(|w| w[0] < w[1]), "{list}");
    assert!(lines.contains(&"demo/first"));
    let manifest = text("crates/goishi/Cargo.toml");
    assert!(
        manifest.contains("demo = [\"dep:goishi-demo\"]"),
        "{manifest}"
    );
    assert!(manifest.contains("\"demo\"]"), "{manifest}");
    assert!(
        manifest.contains("goishi-demo = { path = \"../demo\""),
        "{manifest}"
    );
    assert!(text("crates/goishi/src/lib.rs").contains(
        "demo: goishi_demo::DemoPosition => Demo, feature = \"demo\", family = \"demo\";"
    ));
    assert!(text("crates/demo/src/variants.rs").contains("\"demo/first\""));
    // Nothing was written, and a second family of the same crate folder is refused.
    assert!(!root.join("crates/demo").exists());
    apply(&root, &edits).unwrap();
    sources_resolve(&root, "conformance/demo/first/basic.toml");
    assert!(plan(&options(&root, "demo/first"))
        .unwrap_err()
        .contains("already listed"));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_preset_of_an_existing_family_goes_into_its_crate() {
    let root = small_copy("preset");
    let edits = plan(&options(&root, "capture/ten")).unwrap();
    let paths: Vec<String> = edits.iter().map(|e| e.path.display().to_string()).collect();
    assert_eq!(
        paths,
        [
            "crates/capture-go/src/variants.rs",
            "crates/capture-go/docs/ten.md",
            "docs/rules/capture-go.md",
            "conformance/capture/ten/basic.toml",
            "conformance/variants.txt"
        ]
    );
    let variants = &edits[0].text;
    assert!(
        variants.contains(
            "        TEN {\n            id: \"capture/ten\",\n            aliases: [],\n"
        ),
        "{variants}"
    );
    assert!(variants.contains("docs: \"ten.md\",\n            preset: [],\n        },\n        // new-variant: presets above this line"));
    // The family's title as its crate declares it, and the page's new section after a
    // blank line.
    assert!(edits[1].text.contains("Capture Go"), "{}", edits[1].text);
    assert!(
        edits[2].text.contains(".\n\n## `capture/ten`\n"),
        "{}",
        edits[2].text
    );
    apply(&root, &edits).unwrap();
    sources_resolve(&root, "conformance/capture/ten/basic.toml");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn go_and_contact_capture_take_presets_the_same_way() {
    let root = small_copy("older");
    for (id, krate, page, constant) in [
        ("go/new-rules", "go-rules", "go", "NEW_RULES"),
        (
            "contact/5a",
            "contact-capture",
            "contact-capture",
            "CONTACT_5A",
        ),
    ] {
        let edits = plan(&options(&root, id)).unwrap();
        let paths: Vec<String> = edits.iter().map(|e| e.path.display().to_string()).collect();
        let name = id.split('/').nth(1).unwrap();
        assert_eq!(
            paths,
            [
                format!("crates/{krate}/src/variants.rs"),
                format!("crates/{krate}/docs/{name}.md"),
                format!("docs/rules/{page}.md"),
                format!("conformance/{id}/basic.toml"),
                "conformance/variants.txt".to_owned(),
            ]
        );
        assert!(
            edits[0].text.contains(&format!(
                "        {constant} {{\n            id: \"{id}\",\n"
            )),
            "{}",
            edits[0].text
        );
        apply(&root, &edits).unwrap();
        sources_resolve(&root, &format!("conformance/{id}/basic.toml"));
    }
    let _ = std::fs::remove_dir_all(&root);
}
