//! Random playouts and legal-move lists (criterion). `cargo bench -p goishi-go-rules`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use goishi_board::{FromSetup, Position, Rules};
use goishi_go_rules::GoPosition;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[path = "support/playout.rs"]
mod support;

use support::playout;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("go/playout");
    for rules in ["go/tromp-taylor", "go/japanese", "go/chinese"] {
        for size in [9u32, 19] {
            let rules = Rules::parse(rules).unwrap();
            let start = GoPosition::from_rules(&rules, Some((size, size))).unwrap();
            // Moves per playout, averaged over a few seeds, for the throughput figure.
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let mut empty = Vec::new();
            let total: usize = (0..20)
                .map(|_| playout(&mut start.clone(), &mut rng, &mut empty))
                .sum();
            group.throughput(Throughput::Elements((total / 20) as u64));
            group.bench_function(
                BenchmarkId::new(rules.to_string(), format!("{size}x{size}")),
                |b| {
                    let mut rng = ChaCha8Rng::seed_from_u64(7);
                    let mut game = start.clone();
                    b.iter(|| {
                        game.clone_from(&start);
                        playout(&mut game, &mut rng, &mut empty)
                    });
                },
            );
        }
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("go/legal-moves");
    for rules in ["go/tromp-taylor", "go/chinese"] {
        for size in [9u32, 19] {
            let rules = Rules::parse(rules).unwrap();
            let mut game = GoPosition::from_rules(&rules, Some((size, size))).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            let mut empty = Vec::new();
            // A mid-game position: the first third of a random game.
            let mut probe = game.clone();
            let moves = playout(&mut probe, &mut rng, &mut empty);
            for turn in probe.history()[..moves / 3].iter().copied() {
                game.play_as(turn.color, turn.mv).unwrap();
            }
            let mut out = Vec::with_capacity(400);
            group.bench_function(
                BenchmarkId::new(rules.to_string(), format!("{size}x{size}")),
                |b| {
                    b.iter(|| {
                        game.legal_moves(&mut out);
                        out.len()
                    })
                },
            );
        }
    }
    group.finish();
}

fn play_undo(c: &mut Criterion) {
    let rules = Rules::parse("go/tromp-taylor").unwrap();
    let mut game = GoPosition::from_rules(&rules, Some((19, 19))).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut empty = Vec::new();
    let mut probe = game.clone();
    let moves = playout(&mut probe, &mut rng, &mut empty);
    for turn in probe.history()[..moves / 3].iter().copied() {
        game.play_as(turn.color, turn.mv).unwrap();
    }
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    c.bench_function("go/play+undo/19x19", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % legal.len();
            game.play(legal[i]).unwrap();
            game.undo();
        })
    });
}

criterion_group!(benches, playouts, legal_moves, play_undo);
criterion_main!(benches);
