//! goishi: a rules engine for Go and Go-like capture games.
//!
//! This crate is the front door: the whole core API ([`goishi_board`]) at the top level, and
//! each rule family behind a Cargo feature, all on by default:
//!
//! | feature | module | variants |
//! |---|---|---|
//! | `go` | [`go`] (`goishi-go-rules`) | `go/tromp-taylor`, `go/chinese`, `go/japanese`, ... |
//! | `contact` | [`contact`] (`goishi-contact-capture`) | `contact/1a` ... `contact/4a` |
//! | `capture` | [`capture`] (`goishi-capture-go`, turns `go` on) | `capture/atari-go`, `capture/five` |
//!
//! Each rule crate registers its variants with `inventory` and lists them in its `VARIANTS`;
//! naming the crates here (the re-exports below, and [`linked_variants`]) is what links them
//! into a program. The program's registry is built from those lists, with what `inventory`
//! collected added, so that it holds every linked variant on every target and profile (see
//! [`registry`]).
//!
//! ```
//! # #[cfg(feature = "go")] {
//! let rules = goishi::registry().parse_rules("japanese:komi=0").unwrap();
//! assert_eq!(rules.variant().id, "go/japanese");
//! let mut game = rules.new_game(Some((9, 9))).unwrap();
//! let e5 = game.geometry().parse_point("E5").unwrap();
//! game.play(goishi::Move::Place(e5)).unwrap();
//! # }
//! ```

#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

use std::sync::Once;

pub use goishi_board as board;
pub use goishi_board::*;

#[macro_use]
mod families;

pub use families::PositionVisitor;

// The families this crate composes, each behind its feature: one line a family (see
// `families!`). It makes the modules (`goishi::go`, ...), `linked_variants()`,
// `linked_syntaxes()`, `FAMILIES` and `VariantPosition`.
families! {
    /// Go under every ruleset (`goishi-go-rules`).
    go: goishi_go_rules::GoPosition => Go, feature = "go", family = "go";
    /// The contact-capture family (`goishi-contact-capture`).
    contact: goishi_contact_capture::ContactPosition => Contact, feature = "contact", family = "contact";
    /// Capture Go (`goishi-capture-go`).
    capture: goishi_capture_go::CapturePosition => Capture, feature = "capture", family = "capture";
    // new-variant: families above this line
}

/// The registry of every variant of the enabled families: the program's registry
/// ([`goishi_board::registry`]), which this crate has built from its explicit lists.
///
/// The registry holds every linked variant whatever `inventory` collected: the variants of
/// [`linked_variants`] (each rule crate's `VARIANTS` list), then those `inventory` collected
/// that the lists do not have (rule crates this crate does not name); the same for the rules
/// syntaxes of [`linked_syntaxes`]. A record found both ways counts once (the same record, or
/// two copies of the same constant); two different records with one id are a registration
/// problem ([`Registry::problems`]).
///
/// The order of first uses does not matter: this crate submits a [`RegistryHook`] beside its
/// lists, so the board crate's registry is built this way by whichever use comes first,
/// [`Rules::parse`] and [`goishi_board::registry`] included. The hook is registered through
/// `inventory` itself, but from the same code as these lists, so the linker keeps it
/// wherever it keeps them, while it may drop a rule crate's own registrations (a debug build
/// for `wasm32-unknown-unknown` collects 12 of the 20 variants through `inventory` alone;
/// `cargo xtask wasm-check` checks both profiles). Natively every registration is kept. On
/// wasm, a program must call this function or [`linked_variants`] somewhere (in any code
/// path, not necessarily first): one that only ever calls the re-exported core
/// (`goishi::Rules::parse` and nothing of this crate's own) links neither the lists nor the
/// hook, and its debug build has no variant at all. Where no registration runs at all (a wasm
/// module whose host does not run its constructors), the first call of this function
/// installs the same registry, provided that it comes before anything else reads the board
/// crate's registry (`Rules::parse`, `goishi::board::registry`): on such a host, call
/// `goishi::registry()` once at start-up.
pub fn registry() -> &'static Registry {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        goishi_board::install_registry(complete_registry());
    });
    goishi_board::registry()
}

// The hook that builds the board crate's registry from this crate's lists (see `registry`).
// It stays in this module, beside `registry` and `linked_variants`, so that the linker keeps
// it wherever they are kept.
goishi_board::inventory::submit! {
    RegistryHook {
        by: "goishi",
        build: complete_registry,
    }
}

/// The registry of every linked variant and syntax: the explicit lists, then what
/// `inventory` collected that they do not have. It must not read [`goishi_board::registry`]
/// (it builds it).
fn complete_registry() -> Registry {
    Registry::from_parts(
        union(
            linked_variants(),
            goishi_board::inventory::iter::<VariantInfo>,
            same_variant,
        ),
        union(
            linked_syntaxes(),
            goishi_board::inventory::iter::<RulesSyntax>,
            same_syntax,
        ),
    )
}

/// `explicit`, then each collected item that is not the same record as one already taken.
fn union<T: 'static>(
    explicit: Vec<&'static T>,
    collected: impl IntoIterator<Item = &'static T>,
    same: fn(&T, &T) -> bool,
) -> Vec<&'static T> {
    let mut all = explicit;
    for item in collected {
        if !all.iter().any(|taken| same(taken, item)) {
            all.push(item);
        }
    }
    all
}

