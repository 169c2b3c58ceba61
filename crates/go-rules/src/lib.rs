//! Go under every real ruleset: the play in three steps (place, capture, self-capture) on any
//! geometry, every suicide, ko and superko rule, area, territory and stone scoring, komi,
//! handicap, AGA pass stones and the button.
//!
//! ```
//! use goishi_board::{FromSetup, Move, Position, Rules};
//! use goishi_go_rules::GoPosition;
//!
//! let rules = Rules::parse("chinese:komi=7").unwrap();
//! let mut game = GoPosition::from_rules(&rules, Some((9, 9))).unwrap();
//! let d5 = game.geometry().parse_point("D5").unwrap();
//! game.play(Move::Place(d5)).unwrap();
//! assert!(game.play(Move::Place(d5)).is_err()); // occupied, and the position is unchanged
//! ```

#![deny(missing_docs)]

pub mod benson;
pub mod config;
pub mod handicap;
mod history;
pub mod katago;
mod layout;
pub mod playout;
mod position;
pub mod scoring;
mod variants;

pub use config::{Cycles, GoConfig, HandicapBonus, Ko, Scoring, Suicide, Tax};
pub use katago::SYNTAXES;
pub use playout::HeavyGo;
pub use position::{ChainStones, GoPosition};
pub use variants::*;

/// The README's examples, run as doctests so that the page crates.io shows stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
