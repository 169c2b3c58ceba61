//! Go under every real ruleset: the play in three steps (place, capture, self-capture) on any
//! geometry, every suicide, ko and superko rule, area, territory and stone scoring, komi,
//! handicap, AGA pass stones and the button.

pub mod benson;
pub mod config;
pub mod handicap;
pub mod katago;
pub mod scoring;

pub use config::{Cycles, GoConfig, HandicapBonus, Ko, Scoring, Suicide, Tax};
