//! The player crate's integration tests, in one binary (one link of the workspace rather than
//! one a file): a module per subject, named as its file. Run one subject with
//! `cargo test -p goishi-play --test it search::` (the test names start with the module).
//! The allocation test keeps a binary of its own (`tests/allocation.rs`): it installs the
//! counting allocator for its process.

mod batched;
mod common;
mod dead;
mod legality;
mod move_cap;
mod search;
mod strength;
