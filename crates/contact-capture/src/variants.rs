//! The eight variants of the source text, as presets of the one capture model.
//!
//! Each variant's documentation has the same sections: what it is, the rules, an example,
//! where it comes from. The example diagrams print the top row first; `X` is the mover, `O`
//! the opponent, `*` the stone just placed.

use goishi_board::VariantInfo;

use crate::config::OPTIONS;
use crate::position::new_position;

/// The rules every variant shares, appended to each variant's own rules section.
macro_rules! common_rules {
    () => {
        "\n\nThe game: a turn is a pass or a stone of the mover's colour on any empty point \
(a placement that captures nothing is legal; stones never move). Removals are decided on the \
board as it stands after the placement and before any removal, and happen all at once; the \
mover's own stones are never removed. Repetition: positional superko (`ko=`). The game ends \
after two passes in a row, or when the player to move has no legal placement. Score: stones \
on the board, plus komi (default 0) for White. Options: `contact` (auto: king on square and \
torus boards, hex on hex boards, graph edges), `scope`, `threshold`, `capture-goal`, \
`min-stones`; all can be overridden (`contact/2c:contact=orth`)."
    };
}

/// CC 1A.
pub const CC_1A: VariantInfo = VariantInfo {
    id: "contact/1a",
    family: "contact",
    family_title: "Contact capture",
    aliases: &["cc-1a", "CC 1A", "cc1a", "contact-1a"],
    summary: "CC 1A: any opponent stone one of your stones touches is removed (k = 1, protection A)",
    docs: concat!(
        "## What it is\n\nThe simplest contact capture: touching an enemy stone removes it.\n\n",
        "## Rules\n\nk = 1, protection A: after a placement, every opponent stone touched by at least \
one of the mover's stones is removed.",
        common_rules!(),
        "\n\n## Example\n\nOn an otherwise empty 5x5 board, O on A3, C3 and E3; X plays B3 and \
removes A3 and C3:\n\n```\nO * O . O\n```\n\n",
        "## Where it comes from\n\nCC 1A of the contact-capture source text: a stone that comes \
into contact is taken; (1) takes (A) and (B), (2) takes (B) and (C).\n"
    ),
    options: OPTIONS,
    preset: &[("k", "1"), ("protection", "a")],
    default_size: (9, 9),
    new_position,
};

/// CC 1B.
pub const CC_1B: VariantInfo = VariantInfo {
    id: "contact/1b",
    family: "contact",
    family_title: "Contact capture",
    aliases: &["cc-1b", "CC 1B", "cc1b", "contact-1b"],
    summary: "CC 1B: a stone that touches exactly one opponent stone removes it (k = 1, protection B, t = 2)",
    docs: concat!(
        "## What it is\n\nOne-stone capture, but a stone in contact with two or more enemy stones \
is too busy to capture.\n\n",
        "## Rules\n\nk = 1, protection B with t = 2: an opponent stone is removed when one of the \
mover's stones touches it and that stone is touched by fewer than two opponent stones.",
        common_rules!(),
        "\n\n## Example\n\nX on A3, C3, E3, O on B3, D3; X plays anywhere (A5): B3 is removed by A3 \
and D3 by E3; C3 touches two O stones and takes nothing.\n\n```\n* . . . .\n. . . . .\nX O X O X\n```\n\n",
        "## Where it comes from\n\nCC 1B of the source text: a stone that comes into contact with \
an opponent's stone and is not in contact with another opponent's stone is taken.\n"
    ),
    options: OPTIONS,
    preset: &[("k", "1"), ("protection", "b")],
    default_size: (9, 9),
    new_position,
};

/// CC 2A.
pub const CC_2A: VariantInfo = VariantInfo {
    id: "contact/2a",
    family: "contact",
    family_title: "Contact capture",
    aliases: &["cc-2a", "CC 2A", "cc2a", "contact-2a"],
    summary: "CC 2A: an opponent stone touched by two of your stones is removed (k = 2, protection A)",
    docs: concat!(
        "## What it is\n\nTwo-stone contact capture.\n\n",
        "## Rules\n\nk = 2, protection A: an opponent stone touched by at least two of the mover's \
stones is removed.",
        common_rules!(),
        "\n\n## Example\n\nX plays B3 (`*`): C4 (touched by B4 and B3) and B2 (touched by A3, B3 \
and B1) are removed; B5 is touched by B4 only and stays.\n\n```\n. O . .\n. X O .\nX * . .\n. O . .\n. X . .\n```\n\n",
        "## Where it comes from\n\nCC 2A of the source text: two stones in contact remove a stone; \
(1) and (2) remove (B); (2) and (3), or (3) and (4), remove (C).\n"
    ),
    options: OPTIONS,
    preset: &[("k", "2"), ("protection", "a")],
    default_size: (9, 9),
    new_position,
};

/// CC 2B.
pub const CC_2B: VariantInfo = VariantInfo {
    id: "contact/2b",
    family: "contact",
    family_title: "Contact capture",
    aliases: &["cc-2b", "CC 2B", "cc2b", "contact-2b"],
    summary: "CC 2B: as 2A, but a stone touched by two opponent stones cannot help remove (k = 2, protection B, t = 2)",
    docs: concat!(
        "## What it is\n\nTwo-stone contact capture in which a threatened stone cannot attack.\n\n",
        "## Rules\n\nk = 2, protection B with t = 2: an opponent stone is removed when two of the \
mover's stones touch it, each touched by fewer than two opponent stones.",
        common_rules!(),
        "\n\n## Example\n\nThe 2A picture: X plays B3; B4 and B3 each touch two O stones and cannot \
take part; A3 and B1 remove B2; C4 stays.\n\n```\n. O . .\n. X O .\nX * . .\n. O . .\n. X . .\n```\n\n",
        "## Where it comes from\n\nCC 2B of the source text: as 2A, but a stone threatened by two \
opponent stones cannot take part in a removal; only (3) and (4) can remove, and they remove (C).\n"
    ),
    options: OPTIONS,
    preset: &[("k", "2"), ("protection", "b")],
    default_size: (9, 9),
    new_position,
};

