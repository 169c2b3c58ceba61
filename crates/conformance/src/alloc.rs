//! A counting global allocator, for the tests that bound what a variant allocates: no heap
//! allocation per move once the buffers have grown, the peak memory of a worst case, the
//! bytes of one position.
//!
//! A test binary installs it:
//!
//! ```text
//! #[global_allocator]
//! static ALLOC: goishi_conformance::alloc::Counting = goishi_conformance::alloc::Counting;
//! ```
//!
//! then reads [`allocations`] and [`live`] around what it runs, or measures a closure with
//! [`measure`], which reports the peak of the bytes live on the heap above what was live when
//! it started. The counters are global: tests of one binary that measure should hold [`LOCK`]
//! so that other threads do not add to them.

// A `GlobalAlloc` cannot be written without `unsafe`: this one only forwards to the system
// allocator and counts.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

/// Held by the tests of one binary while they measure.
pub static LOCK: Mutex<()> = Mutex::new(());

/// The system allocator, counting the allocations made, the bytes live and their peak.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counting;

fn grew(size: usize) {
    ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so it keeps
// `System`'s guarantees; the counters are plain atomics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            grew(new_size);
        }
        p
    }
}

/// The allocations (and reallocations) made so far: zero unless [`Counting`] is the global
/// allocator.
pub fn allocations() -> usize {
    ALLOCATIONS.load(Ordering::Relaxed)
}

/// The bytes live on the heap now: zero unless [`Counting`] is the global allocator.
pub fn live() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// Whether [`Counting`] is the global allocator of this program (it counts a probe).
pub fn installed() -> bool {
    let before = allocations();
    let probe = std::hint::black_box(Box::new(0u64));
    let after = allocations();
    drop(probe);
    after > before
}

/// Runs `f` and returns its value with the peak of the heap bytes live during the run, above
/// those live when it started.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = live();
    PEAK.store(base, Ordering::Relaxed);
    let value = f();
    let peak = PEAK.load(Ordering::Relaxed);
    (value, peak.saturating_sub(base))
}

/// `bytes` as mebibytes, for messages.
pub fn mib(bytes: usize) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1u32 << 20))
}
