//! Bad input gets a typed error with a clear sentence and changes no environment; and the
//! planes of one position, checked by hand.

use crate::support;

use goishi::Color;
use goishi_env::{planes, EnvError, ObsKind, VecEnv};
use support::{config, sentinel_buffers, Owned};

#[test]
fn more_threads_than_a_step_may_start_are_refused() {
    let mut c = config("go/chinese", Some((3, 3)), 30_000);
    c.threads = 30_000;
    let e = VecEnv::new(c).unwrap_err();
    assert_eq!(
        e.to_string(),
        "threads is 30000; a step runs on at most 256 threads"
    );
    let mut c = config("go/chinese", Some((3, 3)), 300);
    c.threads = goishi_env::MAX_THREADS;
    assert_eq!(VecEnv::new(c).unwrap().threads(), goishi_env::MAX_THREADS);
}

#[test]
fn zero_and_a_billion_environments_are_refused() {
    let e = VecEnv::new(config("go/chinese", Some((9, 9)), 0)).unwrap_err();
    assert_eq!(e, EnvError::NoEnvs);
    assert_eq!(
        e.to_string(),
        "a vector environment needs at least one environment (num_envs = 0)"
    );
    // Refused before anything is allocated, with the machine's memory or a given limit.
    let e = VecEnv::new(config("go/chinese", Some((9, 9)), 1_000_000_000)).unwrap_err();
    assert!(matches!(e, EnvError::TooLarge { .. }), "{e}");
    let mut c = config("go/chinese", Some((19, 19)), 1024);
    c.memory_limit = Some(1_000_000);
    let e = VecEnv::new(c).unwrap_err();
    let text = e.to_string();
    assert!(
        text.starts_with("1024 environments of 19x19 need about ")
            && text.ends_with(" of memory, more than the 1.0 MB allowed; use fewer environments"),
        "{text}"
    );
}

#[test]
fn bad_settings_are_named() {
    let mut c = config("go/chinese", Some((9, 9)), 2);
    c.history = 33;
    assert_eq!(
        VecEnv::new(c).unwrap_err().to_string(),
        "history 33 is too long; the observation keeps at most 32 positions"
    );
    // The single game's writer refuses the same history, and a buffer of the wrong length.
    let game = support::rules("go/chinese").new_game(Some((9, 9))).unwrap();
    let e = planes::write_position(&*game, Color::Black, 33, ObsKind::Bool, &mut [0; 81 * 67])
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "history 33 is too long; the observation keeps at most 32 positions"
    );
    let e = planes::write_position(&*game, Color::Black, 8, ObsKind::Packed, &mut [0; 81 * 17])
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "obs has 1377 entries; this environment needs 173"
    );
    let e = VecEnv::new(config("go/chinese", Some((0, 3)), 2)).unwrap_err();
    assert!(matches!(e, EnvError::Setup(_)), "{e}");
    assert_eq!(
        "drop"
            .parse::<goishi_env::Illegal>()
            .unwrap_err()
            .to_string(),
        "unknown illegal-action mode \"drop\"; expected raise or lose"
    );
    assert_eq!(
        "bits".parse::<ObsKind>().unwrap_err().to_string(),
        "unknown observation kind \"bits\"; expected bool, packed or none"
    );
}

/// A batch of three 5x5 games after `moves` steps of the same actions in each.
fn batch(steps: &[[u32; 3]]) -> (VecEnv, Owned) {
    let mut env = VecEnv::new(config("go/chinese:ko=positional", Some((5, 5)), 3)).unwrap();
    let mut out = sentinel_buffers(&env);
    env.reset(None, out.buffers()).unwrap();
    for a in steps {
        env.step(a, out.buffers()).unwrap();
    }
    (env, out)
}

