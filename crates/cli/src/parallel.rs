//! Work in order on N threads, for the commands that stream (`selfplay`, `replay`): items
//! are dealt to the threads in turn, in batches of [`BATCH`] (batch `b` to thread `b % N`),
//! each thread hands its results over a bounded queue of its own, and the caller takes them
//! from the threads in the same turn, so they come out in the order of the items. What is
//! held at once is bounded by the threads and their queues, not by the number of items, and
//! the items are drawn only as the threads take them (an input read as it goes). The batches
//! keep the cost of the queues (a wake-up of a waiting thread) small next to the work of
//! small items (a 9x9 game takes microseconds).

use std::sync::mpsc;

/// How many items go to a thread at once.
pub const BATCH: usize = 16;

/// How many batches of items or results a thread's queue holds.
const QUEUE: usize = 4;

/// Runs `work` on every item of `items` on `jobs` threads (each with `stack` bytes of stack
/// when given, and its own state made by `init`), and hands the results to `emit` in the
/// order of the items, until the items end or `emit` returns false (the reader of the output
/// stopped). With one job, everything runs on the calling thread.
///
/// # Errors
///
/// When a thread cannot be started; then no item has been drawn.
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
    std::thread::scope(|scope| {
        let mut inputs = Vec::with_capacity(jobs);
        let mut outputs = Vec::with_capacity(jobs);
        for k in 0..jobs {
            let (in_tx, in_rx) = mpsc::sync_channel::<Vec<T>>(QUEUE);
            let (out_tx, out_rx) = mpsc::sync_channel::<Vec<R>>(QUEUE);
            let mut builder = std::thread::Builder::new().name(format!("goishi-{k}"));
            if let Some(bytes) = stack {
                builder = builder.stack_size(bytes);
            }
            // A thread that cannot start: the queues made so far are dropped, which ends
            // the threads already started.
            builder.spawn_scoped(scope, move || {
                let mut state = init();
                for batch in in_rx {
                    let results = batch.into_iter().map(|item| work(&mut state, item));
                    if out_tx.send(results.collect()).is_err() {
                        break;
                    }
                }
            })?;
            inputs.push(in_tx);
            outputs.push(out_rx);
        }
        // The items are drawn on a thread of their own, so that the threads never wait for
        // the caller to draw the next one while it waits for their results.
        scope.spawn(move || {
            let mut items = items.peekable();
            let mut b = 0;
            while items.peek().is_some() {
                let batch: Vec<T> = items.by_ref().take(BATCH).collect();
                // A thread that stopped (its results no longer taken): stop drawing.
                if inputs[b % jobs].send(batch).is_err() {
                    break;
                }
                b += 1;
            }
        });
        let mut b = 0;
        // Each thread closes its queue after its last batch: the first closed queue in
        // turn is the end of the items.
        'out: while let Ok(results) = outputs[b % jobs].recv() {
            for result in results {
                if !emit(result) {
                    break 'out;
                }
            }
            b += 1;
        }
        // Dropping the queues stops the threads that are still working.
        drop(outputs);
        Ok(())
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
}
