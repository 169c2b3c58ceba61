//! What a value costs in memory, measured with the counting global allocator of
//! `goishi-conformance`, which the bench binary installs to measure the heap bytes of a
//! position honestly (every allocation counted, whichever engine makes it). The counters are
//! the calling thread's: a footprint is a clone made on this thread, so what criterion or
//! another thread allocates meanwhile does not count:
//!
//! ```text
//! #[global_allocator]
//! static ALLOC: goishi_bench::alloc::Counting = goishi_bench::alloc::Counting;
//! ```

pub use goishi_conformance::alloc::{allocations, installed, live, Counting};

/// What one value costs in memory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Footprint {
    /// `size_of` the value itself.
    pub inline_bytes: usize,
    /// Heap bytes a clone of it allocates (buffers shared by reference counting are not
    /// copied, so not counted).
    pub heap_bytes: usize,
    /// Allocations a clone makes.
    pub allocations: usize,
}

impl Footprint {
    /// Inline and heap bytes together.
    pub fn total(&self) -> usize {
        self.inline_bytes + self.heap_bytes
    }
}

/// The footprint of `value`, measured on a clone: `None` when [`Counting`] is not installed.
pub fn footprint<T: Clone>(value: &T) -> Option<Footprint> {
    if !installed() {
        return None;
    }
    let (bytes0, allocs0) = (live(), allocations());
    let copy = std::hint::black_box(value.clone());
    let (bytes1, allocs1) = (live(), allocations());
    drop(copy);
    Some(Footprint {
        inline_bytes: std::mem::size_of::<T>(),
        heap_bytes: usize::try_from(bytes1 - bytes0).unwrap_or(0),
        allocations: allocs1.saturating_sub(allocs0),
    })
}
