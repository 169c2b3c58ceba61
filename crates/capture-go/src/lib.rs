//! Capture Go: Go where the first player to capture N stones wins (Atari Go when N is 1),
//! the game teachers use to introduce beginners to liberties and capturing.
//!
//! The family builds on `goishi-go-rules`: a [`CapturePosition`] wraps a
//! [`GoPosition`](goishi_go_rules::GoPosition) (so every geometry, every ko and suicide rule
//! of Go works unchanged) and ends the game as soon as a player's prisoners reach the goal.
//! The rules and the choices made for the cases the teaching rules leave open are in
//! `docs/rules/capture-go.md`.
//!
//! ```
//! use goishi_board::{FromSetup, Move, Position, Rules};
//! use goishi_capture_go::CapturePosition;
//!
//! let rules = Rules::parse("atari-go").unwrap();
//! let mut game = CapturePosition::from_rules(&rules, Some((5, 5))).unwrap();
//! for v in ["A2", "A1", "B1"] {
//!     let p = game.geometry().parse_point(v).unwrap();
//!     game.play(Move::Place(p)).unwrap();
//! }
//! // Black's B1 took White's A1: the first capture wins.
//! assert_eq!(game.outcome().unwrap().to_string(), "B+");
//! ```

#![deny(missing_docs)]

pub mod config;
mod playout;
mod position;
mod variants;

pub use config::CaptureConfig;
pub use position::CapturePosition;
pub use variants::*;

/// The family's other rules syntaxes (none: its rules strings are goishi's own).
pub static SYNTAXES: &[&goishi_board::RulesSyntax] = &[];

/// The README's examples, run as doctests so that the page crates.io shows stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
