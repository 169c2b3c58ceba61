//! The measurement of the worst-case tests (this crate's and the CLI's): a piece of work run
//! alone among the measuring tests of its binary, its time and the peak of the heap it held
//! (by the counting allocator, which the test binary installs), and the check against bounds.

use std::time::{Duration, Instant};

use crate::alloc;

/// Runs `f` alone among the measuring tests of this binary; returns its value, its time and
/// the peak of the heap bytes this thread held (the harness's and the other tests' threads do
/// not count).
pub fn measured<T>(f: impl FnOnce() -> T) -> (T, Duration, usize) {
    let _guard = alloc::LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let start = Instant::now();
    let (value, peak) = alloc::measure(f);
    (value, start.elapsed(), peak)
}

/// As [`measured`], for work that `f` hands to other threads: the peak counts every thread
/// of the binary (the others measure nothing meanwhile: they wait for the lock).
pub fn measured_all_threads<T>(f: impl FnOnce() -> T) -> (T, Duration, usize) {
    let _guard = alloc::LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let start = Instant::now();
    let (value, peak) = alloc::measure_all_threads(f);
    (value, start.elapsed(), peak)
}

/// Prints what `what` took and held, and asserts both bounds (and that the counting allocator
/// is installed, without which the peak would read 0).
pub fn within(what: &str, time: Duration, max_time: Duration, peak: usize, max_bytes: usize) {
    println!(
        "{what}: {:.3} s (bound {:.0} s), peak heap {} (bound {})",
        time.as_secs_f64(),
        max_time.as_secs_f64(),
        alloc::mib(peak),
        alloc::mib(max_bytes)
    );
    assert!(
        alloc::installed(),
        "the counting allocator is not installed"
    );
    assert!(
        time <= max_time,
        "{what} took {:.3} s, more than {:.0} s",
        time.as_secs_f64(),
        max_time.as_secs_f64()
    );
    assert!(
        peak <= max_bytes,
        "{what} held {} at its peak, more than {}",
        alloc::mib(peak),
        alloc::mib(max_bytes)
    );
}
