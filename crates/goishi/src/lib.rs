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
//! Each rule crate registers its variants with `inventory`; naming the crates here (the
//! re-exports below, and [`linked_variants`]) is what links them into a program, so that
//! their registrations are collected.
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

use std::sync::Once;

pub use goishi_board as board;
pub use goishi_board::*;

#[cfg(feature = "go")]
pub use goishi_go_rules as go;

#[cfg(feature = "contact")]
pub use goishi_contact_capture as contact;

#[cfg(feature = "capture")]
pub use goishi_capture_go as capture;

// new-variant: re-exports above this line

/// The registry of every variant of the enabled families.
///
/// It is the `inventory`-collected registry ([`goishi_board::registry`]). On a target where
/// `inventory` collects nothing, the first call installs a registry built from the explicit
/// lists of [`linked_variants`] and [`linked_syntaxes`] as the program's registry, so that
/// [`Rules::parse`], setups and game records find the variants too: on such a target, call
/// `goishi::registry()` once before anything else reads a rules string.
pub fn registry() -> &'static Registry {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        if goishi_board::inventory_is_empty() && !linked_variants().is_empty() {
            goishi_board::install_registry(Registry::from_parts(
                linked_variants(),
                linked_syntaxes(),
            ));
        }
    });
    goishi_board::registry()
}

/// The variants of the enabled families, from each rule crate's explicit `VARIANTS` list
/// (not from `inventory`), in family order.
pub fn linked_variants() -> Vec<&'static VariantInfo> {
    #[allow(unused_mut)]
    let mut all: Vec<&'static VariantInfo> = Vec::new();
    #[cfg(feature = "go")]
    all.extend(goishi_go_rules::VARIANTS.iter().copied());
    #[cfg(feature = "contact")]
    all.extend(goishi_contact_capture::VARIANTS.iter().copied());
    #[cfg(feature = "capture")]
    all.extend(goishi_capture_go::VARIANTS.iter().copied());
    // new-variant: variant lists above this line
    all
}

/// The other rules syntaxes of the enabled families (KataGo's JSON and compact forms for
/// Go), from each rule crate's explicit `SYNTAXES` list.
pub fn linked_syntaxes() -> Vec<&'static RulesSyntax> {
    #[allow(unused_mut)]
    let mut all: Vec<&'static RulesSyntax> = Vec::new();
    #[cfg(feature = "go")]
    all.extend(goishi_go_rules::katago::SYNTAXES.iter().copied());
    all
}

/// The rule families of the enabled features: (family id, feature name).
pub const FAMILIES: &[(&str, &str)] = &[
    #[cfg(feature = "go")]
    ("go", "go"),
    #[cfg(feature = "contact")]
    ("contact", "contact"),
    #[cfg(feature = "capture")]
    ("capture", "capture"),
    // new-variant: families above this line
];
