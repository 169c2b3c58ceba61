//! `play` through the GTP loop on a 19x19 mid-game position: what one `play` command costs
//! from its line to its answer (parsing, the engine's play, the response), measured as a
//! `play` followed by an `undo` so that the position stays the same mid-game one: one pair
//! through `Engine::execute_line`, and 1000 pairs through the whole loop (`gtp::serve`: the
//! lines read from a buffer, preprocessed, answered into a sink, as a controller's pipe
//! would carry them). Then what GoGui does after every move, replaying the game to the
//! engine: `clear_board` and the 120 `play` commands of the game, through the loop. Next to
//! them, the engine's own `play_as` + `undo` on the same position, for comparison. Figures
//! only; nothing here asserts a time.

use criterion::{criterion_group, criterion_main, Criterion};
use goishi::{Color, Move};
use goishi_cli::gtp::{serve, Engine, PlayerKind, PlayerOptions};

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
    // The session reads its input on a thread of its own: input that lives as long as it.
    let pairs: &'static str = String::leak((0..1000).map(|_| format!("{play}\nundo\n")).collect());
    c.bench_function("gtp_serve_1000_play_undo_19x19_midgame", |b| {
        b.iter(|| serve(&mut engine, pairs.as_bytes(), std::io::sink()))
    });
    // The game's moves as GoGui sends them after each move: clear_board, then every play.
    let replay: &'static str = String::leak({
        let p = engine.position();
        let g = p.geometry();
        let mut text = String::from("clear_board\n");
        for turn in p.history() {
            let color = if turn.color == Color::Black { "b" } else { "w" };
            text.push_str(&format!("play {color} {}\n", turn.mv.name(g)));
        }
        text
    });
    c.bench_function("gtp_serve_clear_board_and_120_plays_19x19", |b| {
        b.iter(|| serve(&mut engine, replay.as_bytes(), std::io::sink()))
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
