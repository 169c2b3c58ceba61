//! The environment's integration tests, in one binary (one link of the workspace rather than
//! one a file): a module per subject, named as its file. Run one subject with
//! `cargo test -p goishi-env --test it batch::`. The allocation test keeps a binary of its own
//! (`tests/alloc.rs`): it installs the counting allocator for its process. Both share
//! `tests/support/`.

#[path = "../support/mod.rs"]
mod support;

mod batch;
mod input;
mod mask;
mod search;
mod training;
