//! Random playouts and the legal-move list, on 9x9 and 19x19, for contact/1a, 2b, 2c and 4a
//! (and 2b with local scope and without a ko rule, to show what those cost).
//!
//! A playout plays uniformly random legal placements (rejection sampling over the board,
//! then the full legal-move list when sampling keeps failing) and passes when none is left,
//! capped at 3 x the number of points; each benchmark iteration plays 1000 moves, starting
//! a new game whenever one ends. Run with a short measurement time:
//! `cargo bench -p goishi-contact-capture -- --measurement-time 2 --warm-up-time 1`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use goishi_board::{FromSetup, Move, Point, Position, Registry, Setup};
use goishi_contact_capture::{ContactPosition, VARIANTS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const MOVES_PER_ITER: u64 = 1000;

fn new_game(rules: &str, size: u32) -> ContactPosition {
    let registry = Registry::from_parts(VARIANTS.iter().copied(), []);
    let rules = registry.parse_rules(rules).unwrap();
    let geometry = rules.geometry(Some((size, size))).unwrap();
    ContactPosition::from_setup(Setup::new(rules, geometry)).unwrap()
}

/// Plays one random legal move (or passes); returns false when the game is over.
fn random_move(position: &mut ContactPosition, rng: &mut ChaCha8Rng, list: &mut Vec<Move>) -> bool {
    if position.is_over() {
        return false;
    }
    let n = position.geometry().num_points();
    let color = position.side_to_move();
    for _ in 0..16 {
        let p = Point::new(rng.random_range(0..n));
        if position.check_move(color, Move::Place(p)).is_ok() {
            position.play(Move::Place(p)).unwrap();
            return true;
        }
    }
    position.legal_moves(list);
    let placements = list.len() - 1; // pass is last
    let mv = if placements == 0 {
        Move::Pass
    } else {
        list[rng.random_range(0..placements)]
    };
    position.play(mv).unwrap();
    true
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(MOVES_PER_ITER));
    for rules in [
        "contact/1a",
        "contact/2b",
        "contact/2c",
        "contact/4a",
        "contact/2b:scope=local",
        "contact/2b:ko=none",
    ] {
        for size in [9u32, 19] {
            let start = new_game(rules, size);
            let cap = 3 * (size * size) as usize;
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let mut position = start.clone();
            let mut list = Vec::with_capacity(400);
            group.bench_function(BenchmarkId::new(rules, format!("{size}x{size}")), |b| {
                b.iter(|| {
                    for _ in 0..MOVES_PER_ITER {
                        if position.history().len() >= cap
                            || !random_move(&mut position, &mut rng, &mut list)
                        {
                            position.clone_from(&start);
                            random_move(&mut position, &mut rng, &mut list);
                        }
                    }
                });
            });
        }
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for rules in ["contact/1a", "contact/2b", "contact/2c", "contact/4a"] {
        for size in [9u32, 19] {
            // A position half-way through a random game.
            let mut position = new_game(rules, size);
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            let mut list = Vec::with_capacity(400);
            for _ in 0..(size * size) / 2 {
                if !random_move(&mut position, &mut rng, &mut list) {
                    break;
                }
            }
            group.bench_function(BenchmarkId::new(rules, format!("{size}x{size}")), |b| {
                b.iter(|| {
                    position.legal_moves(&mut list);
                    list.len()
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, playouts, legal_moves);
criterion_main!(benches);
