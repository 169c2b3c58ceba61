//! `play` through the GTP loop on a 19x19 mid-game position: what one `play` command costs
//! from its line to its answer (parsing, the engine's play, the response), measured as a
//! `play` followed by an `undo` so that the position stays the same mid-game one. Next to
//! it, the engine's own `play_as` + `undo` on the same position, for comparison. Figures
//! only; nothing here asserts a time.

use criterion::{criterion_group, criterion_main, Criterion};
use goishi::{Color, Move};
use goishi_cli::gtp::{Engine, PlayerKind, PlayerOptions};

/// A 19x19 game of 120 moves (the random player, seeded) and a point empty in it.
fn mid_game() -> (Engine, String, Move) {
    let rules = goishi::registry()
        .parse_rules("go/chinese")
        .expect("registered");
    let mut engine = Engine::new(rules, Some((19, 19)), 7).expect("an engine");
    engine
        .set_player(PlayerOptions {
            kind: PlayerKind::Random,
            ..PlayerOptions::new(7)
        })
        .expect("the random player");
    for i in 0..120 {
        let color = if i % 2 == 0 { "b" } else { "w" };
        engine.run("genmove", &[color]).expect("a move");
    }
    let p = engine.position();
    let g = p.geometry();
    let points: Vec<_> = g.points().collect();
    let empty = points
        .into_iter()
        .rev()
        .find(|&q| p.board().get(q).is_none() && p.check_move(Color::Black, Move::Place(q)).is_ok())
        .expect("an empty point");
    let vertex = g.point_name(empty);
    (engine, vertex, Move::Place(empty))
}

fn gtp_play(c: &mut Criterion) {
    let (mut engine, vertex, mv) = mid_game();
    let play = format!("play b {vertex}");
    c.bench_function("gtp_play_undo_19x19_midgame", |b| {
        b.iter(|| {
            let a = engine.execute_line(&play);
            let u = engine.execute_line("undo");
            (a, u)
        })
    });
    let (engine, _, _) = mid_game();
    let mut position = engine.position().clone_box();
    c.bench_function("engine_play_undo_19x19_midgame", |b| {
        b.iter(|| {
            position.play_as(Color::Black, mv).expect("legal");
            position.undo()
        })
    });
}

criterion_group!(benches, gtp_play);
criterion_main!(benches);
