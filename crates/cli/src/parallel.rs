//! Work in order on N threads, for the commands that stream (`selfplay`, `replay`): items
//! are drawn in numbered batches, each taken by whichever thread is free, and the caller
//! puts the results back in the order of the batches, so they come out in the order of the
//! items while no thread waits for a slower one. What is held at once is bounded by the
//! threads (at most four batches a thread drawn and not yet handed to the caller), not
//! by the number of items, and the items are drawn only as the threads take them (an input
//! read as it goes). The batches keep the cost of the queues (a wake-up of a waiting
//! thread, a switch of the core to it) small next to the work of small items (a 9x9 game
//! takes microseconds): they start at [`FIRST_BATCH`] items, so that a short run is still
//! shared by every thread, and double after each round of the threads up to [`BATCH`].

use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;

/// How many items go to a thread at once in the first round of batches: one, so that a run
/// of a few large items (a replay of a few files of many games each) is shared by every
/// thread; the batches reach [`BATCH`] after eight rounds.
pub const FIRST_BATCH: usize = 1;

/// How many items go to a thread at once, at most (a 9x9 game of self-play: 256 games are
/// about 3 ms of a thread's work, 16 games a switch of the core every 200 µs).
pub const BATCH: usize = 256;

/// How many batches a thread may have drawn and not yet handed to the caller.
const QUEUE: usize = 4;

