//! The page's API, natively: the same functions the WebAssembly module exports.

use goishi_web::players::{genmove, mcts_move, random_move, random_playouts};
use goishi_web::session::Session;
use serde_json::Value;

fn stones(session: &Session) -> Value {
    session.state()["stones"].clone()
}

#[test]
fn a_capture_is_shown_removed_and_undo_redo_restore_it() {
    let moves = ["D5", "E5", "F5", "A1", "E6", "A2"];
    let mut s = Session::from_link("go/chinese", None, None, &moves).unwrap();
    let before = stones(&s);
    s.play("E4").unwrap();
    let state = s.state();
    assert_eq!(state["removed"], serde_json::json!(["E5"]));
    assert_eq!(state["stones"]["E5"], "");
    assert_eq!(state["captures"]["black"], 1);
    assert_eq!(state["last"], "E4");
    assert!(s.undo());
    assert_eq!(stones(&s), before);
    assert_eq!(s.state()["can_redo"], true);
    assert!(s.redo().unwrap());
    assert_eq!(s.state()["stones"]["E5"], "");
    assert!(!s.redo().unwrap());
    // A new move drops what redo would have played.
    assert!(s.undo());
    s.play("J9").unwrap();
    assert_eq!(s.state()["can_redo"], false);
}

#[test]
fn a_refusal_is_the_engines_sentence_and_changes_nothing() {
    let mut s = Session::from_link("go/chinese", None, None, &["E5"]).unwrap();
    let before = s.state();
    assert_eq!(s.play("E5").unwrap_err(), "illegal move: W E5: occupied");
    assert!(s.play("Z99").unwrap_err().contains("Z99"));
    assert_eq!(s.state(), before);
    let e = Session::from_link("go/chinese", None, None, &["E5", "Q99"]).unwrap_err();
    assert!(e.starts_with("move 2 (Q99) of the link: "), "{e}");
    assert!(Session::new("go/chinese:komi=banana", None, None)
        .unwrap_err()
        .contains("komi"));
}

#[test]
fn the_record_written_reads_back_to_the_same_game() {
    let moves = ["C3", "D3", "D4", "E4", "pass", "pass"];
    let s = Session::from_link("go/japanese:size=7x5", None, None, &moves).unwrap();
    let text = s.sgf().unwrap();
    let back = Session::from_sgf(&text).unwrap();
    assert_eq!(back.state()["stones"], s.state()["stones"]);
    assert_eq!(back.state()["result"], s.state()["result"]);
    assert!(Session::from_sgf("(;GM[1]SZ[9];B[").is_err());
    let resigned =
        Session::from_link("go/chinese:size=7x7", None, None, &["D4", "resign"]).unwrap();
    let back = Session::from_sgf(&resigned.sgf().unwrap()).unwrap();
    assert_eq!(back.state()["result"], "B+R");
}

#[test]
fn a_pasted_graph_is_a_board_and_its_errors_name_it() {
    let s = Session::new("go/chinese", Some("a b\nb c\nc a\n"), None).unwrap();
    let geometry = s.geometry_json();
    assert_eq!(geometry["kind"], "graph");
    assert_eq!(geometry["edges"].as_array().unwrap().len(), 3);
    assert_eq!(s.graph(), Some("a b\nb c\nc a\n"));
    let e = Session::new("go/chinese", Some("a b\nb c c\n"), None).unwrap_err();
    assert!(
        e.starts_with("graph (pasted), line 2: expected one edge"),
        "{e}"
    );
    let e = Session::new("go/chinese", Some("# nothing\n"), None).unwrap_err();
    assert_eq!(e, "graph (pasted): the graph has no point");
}

#[test]
fn dead_stones_count_in_the_result_of_a_go_game() {
    let mut s = Session::from_link(
        "go/chinese:size=7x7",
        None,
        None,
        &["D4", "C3", "pass", "pass"],
    )
    .unwrap();
    assert!(s.can_mark_dead());
    let plain = s.state()["result"].clone();
    s.toggle_dead("C3").unwrap();
    assert_eq!(s.state()["dead"], serde_json::json!(["C3"]));
    assert_ne!(s.state()["result"], plain);
    s.toggle_dead("C3").unwrap();
    assert_eq!(s.state()["result"], plain);
    assert!(s.toggle_dead("A1").is_err());
    let mut playing = Session::new("go/chinese", None, None).unwrap();
    assert!(playing.toggle_dead("E5").is_err());
}

