//! The threads a batch steps on, started once with the batch and kept for its life: a step
//! lends its runs of environments and the caller's buffers to threads already waiting
//! (rayon's scope, which borrows them for the step) instead of starting threads each time.

use rayon_core::{Scope, ThreadPool, ThreadPoolBuilder};

/// A batch's threads; none for a batch stepped on the calling thread alone.
pub(crate) struct Pool(Option<ThreadPool>);

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let threads = self.0.as_ref().map_or(0, ThreadPool::current_num_threads);
        f.debug_struct("Pool").field("threads", &threads).finish()
    }
}

impl Pool {
    /// `threads` threads (none for one: the calling thread steps the batch alone). Threads
    /// the system refuses are not an error: the calling thread then steps the batch alone.
    pub(crate) fn new(threads: usize) -> Pool {
        if threads <= 1 {
            return Pool(None);
        }
        let pool = ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("goishi-env-{i}"))
            .build();
        Pool(pool.ok())
    }

    /// Runs `work` with a scope whose tasks may borrow what outlives the call, on the
    /// batch's threads, and waits for every task it spawned; the calling thread waits
    /// meanwhile. Without threads, `work` and its tasks run on the calling thread.
    pub(crate) fn scope<'s>(&self, work: impl FnOnce(&Tasks<'_, 's>) + Send) {
        match &self.0 {
            Some(pool) => pool.scope(|s| work(&Tasks::Pool(s))),
            None => work(&Tasks::Inline),
        }
    }
}

/// Where a scope's tasks run.
pub(crate) enum Tasks<'a, 's> {
    /// On the pool's threads.
    Pool(&'a Scope<'s>),
    /// On the calling thread, one after the other.
    Inline,
}

impl<'s> Tasks<'_, 's> {
    /// Runs `task` on another thread of the scope.
    pub(crate) fn spawn(&self, task: impl FnOnce() + Send + 's) {
        match self {
            Tasks::Pool(s) => s.spawn(move |_| task()),
            Tasks::Inline => task(),
        }
    }
}
