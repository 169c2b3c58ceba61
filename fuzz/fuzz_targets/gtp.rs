//! A GTP session: the input's lines served by the GTP loop of `goishi gtp` on a 9x9
//! `go/chinese` engine (the commands choose other rules and sizes), with the random player
//! and the dead-stone estimate (4 playouts for one input in 8, none for the others). Every
//! answer is well formed (`=` or `?`, an optional id, a space, an empty line after it) and
//! none is an internal error; afterwards the engine's game is sane: its hash, and its moves
//! replayed from its setup give its board and outcome. Lines that would touch the file
//! system (`loadsgf`, `printsgf FILE`) are dropped, and inputs that might name a graph board
//! file are skipped.
#![no_main]

use goishi::Rules;
use goishi_cli::gtp::{self, Engine};
use libfuzzer_sys::fuzz_target;

/// Checks each answer of the session; returns how many there were.
fn check_answers(output: &[u8]) -> usize {
    let text = std::str::from_utf8(output).expect("the answers are UTF-8");
    if text.is_empty() {
        return 0;
    }
    assert!(
        text.ends_with("\n\n"),
        "the output does not end with an empty line: {:?}",
        &text[text.len().saturating_sub(80)..]
    );
    let mut count = 0;
    for answer in text[..text.len() - 2].split("\n\n") {
        count += 1;
        let head = answer.split('\n').next().unwrap_or("");
        let rest = head
            .strip_prefix('=')
            .or_else(|| head.strip_prefix('?'))
            .unwrap_or_else(|| panic!("an answer does not start with = or ?: {head:?}"));
        let id_len = rest.bytes().take_while(u8::is_ascii_digit).count();
        // `=id` alone on its line heads a streamed response (analysis: its lines follow).
        let streamed = head.starts_with('=') && rest.len() == id_len;
        assert!(
            streamed || rest[id_len..].starts_with(' '),
            "no space after the id in {head:?}"
        );
        assert!(
            !answer.contains("internal error"),
            "an internal error: {answer}"
        );
    }
    count
}

/// The engine's game is consistent: its hash, its moves replayed from its setup.
fn check_engine(engine: &Engine) {
    let p = engine.position();
    assert_eq!(
        p.board().hash(),
        p.board().recompute_hash(),
        "the game's incremental hash is wrong"
    );
    let mut again = p
        .setup()
        .clone()
        .into_position()
        .unwrap_or_else(|e| panic!("the game's setup does not validate: {e}"));
    for t in p.history() {
        if let Err(e) = again.play_as(t.color, t.mv) {
            panic!(
                "the game's move {} {} does not replay: {e}",
                t.color,
                t.mv.name(p.geometry())
            );
        }
    }
    assert!(
        again.board() == p.board() && again.outcome() == p.outcome(),
        "the game's moves replayed from its setup give another position\n{}\n{}",
        p.board().diagram(),
        again.board().diagram()
    );
}

/// The playouts of the dead-stone estimate for this input: 4 for an input whose length is a
/// multiple of 8, else 0.
fn dead_playouts(data: &[u8]) -> usize {
    if data.len() % 8 == 0 {
        4
    } else {
        0
    }
}

fuzz_target!(|data: &[u8]| {
    if goishi_fuzz::may_name_a_graph_file(data) {
        return;
    }
    let mut input = Vec::with_capacity(data.len());
    for line in data.split_inclusive(|&b| b == b'\n') {
        if !goishi_fuzz::gtp_touches_files(line) {
            input.extend_from_slice(line);
        }
    }
    let rules = Rules::parse("go/chinese").expect("go/chinese is registered");
    let mut engine = Engine::new(rules, Some((9, 9)), 1).expect("a 9x9 go/chinese engine");
    // The random player: a search per genmove would slow the fuzzer down a thousandfold.
    engine
        .set_player(gtp::PlayerOptions {
            kind: gtp::PlayerKind::Random,
            ..gtp::PlayerOptions::new(1)
        })
        .expect("the random player");
    // The dead-stone estimate: its playouts (4, not 1,000: the same code, two playouts for
    // each side moving first) for one input in 8, those whose length is a multiple of 8;
    // the others count with Benson's pass-alive chains and seki alone (0 playouts). Most
    // inputs end with a count, and the playouts were most of the target's time.
    engine
        .set_dead_playouts(dead_playouts(data))
        .expect("4 playouts are within the budget");
    // No file is ever read or written, whatever the input (the lines are filtered too).
    engine.set_file_access(goishi_cli::gtp::FileAccess::Off);
    let mut out = Vec::new();
    gtp::serve(&mut engine, std::io::Cursor::new(input.to_vec()), &mut out)
        .expect("serving into memory cannot fail");
    check_answers(&out);
    check_engine(&engine);
});
