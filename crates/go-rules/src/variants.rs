//! The Go presets: rule names users already type, each a registered variant.

use goishi_board::{register_variant, Position, Setup, SetupErrors, VariantInfo};

use crate::config::OPTIONS;
use crate::position::GoPosition;

fn new_position(setup: Setup) -> Result<Box<dyn Position>, SetupErrors> {
    GoPosition::new(setup).map(|p| Box::new(p) as Box<dyn Position>)
}

macro_rules! go_variant {
    ($name:ident, $id:literal, [$($alias:literal),*], $summary:literal, $docs:literal, [$($k:literal = $v:literal),*]) => {
        /// A registered Go preset (see its `docs`).
        pub const $name: VariantInfo = VariantInfo {
            id: $id,
            family: "go",
            family_title: "Go",
            aliases: &[$($alias),*],
            summary: $summary,
            docs: $docs,
            options: OPTIONS,
            preset: &[$(($k, $v)),*],
            default_size: (19, 19),
            new_position,
        };
        register_variant!($name);
    };
}

go_variant!(
    TROMP_TAYLOR,
    "go/tromp-taylor",
    ["tromp-taylor", "tromp taylor", "tt"],
    "Tromp-Taylor rules: positional superko, suicide allowed, area scoring, komi 7.5",
    "## What it is\n\nThe logical rules of Go by John Tromp and Bill Taylor: the shortest complete ruleset, and the reference for computer Go.\n\n## The rules\n\nA play is placed, captures the opponent's chains without liberty, then removes the mover's own chains without liberty (self-capture is legal). No play may recreate an earlier board (positional superko, the initial board counted). Two consecutive passes end the game; each player scores their stones plus the empty points that reach only their colour; White adds komi 7.5.\n\n## An example\n\n`go/tromp-taylor:komi=0` is the same rules with no komi.\n\n## Where it comes from\n\nJohn Tromp's page \"The Game of Go\" (Tromp-Taylor rules); KataGo's `tromp-taylor` rules name.",
    []
);

go_variant!(
    CHINESE,
    "go/chinese",
    ["chinese", "cn"],
    "Chinese rules: simple ko, no suicide, area scoring, handicap bonus N, komi 7.5",
    "## What it is\n\nThe rules of the Chinese Weiqi Association, as engines implement them.\n\n## The rules\n\nSimple ko (a single stone that has just captured a single stone may not be recaptured at once), suicide forbidden, area scoring, komi 7.5, and White receives one point per handicap stone.\n\n## An example\n\n`chinese:komi=7` plays Chinese rules with komi 7.\n\n## Where it comes from\n\nThe Chinese rules of Go (2002); KataGo's `chinese` rules name.",
    ["ko" = "simple", "suicide" = "forbidden", "handicap-bonus" = "n"]
);

go_variant!(
    CHINESE_OGS,
    "go/chinese-ogs",
    ["chinese-ogs", "chinese-kgs", "chinese ogs", "chinese kgs"],
    "Chinese rules as OGS and KGS run them: positional superko, no suicide, area scoring",
    "## What it is\n\nChinese rules with the positional superko that the OGS and KGS servers enforce.\n\n## The rules\n\nPositional superko, suicide forbidden, area scoring, komi 7.5, one point per handicap stone to White.\n\n## An example\n\n`chinese-kgs` names the same variant.\n\n## Where it comes from\n\nKataGo's `chinese-ogs` and `chinese-kgs` rules names.",
    ["ko" = "positional", "suicide" = "forbidden", "handicap-bonus" = "n"]
);

go_variant!(
    JAPANESE,
    "go/japanese",
    ["japanese", "jp"],
    "Japanese rules: simple ko, no suicide, territory scoring, seki territory not counted, komi 6.5",
    "## What it is\n\nThe Japanese rules (Nihon Ki-in 1989) as engines implement them.\n\n## The rules\n\nSimple ko, suicide forbidden, territory scoring (territory plus prisoners), territory in seki does not count, komi 6.5. A position repeated for the third time with no pass in between (triple ko, eternal life) ends the game with no result.\n\n## An example\n\n`japanese:komi=0,ko=positional` keeps territory scoring with positional superko.\n\n## Where it comes from\n\nThe Japanese Rules of Go (1989); KataGo's `japanese` rules name.",
    ["ko" = "simple", "suicide" = "forbidden", "scoring" = "territory", "tax" = "seki", "cycles" = "no-result", "komi" = "6.5"]
);

