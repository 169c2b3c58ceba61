//! The batched search over an environment's games: every leaf it asks for is written as the
//! environment writes a game that reached that position (the same planes, with the history
//! of the walk down the tree, the capture counts, bool or packed, and the same mask), its
//! moves are legal, and it follows the environments from move to move through autoreset.

use crate::support;

use goishi::Move;
use goishi_env::{planes, EnvError, ObsKind, VecEnv};
use goishi_play::batched::{Algorithm, BatchedConfig, Gumbel, Puct};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn leaves_are_written_as_the_environment_writes_their_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_206);
    for (i, (rules, size, history, obs)) in [
        ("go/chinese", (5, 5), 8, ObsKind::Bool),
        ("go/tromp-taylor:ko=positional", (4, 4), 3, ObsKind::Packed),
        ("capture/atari-go:captures=3", (5, 5), 2, ObsKind::Bool),
        ("contact/2b", (5, 5), 8, ObsKind::Packed),
        ("go/chinese:board=hex", (4, 4), 1, ObsKind::Bool),
        ("go/japanese", (5, 5), 4, ObsKind::None),
    ]
    .into_iter()
    .enumerate()
    {
        let mut config = support::config(rules, Some(size), 3);
        config.history = history;
        config.obs = obs;
        config.threads = 2;
        config.max_moves = Some(12);
        let mut env = VecEnv::new(config).unwrap();
        let mut buffers = support::Owned::new(&env);
        env.reset(Some(i as u64), buffers.buffers()).unwrap();
        let algorithm = if i % 2 == 0 {
            Algorithm::Puct(Puct::default())
        } else {
            Algorithm::Gumbel(Gumbel::default())
        };
        let search_config = BatchedConfig {
            leaves_per_game: 2,
            threads: 2,
            seed: i as u64,
            ..BatchedConfig::new(12, algorithm)
        };
        let mut search = env.search(search_config).unwrap();
        let (a, ob) = (search.num_actions(), search.obs_bytes());
        let points = a - 1;
        let mut leaf_obs = vec![0u8; search.max_leaves() * ob];
        let mut leaf_mask = vec![0u8; search.max_leaves() * a];
        let mut expected = vec![0u8; ob];
        let mut path = Vec::new();
        let mut actions = vec![0u32; 3];
        let mut leaves = 0;
        for _turn in 0..30 {
            while !search.done() {
                let n = search.leaves(&mut leaf_obs, &mut leaf_mask).unwrap();
                for k in 0..n {
                    let g = search.leaf_games()[k] as usize;
                    search.leaf_path(k, &mut path);
                    let mut position = env.position(g).unwrap().clone_box();
                    for &action in &path {
                        position
                            .play(Move::from_action(action as usize, points))
                            .unwrap();
                    }
                    let mover = position.side_to_move();
                    planes::write_position(&*position, mover, history, obs, &mut expected).unwrap();
                    assert_eq!(
                        &leaf_obs[k * ob..(k + 1) * ob],
                        &expected[..],
                        "{rules}: the planes of leaf {k} (game {g}, path {path:?})"
                    );
                    assert_eq!(
                        &leaf_mask[k * a..(k + 1) * a],
                        &support::mask_of(&*position)[..],
                        "{rules}: the mask of leaf {k}"
                    );
                    leaves += 1;
                }
                let logits: Vec<f32> = (0..n * a).map(|_| rng.random_range(-1.0..1.0)).collect();
                let values: Vec<f32> = (0..n).map(|_| rng.random_range(-1.0..1.0)).collect();
                search.expand(&logits, &values).unwrap();
            }
            search.actions(&mut actions).unwrap();
            for (g, &action) in actions.iter().enumerate() {
                if !env.is_done(g).unwrap() {
                    let position = env.position(g).unwrap();
                    let mask = support::mask_of(position);
                    assert_eq!(
                        mask[action as usize], 1,
                        "{rules}: action {action} is illegal"
                    );
                }
            }
            env.step(&actions, buffers.buffers()).unwrap();
            search.start(&env).unwrap();
        }
        assert!(leaves > 100, "{rules}: {leaves} leaves");
    }
}

#[test]
fn a_search_refuses_another_environment_and_bad_settings() {
    let mut env = VecEnv::new(support::config("go/chinese", Some((5, 5)), 2)).unwrap();
    let config = BatchedConfig::new(8, Algorithm::Gumbel(Gumbel::default()));
    assert_eq!(env.search(config).unwrap_err(), EnvError::NotReset);
    let mut buffers = support::Owned::new(&env);
    env.reset(None, buffers.buffers()).unwrap();
    let mut search = env.search(config).unwrap();
    let mut other = VecEnv::new(support::config("go/chinese", Some((7, 7)), 2)).unwrap();
    let mut other_buffers = support::Owned::new(&other);
    other.reset(None, other_buffers.buffers()).unwrap();
    assert_eq!(search.start(&other).unwrap_err(), EnvError::OtherSearch);
    let mut contact = VecEnv::new(support::config("contact/2b", Some((5, 5)), 2)).unwrap();
    let mut contact_buffers = support::Owned::new(&contact);
    contact.reset(None, contact_buffers.buffers()).unwrap();
    assert_eq!(search.start(&contact).unwrap_err(), EnvError::OtherSearch);
    let bad = BatchedConfig {
        threads: 0,
        ..config
    };
    assert_eq!(
        env.search(bad).unwrap_err().to_string(),
        "invalid threads 0; expected from 1 to 256"
    );
}
