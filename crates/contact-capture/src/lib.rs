//! The contact-capture family of games, CC 1A to CC 4A and the parameter space behind them.
//!
//! Stones never move and are never surrounded: an opponent stone is removed when enough of
//! the mover's stones touch it. One capture model covers the eight variants of the source
//! text and every combination between them:
//!
//! - `k`: how many of the mover's stones must touch a stone to remove it;
//! - `protection`: `a` (any k of them), `b` (a stone touched by `t` or more opponent stones
//!   may not take part; `t` defaults to max(k, 2)), `c` (the k stones must not touch each
//!   other), `b+c`;
//! - `contact`: `king`, `orthogonal`, `hex`, `graph`, or `auto` (king on square and torus
//!   boards, hex on hex boards, the edges of a graph board);
//! - `scope`: `global` (every opponent stone is tested after a placement) or `local` (only
//!   those touching the placed stone, which must take part);
//! - `threshold`: `absolute` or `capped` (min(k, number of neighbours)).
//!
//! The game around the captures: placements or passes, repetition (`ko`), the end after two
//! passes or when the player to move has no legal placement, scoring by stones on the board
//! plus komi, and two optional goals (`capture-goal`, `min-stones`).
//!
//! ```
//! use goishi_board::{Color, Move, Position, Rules};
//! use goishi_contact_capture::ContactPosition;
//!
//! let mut game = ContactPosition::from_rules_string("contact/1a:size=5").unwrap();
//! let g = game.geometry().clone();
//! let at = |name: &str| Move::Place(g.parse_point(name).unwrap());
//! game.play(at("C3")).unwrap();
//! let effect = game.play(at("D4")).unwrap();
//! assert_eq!(effect.captured, 1); // D4 touches C3 (king contact): C3 is removed
//! assert_eq!(game.captures(Color::White), 1);
//! ```

#![deny(missing_docs)]

pub mod config;
mod engine;
mod playout;
pub mod position;
pub mod variants;

pub use config::{
    CaptureParams, ConfigError, ContactConfig, ContactKind, Ko, Model, Protection, Scope,
    Threshold, OPTIONS,
};
pub use position::ContactPosition;
pub use variants::VARIANTS;

/// The family's other rules syntaxes (none: its rules strings are goishi's own).
pub static SYNTAXES: &[&goishi_board::RulesSyntax] = &[];

/// The README's examples, run as doctests so that the page crates.io shows stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
