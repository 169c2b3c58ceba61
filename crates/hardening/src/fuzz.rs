//! The fuzz runner: a `proptest` harness that runs a target on generated inputs for a fixed
//! number of cases (the default `cargo test`) or for a time budget (`GOISHI_FUZZ_SECONDS=N`,
//! as `cargo xtask fuzz --seconds N` sets it), and the regression corpus.
//!
//! Each input is also checked for time (at most [`CASE_SECONDS`] seconds) and, where the test
//! binary installs [`crate::alloc::Counting`], for memory (at most [`CASE_BYTES`] bytes live
//! at its peak). A failure is shrunk by `proptest`; under a budget the shrunk input is saved
//! to `crates/hardening/corpus/<target>/` so that the corpus test replays it from then on.
//!
//! Environment:
//! - `GOISHI_FUZZ_SECONDS`: the budget per target, in seconds (unset: a fixed number of cases);
//! - `GOISHI_FUZZ_SEED`: the first seed (default: fixed without a budget, the clock with one);
//! - `GOISHI_FUZZ_TARGET`: run only this target (`rules`, `sgf`, `gtp`, `diagram`).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};

use crate::alloc;
use crate::targets::Target;

/// The longest one input may take.
pub const CASE_SECONDS: u64 = 10;
/// The most heap bytes one input may hold live at once.
pub const CASE_BYTES: usize = 512 << 20;
/// The stack of the fuzzing thread: SGF trees are recursive structures (the stack readers
/// of untrusted records use, [`goishi_sgf::READER_STACK`]).
pub const STACK: usize = goishi_sgf::READER_STACK;
/// The seed of runs without a budget.
pub const DEFAULT_SEED: u64 = 20_261_129;

/// What a run is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The time budget of a target; `None`: one round of a fixed number of cases.
    pub seconds: Option<u64>,
    /// The seed of the first round (each later round takes the next).
    pub seed: u64,
}

impl Settings {
    /// The settings from the environment.
    pub fn from_env() -> Result<Settings, String> {
        let number = |name: &str| -> Result<Option<u64>, String> {
            match std::env::var(name) {
                Ok(v) if !v.trim().is_empty() => v
                    .trim()
                    .parse()
                    .map(Some)
                    .map_err(|_| format!("{name}={v:?}: expected a whole number")),
                _ => Ok(None),
            }
        };
        let seconds = number("GOISHI_FUZZ_SECONDS")?;
        let seed = match (number("GOISHI_FUZZ_SEED")?, seconds) {
            (Some(s), _) => s,
            (None, None) => DEFAULT_SEED,
            (None, Some(_)) => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(DEFAULT_SEED, |d| d.as_secs()),
        };
        Ok(Settings { seconds, seed })
    }
}

/// Whether `target` is to run (`GOISHI_FUZZ_TARGET` unset, or naming it).
pub fn selected(target: &str) -> bool {
    match std::env::var("GOISHI_FUZZ_TARGET") {
        Ok(t) if !t.trim().is_empty() => t.trim() == target,
        _ => true,
    }
}

/// What a run did.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    pub target: String,
    /// Inputs run (shrinking steps included).
    pub inputs: u64,
    pub seconds: f64,
    pub first_seed: u64,
    pub rounds: u64,
    /// The slowest input, in seconds.
    pub slowest: f64,
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "fuzz {}: {} inputs in {:.1} s ({:.0}/s), {} rounds from seed {}, slowest input {:.3} s, no failure",
            self.target,
            self.inputs,
            self.seconds,
            self.inputs as f64 / self.seconds.max(1e-9),
            self.rounds,
            self.first_seed,
            self.slowest
        )
    }
}

/// The corpus folder of a target.
pub fn corpus_dir(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target)
}

