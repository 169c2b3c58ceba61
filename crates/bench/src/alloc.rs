//! A counting global allocator: the bench binary installs it to measure the heap bytes of a
//! position honestly (every allocation counted, whichever engine makes it).
//!
//! ```text
//! #[global_allocator]
//! static ALLOC: goishi_bench::alloc::Counting = goishi_bench::alloc::Counting;
//! ```

// A `GlobalAlloc` cannot be written without `unsafe`: this one only forwards to the system
// allocator and counts.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

static LIVE_BYTES: AtomicUsize = AtomicUsize::new(0);
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting the bytes live and the allocations made.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counting;

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so it keeps
// `System`'s guarantees; the counters are plain atomics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            LIVE_BYTES.fetch_add(layout.size(), Ordering::Relaxed);
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            LIVE_BYTES.fetch_add(layout.size(), Ordering::Relaxed);
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE_BYTES.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            LIVE_BYTES.fetch_add(new_size, Ordering::Relaxed);
            LIVE_BYTES.fetch_sub(layout.size(), Ordering::Relaxed);
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        p
    }
}

/// The bytes live on the heap and the allocations made so far (zero unless [`Counting`] is
/// the global allocator).
pub fn counters() -> (usize, usize) {
    (
        LIVE_BYTES.load(Ordering::Relaxed),
        ALLOCATIONS.load(Ordering::Relaxed),
    )
}

/// Whether [`Counting`] is the global allocator of this program.
pub fn is_installed() -> bool {
    let before = counters().1;
    let probe = std::hint::black_box(Box::new(0u64));
    let after = counters().1;
    drop(probe);
    after > before
}

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
    if !is_installed() {
        return None;
    }
    let (bytes0, allocs0) = counters();
    let copy = std::hint::black_box(value.clone());
    let (bytes1, allocs1) = counters();
    drop(copy);
    Some(Footprint {
        inline_bytes: std::mem::size_of::<T>(),
        heap_bytes: bytes1.saturating_sub(bytes0),
        allocations: allocs1.saturating_sub(allocs0),
    })
}
