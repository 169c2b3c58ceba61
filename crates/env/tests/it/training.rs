//! What training asks of the batch beyond stepping: finished environments' mask rows, the
//! partial reset and per-environment seeds, and restoring a game into an environment.

use crate::support;

use goishi::{Move, Point};
use goishi_env::{EnvError, Seeds, VecEnv};
use support::{config, mask_of, sentinel_buffers, Owned};

fn row<T: Copy>(all: &[T], i: usize, width: usize) -> Vec<T> {
    all[i * width..(i + 1) * width].to_vec()
}

#[test]
fn a_finished_environments_mask_row_is_all_true() {
    let mut env = VecEnv::new(config("go/chinese:komi=0.5", Some((5, 5)), 2)).unwrap();
    let mut out = sentinel_buffers(&env);
    env.reset(None, out.buffers()).unwrap();
    let pass = env.num_points() as u32;
    env.step(&[pass, 3], out.buffers()).unwrap();
    env.step(&[pass, 4], out.buffers()).unwrap();
    // Environment 0 ended by two passes: every action allowed (and ignored).
    assert_eq!(out.terminations, [true, false]);
    let n = env.num_actions();
    assert!(row(&out.mask, 0, n).iter().all(|&m| m == 1));
    assert_eq!(row(&out.mask, 1, n), mask_of(env.position(1).unwrap()));
    // Any action of that row, here an occupied-looking one, is taken and ignored.
    env.step(&[0, 5], out.buffers()).unwrap();
    assert!(env.position(0).unwrap().history().is_empty());
    assert_eq!(row(&out.mask, 0, n), mask_of(env.position(0).unwrap()));
}

/// The actions the environments' own streams draw over `steps` steps from a reset.
fn drawn(env: &mut VecEnv, out: &mut Owned, steps: usize) -> Vec<Vec<u32>> {
    let mut actions = vec![0; env.num_envs()];
    let mut all = Vec::new();
    for _ in 0..steps {
        env.sample_actions(&mut actions).unwrap();
        env.step(&actions, out.buffers()).unwrap();
        all.push(actions.clone());
    }
    all
}

#[test]
fn a_seed_for_each_environment_is_its_stream_of_that_seed() {
    let mut env = VecEnv::new(config("go/chinese", Some((5, 5)), 3)).unwrap();
    let mut out = sentinel_buffers(&env);
    env.reset(Some(7), out.buffers()).unwrap();
    let one_seed = drawn(&mut env, &mut out, 30);
    let seeds = [Some(7), Some(7), Some(7)];
    env.reset_with(Seeds::Each(&seeds), None, out.buffers())
        .unwrap();
    assert_eq!(drawn(&mut env, &mut out, 30), one_seed);
    // Another seed for environment 1 alone changes its actions only.
    let seeds = [Some(7), Some(8), Some(7)];
    env.reset_with(Seeds::Each(&seeds), None, out.buffers())
        .unwrap();
    let other = drawn(&mut env, &mut out, 30);
    let column = |all: &[Vec<u32>], i: usize| all.iter().map(|a| a[i]).collect::<Vec<_>>();
    assert_eq!(column(&other, 0), column(&one_seed, 0));
    assert_eq!(column(&other, 2), column(&one_seed, 2));
    assert_ne!(column(&other, 1), column(&one_seed, 1));
    // A list of the wrong length changes nothing.
    let e = env
        .reset_with(Seeds::Each(&[Some(1)]), None, out.buffers())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "seed has 1 entries; this environment needs 3"
    );
}

#[test]
fn a_partial_reset_resets_the_masked_environments_only() {
    let mut env = VecEnv::new(config("go/chinese", Some((5, 5)), 3)).unwrap();
    let mut out = sentinel_buffers(&env);
    let e = env
        .reset_with(Seeds::Keep, Some(&[true, false, true]), out.buffers())
        .unwrap_err();
    assert_eq!(e, EnvError::PartialBeforeReset);
    env.reset(Some(1), out.buffers()).unwrap();
    drawn(&mut env, &mut out, 6);
    let before = out.clone();
    let played: Vec<usize> = (0..3)
        .map(|i| env.position(i).unwrap().history().len())
        .collect();
    env.reset_with(Seeds::Keep, Some(&[false, true, false]), out.buffers())
        .unwrap();
    let (b, n) = (env.obs_bytes(), env.num_actions());
    for i in [0, 2] {
        assert_eq!(env.position(i).unwrap().history().len(), played[i]);
        assert_eq!(row(&out.obs, i, b), row(&before.obs, i, b));
        assert_eq!(row(&out.mask, i, n), row(&before.mask, i, n));
        assert_eq!(out.rewards[i], before.rewards[i]);
    }
    assert!(env.position(1).unwrap().history().is_empty());
    assert!(row(&out.obs, 1, b).iter().all(|&x| x == 0));
    assert_eq!(row(&out.mask, 1, n), mask_of(env.position(1).unwrap()));
    assert_eq!((out.terminations[1], out.truncations[1]), (false, false));
    let e = env
        .reset_with(Seeds::Keep, Some(&[true]), out.buffers())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "reset_mask has 1 entries; this environment needs 3"
    );
}