fn seed_bytes(seed: u64) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut x = seed;
    for chunk in out.chunks_mut(8) {
        // splitmix64
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        chunk.copy_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    out
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// An input that runs this long is taken for a hang: the watchdog prints it (and saves it,
/// under a budget) and aborts the process, since a running input cannot be stopped.
pub const HANG_SECONDS: u64 = 120;

/// An input running now: its thread, target, start, bytes, and whether to save it.
type Running = (std::thread::ThreadId, String, Instant, Vec<u8>, bool);

/// The inputs running now (one per fuzzing thread), for the watchdog.
static RUNNING: Mutex<Vec<Running>> = Mutex::new(Vec::new());

/// Starts the watchdog thread once per process.
fn watchdog() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let _ = std::thread::Builder::new()
            .name("fuzz-watchdog".to_owned())
            .spawn(|| loop {
                std::thread::sleep(Duration::from_secs(1));
                let running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
                for (_, name, start, input, keep) in running.iter() {
                    if start.elapsed() > Duration::from_secs(HANG_SECONDS) {
                        let saved = if *keep {
                            save(name, input)
                        } else {
                            "not saved (no budget)".to_owned()
                        };
                        eprintln!(
                            "fuzz {name}: an input has run for more than {HANG_SECONDS} s (a hang): {}\n  {saved}",
                            crate::targets::show(input)
                        );
                        std::process::abort();
                    }
                }
            });
    });
}

/// Runs `target` on one input, checking its time and memory; a panic is a failure.
pub fn run_one(target: Target, input: &[u8]) -> Result<f64, String> {
    run_watched("", false, target, input)
}

/// [`run_one`], watched for hangs as an input of the target `name`; `keep`: save a hanging
/// input to the corpus.
fn run_watched(name: &str, keep: bool, target: Target, input: &[u8]) -> Result<f64, String> {
    watchdog();
    let me = std::thread::current().id();
    if let Ok(mut r) = RUNNING.lock() {
        r.push((me, name.to_owned(), Instant::now(), input.to_vec(), keep));
    }
    let result = run_timed(target, input);
    if let Ok(mut r) = RUNNING.lock() {
        r.retain(|e| e.0 != me);
    }
    result
}

fn run_timed(target: Target, input: &[u8]) -> Result<f64, String> {
    let start = Instant::now();
    let (result, peak) = alloc::measure(|| {
        std::panic::catch_unwind(|| target(input))
            .map_err(|payload| format!("panicked: {}", goishi::panic_message(payload.as_ref())))
    });
    let elapsed = start.elapsed();
    result??;
    if elapsed > Duration::from_secs(CASE_SECONDS) {
        return Err(format!(
            "took {:.1} s (at most {CASE_SECONDS} s)",
            elapsed.as_secs_f64()
        ));
    }
    if alloc::installed() && peak > CASE_BYTES {
        return Err(format!(
            "held {} at its peak (at most {})",
            alloc::mib(peak),
            alloc::mib(CASE_BYTES)
        ));
    }
    Ok(elapsed.as_secs_f64())
}

/// Runs `target` on the inputs of the strategy `make` builds: one round of `cases` inputs,
/// or rounds of 256 until the budget is spent. Runs on a thread with a large stack.
pub fn run<S, F>(
    name: &str,
    make: F,
    target: Target,
    cases: u32,
    settings: Settings,
) -> Result<Stats, String>
where
    S: Strategy<Value = Vec<u8>>,
    F: FnOnce() -> S + Send,
{
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name(format!("fuzz-{name}"))
            .stack_size(STACK)
            .spawn_scoped(scope, move || {
                run_here(name, make(), target, cases, settings)
            })
            .map_err(|e| format!("cannot start the fuzzing thread: {e}"))?
            .join()
            .map_err(|_| format!("fuzz {name}: the runner panicked"))?
    })
}

