//! Hardening of goishi: no input, however hostile, makes it panic, hang, use unbounded
//! memory, or change a position wrongly.
//!
//! - [`invariants`]: the checks the property tests add to the conformance runner's universal
//!   checks (which colours a capture removes, the score against a fresh count, legal moves
//!   after `undo`);
//! - [`targets`]: three fuzz targets (rules strings, SGF, text diagrams), each a function from
//!   bytes to `Ok(())` or the property that failed (the fourth, GTP, is the CLI's: it runs on
//!   this crate's runner and generator in `crates/cli/tests/it/fuzz_gtp.rs`, since this crate
//!   depends on no front end);
//! - [`gen`]: the inputs they are fed: structure-aware generators (valid inputs and mutations
//!   of them) and raw bytes, as `proptest` strategies;
//! - [`fuzz`]: the budgeted runner behind `GOISHI_FUZZ_SECONDS` (`cargo xtask fuzz`) and the
//!   regression corpus under `crates/hardening/corpus/<target>/`;
//! - [`alloc`]: the counting global allocator of `goishi-conformance`, for the tests that
//!   bound memory; [`bounds`]: the measurement and bounds of the worst-case tests (this
//!   crate's and the CLI's).
//!
//! The tests live in `tests/`: `properties.rs`, `fuzz.rs` (the harness and the corpus
//! replay) and `worst_cases.rs` (the libraries'; the GTP engine's and the binary's, and the
//! batch replay of a thousand records, are in `crates/cli/tests/`).

pub use goishi_conformance::alloc;
pub mod bounds;
pub mod fuzz;
pub mod gen;
pub mod invariants;
pub mod targets;

/// Whether the slow versions of the worst-case tests run (`GOISHI_SLOW=1`).
pub fn slow() -> bool {
    std::env::var("GOISHI_SLOW").is_ok_and(|v| !v.is_empty() && v != "0")
}