#[test]
fn the_players_answer_legal_seeded_moves() {
    for rules in [
        "go/chinese:size=7x7",
        "contact/2b:board=hex,size=6x6",
        "capture/atari-go:board=torus,size=7x7",
    ] {
        let mut s = Session::new(rules, None, None).unwrap();
        let a = random_move(&s, 5);
        assert_eq!(a, random_move(&s, 5), "{rules}");
        s.play(&a).unwrap();
        let search = mcts_move(&s, 64, 0, 3).unwrap();
        assert_eq!(search["playouts"], 64, "{rules}");
        assert_eq!(
            search["ownership"].as_array().unwrap().len(),
            search["points"].as_array().unwrap().len()
        );
        s.play(search["move"].as_str().unwrap()).unwrap();
    }
    let s = Session::new("go/chinese", None, None).unwrap();
    assert!(mcts_move(&s, 0, 0, 1).unwrap_err().contains("no limit"));
    // The games of `goishi selfplay` with this seed, one start position reused.
    for rules in [
        "go/chinese:size=7x7",
        "contact/2b:size=7",
        "capture/atari-go:size=6",
    ] {
        let parsed = goishi::Rules::parse(rules).unwrap();
        let selfplay: u64 = (0..3)
            .map(|g| {
                let game = goishi_play::play_game(&parsed, None, 1, g).unwrap();
                game.position.history().len() as u64
            })
            .sum();
        assert_eq!(random_playouts(rules, 3, 1), Ok(selfplay), "{rules}");
    }
    assert!(random_playouts("nothing", 1, 1).is_err());
}

#[test]
fn the_library_api_sizes_boards_and_numbers_points_as_the_python_package() {
    let mut s = Session::new("go/chinese", None, Some((7, 5))).unwrap();
    assert_eq!(s.state()["board"], "7x5");
    assert_eq!(s.point_names()[..2], ["A1", "B1"]);
    // Point indices, then pass at the number of points.
    s.play_index(8.0).unwrap();
    assert_eq!(s.moves(), ["B2"]);
    assert_eq!(s.board_values()[8], 1);
    s.play_index(35.0).unwrap();
    assert_eq!(s.moves(), ["B2", "pass"]);
    let e = s.play_index(f64::NEG_INFINITY).unwrap_err();
    assert!(
        e.starts_with("illegal move: B action -Infinity: off board"),
        "{e}"
    );
    for bad in [36.0, -1.0, 2.5, f64::NAN] {
        let e = s.play_index(bad).unwrap_err();
        assert!(
            e.ends_with("off board; an action is a point index from 0 to 34 or 35 for pass"),
            "{e}"
        );
    }
    assert_eq!(s.play("B2").unwrap_err(), "illegal move: B B2: occupied");
    let legal = s.legal_moves();
    assert_eq!(legal.len(), 35);
    assert_eq!(legal.last().unwrap(), "pass");
    assert!(!legal.contains(&"B2".to_owned()));
    // A size against the rules' own, or with a graph, is refused naming both.
    let e = Session::new("go/chinese:size=9", None, Some((13, 13))).unwrap_err();
    assert!(e.contains("size=9") && e.contains("13"), "{e}");
    assert!(Session::new("go/chinese:size=9", None, Some((9, 9))).is_ok());
    let e = Session::new("go/chinese", Some("a b\n"), Some((9, 9))).unwrap_err();
    assert!(e.contains("graph"), "{e}");
}

#[test]
fn a_finished_game_scores_with_the_estimated_dead_stones() {
    let moves = ["D4", "A1", "pass", "pass"];
    let s = Session::from_link("go/chinese:size=7x7,komi=0.5", None, None, &moves).unwrap();
    assert!(s.legal_moves().is_empty());
    let dead = s.estimate_dead();
    assert_eq!(dead, ["A1"]);
    let a1 = s.point("A1").unwrap();
    let score = s.score(&[a1]);
    assert_eq!(score["black"], 49.0);
    assert_eq!(score["result"], "B+48.5");
    assert_eq!(s.score(&[])["result"], s.state()["outcome"]);
}

#[test]
fn genmove_plays_the_searched_move() {
    let mut s = Session::new("go/chinese:size=7x7", None, None).unwrap();
    let mv = genmove(&mut s, 50, 1).unwrap();
    assert_eq!(s.moves(), std::slice::from_ref(&mv));
    let mut again = Session::new("go/chinese:size=7x7", None, None).unwrap();
    assert_eq!(genmove(&mut again, 50, 1).unwrap(), mv);
    assert!(genmove(&mut s, 0, 1).unwrap_err().contains("playout"));
}
