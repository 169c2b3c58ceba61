//! Steps a second of the batched environment: random legal games to the end, 1024
//! environments, the observation (17 planes, bool or packed, or none) and the legal mask
//! written every step, on 9x9 and 19x19, on 1 and 2 threads; and the memory of 1024 19x19
//! environments at history 8.
//!
//! `cargo run --release -p goishi-env --example throughput [-- SECONDS [ENVS]]`
//! (each figure is the best of three runs of SECONDS / 3, 3 s by default).

use std::time::{Duration, Instant};

use goishi_conformance::alloc;
use goishi_env::{EnvConfig, ObsKind, OwnedBuffers, VecEnv};

#[global_allocator]
static ALLOC: alloc::Counting = alloc::Counting;

fn env(size: u32, envs: usize, threads: usize, obs: ObsKind) -> VecEnv {
    env_of("go/chinese", size, envs, threads, obs)
}

fn env_of(rules: &str, size: u32, envs: usize, threads: usize, obs: ObsKind) -> VecEnv {
    let rules = goishi::registry().parse_rules(rules).expect("rules");
    let mut config = EnvConfig::new(rules, envs);
    config.size = Some((size, size));
    config.threads = threads;
    config.obs = obs;
    config.seed = 1;
    VecEnv::new(config).expect("environment")
}

/// Environment steps a second over `time`, best of three.
fn steps_per_second(size: u32, envs: usize, threads: usize, obs: ObsKind, time: Duration) -> f64 {
    let mut env = env(size, envs, threads, obs);
    let mut out = OwnedBuffers::new(&env);
    let mut actions = vec![0u32; envs];
    env.reset(None, out.buffers()).expect("reset");
    // Past the first games, so that every game's buffers have grown.
    for _ in 0..2 * size * size {
        env.sample_actions(&mut actions).expect("sample");
        env.step(&actions, out.buffers()).expect("step");
    }
    let mut best = 0.0f64;
    for _ in 0..3 {
        let start = Instant::now();
        let mut steps = 0usize;
        while start.elapsed() < time / 3 {
            env.sample_actions(&mut actions).expect("sample");
            env.step(&actions, out.buffers()).expect("step");
            steps += envs;
        }
        best = best.max(steps as f64 / start.elapsed().as_secs_f64());
    }
    best
}

/// A fixed number of steps, for a profiler: `profile SIZE ENVS STEPS bool|packed|none
/// [RULES]` (`go/chinese` by default).
fn profile(mut args: impl Iterator<Item = String>) {
    let mut next = || args.next().expect("profile SIZE ENVS STEPS OBS");
    let size: u32 = next().parse().expect("SIZE");
    let envs: usize = next().parse().expect("ENVS");
    let steps: usize = next().parse().expect("STEPS");
    let obs: ObsKind = next().parse().expect("OBS");
    let rules = args.next().unwrap_or_else(|| "go/chinese".to_owned());
    let mut env = env_of(&rules, size, envs, 1, obs);
    let mut out = OwnedBuffers::new(&env);
    let mut actions = vec![0u32; envs];
    env.reset(None, out.buffers()).expect("reset");
    for _ in 0..steps {
        env.sample_actions(&mut actions).expect("sample");
        env.step(&actions, out.buffers()).expect("step");
    }
    println!("{} environment steps", steps * envs);
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().map(String::as_str) == Some("profile") {
        args.next();
        return profile(args);
    }
    let seconds: f64 = args.next().map_or(3.0, |s| s.parse().expect("SECONDS"));
    let envs: usize = args.next().map_or(1024, |s| s.parse().expect("ENVS"));
    let time = Duration::from_secs_f64(seconds);
    println!("| board | observation | threads | steps/s |");
    println!("|---|---|---:|---:|");
    for size in [9, 19] {
        for (obs, name) in [
            (ObsKind::Bool, "17 planes, bool"),
            (ObsKind::Packed, "17 planes, packed"),
            (ObsKind::None, "mask only"),
        ] {
            for threads in [1, 2] {
                let rate = steps_per_second(size, envs, threads, obs, time);
                println!(
                    "| {size}x{size} | {name} | {threads} | {:.2} M |",
                    rate / 1e6
                );
            }
        }
    }
    // Memory: the environments, their buffers and a few games' growth, every thread counted.
    let ((), peak) = alloc::measure_all_threads(|| {
        let mut env = env(19, 1024, 2, ObsKind::Bool);
        let mut out = OwnedBuffers::new(&env);
        let mut actions = vec![0u32; 1024];
        env.reset(None, out.buffers()).expect("reset");
        for _ in 0..3 * 361 {
            env.sample_actions(&mut actions).expect("sample");
            env.step(&actions, out.buffers()).expect("step");
        }
    });
    println!(
        "\nmemory of 1024 19x19 environments, history 8, bool planes, after 1083 steps: {}",
        alloc::mib(peak)
    );
}
