//! A GTP (Go Text Protocol, version 2) engine for every registered variant, in layers:
//!
//! - [`framing`]: the wire, and the only module that knows it: reading bounded lines,
//!   GTP's preprocessing, formatting responses (`=id`, `?id`, the empty line, a streamed
//!   answer's header), and [`serve`], the loop from an input to an output;
//! - [`commands`]: the command table (name, usage, argument count, handler, every handler
//!   of one form), the arity check, and `list_commands`;
//! - [`engine`]: the engine state ([`Engine`]: the rules, the board size, the game, the
//!   marked dead stones and how the others are judged, the record's properties, the
//!   player), the one way a command runs ([`Engine::run`]: the table, then the handler under
//!   a panic guard that clones nothing), and what a handler has of the controller while it
//!   runs ([`Controller`]: lines sent as they come, the flags that stop a search);
//! - [`player`]: the player of `genmove` (the tree search, or the random player) and its
//!   settings; [`clock`]: the session's clock and the time-management rule;
//! - [`args`]: parsing the arguments of commands (colours, counts, times) and writing
//!   vertex lists;
//! - `handlers`: the commands, grouped by the dialect that defines them: GTP's own
//!   (`core`), GNU Go's (`gnugo`), KataGo's (`katago`), GoGui's (`gogui`) and goishi's
//!   (`goishi`).
//!
//! Every handler validates its arguments and builds any new game aside before it changes
//! the state, so a command that fails leaves the state as it was.

pub mod args;
pub mod clock;
pub mod commands;
pub mod engine;
pub mod framing;
mod handlers;
pub mod player;

pub use commands::command_names;
pub use engine::{Answer, Controller, DeadStones, Engine, FileAccess};
pub use framing::{format_response, preprocess, read_line, read_line_within, serve, MAX_LINE};
pub use player::{PlayerKind, PlayerOptions};

#[cfg(test)]
mod tests;
