//! The games of a call split over the search's threads: runs of games handed out one at a
//! time to whichever thread is free, so that a thread the system takes away for a while does
//! not hold the others up (a fixed split waits for its slowest part on a loaded machine).

use std::sync::Mutex;

use crate::pool::Pool;

/// Runs `work` on each of `items` on the pool's threads (on the calling thread without a
/// pool); the first error met.
pub(crate) fn run<T: Send, E: Send>(
    pool: &Pool,
    items: impl Iterator<Item = T> + Send,
    work: impl Fn(T) -> Result<(), E> + Sync,
) -> Result<(), E> {
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
    pool.scope(|tasks| {
        for _ in 1..pool.threads() {
            tasks.spawn(worker);
        }
        worker();
    });
    error
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .map_or(Ok(()), Err)
}