/// Runs `work` on every item of `items` on `jobs` threads (each with `stack` bytes of stack
/// when given, and its own state made by `init`), and hands the results to `emit` in the
/// order of the items, until the items end or `emit` returns false (the reader of the output
/// stopped). With one job, everything runs on the calling thread. Which thread does which
/// item is not fixed: `work` must give an item the same result whatever state it is run with.
///
/// # Errors
///
/// When a thread cannot be started; then no item has been drawn.
///
/// # Panics
///
/// When `work` panics on a thread, the other threads stop and the panic goes on in the
/// caller once they have ended, as it would with one job (the results of the items before it
/// are handed on as far as they are done).
pub fn ordered<T, R, W, I>(
    jobs: usize,
    stack: Option<usize>,
    items: I,
    init: impl Fn() -> W + Sync,
    work: impl Fn(&mut W, T) -> R + Sync,
    mut emit: impl FnMut(R) -> bool,
) -> std::io::Result<()>
where
    I: Iterator<Item = T> + Send,
    T: Send,
    R: Send,
{
    if jobs <= 1 {
        let mut state = init();
        for item in items {
            if !emit(work(&mut state, item)) {
                break;
            }
        }
        return Ok(());
    }
    let (init, work) = (&init, &work);
    let window = jobs * QUEUE;
    thread::scope(|scope| {
        // A batch is drawn only with a ticket, and the caller gives one back for each batch
        // it has handed on: at most `window` batches are drawn and not handed on, so neither
        // queue below can fill, and no send on them waits.
        let (ticket_tx, ticket_rx) = mpsc::sync_channel::<()>(window);
        for _ in 0..window {
            let _ = ticket_tx.send(());
        }
        let (todo_tx, todo_rx) = mpsc::sync_channel::<(usize, Vec<T>)>(window);
        let todo_rx = Arc::new(Mutex::new(todo_rx));
        let (done_tx, done_rx) = mpsc::sync_channel::<(usize, thread::Result<Vec<R>>)>(window);
        for k in 0..jobs {
            let mut builder = thread::Builder::new().name(format!("goishi-{k}"));
            if let Some(bytes) = stack {
                builder = builder.stack_size(bytes);
            }
            let (todo_rx, done_tx) = (Arc::clone(&todo_rx), done_tx.clone());
            // A thread that cannot start: the queues are dropped, which ends the threads
            // already started.
            builder.spawn_scoped(scope, move || {
                let mut state = init();
                // The lock is held while waiting for a batch: the other free threads wait
                // behind it, and the first of them gets the next batch.
                while let Ok(Ok((b, batch))) = todo_rx.lock().map(|todo| todo.recv()) {
                    // A panic is handed to the caller as the batch's result (the state it
                    // left is not used again): without it, the caller would wait forever
                    // for the batch.
                    let results = panic::catch_unwind(AssertUnwindSafe(|| {
                        batch
                            .into_iter()
                            .map(|item| work(&mut state, item))
                            .collect()
                    }));
                    let failed = results.is_err();
                    if done_tx.send((b, results)).is_err() || failed {
                        break;
                    }
                }
            })?;
        }
        drop(done_tx);
        // The items are drawn on a thread of their own, so that the threads never wait for
        // the caller to draw the next one while it waits for their results. Without the
        // queue's sender (dropped at the end of the items) the threads end.
        scope.spawn(move || {
            let mut items = items.peekable();
            let mut b = 0;
            let mut size = FIRST_BATCH;
            // No ticket: the caller stopped.
            while items.peek().is_some() && ticket_rx.recv().is_ok() {
                let batch: Vec<T> = items.by_ref().take(size).collect();
                if todo_tx.send((b, batch)).is_err() {
                    break;
                }
                b += 1;
                if b % jobs == 0 {
                    size = (2 * size).min(BATCH);
                }
            }
        });
        // The batches done ahead of the next one to hand on.
        let mut ahead: BTreeMap<usize, Vec<R>> = BTreeMap::new();
        let mut next = 0;
        let mut failure = None;
        'out: while let Ok((b, results)) = done_rx.recv() {
            match results {
                Ok(results) => ahead.insert(b, results),
                Err(payload) => {
                    failure = Some(payload);
                    break;
                }
            };
            while let Some(results) = ahead.remove(&next) {
                for result in results {
                    if !emit(result) {
                        break 'out;
                    }
                }
                next += 1;
                let _ = ticket_tx.send(());
            }
        }
        // Dropping the queues and the tickets stops the threads that are still working.
        drop(done_rx);
        drop(ticket_tx);
        Ok(failure)
    })
    .map(|failure| {
        if let Some(payload) = failure {
            panic::resume_unwind(payload);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_the_order_of_the_items_for_any_number_of_jobs() {
        for jobs in [1, 2, 3, 7] {
            let mut seen = Vec::new();
            ordered(
                jobs,
                None,
                0..500u64,
                || 0u64,
                |done: &mut u64, i| {
                    *done += 1;
                    // Items of uneven cost, so that the threads finish out of turn.
                    let spin = (i * 7919) % 97 * 100;
                    std::hint::black_box((0..spin).fold(i, |a, b| a.wrapping_mul(31) ^ b));
                    i
                },
                |r| {
                    seen.push(r);
                    true
                },
            )
            .unwrap();
            assert_eq!(seen, (0..500).collect::<Vec<u64>>(), "{jobs} jobs");
        }
    }

    #[test]
    fn a_stop_ends_the_work_early() {
        let mut seen = 0;
        ordered(
            3,
            None,
            0..u64::MAX,
            || (),
            |(), i| i,
            |_| {
                seen += 1;
                seen < 100
            },
        )
        .unwrap();
        assert_eq!(seen, 100);
    }

    #[test]
    fn a_panic_on_a_thread_goes_on_in_the_caller() {
        for jobs in [1, 2, 3] {
            let mut seen = Vec::new();
            let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
                ordered(
                    jobs,
                    None,
                    0..10_000u64,
                    || (),
                    |(), i| {
                        if i == 20 {
                            panic!("item twenty");
                        }
                        i
                    },
                    |r| {
                        seen.push(r);
                        true
                    },
                )
            }));
            let payload = outcome.expect_err("the panic of item 20 is the caller's");
            assert_eq!(
                goishi::panic_message(payload.as_ref()),
                "item twenty",
                "{jobs} jobs"
            );
            assert!(
                seen.len() <= 20 && seen.iter().copied().eq(0..seen.len() as u64),
                "{jobs} jobs: {seen:?}"
            );
        }
    }
}
