//! The conformance suites of every registered variant (`conformance`) and the freshness of
//! the generated reference pages (`docs`), in one binary (one link rather than one a file).
//!
//! Two tests keep binaries of their own: the runner's (`tests/runner.rs`) registers a toy
//! variant that no other binary may see (this one checks the registry against
//! `conformance/variants.txt`), and the counting allocator's (`tests/alloc.rs`) measures
//! every thread's allocations, which needs a binary whose other tests wait while it measures.

mod conformance;
mod docs;