go_variant!(
    KOREAN,
    "go/korean",
    ["korean", "kr"],
    "Korean rules: as Japanese (simple ko, territory scoring, seki territory not counted), komi 6.5",
    "## What it is\n\nThe Korean rules, which score like the Japanese rules.\n\n## The rules\n\nSimple ko, suicide forbidden, territory scoring, territory in seki does not count, no result on a thrice-repeated position, komi 6.5.\n\n## An example\n\n`korean:komi=6.5` is the default.\n\n## Where it comes from\n\nKataGo's `korean` rules name (the same options as `japanese`).",
    ["ko" = "simple", "suicide" = "forbidden", "scoring" = "territory", "tax" = "seki", "cycles" = "no-result", "komi" = "6.5"]
);

go_variant!(
    AGA,
    "go/aga",
    ["aga", "bga", "french"],
    "AGA rules: situational superko, no suicide, area scoring with pass stones, handicap bonus N-1",
    "## What it is\n\nThe American Go Association's rules (also used by the British and French associations).\n\n## The rules\n\nSituational superko, suicide forbidden, area scoring, komi 7.5. Each pass hands one stone to the opponent as a prisoner, so that area and territory counting agree, and the game ends only on White's pass. White receives N-1 points for N handicap stones.\n\n## An example\n\n`aga:komi=0.5` for a one-stone handicap game.\n\n## Where it comes from\n\nThe AGA Concise Rules of Go; KataGo's `aga`, `bga` and `french` rules names.",
    ["ko" = "situational", "suicide" = "forbidden", "handicap-bonus" = "n-1", "pass-stones" = "true"]
);

go_variant!(
    AGA_BUTTON,
    "go/aga-button",
    ["aga-button", "aga button"],
    "AGA rules with the button: situational superko, no suicide, area scoring, komi 7 plus the button",
    "## What it is\n\nThe AGA rules with a button in place of pass stones.\n\n## The rules\n\nSituational superko, suicide forbidden, area scoring, komi 7. The first pass of the game takes the button, worth half a point, and does not count toward ending the game. White receives N-1 points for N handicap stones.\n\n## An example\n\n`aga-button` with komi 7: the button makes the result never a draw.\n\n## Where it comes from\n\nKataGo's `aga-button` rules name; the button was proposed by John Fairbairn and used by the AGA.",
    ["ko" = "situational", "suicide" = "forbidden", "handicap-bonus" = "n-1", "button" = "true", "komi" = "7"]
);

go_variant!(
    NEW_ZEALAND,
    "go/new-zealand",
    ["new-zealand", "nz", "new zealand"],
    "New Zealand rules: situational superko, suicide allowed, area scoring, komi 7",
    "## What it is\n\nThe rules of the New Zealand Go Society.\n\n## The rules\n\nSituational superko, suicide (of more than one stone in the original text) allowed, area scoring, komi 7.\n\n## An example\n\n`nz:suicide=multi-stone` allows only multi-stone suicide.\n\n## Where it comes from\n\nThe New Zealand Rules of Go; KataGo's `new-zealand` rules name.",
    ["ko" = "situational", "komi" = "7"]
);

go_variant!(
    ING,
    "go/ing",
    ["ing", "goe"],
    "Ing (GOE) rules: positional superko, suicide allowed, area scoring, komi 7.5",
    "## What it is\n\nThe Ing rules (SST rules) of the Ing Goe foundation, as engines implement them.\n\n## The rules\n\nPositional superko, suicide allowed, area scoring, komi 7.5 (the Ing rules' 8 points by fill-in counting).\n\n## An example\n\n`goe` names the same variant.\n\n## Where it comes from\n\nKataGo's `goe` and `ing` rules names.",
    []
);

go_variant!(
    STONE_SCORING,
    "go/stone-scoring",
    ["stone-scoring", "stone scoring", "ancient", "ancient-area"],
    "Stone scoring (ancient rules): simple ko, no suicide, stones on the board, every group pays two points",
    "## What it is\n\nThe ancient Chinese way of counting: only stones on the board score.\n\n## The rules\n\nSimple ko, suicide forbidden, stones on the board count, and every group pays two points (the two eyes it needs to live), komi 7.5.\n\n## An example\n\n`stone-scoring:tax=none` counts stones without the group tax.\n\n## Where it comes from\n\nKataGo's `stone-scoring` and `ancient-area` rules names (KataGo counts them as area scoring with the group tax: see docs/rules/go.md); the group tax of the ancient rules.",
    ["ko" = "simple", "suicide" = "forbidden", "scoring" = "stones", "tax" = "all"]
);

/// Every Go preset, the explicit fallback for targets where `inventory` collects nothing.
pub static VARIANTS: &[&VariantInfo] = &[
    &AGA,
    &AGA_BUTTON,
    &CHINESE,
    &CHINESE_OGS,
    &ING,
    &JAPANESE,
    &KOREAN,
    &NEW_ZEALAND,
    &STONE_SCORING,
    &TROMP_TAYLOR,
];
