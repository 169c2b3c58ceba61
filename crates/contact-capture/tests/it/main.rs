//! The integration tests of `goishi-contact-capture`, in one binary (one link rather than one
//! a file), a module each: the engine against its reference model (`reference`), no
//! allocation per move (`allocation`), the case files and universal suites (`conformance`),
//! presets, overrides and bad input (`options`). Run one with
//! `cargo test -p goishi-contact-capture --test it reference::`.
//!
//! The counting global allocator of `goishi-conformance` is installed for the whole binary
//! (`allocation` counts with it); it counts each thread's allocations apart, so the other
//! tests, running at the same time, do not add to a count.

#[global_allocator]
static GLOBAL: goishi_conformance::alloc::Counting = goishi_conformance::alloc::Counting;

mod allocation;
mod conformance;
mod options;
mod reference;