#[test]
fn a_refused_step_changes_no_environment() {
    let played = [[0, 1, 2], [5, 6, 7]];
    let (mut env, mut out) = batch(&played);
    let before = out.clone();
    let histories = |env: &VecEnv| -> Vec<Vec<goishi::Turn>> {
        (0..3)
            .map(|i| env.position(i).unwrap().history().to_vec())
            .collect()
    };
    let moves = histories(&env);
    // Out of range, through the step and through the conversion from numpy's integers.
    let e = env.step(&[3, 26, 4], out.buffers()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "environment 1: action 26 is out of range; the actions are 0 to 25 (the points, then 25 for pass)"
    );
    let mut converted = [0u32; 3];
    let e = env
        .convert_actions(&[3i64, -1, 4], &mut converted)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "environment 1: action -1 is out of range; the actions are 0 to 25 (the points, then 25 for pass)"
    );
    // Illegal (environment 2's point 7 holds a white stone): the engine's sentence.
    let e = env.step(&[3, 4, 7], out.buffers()).unwrap_err();
    assert_eq!(e.to_string(), "environment 2: illegal move: B C2: occupied");
    // Wrong lengths.
    let e = env.step(&[3, 4], out.buffers()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "actions has 2 entries; this environment needs 3"
    );
    let mut short = out.clone();
    short.mask.pop();
    let e = env.step(&[3, 4, 8], short.buffers()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "legal_mask has 77 entries; this environment needs 78"
    );
    assert_eq!(out, before, "a refused step wrote into the buffers");
    assert_eq!(histories(&env), moves);
    // The batch goes on as one that was never refused.
    let (mut twin, mut twin_out) = batch(&played);
    env.step(&[3, 4, 8], out.buffers()).unwrap();
    twin.step(&[3, 4, 8], twin_out.buffers()).unwrap();
    assert_eq!(out, twin_out);
    assert_eq!(histories(&env), histories(&twin));
}

#[test]
fn a_step_before_the_reset_is_refused() {
    let mut env = VecEnv::new(config("go/chinese", Some((5, 5)), 1)).unwrap();
    let mut out = sentinel_buffers(&env);
    let e = env.step(&[0], out.buffers()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the environments have not been reset yet; call reset first"
    );
    assert!(env.sample_actions(&mut [0]).is_err());
}

/// The planes of one position, written out by hand: 5x5, B A1, W B1, B A2, history 2.
#[test]
fn the_planes_of_a_position_by_hand() {
    let mut c = config("go/chinese", Some((5, 5)), 1);
    c.history = 2;
    let mut env = VecEnv::new(c).unwrap();
    assert_eq!(env.obs_shape(), [5, 5, 5]);
    let mut out = sentinel_buffers(&env);
    env.reset(None, out.buffers()).unwrap();
    for a in [0, 1, 5] {
        env.step(&[a], out.buffers()).unwrap();
    }
    // White to move. Channels: White's stones now, Black's now, White's a move ago,
    // Black's a move ago, White to move.
    let at = |row: usize, col: usize| &out.obs[(row * 5 + col) * 5..(row * 5 + col + 1) * 5];
    assert_eq!(at(0, 0), [0, 1, 0, 1, 1], "A1: Black's, before and now");
    assert_eq!(at(0, 1), [1, 0, 1, 0, 1], "B1: White's, before and now");
    assert_eq!(at(1, 0), [0, 1, 0, 0, 1], "A2: Black's, played now");
    assert_eq!(at(2, 2), [0, 0, 0, 0, 1], "C3: empty");
    // The mask: A1, B1, A2 taken; everything else and pass open.
    let open: Vec<usize> = (0..26).filter(|&a| out.mask[a] == 1).collect();
    let expected: Vec<usize> = (0..26).filter(|a| ![0, 1, 5].contains(a)).collect();
    assert_eq!(open, expected);
    // Black to move after W C1: the mover's channels are Black's.
    env.step(&[2], out.buffers()).unwrap();
    let at = |row: usize, col: usize| &out.obs[(row * 5 + col) * 5..(row * 5 + col + 1) * 5];
    assert_eq!(at(0, 0), [1, 0, 1, 0, 0]);
    assert_eq!(at(0, 2), [0, 1, 0, 0, 0], "C1: White's, played now");
    // On a torus the planes are one row of channels a point.
    let mut c = config("go/chinese:board=torus", Some((5, 4)), 1);
    c.history = 0;
    let env = VecEnv::new(c).unwrap();
    assert_eq!(env.obs_shape(), [20, 3]);
}
