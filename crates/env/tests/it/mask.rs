//! The legal mask kept from move to move (`Position::legal_action_bits_cached`, what a step
//! reads) against the full judgement (`Position::legal_action_bits`) over random games of
//! every registered variant, and of the ko and suicide rules of Go on several boards.

use goishi::{LegalCache, Move, Point, Position};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every registered variant at its defaults, and Go under each ko and suicide rule.
fn rules_list() -> Vec<String> {
    let mut list: Vec<String> = goishi::registry()
        .variants()
        .map(|v| v.default_rules().to_string())
        .collect();
    for ko in [
        "simple",
        "positional",
        "situational",
        "natural-situational",
        "spight",
        "none",
    ] {
        for suicide in ["forbidden", "multi-stone", "allowed"] {
            list.push(format!("go/chinese:ko={ko},suicide={suicide}"));
        }
    }
    list.push("go/chinese-ogs:board=torus".to_owned());
    list.push("go/tromp-taylor:board=hex".to_owned());
    list
}

/// The game of `rules` on a small board where it has one.
fn start(rules: &str, size: u32) -> Box<dyn Position> {
    let rules = goishi::registry().parse_rules(rules).expect(rules);
    rules
        .new_game(Some((size, size)))
        .or_else(|_| rules.new_game(None))
        .expect("a game")
}

/// Plays a random game, comparing the kept mask with the full judgement before each move.
fn check_game(rules: &str, size: u32, seed: u64) -> Result<(), String> {
    let mut game = start(rules, size);
    let words = (game.geometry().num_points() + 1).div_ceil(64);
    let (mut kept, mut full) = (vec![0u64; words], vec![0u64; words]);
    let mut cache = LegalCache::default();
    let mut scratch = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let pass = game.geometry().num_points();
    for turn in 0..4 * pass {
        let a = game.legal_action_bits_cached(&mut cache, &mut kept, &mut scratch);
        let b = game.legal_action_bits(&mut full, &mut scratch);
        if (a, &kept) != (b, &full) {
            return Err(format!(
                "{rules} {size}x{size} seed {seed}, before move {turn}: kept {kept:x?} ({a}), \
                 judged {full:x?} ({b})\n{}",
                game.board()
            ));
        }
        if game.is_over() || b == 0 {
            return Ok(());
        }
        // Pass rarely, so that games run long enough for captures and repetitions.
        let points: Vec<usize> = (0..pass)
            .filter(|&i| full[i / 64] >> (i % 64) & 1 == 1)
            .collect();
        let mv = if points.is_empty() || rng.random_range(0..40) == 0 {
            Move::Pass
        } else {
            Move::Place(Point::new(points[rng.random_range(0..points.len())]))
        };
        let color = game.side_to_move();
        game.play_as(color, mv).map_err(|e| e.to_string())?;
    }
    Ok(())
}

#[test]
fn the_kept_mask_is_the_full_judgement_in_random_games() {
    let list = rules_list();
    let strategy = (
        0..list.len(),
        prop_oneof![Just(4u32), Just(5), Just(7)],
        any::<u64>(),
    );
    let config = Config {
        cases: 600,
        rng_seed: RngSeed::Fixed(34),
        failure_persistence: None,
        ..Config::default()
    };
    TestRunner::new(config)
        .run(&strategy, |(r, size, seed)| {
            check_game(&list[r], size, seed).map_err(TestCaseError::fail)
        })
        .unwrap();
}

#[test]
fn every_variant_is_checked_at_least_once() {
    for (i, rules) in rules_list().iter().enumerate() {
        check_game(rules, 5, i as u64).unwrap();
    }
}
