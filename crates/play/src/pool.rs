//! Threads started once and kept, for the batched loops that run many short calls: the
//! environment's steps (`goishi-env`) and the batched search's walks and expansions
//! ([`crate::batched`]). A call lends its runs of work and the caller's buffers to threads
//! already waiting (rayon's scope, which borrows them for the call) instead of starting
//! threads each time. The calling thread is one of the workers: it runs its share of a
//! call at once while the kept threads, woken, take theirs, so a short call does not wait
//! for a thread to be woken before any work starts, and no thread sits blocked.

use rayon_core::{Scope, ThreadPool, ThreadPoolBuilder};

/// Threads kept for the calls of a batch, beside the calling thread; none for a batch run on
/// the calling thread alone.
pub struct Pool(Option<ThreadPool>);

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("threads", &self.threads())
            .finish()
    }
}

impl Pool {
    /// `threads` workers: the calling thread and `threads - 1` kept threads named `name-i`
    /// (none for one: the calling thread runs the batch alone). Threads the system refuses
    /// are not an error: the calling thread then runs the batch alone.
    pub fn new(threads: usize, name: &'static str) -> Pool {
        if threads <= 1 {
            return Pool(None);
        }
        let pool = ThreadPoolBuilder::new()
            .num_threads(threads - 1)
            .thread_name(move |i| format!("{name}-{i}"))
            .build();
        Pool(pool.ok())
    }

    /// The workers that run a call: the kept threads and the calling thread (1 without a
    /// pool: the calling thread alone).
    pub fn threads(&self) -> usize {
        self.0.as_ref().map_or(1, |p| p.current_num_threads() + 1)
    }

    /// Runs `work` on the calling thread with a scope whose tasks may borrow what outlives
    /// the call; spawned tasks run on the kept threads, and the call returns once every task
    /// has finished (the calling thread helps meanwhile with the tasks left). Without
    /// threads, `work` and its tasks run on the calling thread.
    pub fn scope<'s>(&self, work: impl FnOnce(&Tasks<'_, 's>)) {
        match &self.0 {
            Some(pool) => pool.in_place_scope(|s| work(&Tasks::Pool(s))),
            None => work(&Tasks::Inline),
        }
    }
}

/// Where a scope's tasks run.
#[derive(Debug)]
pub enum Tasks<'a, 's> {
    /// On the pool's threads.
    Pool(&'a Scope<'s>),
    /// On the calling thread, one after the other.
    Inline,
}

impl<'s> Tasks<'_, 's> {
    /// Runs `task` on another thread of the scope.
    pub fn spawn(&self, task: impl FnOnce() + Send + 's) {
        match self {
            Tasks::Pool(s) => s.spawn(move |_| task()),
            Tasks::Inline => task(),
        }
    }
}
