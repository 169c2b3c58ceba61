//! The games of a call split over threads: runs of games handed out one at a time to
//! whichever thread is free (the calling thread one of them), so that a thread the system
//! takes away for a while does not hold the others up (a fixed split waits for its slowest
//! part on a loaded machine).

use std::sync::Mutex;

/// Runs `work` on each of `items` on `threads` threads; the first error met.
pub(crate) fn run<T: Send, E: Send>(
    threads: usize,
    items: impl Iterator<Item = T> + Send,
    work: impl Fn(T) -> Result<(), E> + Sync,
) -> Result<(), E> {
    if threads <= 1 {
        for item in items {
            work(item)?;
        }
        return Ok(());
    }
    let queue = Mutex::new(items);
    let error = Mutex::new(None);
    let worker = || loop {
        let next = queue.lock().unwrap_or_else(|e| e.into_inner()).next();
        let Some(item) = next else { break };
        if let Err(e) = work(item) {
            error
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e);
            break;
        }
    };
    std::thread::scope(|s| {
        for _ in 1..threads {
            s.spawn(worker);
        }
        worker();
    });
    error
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .map_or(Ok(()), Err)
}
