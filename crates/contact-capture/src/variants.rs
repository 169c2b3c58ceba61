//! The eight variants of the source text, as presets of the one capture model, declared
//! once: each registered, listed in [`VARIANTS`], and documented in `docs/<name>.md` of this
//! crate.
//!
//! Each variant's documentation has the four sections: what it is, the rules, an example,
//! where it comes from. The example diagrams print the top row first; `X` is the mover, `O`
//! the opponent, `*` the stone just placed.

use crate::config::OPTIONS;
use crate::position::ContactPosition;

goishi_board::declare_variants! {
    family: "contact",
    title: "Contact capture",
    position: ContactPosition,
    options: OPTIONS,
    default_size: (9, 9),
    reasons: [],
    variants: [
        /// CC 1A.
        CC_1A {
            id: "contact/1a",
            aliases: ["cc-1a", "CC 1A", "cc1a", "contact-1a"],
            summary: "CC 1A: any opponent stone one of your stones touches is removed (k = 1, protection A)",
            docs: "1a.md",
            preset: ["k" = "1", "protection" = "a"],
        },
        /// CC 1B.
        CC_1B {
            id: "contact/1b",
            aliases: ["cc-1b", "CC 1B", "cc1b", "contact-1b"],
            summary: "CC 1B: a stone that touches exactly one opponent stone removes it (k = 1, protection B, t = 2)",
            docs: "1b.md",
            preset: ["k" = "1", "protection" = "b"],
        },
        /// CC 2A.
        CC_2A {
            id: "contact/2a",
            aliases: ["cc-2a", "CC 2A", "cc2a", "contact-2a"],
            summary: "CC 2A: an opponent stone touched by two of your stones is removed (k = 2, protection A)",
            docs: "2a.md",
            preset: ["k" = "2", "protection" = "a"],
        },
        /// CC 2B.
        CC_2B {
            id: "contact/2b",
            aliases: ["cc-2b", "CC 2B", "cc2b", "contact-2b"],
            summary: "CC 2B: as 2A, but a stone touched by two opponent stones cannot help remove (k = 2, protection B, t = 2)",
            docs: "2b.md",
            preset: ["k" = "2", "protection" = "b"],
        },
        /// CC 2C.
        CC_2C {
            id: "contact/2c",
            aliases: ["cc-2c", "CC 2C", "cc2c", "contact-2c"],
            summary: "CC 2C: as 2A, but the two removing stones must not touch each other (k = 2, protection C)",
            docs: "2c.md",
            preset: ["k" = "2", "protection" = "c"],
        },
        /// CC 3A.
        CC_3A {
            id: "contact/3a",
            aliases: ["cc-3a", "CC 3A", "cc3a", "contact-3a"],
            summary: "CC 3A: an opponent stone touched by three of your stones is removed (k = 3, protection A)",
            docs: "3a.md",
            preset: ["k" = "3", "protection" = "a"],
        },
        /// CC 3B.
        CC_3B {
            id: "contact/3b",
            aliases: ["cc-3b", "CC 3B", "cc3b", "contact-3b"],
            summary: "CC 3B: as 3A, but a stone itself in danger (touched by three opponent stones) cannot help (k = 3, protection B, t = 3)",
            docs: "3b.md",
            preset: ["k" = "3", "protection" = "b"],
        },
        /// CC 4A.
        CC_4A {
            id: "contact/4a",
            aliases: ["cc-4a", "CC 4A", "cc4a", "contact-4a"],
            summary: "CC 4A: an opponent stone touched by four of your stones is removed (k = 4, protection A)",
            docs: "4a.md",
            preset: ["k" = "4", "protection" = "a"],
        },
        // new-variant: presets above this line
    ]
}