fn run_here<S: Strategy<Value = Vec<u8>>>(
    name: &str,
    strategy: S,
    target: Target,
    cases: u32,
    settings: Settings,
) -> Result<Stats, String> {
    let inputs = AtomicU64::new(0);
    let slowest = Mutex::new(0.0f64);
    let start = Instant::now();
    let deadline = settings.seconds.map(|s| start + Duration::from_secs(s));
    let per_round = if settings.seconds.is_some() {
        256
    } else {
        cases
    };
    let mut seed = settings.seed;
    let mut rounds = 0;
    println!(
        "fuzz {name}: seed {} ({})",
        settings.seed,
        settings
            .seconds
            .map_or_else(|| format!("{cases} inputs"), |s| format!("{s} s budget"))
    );
    loop {
        let config = Config {
            cases: per_round,
            failure_persistence: None,
            max_shrink_iters: 4096,
            max_global_rejects: 1 << 20,
            ..Config::default()
        };
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes(seed));
        let mut runner = TestRunner::new_with_rng(config, rng);
        let result = runner.run(&strategy, |input| {
            inputs.fetch_add(1, Ordering::Relaxed);
            let secs = run_watched(name, settings.seconds.is_some(), target, &input)
                .map_err(TestCaseError::fail)?;
            if let Ok(mut s) = slowest.lock() {
                *s = s.max(secs);
            }
            Ok(())
        });
        match result {
            Ok(()) => {}
            Err(TestError::Fail(reason, input)) => {
                let saved = if settings.seconds.is_some() {
                    save(name, &input)
                } else {
                    "not saved (no budget)".to_owned()
                };
                return Err(format!(
                    "fuzz {name}: round seed {seed} (run with GOISHI_FUZZ_SEED={seed}): {reason}\n  input (shrunk): {}\n  {saved}",
                    crate::targets::show(&input)
                ));
            }
            Err(TestError::Abort(reason)) => {
                return Err(format!("fuzz {name}: round seed {seed}: aborted: {reason}"));
            }
        }
        rounds += 1;
        match deadline {
            Some(d) if Instant::now() < d => seed = seed.wrapping_add(1),
            _ => break,
        }
    }
    let slowest = slowest.lock().map_or(0.0, |s| *s);
    Ok(Stats {
        target: name.to_owned(),
        inputs: inputs.load(Ordering::Relaxed),
        seconds: start.elapsed().as_secs_f64(),
        first_seed: settings.seed,
        rounds,
        slowest,
    })
}

/// Saves a failing input to the target's corpus; says where.
fn save(target: &str, input: &[u8]) -> String {
    let dir = corpus_dir(target);
    let path = dir.join(format!("crash-{:016x}", fnv(input)));
    match std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, input)) {
        Ok(()) => format!("saved to {}", path.display()),
        Err(e) => format!("could not be saved to {}: {e}", path.display()),
    }
}

/// The corpus files of a target, sorted.
pub fn corpus_files(target: &str) -> Result<Vec<PathBuf>, String> {
    let dir = corpus_dir(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    Ok(files)
}

/// Replays every corpus file of a target; returns how many passed, or every failure.
pub fn replay_corpus(target: &str, run: Target) -> Result<usize, String> {
    let files = corpus_files(target)?;
    let failures: Vec<String> = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(STACK)
            .spawn_scoped(scope, || {
                files
                    .iter()
                    .filter_map(|path| {
                        let bytes = match std::fs::read(path) {
                            Ok(b) => b,
                            Err(e) => return Some(format!("{}: {e}", path.display())),
                        };
                        run_one(run, &bytes)
                            .err()
                            .map(|e| format!("{}: {e}", path.display()))
                    })
                    .collect()
            })
            .map_err(|e| vec![format!("cannot start the replay thread: {e}")])
            .and_then(|h| h.join().map_err(|_| vec!["the replay panicked".to_owned()]))
            .unwrap_or_else(|e| e)
    });
    if failures.is_empty() {
        Ok(files.len())
    } else {
        Err(failures.join("\n"))
    }
}
