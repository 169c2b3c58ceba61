//! The counting allocator counts the measuring thread's allocations only, and
//! `measure_all_threads` every thread's: another thread allocating during a measured window
//! does not show in `allocations`, `live` or `measure`.

use std::sync::{Arc, Barrier};

use goishi_conformance::alloc::{self, Counting};

#[global_allocator]
static ALLOC: Counting = Counting;

const MIB: usize = 1 << 20;

/// A thread that, once released, allocates `bytes` in 64 KiB blocks and holds them until
/// released again.
fn busy_neighbour(bytes: usize) -> (Arc<Barrier>, std::thread::JoinHandle<usize>) {
    let barrier = Arc::new(Barrier::new(2));
    let theirs = Arc::clone(&barrier);
    let handle = std::thread::spawn(move || {
        theirs.wait();
        let blocks: Vec<Vec<u8>> = (0..bytes / (64 << 10))
            .map(|_| std::hint::black_box(vec![1u8; 64 << 10]))
            .collect();
        theirs.wait();
        theirs.wait();
        blocks.len()
    });
    (barrier, handle)
}

#[test]
fn another_threads_allocations_do_not_count() {
    // The neighbour's 4 MiB would show in the all-threads measure of the last test, and
    // their release would hide that test's own: the tests take turns.
    let _guard = alloc::LOCK.lock().unwrap_or_else(|e| e.into_inner());
    assert!(alloc::installed());
    let (barrier, handle) = busy_neighbour(4 * MIB);
    let (allocations, live) = (alloc::allocations(), alloc::live());
    let ((), peak) = alloc::measure(|| {
        barrier.wait(); // the neighbour allocates now ...
        barrier.wait(); // ... and holds 4 MiB
    });
    assert_eq!(alloc::allocations() - allocations, 0);
    assert_eq!(alloc::live(), live);
    assert_eq!(peak, 0);
    barrier.wait();
    assert_eq!(handle.join().unwrap(), 64);
}

#[test]
fn this_threads_allocations_count() {
    let _guard = alloc::LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let before = alloc::allocations();
    let (v, peak) = alloc::measure(|| {
        let v = std::hint::black_box(vec![0u8; MIB]);
        v.len()
    });
    assert_eq!(v, MIB);
    assert!(peak >= MIB, "{peak}");
    assert!(alloc::allocations() > before);
}

#[test]
fn measure_all_threads_counts_the_threads_it_spawns() {
    let _guard = alloc::LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let work = || {
        std::thread::spawn(|| std::hint::black_box(vec![0u8; 4 * MIB]).len())
            .join()
            .unwrap()
    };
    let (n, all) = alloc::measure_all_threads(work);
    assert_eq!(n, 4 * MIB);
    // Every thread counts, the harness's too: what it frees meanwhile may hide a little.
    assert!(all >= 3 * MIB, "{all}");
    let (_, mine) = alloc::measure(work);
    assert!(mine < MIB, "spawning a thread allocated {mine} bytes here");
}
