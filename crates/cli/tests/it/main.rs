//! The CLI's integration tests, in one binary (one link of the workspace rather than one a
//! file): a module per subject, named as its file. Run one subject with
//! `cargo test -p goishi-cli --test it gtp_regress::` (the test names start with the module).
//! The `goishi` binary under test is `env!("CARGO_BIN_EXE_goishi")`; data files are found
//! from `CARGO_MANIFEST_DIR` (`tests/gtp/`, `tests/gtp/sgf/`).
//!
//! The counting global allocator of `goishi-hardening` is installed for the whole binary:
//! the fuzz target (`fuzz_gtp`) and the worst cases (`worst_cases`) measure what the engine
//! holds with it. It counts each thread's allocations apart, so the other tests of the binary,
//! running at the same time, do not add to a measurement.

#[global_allocator]
static ALLOC: goishi_hardening::alloc::Counting = goishi_hardening::alloc::Counting;

mod analysis;
mod cli;
mod fuzz_gtp;
mod gnugo;
mod gtp_analysis;
mod gtp_input;
mod gtp_regress;
mod matches;
mod replay_batch;
mod support;
mod worst_cases;
