//! The capture-go variants: their options as data, and the variants declared once (each
//! registered, listed in `VARIANTS`, documented in `docs/<name>.md` of this crate).

use goishi_board::{OptionKind, OptionSpec};

use goishi_go_rules::{Ko, Suicide};

use crate::position::CapturePosition;

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

goishi_board::declare_variants! {
    family: "capture",
    title: "Capture Go",
    position: CapturePosition,
    options: OPTIONS,
    default_size: (9, 9),
    reasons: [],
    capabilities: goishi_board::Capabilities {
        avoids_own_eyes: true,
        counts_dead_stones: false,
        go_interop: false,
    },
    variants: [
        /// Atari Go: the first capture wins.
        ATARI_GO {
            id: "capture/atari-go",
            aliases: ["atari-go", "capture-go", "first-capture"],
            summary: "Atari Go: Go where the first capture wins (captures=N: the first to capture N stones)",
            docs: "atari-go.md",
            preset: [],
        },
        /// Capture Go to five.
        FIVE {
            id: "capture/five",
            aliases: ["capture-five", "first-to-five"],
            summary: "Capture Go to five: the first player to capture five stones wins",
            docs: "five.md",
            preset: ["captures" = "5"],
        },
        // new-variant: presets above this line
    ]
}