#[test]
fn a_restored_game_steps_as_the_original() {
    // Positional superko: the restored environment must know the earlier positions.
    let mut env = VecEnv::new(config("go/chinese:ko=positional", Some((5, 5)), 2)).unwrap();
    let mut out = sentinel_buffers(&env);
    env.reset(Some(3), out.buffers()).unwrap();
    drawn(&mut env, &mut out, 25);
    let game = env.position(0).unwrap().clone_box();
    let (b, n) = (env.obs_bytes(), env.num_actions());
    env.set_position(1, &*game, out.buffers()).unwrap();
    assert_eq!(row(&out.obs, 1, b), row(&out.obs, 0, b), "the planes");
    assert_eq!(row(&out.mask, 1, n), row(&out.mask, 0, n), "the mask");
    assert_eq!(env.position(1).unwrap().history(), game.history());
    // From here both play the same moves and see the same.
    let mut actions = vec![0u32; 2];
    for step in 0..40 {
        env.sample_actions(&mut actions).unwrap();
        actions[1] = actions[0];
        env.step(&actions, out.buffers()).unwrap();
        assert_eq!(row(&out.obs, 1, b), row(&out.obs, 0, b), "step {step}");
        assert_eq!(row(&out.mask, 1, n), row(&out.mask, 0, n), "step {step}");
        assert_eq!(out.rewards[0], out.rewards[1]);
        assert_eq!(out.terminations[0], out.terminations[1]);
        assert_eq!(out.truncations[0], out.truncations[1]);
    }
}

#[test]
fn a_game_of_other_rules_is_not_restored() {
    let mut env = VecEnv::new(config("go/chinese", Some((5, 5)), 2)).unwrap();
    let mut out = sentinel_buffers(&env);
    env.reset(None, out.buffers()).unwrap();
    let other = support::rules("go/japanese")
        .new_game(Some((5, 5)))
        .unwrap();
    let e = env.set_position(0, &*other, out.buffers()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "environment 0: the state is a game of go/japanese on 5x5; this environment plays go/chinese on 5x5"
    );
    let mut small = support::rules("go/chinese").new_game(Some((4, 4))).unwrap();
    small.play(Move::Place(Point::new(0))).unwrap();
    assert!(matches!(
        env.set_position(1, &*small, out.buffers()),
        Err(EnvError::OtherGame { .. })
    ));
    let same = support::rules("go/chinese").new_game(Some((5, 5))).unwrap();
    assert_eq!(
        env.set_position(2, &*same, out.buffers())
            .unwrap_err()
            .to_string(),
        "environment 2 does not exist; there are 2"
    );
}

#[test]
fn a_restored_finished_game_resets_at_the_next_step() {
    let mut env = VecEnv::new(config("go/chinese", Some((5, 5)), 1)).unwrap();
    let mut out = sentinel_buffers(&env);
    env.reset(None, out.buffers()).unwrap();
    let mut game = support::rules("go/chinese").new_game(Some((5, 5))).unwrap();
    game.play(Move::Pass).unwrap();
    game.play(Move::Pass).unwrap();
    env.set_position(0, &*game, out.buffers()).unwrap();
    assert_eq!(env.is_done(0), Some(true));
    assert!(out.terminations[0]);
    assert!(out.mask.iter().all(|&m| m == 1));
    env.step(&[3], out.buffers()).unwrap();
    assert!(env.position(0).unwrap().history().is_empty());
}

#[test]
fn the_capture_counts_are_planes_where_the_end_depends_on_them() {
    // capture/five: the first to capture five stones wins; counts 0 to 4 take three bits.
    let mut env = VecEnv::new(config("capture/five", Some((5, 5)), 1)).unwrap();
    assert_eq!(env.planes(), 17 + 2 * 3);
    assert_eq!(env.obs_shape(), [5, 5, 23]);
    let mut out = sentinel_buffers(&env);
    env.reset(None, out.buffers()).unwrap();
    assert!(out.obs.chunks(23).all(|point| point[17..] == [0; 6]));
    // B A2, W A1, B B1 takes A1: White to move, Black has one capture.
    for a in [5, 0, 1] {
        env.step(&[a], out.buffers()).unwrap();
    }
    assert_eq!(env.position(0).unwrap().captures(goishi::Color::Black), 1);
    for point in out.obs.chunks(23) {
        assert_eq!(point[16], 1, "White to move");
        assert_eq!(point[17..20], [0, 0, 0], "the mover's (White's) captures");
        assert_eq!(point[20..23], [1, 0, 0], "the opponent's (Black's): 1");
    }
    // Atari Go ends at the first capture: its count is 0 while the game goes on, and its
    // planes are Go's.
    let env = VecEnv::new(config("capture/atari-go", Some((5, 5)), 1)).unwrap();
    assert_eq!(env.planes(), 17);
    // So is contact capture without a capture goal; with one, its counts are planes.
    let env = VecEnv::new(config("contact/2b", Some((5, 5)), 1)).unwrap();
    assert_eq!(env.planes(), 17);
    let env = VecEnv::new(config("contact/2b:capture-goal=10", Some((5, 5)), 1)).unwrap();
    assert_eq!(env.planes(), 17 + 2 * 4);
}
