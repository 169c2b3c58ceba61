//! Players for every goishi variant, and the self-play game loop: a library that every
//! front end shares (the CLI's `genmove`, `selfplay` and dead stones; the Python package's
//! `MctsPlayer`, `RandomPlayer` and `estimate_dead`; the browser playground's opponents and its
//! scoring; the vectorized environment `goishi-env`). No terminal and no output: the front
//! end parses its arguments, prints, and shows progress.
//!
//! - [`batched`]: a tree search over a batch of games whose leaves the caller evaluates
//!   ([`BatchedSearch`]: AlphaZero's PUCT, Gumbel MuZero's root), for training networks by
//!   self-play;
//! - [`pool`]: threads started once and kept, lent to each call of a batched loop (the
//!   batched search here, the environment of `goishi-env`);
//! - [`player`]: the [`Player`] trait and the uniform [`RandomPlayer`] (the policy of
//!   `genmove`);
//! - [`mcts`]: the Monte Carlo tree search player ([`MctsPlayer`]): UCT with RAVE statistics
//!   over playouts of each family's random policy, generic over the concrete position type,
//!   with tree reuse, threads, playout and time budgets and resignation;
//! - [`dead`]: the dead stones of a finished Go position ([`estimate_dead`]): Benson's
//!   pass-alive chains and territory, then the ownership of random playouts, then seki;
//! - [`selfplay`]: a game played to its end (or a move cap) by one player for both sides,
//!   and the seeded random games of `goishi selfplay` ([`Selfplay`]: each family's playout
//!   policy on its concrete position type), so that any one game of a run can be replayed
//!   alone.
//!
//! The players work through the `Position` trait, for every registered variant; the trait
//! is generic over the position type, so that the search works on a concrete position
//! (`GoPosition`) without dynamic dispatch per node, while the front ends use `dyn Position`.

#![deny(missing_docs)]

pub mod batched;
pub mod dead;
pub mod mcts;
pub mod player;
pub mod pool;
pub mod selfplay;

pub use batched::{BatchedConfig, BatchedSearch, LeafEncoder};
pub use dead::{estimate_dead, estimate_dead_dyn, DeadConfig, Judgement, StoneStatus};
pub use mcts::MctsPlayer;
pub use player::{Player, RandomPlayer};
pub use selfplay::{game_rng, play_game, play_out, Game, Played, Selfplay, SelfplayError};

/// The README's examples, run as doctests so that the page crates.io shows stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
