//! The capture-go variants: their options as data, and one registered `VariantInfo` each.

use goishi_board::{
    register_variant, OptionKind, OptionSpec, Position, Setup, SetupErrors, VariantInfo,
};

use goishi_go_rules::{Ko, Suicide};

use crate::position::CapturePosition;

fn new_position(setup: Setup) -> Result<Box<dyn Position>, SetupErrors> {
    CapturePosition::new(setup).map(|p| Box::new(p) as Box<dyn Position>)
}

/// The options of every capture-go variant, with the family's defaults (those of Atari Go).
pub static OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "captures",
        kind: OptionKind::Int { min: 1, max: 1000 },
        default: "1",
        help: "the number of prisoners that wins the game (a suicide's stones are the opponent's prisoners)",
    },
    OptionSpec {
        name: "ko",
        kind: OptionKind::Choice(Ko::NAMES),
        default: "simple",
        help: "repetition rule, as in Go: none, simple ko, or positional, situational, natural-situational or Spight superko",
    },
    OptionSpec {
        name: "suicide",
        kind: OptionKind::Choice(Suicide::NAMES),
        default: "forbidden",
        help: "self-capture, as in Go: forbidden, legal only when it removes two or more stones, or allowed",
    },
    OptionSpec {
        name: "komi",
        kind: OptionKind::Half { min: -500, max: 500 },
        default: "0",
        help: "points added to White's area count when two passes end the game before anyone reaches the goal",
    },
];

/// A registered capture-go variant with its own defaults.
macro_rules! variant {
    ($name:ident, $id:literal, [$($alias:literal),*], $summary:literal, $docs:expr, [$($k:literal = $v:literal),*]) => {
        /// A registered capture-go variant (see its `docs`).
        pub const $name: VariantInfo = VariantInfo {
            id: $id,
            family: "capture",
            family_title: "Capture Go",
            aliases: &[$($alias),*],
            summary: $summary,
            docs: $docs,
            options: OPTIONS,
            preset: &[$(($k, $v)),*],
            default_size: (9, 9),
            new_position,
        };
        register_variant!($name);
    };
}

variant!(
    ATARI_GO,
    "capture/atari-go",
    ["atari-go", "capture-go", "first-capture"],
    "Atari Go: Go where the first capture wins (captures=N: the first to capture N stones)",
    include_str!("../docs/atari-go.md"),
    []
);

variant!(
    FIVE,
    "capture/five",
    ["capture-five", "first-to-five"],
    "Capture Go to five: the first player to capture five stones wins",
    include_str!("../docs/five.md"),
    ["captures" = "5"]
);

// new-variant: presets above this line

/// Every capture-go variant, the explicit fallback for targets where `inventory` collects
/// nothing.
pub static VARIANTS: &[&VariantInfo] = &[
    &ATARI_GO, &FIVE,
    // new-variant: list above this line
];