/// Whether two variant records are the same one: one address, or equal in every field (two
/// copies of one constant: a rule crate's `VARIANTS` list and its registration each hold
/// their own), the constructor included.
fn same_variant(a: &VariantInfo, b: &VariantInfo) -> bool {
    std::ptr::eq(a, b)
        || (a.id == b.id
            && a.family == b.family
            && a.family_title == b.family_title
            && a.aliases == b.aliases
            && a.summary == b.summary
            && a.docs == b.docs
            && a.options == b.options
            && a.preset == b.preset
            && a.default_size == b.default_size
            && a.reasons == b.reasons
            && std::ptr::fn_addr_eq(a.new_position, b.new_position))
}

/// Whether two rules syntaxes are the same one: one address, or one name and one parser.
fn same_syntax(a: &RulesSyntax, b: &RulesSyntax) -> bool {
    std::ptr::eq(a, b) || (a.name == b.name && std::ptr::fn_addr_eq(a.parse, b.parse))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refuse(_: Setup) -> Result<Box<dyn Position>, SetupErrors> {
        Err(SetupErrors(Vec::new()))
    }

    // A body unlike `refuse`'s, so that no optimizer merges the two functions.
    fn refuse_too(_: Setup) -> Result<Box<dyn Position>, SetupErrors> {
        Err(SetupErrors(Vec::with_capacity(1)))
    }

    const ONE: VariantInfo = VariantInfo {
        id: "demo/one",
        family: "demo",
        family_title: "Demo",
        aliases: &["one"],
        summary: "A demo variant",
        docs: "## What it is\n\nA demo.",
        options: &[],
        preset: &[],
        default_size: (9, 9),
        reasons: &[],
        new_position: refuse,
        capabilities: goishi_board::Capabilities::NONE,
    };

    /// `ONE` as one static record, as both sources would hold it.
    static ONE_STATIC: VariantInfo = ONE;

    /// Another record with `ONE`'s id: other docs.
    static ONE_OTHER_DOCS: VariantInfo = VariantInfo {
        docs: "## What it is\n\nAnother demo.",
        ..ONE
    };

    /// Another record with `ONE`'s id and data: another constructor.
    static ONE_OTHER_CONSTRUCTOR: VariantInfo = VariantInfo {
        new_position: refuse_too,
        ..ONE
    };

    static TWO: VariantInfo = VariantInfo {
        id: "demo/two",
        aliases: &["two"],
        ..ONE
    };

    fn ids(variants: &[&'static VariantInfo]) -> Vec<&'static str> {
        variants.iter().map(|v| v.id).collect()
    }

    #[test]
    fn one_record_from_both_sources_counts_once() {
        let all = union(vec![&ONE_STATIC, &TWO], [&TWO, &ONE_STATIC], same_variant);
        assert_eq!(ids(&all), ["demo/one", "demo/two"]);
        // Two copies of one constant (the explicit list's and the registration's).
        let all = union(vec![&ONE], [&ONE, &TWO], same_variant);
        assert_eq!(ids(&all), ["demo/one", "demo/two"]);
        let registry = Registry::from_parts(all, []);
        assert_eq!(registry.problems(), [] as [String; 0]);
        assert_eq!(registry.variants().count(), 2);
    }

    #[test]
    fn two_records_with_one_id_stay_a_registry_problem() {
        for other in [&ONE_OTHER_DOCS, &ONE_OTHER_CONSTRUCTOR] {
            let all = union(vec![&ONE_STATIC], [other], same_variant);
            assert_eq!(ids(&all), ["demo/one", "demo/one"]);
            let registry = Registry::from_parts(all, []);
            assert_eq!(
                registry.problems(),
                ["variant id \"demo/one\" is registered twice"]
            );
        }
    }

    fn no_syntax(_: &str) -> Option<Result<ForeignRules, goishi_board::FamilyError>> {
        None
    }

    fn no_syntax_either(text: &str) -> Option<Result<ForeignRules, goishi_board::FamilyError>> {
        Some(Err(goishi_board::FamilyError::new(std::io::Error::other(
            text.to_owned(),
        ))))
    }

    static SYNTAX: RulesSyntax = RulesSyntax {
        name: "demo",
        parse: no_syntax,
    };

    static SYNTAX_OTHER: RulesSyntax = RulesSyntax {
        name: "demo",
        parse: no_syntax_either,
    };

    #[test]
    fn one_syntax_from_both_sources_counts_once() {
        let all = union(vec![&SYNTAX], [&SYNTAX], same_syntax);
        assert_eq!(all.len(), 1);
        let all = union(vec![&SYNTAX], [&SYNTAX_OTHER], same_syntax);
        assert_eq!(all.len(), 2);
    }

    #[test]
    fn the_complete_registry_holds_the_explicit_lists() {
        let complete = complete_registry();
        let mut want: Vec<&str> = linked_variants().iter().map(|v| v.id).collect();
        want.sort_unstable();
        assert_eq!(complete.variants().map(|v| v.id).collect::<Vec<_>>(), want);
        assert_eq!(complete.problems(), [] as [String; 0]);
    }
}

/// The README's examples, run as doctests so that the page crates.io shows stays true (they
/// play every family: with the default features only).
#[cfg(all(doctest, feature = "go", feature = "contact", feature = "capture"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
