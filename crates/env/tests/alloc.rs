//! No allocation per step: once a game's buffers have grown, a step on one thread allocates
//! nothing (Go and capture Go), but for the engine's count of the score at the end of a game
//! (contact capture's reset copies its history table, not checked here).

mod support;

use goishi_env::{ObsKind, VecEnv};
use support::{config, sentinel_buffers};

#[global_allocator]
static ALLOC: goishi_conformance::alloc::Counting = goishi_conformance::alloc::Counting;

#[test]
fn a_step_allocates_nothing() {
    use goishi_conformance::alloc::allocations;
    assert!(goishi_conformance::alloc::installed());
    for (text, obs) in [
        ("go/chinese:ko=positional", ObsKind::Bool),
        ("go/japanese", ObsKind::Packed),
        ("capture/atari-go", ObsKind::Bool),
    ] {
        let mut c = config(text, Some((7, 7)), 2);
        c.threads = 1;
        c.obs = obs;
        c.seed = 5;
        let mut env = VecEnv::new(c).unwrap();
        let mut out = sentinel_buffers(&env);
        let mut actions = vec![0u32; env.num_envs()];
        env.reset(None, out.buffers()).unwrap();
        // Many games in every environment, so that their records have grown.
        for _ in 0..4000 {
            env.sample_actions(&mut actions).unwrap();
            env.step(&actions, out.buffers()).unwrap();
        }
        let (mut steps, mut ends) = (0, 0);
        for _ in 0..2000 {
            env.sample_actions(&mut actions).unwrap();
            let before = allocations();
            env.step(&actions, out.buffers()).unwrap();
            let made = allocations() - before;
            if out.terminations.iter().any(|&t| t) {
                ends += 1;
                // The engine scores the final position (an area or territory count).
                assert!(
                    made <= 64,
                    "{text}: {made} allocations at the end of a game"
                );
            } else {
                steps += 1;
                assert_eq!(made, 0, "{text}: {made} allocations in a step");
            }
        }
        assert!(
            steps > 1000 && ends > 10,
            "{text}: {steps} steps, {ends} ends"
        );
    }
}
