//! Unit tests of the GTP engine: the wire, the state after failed and panicking commands,
//! file commands switched off, seeded `genmove`, the dead-stone estimate kept per game.

use super::*;
use goishi::{Color, Move, Point};

use super::engine::{Engine, FileAccess};
use super::player::{PlayerKind, PlayerOptions};

fn engine(rules: &str, size: u32) -> Engine {
    let rules = crate::common::parse_rules(rules).unwrap();
    let mut e = Engine::new(rules, Some((size, size)), 1).unwrap();
    e.set_player(random_player(1)).unwrap();
    e
}

fn random_player(seed: u64) -> PlayerOptions {
    PlayerOptions {
        kind: PlayerKind::Random,
        ..PlayerOptions::new(seed)
    }
}

/// Runs a whole session in-process and returns what the engine wrote.
fn session(engine: &mut Engine, input: &[u8]) -> String {
    let mut out = Vec::new();
    serve(engine, std::io::Cursor::new(input.to_vec()), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn responses_and_ids() {
    let mut e = engine("go/chinese", 9);
    assert_eq!(e.execute_line("name").unwrap(), "= goishi\n\n");
    assert_eq!(e.execute_line("7 play b E5").unwrap(), "=7 \n\n");
    assert_eq!(
        e.execute_line("8 play w E5").unwrap(),
        "?8 illegal move: occupied\n\n"
    );
    assert_eq!(e.execute_line("   "), None);
    assert_eq!(
        e.execute_line("9").unwrap(),
        "?9 syntax error: no command after the id\n\n"
    );
    assert_eq!(e.position().history().len(), 1);
}

#[test]
fn blank_lines_never_reach_the_wire() {
    assert_eq!(
        format_response(Some("1"), &Ok("a\n\n\nb\n\n".to_owned())),
        "=1 a\n \n \nb\n\n"
    );
    assert_eq!(
        format_response(None, &Err("x\r\ny".to_owned())),
        "? x\ny\n\n"
    );
}

#[test]
fn preprocessing() {
    assert_eq!(preprocess(b"\tna\x00me\x7f # c"), "name");
    assert_eq!(preprocess(b"#"), "");
    assert_eq!(preprocess(b"1\tplay\tb\tE5\r"), "1 play b E5");
    assert_eq!(preprocess(b"\xff name"), "\u{fffd} name");
}

#[test]
fn lines_are_bounded() {
    let mut long = vec![b'x'; MAX_LINE + 10];
    long.extend_from_slice(b"\nname\nlast");
    let mut input = &long[..];
    let mut buf = Vec::new();
    assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(true));
    assert_eq!(buf.len(), MAX_LINE);
    assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
    assert_eq!(buf, b"name");
    assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
    assert_eq!(buf, b"last");
    assert_eq!(read_line(&mut input, &mut buf).unwrap(), None);
}

#[test]
fn a_session_in_process() {
    let mut e = engine("contact/1a", 5);
    let out = session(
        &mut e,
        b"play w A3\nplay w C3\n# a comment\n\n1 play b B3\n2 gogui-rules_captured_count\n3 quit\nname\n",
    );
    assert_eq!(out, "= \n\n= \n\n=1 \n\n=2 2 0\n\n=3 \n\n");
    assert!(e.has_quit());
}

/// What a command may change: the rules, the size, the game (setup, moves, board, side
/// to move), the dead stones, and what `printsgf` writes.
fn snapshot(e: &mut Engine) -> (String, (u32, u32), String, String, Vec<Point>, String) {
    let p = e.position();
    let game = format!(
        "{:?} {:?} {:?} {}",
        p.setup(),
        p.history(),
        p.side_to_move(),
        p.board().diagram()
    );
    let rules = e.rules().to_string();
    let size = e.size();
    let dead = e.dead().to_vec();
    let history = e.run("move_history", &[]).unwrap();
    let sgf = e.run("printsgf", &[]).unwrap();
    (rules, size, game, history, dead, sgf)
}

#[test]
fn a_failed_command_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("goishi-gtp-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad_sgf = dir.join("illegal.sgf");
    std::fs::write(&bad_sgf, "(;GM[1]SZ[9];B[ee];W[ee])").unwrap();
    let bad_sgf = bad_sgf.display().to_string();
    let into_dir = dir.display().to_string();
    for (rules, size, moves) in [
        ("go/chinese", 9, &["b E5", "w C3", "b G7"][..]),
        ("contact/2b", 7, &["b D4", "w C3"][..]),
        ("go/japanese:board=torus", 9, &["b E5"][..]),
    ] {
        let mut e = engine(rules, size);
        for m in moves {
            let (c, v) = m.split_once(' ').unwrap();
            e.run("play", &[c, v]).unwrap();
        }
        if rules == "go/chinese" {
            e.run("goishi-dead", &["E5"]).unwrap();
        }
        let before = snapshot(&mut e);
        let occupied = moves[0].split_once(' ').unwrap().1;
        let bad: &[(&str, &[&str])] = &[
            ("boardsize", &["0"]),
            ("boardsize", &["x"]),
            ("rectangular_boardsize", &["53", "9"]),
            ("komi", &["6.25"]),
            ("komi", &["abc"]),
            ("goishi-rules", &["go/chinese:ko=bogus"]),
            ("kata-set-rules", &["contact/2b"]),
            ("kata-set-rules", &["{\"ko\":"]),
            ("kgs-rules", &["bogus"]),
            ("set_position", &["b", "A1", "b", "A1"]),
            ("set_position", &["b"]),
            ("fixed_handicap", &["2"]),
            ("place_free_handicap", &["2"]),
            ("set_free_handicap", &["A1", "B1"]),
            ("loadsgf", &["/nonexistent.sgf"]),
            ("loadsgf", &[&bad_sgf, "x"]),
            ("printsgf", &[&into_dir]),
            ("play", &["w", occupied]),
            ("play", &["w", "Z99"]),
            ("play", &["x", "A1"]),
            ("is_legal", &["x", "A1"]),
            ("color", &["Z99"]),
            ("genmove", &["x"]),
            ("goishi-dead", &["Z99"]),
            ("final_status_list", &["bogus"]),
            ("time_settings", &["1", "x", "1"]),
            ("time_left", &["x", "1", "1"]),
            ("captures", &["x"]),
            ("list_stones", &["x"]),
            ("play", &[]),
            ("nonsense", &[]),
        ];
        for (name, args) in bad {
            assert!(e.run(name, args).is_err(), "{rules}: {name} {args:?}");
            assert_eq!(snapshot(&mut e), before, "{rules}: {name} {args:?}");
        }
    }
    // A record whose move is illegal: refused, and nothing changes (the game stays).
    let mut e = engine("go/chinese", 9);
    e.run("play", &["b", "C3"]).unwrap();
    let before = snapshot(&mut e);
    let answer = e.run("loadsgf", &[&bad_sgf]).unwrap_err();
    assert!(answer.contains("illegal"), "{answer}");
    assert_eq!(snapshot(&mut e), before);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A handler that plays a move in place and then panics, and one that replaces the game and
/// then panics: both are answered with an internal error and the state is as before.
#[test]
fn a_panic_leaves_the_state_as_it_was() {
    fn play_then_panic(e: &mut Engine, _: &[&str]) -> Answer {
        let g = e.position.geometry().clone();
        e.position
            .play_as(Color::White, Move::Place(g.parse_point("A1").unwrap()))
            .unwrap();
        panic!("a bug after a move");
    }
    fn undo_then_panic(e: &mut Engine, _: &[&str]) -> Answer {
        e.position.undo();
        panic!("a bug after an undo");
    }
    fn replace_then_panic(e: &mut Engine, _: &[&str]) -> Answer {
        e.new_game(e.rules.clone(), Some((5, 5))).unwrap();
        e.dead.clear();
        panic!("a bug after a new game");
    }
    for (rules, size) in [("go/chinese", 9), ("contact/1a", 7)] {
        let mut e = engine(rules, size);
        for (c, v) in [("b", "E5"), ("w", "C3"), ("b", "D4")] {
            e.run("play", &[c, v]).unwrap();
        }
        if rules == "go/chinese" {
            e.run("goishi-dead", &["C3"]).unwrap();
        }
        let before = snapshot(&mut e);
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let answers: Vec<Answer> = [
            play_then_panic as fn(&mut Engine, &[&str]) -> Answer,
            undo_then_panic,
            replace_then_panic,
        ]
        .into_iter()
        .map(|h| e.guarded("test", |e| h(e, &[])))
        .collect();
        std::panic::set_hook(hook);
        for a in answers {
            let a = a.unwrap_err();
            assert!(
                a.starts_with(
                    "internal error: test (a bug in goishi; the command was undone): a bug after"
                ),
                "{a}"
            );
        }
        assert_eq!(snapshot(&mut e), before, "{rules}");
        assert_eq!(
            e.position().board().hash(),
            e.position().board().recompute_hash()
        );
        // And the session goes on.
        e.run("play", &["w", "B2"]).unwrap();
    }
}

#[test]
fn file_commands_can_be_switched_off() {
    let mut e = engine("go/chinese", 9);
    assert_eq!(e.file_access(), FileAccess::ReadWrite);
    e.set_file_access(FileAccess::Off);
    e.run("play", &["b", "E5"]).unwrap();
    let before = snapshot(&mut e);
    for (name, args) in [
        ("loadsgf", &["game.sgf"][..]),
        ("printsgf", &["out.sgf"][..]),
    ] {
        let a = e.run(name, args).unwrap_err();
        assert!(
            a.ends_with(
                "is switched off (goishi gtp --no-files): this engine reads and writes no files"
            ),
            "{a}"
        );
        assert_eq!(snapshot(&mut e), before);
    }
    assert!(!std::path::Path::new("out.sgf").exists());
    // printsgf without a file still answers the record.
    assert!(e.run("printsgf", &[]).unwrap().contains(";B[ee]"));
    // Read-only: loadsgf reads (and fails here for want of the file), printsgf FILE does not
    // write.
    e.set_file_access(FileAccess::ReadOnly);
    let a = e.run("loadsgf", &["/nonexistent.sgf"]).unwrap_err();
    assert!(a.starts_with("cannot load file /nonexistent.sgf"), "{a}");
    let a = e.run("printsgf", &["out.sgf"]).unwrap_err();
    assert_eq!(
        a,
        "printsgf FILE is switched off: this engine reads files but writes none"
    );
    assert!(!std::path::Path::new("out.sgf").exists());
}

#[test]
fn no_files_covers_graph_boards_named_by_the_controller() {
    let graph = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../conformance/go/tromp-taylor/triangle.graph"
    );
    let mut e = engine("go/chinese", 9);
    e.set_file_access(FileAccess::Off);
    e.run("play", &["b", "E5"]).unwrap();
    let before = snapshot(&mut e);
    let named = format!("go/tromp-taylor:board=graph:{graph}");
    for (command, text) in [
        ("goishi-rules", "go/tromp-taylor:board=graph:/etc/passwd"),
        ("goishi-rules", named.as_str()),
        ("kata-set-rules", "tromp-taylor:board=graph:/etc/passwd"),
    ] {
        let a = e.run(command, &[text]).unwrap_err();
        assert!(
            a.starts_with(&format!("{command}: board=graph:"))
                && a.ends_with("would read a file, and this engine reads and writes no files (goishi gtp --no-files)"),
            "{command} {text}: {a}"
        );
        assert!(!a.contains("root"), "{a}");
        assert_eq!(snapshot(&mut e), before, "{command} {text}");
    }
    // Other rules still change; with files allowed, the graph is read.
    e.run("goishi-rules", &["go/japanese"]).unwrap();
    e.set_file_access(FileAccess::ReadWrite);
    e.run("goishi-rules", &[&named]).unwrap();
    // The operator's own graph board (the engine's rules) stays usable under --no-files:
    // a new game reads it again, and naming it again is no new file.
    let mut e = Engine::new(crate::common::parse_rules(&named).unwrap(), None, 1).unwrap();
    e.set_file_access(FileAccess::Off);
    e.run("clear_board", &[]).unwrap();
    e.run("goishi-rules", &[&named]).unwrap();
}

#[test]
fn genmove_is_seeded() {
    let search = |seed| PlayerOptions {
        playouts: Some(100),
        ..PlayerOptions::new(seed)
    };
    for player in [random_player, search] {
        let moves = |seed| {
            let rules = crate::common::parse_rules("go/chinese").unwrap();
            let mut e = Engine::new(rules, Some((9, 9)), seed).unwrap();
            e.set_player(player(seed)).unwrap();
            (0..20)
                .map(|i| {
                    e.run("genmove", &[if i % 2 == 0 { "b" } else { "w" }])
                        .unwrap()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(5), moves(5));
        assert_ne!(moves(5), moves(6));
    }
}

#[test]
fn the_search_tree_follows_the_game() {
    let rules = crate::common::parse_rules("go/chinese").unwrap();
    let mut e = Engine::new(rules, Some((7, 7)), 3).unwrap();
    e.set_player(PlayerOptions {
        playouts: Some(300),
        ..PlayerOptions::new(3)
    })
    .unwrap();
    let reused = |e: &Engine| e.player.last_search().map(|s| s.reused_visits);
    e.run("genmove", &["b"]).unwrap();
    assert_eq!(reused(&e), Some(0));
    // The opponent's move is one the tree has seen: its subtree is kept.
    let reply = e.player.last_search().unwrap().pv[1];
    let reply = reply.name(e.geometry());
    e.run("play", &["w", &reply]).unwrap();
    e.run("genmove", &["b"]).unwrap();
    assert!(reused(&e).unwrap() > 0, "{:?}", reused(&e));
    // undo, clear_board and loadsgf replace the game: the tree is dropped.
    e.run("undo", &[]).unwrap();
    assert_eq!(reused(&e), None);
    e.run("genmove", &["b"]).unwrap();
    assert_eq!(reused(&e), Some(0));
    e.run("clear_board", &[]).unwrap();
    assert_eq!(reused(&e), None);
    e.run("genmove", &["b"]).unwrap();
    assert_eq!(reused(&e), Some(0));
    e.run("loadsgf", &["tests/gtp/sgf/game.sgf"]).unwrap();
    assert_eq!(reused(&e), None);
}

#[test]
fn bad_player_settings_are_refused() {
    let rules = crate::common::parse_rules("go/chinese").unwrap();
    let mut e = Engine::new(rules, Some((9, 9)), 1).unwrap();
    let base = PlayerOptions::new(1);
    for (options, message) in [
        (
            PlayerOptions {
                playouts: Some(0),
                ..base
            },
            "invalid number of playouts 0; expected 1 or more",
        ),
        (
            PlayerOptions {
                time: Some(std::time::Duration::ZERO),
                ..base
            },
            "invalid time per move 0; expected more than 0 seconds",
        ),
        (
            PlayerOptions { threads: 0, ..base },
            "invalid number of search threads 0; expected 1 to 256",
        ),
        (
            PlayerOptions {
                resign: 1.5,
                ..base
            },
            "invalid resignation threshold 1.5; expected a win rate from 0 (never) to below 1",
        ),
    ] {
        assert_eq!(e.set_player(options).unwrap_err(), message);
    }
    assert_eq!(*e.player_options(), base);
}

#[test]
fn the_search_plays_for_the_move_cap_of_the_engines_game() {
    // A contact 1A game (which never ends on 9x9) played by `genmove` up to 4 moves before
    // the cap of `goishi match` and `goishi selfplay`.
    let mut e = engine("contact/1a", 9);
    let cap = goishi::playout::move_cap(81);
    for i in 0..cap - 4 {
        e.run("genmove", &[if i % 2 == 0 { "b" } else { "w" }])
            .unwrap();
    }
    e.set_player(PlayerOptions {
        playouts: Some(40),
        ..PlayerOptions::new(1)
    })
    .unwrap();
    e.run("genmove", &["b"]).unwrap();
    let search = e.player.last_search().unwrap();
    assert_eq!(search.playouts, 40);
    // At least one of the 4 moves left is a tree move: at most 3 below the tree (243 with
    // playouts that did not know the cap).
    assert!(
        search.playout_moves <= 3 * 40,
        "{} playout moves",
        search.playout_moves
    );
    assert!(search.playout_moves > 0);
}

/// The dead-stone estimate is made once per position and asked again for free; every change
/// of the game (a move, an undo, new stones, other rules or komi) is judged anew: after each
/// command, the long-lived engine answers the queries as an engine that has only just been
/// given the same commands.
#[test]
fn the_dead_stone_estimate_follows_the_game() {
    // Black's wall on row 4, White's on row 5, a white stone in Black's area, a black one
    // in White's: both dead.
    let walls =
        "b A4 b B4 b C4 b D4 b E4 b F4 b G4 b H4 b J4 w A5 w B5 w C5 w D5 w E5 w F5 w G5 w H5 w J5";
    let swapped =
        "w A4 w B4 w C4 w D4 w E4 w F4 w G4 w H4 w J4 b A5 b B5 b C5 b D5 b E5 b F5 b G5 b H5 b J5";
    let changes = [
        format!("set_position {walls} w C2 b G7"),
        "play b G8".to_owned(),
        "undo".to_owned(),
        "play w H2".to_owned(),
        "komi 0.5".to_owned(),
        "play b pass".to_owned(),
        "play w pass".to_owned(),
        "clear_board".to_owned(),
        format!("set_position {swapped} b C2 w G7"),
        "goishi-rules go/japanese".to_owned(),
        format!("set_position {swapped} b C2 b D2 w G7"),
    ];
    let queries = "final_status_list dead\nfinal_status_list seki\nfinal_score\n";
    let mut long_lived = engine("go/chinese", 9);
    for k in 0..changes.len() {
        let mut fresh = engine("go/chinese", 9);
        let so_far = changes[..=k].join("\n") + "\n";
        let fresh_answers = session(&mut fresh, (so_far + queries).as_bytes());
        let answers = session(
            &mut long_lived,
            format!("{}\n{queries}", changes[k]).as_bytes(),
        );
        // The answers to the queries: after those to the changes.
        let after = |s: &str, n| s.split("\n\n").skip(n).collect::<Vec<_>>().join("\n\n");
        assert_eq!(
            after(&answers, 1),
            after(&fresh_answers, k + 1),
            "after {:?}",
            changes[k]
        );
    }
}

/// `--dead-playouts`: the estimate's budget. With none, only Benson's pass-alive chains and
/// seki are judged, so a lone stone in the opponent's area is alive; with a few, it is dead,
/// as with the default; a budget past the most is refused and changes nothing; a new budget
/// is not answered from the estimate of the old one.
#[test]
fn the_dead_stone_estimate_takes_its_budget() {
    let position = "set_position b A4 b B4 b C4 b D4 b E4 b F4 b G4 b H4 b J4 \
                    w A5 w B5 w C5 w D5 w E5 w F5 w G5 w H5 w J5 w C2\n";
    let dead = |e: &mut Engine| session(e, b"final_status_list dead\n");
    let mut e = engine("go/chinese", 9);
    assert_eq!(e.dead_playouts(), goishi_play::DeadConfig::DEFAULT_PLAYOUTS);
    session(&mut e, position.as_bytes());
    assert_eq!(dead(&mut e), "= C2\n\n");
    e.set_dead_playouts(0).unwrap();
    assert_eq!(dead(&mut e), "= \n\n");
    e.set_dead_playouts(8).unwrap();
    assert_eq!(dead(&mut e), "= C2\n\n");
    let most = goishi_play::DeadConfig::MAX_PLAYOUTS;
    assert_eq!(
        e.set_dead_playouts(most + 1).unwrap_err(),
        format!(
            "invalid number of playouts {}; expected at most {most}",
            most + 1
        )
    );
    assert_eq!(e.dead_playouts(), 8);
    e.set_dead_playouts(most).unwrap();
    assert_eq!(e.dead_playouts(), most);
}

/// `time_left` without `time_settings`: the time left is absolute time, which caps the
/// budget of the command line (`--time`, or the default's 1 s) and keeps its playout limit;
/// the other colour and the next game are not bounded by it.
#[test]
fn time_left_alone_bounds_a_move() {
    use goishi_play::mcts::Budget;
    use std::time::Duration;

    let budget = |e: &Engine, color: Color| e.player.budget(&e.clock, color, 361);
    let ten = Duration::from_secs(10);
    let mut e = engine("go/chinese", 19);
    e.set_player(PlayerOptions {
        time: Some(ten),
        ..PlayerOptions::new(1)
    })
    .unwrap();
    assert_eq!(budget(&e, Color::Black), Budget::time(ten));
    assert_eq!(e.execute_line("time_left b 2 0").unwrap(), "= \n\n");
    // 2 s over a third of the empty points, the moves to go.
    let time = budget(&e, Color::Black).time.unwrap().as_secs_f64();
    assert!((time - 2.0 / (361.0 / 3.0)).abs() < 1e-9, "{time}");
    assert_eq!(budget(&e, Color::White), Budget::time(ten));

    let mut e = engine("go/chinese", 19);
    e.set_player(PlayerOptions::new(1)).unwrap();
    assert_eq!(budget(&e, Color::White), Budget::DEFAULT);
    e.execute_line("time_left w 0 0").unwrap();
    assert_eq!(
        budget(&e, Color::White),
        Budget {
            playouts: Budget::DEFAULT.playouts,
            time: Some(Duration::ZERO)
        }
    );
    // A new game: the controller has not said how much time is left in it.
    e.execute_line("clear_board").unwrap();
    assert_eq!(budget(&e, Color::White), Budget::DEFAULT);
}

#[test]
fn cleanup_captures_the_dead_stones_before_it_passes() {
    let rules = crate::common::parse_rules("go/chinese").unwrap();
    let mut e = Engine::new(rules, Some((5, 5)), 1).unwrap();
    e.set_player(PlayerOptions {
        playouts: Some(300),
        ..PlayerOptions::new(1)
    })
    .unwrap();
    for line in [
        "komi 0",
        "set_position b B1 b B2 b B3 b B4 b B5 b D1 b D2 b D3 b D5 w D4",
        "play w pass",
    ] {
        assert!(e.execute_line(line).unwrap().starts_with("= "), "{line}");
    }
    // White's stone at D4 is dead: genmove would pass and win; cleanup plays on until it is
    // captured, on its liberties C4 and E4.
    let mut captured = false;
    for _ in 0..4 {
        let answer = e.run("kgs-genmove_cleanup", &["b"]).unwrap();
        if e.position()
            .board()
            .get(e.parse_point("D4").unwrap())
            .is_none()
        {
            captured = true;
            break;
        }
        assert!(matches!(answer.as_str(), "C4" | "E4"), "{answer}");
        e.run("play", &["w", "pass"]).unwrap();
    }
    assert!(captured, "D4 still on the board");
    // Nothing dead is left: cleanup is genmove again.
    let answer = e.run("kgs-genmove_cleanup", &["b"]).unwrap();
    assert!(!answer.is_empty());
}
