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
//! it started.
//!
//! **Whose allocations count.** [`allocations`], [`live`] and [`measure`] count the calling
//! thread's allocations only, so that what the test harness (or another test of the binary)
//! allocates on its own threads at the same time never lands in a measured window. This is
//! what a measurement of work done on the calling thread needs: the no-allocation-per-move
//! tests, the fuzz runner's memory bound per input, the bench's footprints. Work spread over
//! several threads on purpose (a replay worker with its own stack) is measured with
//! [`measure_all_threads`], which counts every thread's allocations: the tests that use it
//! hold [`LOCK`] so that the other measuring tests of the binary do not add to it, and their
//! bounds leave room for the few bytes the harness may allocate meanwhile.
//!
//! The per-thread counters are `thread_local!` cells with a `const` initializer and no
//! destructor: reading them allocates nothing and registers nothing, which is what makes them
//! usable inside a global allocator (on the targets with native thread-locals: Linux, macOS,
//! Windows).

// A `GlobalAlloc` cannot be written without `unsafe`: this one only forwards to the system
// allocator and counts.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Every thread's allocations, for [`measure_all_threads`].
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// One thread's allocations: the allocations it made, the bytes it allocated and has not freed
/// itself (negative when it frees more than it allocated: memory another thread allocated),
/// and the peak of that balance.
struct ThreadCounts {
    allocations: Cell<usize>,
    live: Cell<isize>,
    peak: Cell<isize>,
}

thread_local! {
    static THREAD: ThreadCounts = const {
        ThreadCounts {
            allocations: Cell::new(0),
            live: Cell::new(0),
            peak: Cell::new(0),
        }
    };
}

/// Held by the tests of one binary while they measure with [`measure_all_threads`] (or while
/// they time something and should not share the machine with another such test).
pub static LOCK: Mutex<()> = Mutex::new(());

/// The system allocator, counting the allocations made, the bytes live and their peak, per
/// thread and for the whole program.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counting;

fn grew(size: usize) {
    let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(live, Ordering::Relaxed);
    // A thread being torn down may have lost its thread-locals: it is not measuring.
    let _ = THREAD.try_with(|t| {
        t.allocations.set(t.allocations.get() + 1);
        let live = t.live.get().wrapping_add_unsigned(size);
        t.live.set(live);
        if live > t.peak.get() {
            t.peak.set(live);
        }
    });
}

fn shrank(size: usize) {
    LIVE.fetch_sub(size, Ordering::Relaxed);
    let _ = THREAD.try_with(|t| t.live.set(t.live.get().wrapping_sub_unsigned(size)));
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so it keeps
// `System`'s guarantees; the counters are plain atomics and thread-local cells, which neither
// allocate nor reenter the allocator.
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
        shrank(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            shrank(layout.size());
            grew(new_size);
        }
        p
    }
}

fn with_thread<T>(f: impl FnOnce(&ThreadCounts) -> T, default: T) -> T {
    THREAD.try_with(f).unwrap_or(default)
}

/// The allocations (and reallocations) this thread has made so far: zero unless [`Counting`]
/// is the global allocator.
pub fn allocations() -> usize {
    with_thread(|t| t.allocations.get(), 0)
}

/// The heap bytes this thread has allocated less those it has freed: zero unless
/// [`Counting`] is the global allocator. It is negative once the thread has freed memory that
/// another thread allocated; the difference of two readings is exact either way.
pub fn live() -> isize {
    with_thread(|t| t.live.get(), 0)
}

/// Whether [`Counting`] is the global allocator of this program (it counts a probe).
pub fn installed() -> bool {
    let before = allocations();
    let probe = std::hint::black_box(Box::new(0u64));
    let after = allocations();
    drop(probe);
    after > before
}

/// Runs `f` and returns its value with the peak of the heap bytes this thread held during
/// the run, above those it held when it started. Allocations of other threads, the ones `f`
/// spawns included, do not count: see [`measure_all_threads`].
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = with_thread(
        |t| {
            t.peak.set(t.live.get());
            t.live.get()
        },
        0,
    );
    let value = f();
    let peak = with_thread(|t| t.peak.get(), base);
    (value, peak.saturating_sub(base).max(0).unsigned_abs())
}

/// Runs `f` and returns its value with the peak of the heap bytes every thread of the
/// program held during the run, above those held when it started: for work that `f` spreads
/// over threads. Hold [`LOCK`] around it.
pub fn measure_all_threads<T>(f: impl FnOnce() -> T) -> (T, usize) {
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
