//! A strength smoke test that cannot flake: MCTS at 200 playouts against the random player
//! on 7x7 Go (Chinese rules, komi 7.5), ten seeded games with colours alternating; the search
//! must win at least 8. Over 200 release-mode games with other seeds (`mcts_vs_random
//! go/chinese 7 200 200 1000`) it won all 200; it wins all 10 here. Seeded with
//! `GOISHI_MCTS_SEED` (printed).

use crate::common;

use goishi::Color;
use goishi_play::mcts::MctsPlayer;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Plays one game, MCTS with `mcts` against the random player; returns the winner.
fn game(rules: &str, size: u32, mcts: Color, playouts: u32, seed: u64) -> Option<Color> {
    let mut game = common::game(rules, Some((size, size)));
    let mut player = MctsPlayer::new(common::config(playouts, seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xABCD);
    let cap = 4 * game.geometry().num_points();
    common::play_vs_random(&mut *game, &mut player, mcts, &mut rng, cap);
    match game.outcome() {
        Some(result) => result.winner(),
        None => game.score(&[]).result().winner(),
    }
}

/// MCTS's wins in `games` games, colours alternating.
pub fn wins(rules: &str, size: u32, playouts: u32, games: u64, seed: u64) -> u64 {
    (0..games)
        .filter(|&g| {
            let mcts = if g % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            game(rules, size, mcts, playouts, seed.wrapping_add(g)) == Some(mcts)
        })
        .count() as u64
}

#[test]
fn mcts_beats_the_random_player() {
    let seed = common::seed();
    let won = wins("go/chinese", 7, 200, 10, seed);
    eprintln!("MCTS 200 playouts won {won} of 10 games of 7x7 Go against random");
    assert!(won >= 8, "MCTS won only {won} of 10");
}
