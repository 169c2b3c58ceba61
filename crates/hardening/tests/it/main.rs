//! The hardening suites in one binary (one link rather than one a file): the property tests
//! (`properties`) and the fuzz harness with its corpus replay (`fuzz`). `cargo xtask fuzz`
//! runs the harness here (`cargo test -p goishi-hardening --test it -- --exact fuzz::fuzz_sgf`
//! and the like).
//!
//! The counting global allocator is installed for the whole binary: the fuzz runner bounds
//! what one input holds with it, counting the measuring thread alone. The worst cases
//! (`tests/worst_cases.rs`) keep a binary of their own: one of them measures every thread's
//! allocations, which needs a binary whose other tests wait while it measures.

#[global_allocator]
static ALLOC: goishi_hardening::alloc::Counting = goishi_hardening::alloc::Counting;

mod fuzz;
mod properties;
