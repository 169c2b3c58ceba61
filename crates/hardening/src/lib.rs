//! Hardening of goishi: no input, however hostile, makes it panic, hang, use unbounded
//! memory, or change a position wrongly.
//!
//! - [`invariants`]: the checks the property tests add to the conformance runner's universal
//!   checks (which colours a capture removes, the score against a fresh count, legal moves
//!   after `undo`);
//! - [`targets`]: the four fuzz targets (rules strings, SGF, GTP, text diagrams), each a
//!   function from bytes to `Ok(())` or the property that failed;
//! - [`gen`]: the inputs they are fed: structure-aware generators (valid inputs and mutations
//!   of them) and raw bytes, as `proptest` strategies;
//! - [`fuzz`]: the budgeted runner behind `GOISHI_FUZZ_SECONDS` (`cargo xtask fuzz`) and the
//!   regression corpus under `crates/hardening/corpus/<target>/`;
//! - [`alloc`]: the counting global allocator of `goishi-conformance`, for the tests that
//!   bound memory.
//!
//! The tests live in `tests/`: `properties.rs`, `fuzz.rs` (the harness and the corpus
//! replay), `worst_cases.rs` and `replay_batch.rs`.

pub use goishi_conformance::alloc;
pub mod fuzz;
pub mod gen;
pub mod invariants;
pub mod targets;

/// Whether the slow versions of the worst-case tests run (`GOISHI_SLOW=1`).
pub fn slow() -> bool {
    std::env::var("GOISHI_SLOW").is_ok_and(|v| !v.is_empty() && v != "0")
}
