//! The Go presets: rule names users already type, each a registered variant, declared once
//! (registered, listed in [`VARIANTS`], documented in `docs/<name>.md` of this crate). KataGo's
//! rules names resolve to these presets ([`crate::katago`] reads [`VARIANTS`]).

use crate::config::OPTIONS;
use crate::position::GoPosition;

goishi_board::declare_variants! {
    family: "go",
    title: "Go",
    position: GoPosition,
    options: OPTIONS,
    default_size: (19, 19),
    reasons: [],
    capabilities: goishi_board::Capabilities {
        avoids_own_eyes: true,
        counts_dead_stones: true,
        go_interop: true,
    },
    variants: [
        /// Tromp-Taylor rules.
        TROMP_TAYLOR {
            id: "go/tromp-taylor",
            aliases: ["tromp-taylor", "tromp taylor", "tt"],
            summary: "Tromp-Taylor rules: positional superko, suicide allowed, area scoring, komi 7.5",
            docs: "tromp-taylor.md",
            preset: [],
        },
        /// Chinese rules.
        CHINESE {
            id: "go/chinese",
            aliases: ["chinese", "cn"],
            summary: "Chinese rules: simple ko, no suicide, area scoring, handicap bonus N, komi 7.5",
            docs: "chinese.md",
            preset: ["ko" = "simple", "suicide" = "forbidden", "handicap-bonus" = "n"],
        },
        /// Chinese rules as OGS and KGS run them.
        CHINESE_OGS {
            id: "go/chinese-ogs",
            aliases: ["chinese-ogs", "chinese-kgs", "chinese ogs", "chinese kgs"],
            summary: "Chinese rules as OGS and KGS run them: positional superko, no suicide, area scoring",
            docs: "chinese-ogs.md",
            preset: ["ko" = "positional", "suicide" = "forbidden", "handicap-bonus" = "n"],
        },
        /// Japanese rules.
        JAPANESE {
            id: "go/japanese",
            aliases: ["japanese", "jp"],
            summary: "Japanese rules: simple ko, no suicide, territory scoring, seki territory not counted, komi 6.5",
            docs: "japanese.md",
            preset: ["ko" = "simple", "suicide" = "forbidden", "scoring" = "territory", "tax" = "seki", "cycles" = "no-result", "komi" = "6.5"],
        },
        /// Korean rules.
        KOREAN {
            id: "go/korean",
            aliases: ["korean", "kr"],
            summary: "Korean rules: as Japanese (simple ko, territory scoring, seki territory not counted), komi 6.5",
            docs: "korean.md",
            preset: ["ko" = "simple", "suicide" = "forbidden", "scoring" = "territory", "tax" = "seki", "cycles" = "no-result", "komi" = "6.5"],
        },
        /// AGA rules.
        AGA {
            id: "go/aga",
            aliases: ["aga", "bga", "french"],
            summary: "AGA rules: situational superko, no suicide, area scoring with pass stones, handicap bonus N-1",
            docs: "aga.md",
            preset: ["ko" = "situational", "suicide" = "forbidden", "handicap-bonus" = "n-1", "pass-stones" = "true"],
        },
        /// AGA rules with the button.
        AGA_BUTTON {
            id: "go/aga-button",
            aliases: ["aga-button", "aga button"],
            summary: "AGA rules with the button: situational superko, no suicide, area scoring, komi 7 plus the button",
            docs: "aga-button.md",
            preset: ["ko" = "situational", "suicide" = "forbidden", "handicap-bonus" = "n-1", "button" = "true", "komi" = "7"],
        },
        /// New Zealand rules.
        NEW_ZEALAND {
            id: "go/new-zealand",
            aliases: ["new-zealand", "nz", "new zealand"],
            summary: "New Zealand rules: situational superko, suicide allowed, area scoring, komi 7",
            docs: "new-zealand.md",
            preset: ["ko" = "situational", "komi" = "7"],
        },
        /// Ing (GOE) rules.
        ING {
            id: "go/ing",
            aliases: ["ing", "goe"],
            summary: "Ing (GOE) rules: positional superko, suicide allowed, area scoring, komi 7.5",
            docs: "ing.md",
            preset: [],
        },
        /// Stone scoring (ancient rules).
        STONE_SCORING {
            id: "go/stone-scoring",
            aliases: ["stone-scoring", "stone scoring", "ancient", "ancient-area"],
            summary: "Stone scoring (ancient rules): simple ko, no suicide, stones on the board, every group pays two points",
            docs: "stone-scoring.md",
            preset: ["ko" = "simple", "suicide" = "forbidden", "scoring" = "stones", "tax" = "all"],
        },
        // new-variant: presets above this line
    ]
}
