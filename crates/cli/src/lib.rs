#![deny(missing_docs)]
//! The `goishi` command-line tool as a library: the GTP engine, SGF records, replay,
//! self-play, matches between engines, diagrams and the variant list. `main.rs` is a thin front end over [`run`].

pub mod analysis;
pub mod cli;
pub mod common;
pub mod go_ext;
pub mod gtp;
pub mod matches;
pub mod parallel;
pub mod replay;
pub mod selfplay;
pub mod show;
pub mod variants;

pub use cli::run;
