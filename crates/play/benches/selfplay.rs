//! The self-play loop of `goishi-play` (random player, both sides, to the end of the game or
//! the move cap): a whole game a sample, next to the engine's bare playout benchmarks in
//! crates/bench. Figures only; nothing here asserts a time.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use goishi_play::play_game;

fn selfplay(c: &mut Criterion) {
    let mut group = c.benchmark_group("selfplay_game");
    for (rules, size) in [("go/chinese", 9), ("go/chinese", 19), ("contact/2b", 9)] {
        let parsed = goishi::registry().parse_rules(rules).expect("registered");
        let mut index = 0;
        group.bench_with_input(
            BenchmarkId::new(rules, format!("{size}x{size}")),
            &parsed,
            |b, parsed| {
                b.iter(|| {
                    index += 1;
                    let game = play_game(parsed, Some((size, size)), 1, index).expect("a game");
                    game.position.history().len()
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, selfplay);
criterion_main!(benches);
