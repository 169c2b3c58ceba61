//! A counting global allocator, for tests that bound the memory of what they run.
//!
//! A test binary installs it:
//!
//! ```text
//! #[global_allocator]
//! static ALLOC: goishi_hardening::alloc::Counting = goishi_hardening::alloc::Counting;
//! ```
//!
//! then measures a closure with [`measure`], which reports the peak of the bytes live on the
//! heap above what was live when it started. The counters are global: tests of one binary
//! that measure should hold [`LOCK`] so that other threads do not add to the peak.

// A `GlobalAlloc` cannot be written without `unsafe`: this one only forwards to the system
// allocator and counts.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static INSTALLED: AtomicBool = AtomicBool::new(false);

/// Held by the tests of one binary while they measure.
pub static LOCK: Mutex<()> = Mutex::new(());

/// The system allocator, counting the bytes live and their peak.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counting;

fn grew(size: usize) {
    let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(live, Ordering::Relaxed);
    INSTALLED.store(true, Ordering::Relaxed);
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

/// Whether [`Counting`] is the global allocator of this binary (it has counted something).
pub fn installed() -> bool {
    INSTALLED.load(Ordering::Relaxed)
}

/// The bytes live on the heap now.
pub fn live() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// Runs `f` and returns its value with the peak of the heap bytes live during the run, above
/// those live when it started.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let value = f();
    let peak = PEAK.load(Ordering::Relaxed);
    (value, peak.saturating_sub(base))
}

/// `bytes` as mebibytes, for messages.
pub fn mib(bytes: usize) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1u32 << 20))
}