/// CC 2C.
pub const CC_2C: VariantInfo = VariantInfo {
    id: "contact/2c",
    family: "contact",
    family_title: "Contact capture",
    aliases: &["cc-2c", "CC 2C", "cc2c", "contact-2c"],
    summary: "CC 2C: as 2A, but the two removing stones must not touch each other (k = 2, protection C)",
    docs: concat!(
        "## What it is\n\nTwo-stone contact capture from two separate sides.\n\n",
        "## Rules\n\nk = 2, protection C: an opponent stone is removed when two of the mover's \
stones that do not touch each other both touch it. Under orthogonal contact no two neighbours \
of a point touch, so 2C plays as 2A there.",
        common_rules!(),
        "\n\n## Example\n\nThe 2A picture: X plays B3; B3 and B1 (or A3 and B1) remove B2; B4 and \
B3 touch each other and cannot remove C4.\n\n```\n. O . .\n. X O .\nX * . .\n. O . .\n. X . .\n```\n\n",
        "## Where it comes from\n\nCC 2C of the source text: as 2A, but the two removing stones must \
not be in contact with each other.\n"
    ),
    options: OPTIONS,
    preset: &[("k", "2"), ("protection", "c")],
    default_size: (9, 9),
    new_position,
};

/// CC 3A.
pub const CC_3A: VariantInfo = VariantInfo {
    id: "contact/3a",
    family: "contact",
    family_title: "Contact capture",
    aliases: &["cc-3a", "CC 3A", "cc3a", "contact-3a"],
    summary: "CC 3A: an opponent stone touched by three of your stones is removed (k = 3, protection A)",
    docs: concat!(
        "## What it is\n\nThree-stone contact capture.\n\n",
        "## Rules\n\nk = 3, protection A: an opponent stone touched by at least three of the \
mover's stones is removed.",
        common_rules!(),
        "\n\n## Example\n\nX plays D1 (`*`): C1 is touched by B1, C2 and D1 and is removed (with \
orthogonal or king contact alike).\n\n```\n. O X O .\n. X O * .\n```\n\n",
        "## Where it comes from\n\nCC 3A of the source text: three stones in contact remove a stone; \
(2), (3) and (4) remove (C).\n"
    ),
    options: OPTIONS,
    preset: &[("k", "3"), ("protection", "a")],
    default_size: (9, 9),
    new_position,
};

/// CC 3B.
pub const CC_3B: VariantInfo = VariantInfo {
    id: "contact/3b",
    family: "contact",
    family_title: "Contact capture",
    aliases: &["cc-3b", "CC 3B", "cc3b", "contact-3b"],
    summary: "CC 3B: as 3A, but a stone itself in danger (touched by three opponent stones) cannot help (k = 3, protection B, t = 3)",
    docs: concat!(
        "## What it is\n\nThree-stone contact capture in which a stone in danger cannot attack.\n\n",
        "## Rules\n\nk = 3, protection B with t = 3: an opponent stone is removed when three of the \
mover's stones touch it, each touched by fewer than three opponent stones (a plain count of \
contacts, not whether the stone could really be removed).",
        common_rules!(),
        "\n\n## Example\n\nThe 3A picture: C2 is touched by B2, D2 and C1, so it cannot take part and \
X's D1 removes nothing; with D2 an X stone instead, D1 removes C1.\n\n```\n. O X O .\n. X O * .\n```\n\n",
        "## Where it comes from\n\nCC 3B of the source text: as 3A, but no stone that is itself in \
danger of removal may take part.\n"
    ),
    options: OPTIONS,
    preset: &[("k", "3"), ("protection", "b")],
    default_size: (9, 9),
    new_position,
};

/// CC 4A.
pub const CC_4A: VariantInfo = VariantInfo {
    id: "contact/4a",
    family: "contact",
    family_title: "Contact capture",
    aliases: &["cc-4a", "CC 4A", "cc4a", "contact-4a"],
    summary: "CC 4A: an opponent stone touched by four of your stones is removed (k = 4, protection A)",
    docs: concat!(
        "## What it is\n\nFour-stone contact capture; with orthogonal contact it is surrounding a \
single stone, as a one-stone capture in Go.\n\n",
        "## Rules\n\nk = 4, protection A: an opponent stone touched by at least four of the mover's \
stones is removed. With the default absolute threshold a corner stone (3 king neighbours) can \
never be removed; `threshold=capped` lowers the threshold to the number of neighbours.",
        common_rules!(),
        "\n\n## Example\n\nOrthogonal contact: X plays the fourth side of O's stone and removes \
it.\n\n```\n. X .\nX O *\n. X .\n```\n\n",
        "## Where it comes from\n\nCC 4A of the source text: four stones in contact remove a stone; \
(1), (2), (5) and (6) remove (B).\n"
    ),
    options: OPTIONS,
    preset: &[("k", "4"), ("protection", "a")],
    default_size: (9, 9),
    new_position,
};

goishi_board::register_variant!(CC_1A);
goishi_board::register_variant!(CC_1B);
goishi_board::register_variant!(CC_2A);
goishi_board::register_variant!(CC_2B);
goishi_board::register_variant!(CC_2C);
goishi_board::register_variant!(CC_3A);
goishi_board::register_variant!(CC_3B);
goishi_board::register_variant!(CC_4A);
