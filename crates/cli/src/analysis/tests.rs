//! Unit tests of the JSON analysis engine: lines read into queries and actions (one table of
//! cases, each line with what it must give), and the figures of responses.

use goishi::{Color, Geometry, Move};
use serde_json::{json, Value};

use super::query::{parse_line, parse_move, Defaults, Request, MAX_MOVES, MAX_VISITS};
use super::respond::{self, Perspective, View};

fn defaults() -> Defaults {
    Defaults {
        visits: 500,
        files: false,
    }
}

fn parse(line: &str) -> Result<Request, (Option<Value>, String, Option<String>)> {
    parse_line(line.as_bytes(), &defaults()).map_err(|r| (r.id, r.problem.message, r.problem.field))
}

/// Asserts that each line is refused, naming the field (`None`: no field) with a message that
/// holds the word.
fn assert_refused(cases: &[(&str, Option<&str>, &str)]) {
    for (line, field, word) in cases {
        match parse(line) {
            Ok(r) => panic!("{line}: accepted as {r:?}"),
            Err((_, message, got)) => {
                assert_eq!(got.as_deref(), *field, "{line}: {message}");
                assert!(message.contains(word), "{line}: {message:?} lacks {word:?}");
            }
        }
    }
}

/// Lines that are no query or action: the fault named, and the field when there is one.
#[test]
fn lines_that_are_no_request_are_refused_naming_the_fault() {
    assert_refused(&[
        ("", None, "JSON"),
        ("[1,2]", None, "JSON object"),
        ("{}", Some("id"), "id"),
        (r#"{"id":3}"#, Some("id"), "string"),
        (r#"{"id":"q","action":"dance"}"#, Some("action"), "dance"),
        (
            r#"{"id":"q","action":"terminate"}"#,
            Some("terminateId"),
            "terminate",
        ),
    ]);
}

/// Queries whose game cannot be set up (rules, komi, board, stones, moves): the field named
/// and a word the message must hold.
#[test]
fn games_refused_name_the_field_and_the_fault() {
    let base = r#""id":"q","boardXSize":9,"boardYSize":9"#;
    assert_refused(&[
        (&format!(r#"{{{base}}}"#), Some("rules"), "missing"),
        (&format!(r#"{{{base},"rules":7}}"#), Some("rules"), "rules"),
        (
            &format!(r#"{{{base},"rules":"chinees"}}"#),
            Some("rules"),
            "chinese",
        ),
        (
            &format!(r#"{{{base},"rules":"cc-2b:contact=diag9"}}"#),
            Some("rules"),
            "diag9",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","komi":"7"}}"#),
            Some("komi"),
            "number",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","komi":1e300}}"#),
            Some("komi"),
            "",
        ),
        (
            r#"{"id":"q","rules":"chinese","boardXSize":9}"#,
            Some("boardYSize"),
            "both",
        ),
        (
            r#"{"id":"q","rules":"chinese","boardXSize":0,"boardYSize":9}"#,
            Some("boardXSize"),
            "whole",
        ),
        (
            r#"{"id":"q","rules":"chinese","boardXSize":53,"boardYSize":53}"#,
            Some("boardXSize"),
            "52",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","moves":[["B","J10"]]}}"#),
            Some("moves"),
            "J10",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","moves":[["B","I5"]]}}"#),
            Some("moves"),
            "I5",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","moves":[["B"]]}}"#),
            Some("moves"),
            "[player, vertex]",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","moves":[["Q","E5"]]}}"#),
            Some("moves"),
            "player",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","moves":[["B","E5"],["W","E5"]]}}"#),
            Some("moves"),
            "move 2",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","initialStones":[["B","E5"],["W","E5"]]}}"#),
            Some("initialStones"),
            "twice",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","initialStones":[["B","pass"]]}}"#),
            Some("initialStones"),
            "pass",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese:board=graph:/etc/hostname"}}"#),
            Some("rules"),
            "files",
        ),
    ]);
}

/// Queries whose analysis settings are wrong (turns, visits, outputs, priorities, time,
/// move filters): the field named and a word the message must hold.
#[test]
fn analysis_settings_refused_name_the_field_and_the_fault() {
    let base = r#""id":"q","boardXSize":9,"boardYSize":9"#;
    assert_refused(&[
        (
            &format!(r#"{{{base},"rules":"chinese","analyzeTurns":[1]}}"#),
            Some("analyzeTurns"),
            "past the end",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","analyzeTurns":[-1]}}"#),
            Some("analyzeTurns"),
            "-1",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","maxVisits":0}}"#),
            Some("maxVisits"),
            "from 1",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","maxVisits":"many"}}"#),
            Some("maxVisits"),
            "from 1",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","includeOwnership":1}}"#),
            Some("includeOwnership"),
            "true or false",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","priority":1.5}}"#),
            Some("priority"),
            "whole",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","whiteHandicapBonus":"N+1"}}"#),
            Some("whiteHandicapBonus"),
            "N-1",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","priorities":[1,2]}}"#),
            Some("priorities"),
            "one for each",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","reportDuringSearchEvery":0}}"#),
            Some("reportDuringSearchEvery"),
            "above 0",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","overrideSettings":[]}}"#),
            Some("overrideSettings"),
            "object",
        ),
        (
            &format!(r#"{{{base},"rules":"chinese","overrideSettings":{{"maxTime":-1}}}}"#),
            Some("overrideSettings"),
            "maxTime",
        ),
        (
            &format!(
                r#"{{{base},"rules":"chinese","overrideSettings":{{"reportAnalysisWinratesAs":"RED"}}}}"#
            ),
            Some("overrideSettings"),
            "RED",
        ),
        (
            &format!(
                r#"{{{base},"rules":"chinese","avoidMoves":[{{"player":"B","moves":["E5"]}}]}}"#
            ),
            Some("avoidMoves"),
            "untilDepth",
        ),
        (
            &format!(
                r#"{{{base},"rules":"chinese","allowMoves":[{{"player":"B","moves":["E5"],"untilDepth":1}},{{"player":"W","moves":["E5"],"untilDepth":1}}]}}"#
            ),
            Some("allowMoves"),
            "one",
        ),
    ]);
}

#[test]
fn too_many_moves_are_refused_naming_the_limit() {
    let moves: Vec<Value> = (0..=MAX_MOVES).map(|_| json!(["B", "pass"])).collect();
    let line = json!({"id":"q","rules":"chinese","moves":moves}).to_string();
    let (id, message, field) = parse(&line).unwrap_err();
    assert_eq!(id, Some(json!("q")));
    assert_eq!(field.as_deref(), Some("moves"));
    assert!(message.contains(&MAX_MOVES.to_string()), "{message}");
}

fn query(line: &str) -> (super::query::Query, Vec<(String, Option<String>)>) {
    match parse(line) {
        Ok(Request::Query(q, warnings)) => (
            *q,
            warnings.into_iter().map(|w| (w.message, w.field)).collect(),
        ),
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn a_query_is_read_into_its_game_turns_and_settings() {
    let (q, warnings) = query(
        r#"{"id":"foo","initialStones":[["B","Q4"],["B","C4"]],"moves":[["W","P5"],["B","P6"]],
            "rules":"tromp-taylor","komi":7.5,"boardXSize":19,"boardYSize":19,
            "analyzeTurns":[0,1,2],"priorities":[3,2,1],"maxVisits":1000000,"includeOwnership":true,
            "avoidMoves":[{"player":"W","moves":["D16","pass"],"untilDepth":3}],
            "overrideSettings":{"maxTime":2.5,"reportAnalysisWinratesAs":"BLACK","wideRootNoise":0.04},
            "reportDuringSearchEvery":0.5,"whiteHandicapBonus":"N"}"#,
    );
    assert_eq!(q.id, "foo");
    assert_eq!(q.setup.rules.get("komi"), Some("7.5"));
    assert_eq!(q.setup.handicap, 2);
    assert_eq!(q.setup.to_move, Color::White);
    assert_eq!(q.moves.len(), 2);
    let turns: Vec<(usize, Color, i64)> = q
        .turns
        .iter()
        .map(|t| (t.turn, t.color, t.priority))
        .collect();
    assert_eq!(
        turns,
        [
            (0, Color::White, 3),
            (1, Color::Black, 2),
            (2, Color::White, 1)
        ]
    );
    assert_eq!(q.visits, MAX_VISITS);
    assert_eq!(q.time, Some(std::time::Duration::from_millis(2500)));
    assert_eq!(q.perspective, Some(Perspective::Black));
    assert_eq!(q.report_every, Some(std::time::Duration::from_millis(500)));
    assert!(q.includes.ownership && !q.includes.policy);
    assert_eq!(q.filters.len(), 1);
    assert_eq!(
        (
            q.filters[0].color,
            q.filters[0].until_depth,
            q.filters[0].allow
        ),
        (Color::White, 3, false)
    );
    assert_eq!(q.filters[0].moves[1], Move::Pass);
    let fields: Vec<&str> = warnings.iter().filter_map(|(_, f)| f.as_deref()).collect();
    assert_eq!(fields, ["overrideSettings", "maxVisits"]);
    assert_eq!(q.setup.rules.get("handicap-bonus"), Some("n"));
    // The position at each turn replays the moves.
    let p = q.position_at(2).unwrap();
    assert_eq!(p.history().len(), 2);
    assert_eq!(p.side_to_move(), Color::White);
}

#[test]
fn rules_are_katagos_names_and_objects_and_goishis_strings() {
    for (rules, variant) in [
        (json!("tromp-taylor"), "go/tromp-taylor"),
        (json!("chinese"), "go/chinese"),
        (json!("chinese-ogs"), "go/chinese-ogs"),
        (json!("chinese_kgs"), "go/chinese-ogs"),
        (json!("japanese"), "go/japanese"),
        (json!("korean"), "go/korean"),
        (json!("aga"), "go/aga"),
        (json!("bga"), "go/aga"),
        (json!("aga-button"), "go/aga-button"),
        (json!("new-zealand"), "go/new-zealand"),
        (json!("new zealand"), "go/new-zealand"),
        (json!("stone_scoring"), "go/stone-scoring"),
        (json!("ancient-area"), "go/stone-scoring"),
        (json!("koPOSITIONALscoreAREAsui1"), "go/tromp-taylor"),
        (
            json!({"ko":"SIMPLE","scoring":"TERRITORY","tax":"SEKI","suicide":false,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":true}),
            "go/japanese",
        ),
        (json!("contact/2b:contact=orth"), "contact/2b"),
        (json!("capture/atari-go"), "capture/atari-go"),
    ] {
        let line = json!({"id":"r","rules":rules,"moves":[]}).to_string();
        let (q, _) = query(&line);
        assert_eq!(q.setup.rules.variant().id, variant, "{rules}");
    }
    // KataGo's one name goishi's registry lacks: territory scoring with every group taxed.
    let (q, _) = query(r#"{"id":"r","rules":"ancient_territory","boardXSize":9,"boardYSize":9}"#);
    assert_eq!(q.setup.rules.get("scoring"), Some("territory"));
}

#[test]
fn actions_echo_their_fields() {
    match parse(r#"{"id":"v","action":"query_version"}"#) {
        Ok(Request::Echo(echo)) => {
            assert_eq!(echo["id"], "v");
            assert_eq!(echo["version"], env!("CARGO_PKG_VERSION"));
        }
        other => panic!("{other:?}"),
    }
    match parse(r#"{"id":"t","action":"terminate","terminateId":"x","turnNumbers":[1,2]}"#) {
        Ok(Request::Terminate { id, turns, echo }) => {
            assert_eq!(id.as_deref(), Some("x"));
            assert_eq!(turns, Some(vec![1, 2]));
            assert_eq!(echo["terminateId"], "x");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        parse(r#"{"id":"t","action":"terminate_all"}"#),
        Ok(Request::Terminate {
            id: None,
            turns: None,
            ..
        })
    ));
}

#[test]
fn vertices_are_gtp_names_pass_and_katagos_coordinates() {
    let g = Geometry::rect(19, 19).unwrap();
    let name = |mv: Move| match mv {
        Move::Place(p) => g.point_name(p),
        other => format!("{other:?}"),
    };
    assert_eq!(name(parse_move(&g, "Q16").unwrap()), "Q16");
    assert_eq!(name(parse_move(&g, "q16").unwrap()), "Q16");
    assert_eq!(parse_move(&g, "PASS").unwrap(), Move::Pass);
    // (x,y) counts rows from the top: (0,0) is A19.
    assert_eq!(name(parse_move(&g, "(0,0)").unwrap()), "A19");
    assert_eq!(name(parse_move(&g, "(3,15)").unwrap()), "D4");
    for bad in ["(19,0)", "(0,19)", "(a,b)", "T20", "I4", "", "resign"] {
        assert!(parse_move(&g, bad).is_err(), "{bad}");
    }
}

#[test]
fn board_order_is_katagos_on_grids_and_the_boards_elsewhere() {
    let rect = Geometry::rect(3, 2).unwrap();
    let view = View {
        geometry: &rect,
        color: Color::Black,
        perspective: Perspective::SideToMove,
        stones: None,
    };
    // Goishi numbers from A1 at the bottom left; KataGo writes A2 B2 C2 then A1 B1 C1.
    let names: Vec<String> = view
        .point_order()
        .into_iter()
        .map(|i| rect.point_name(goishi::Point::new(i)))
        .collect();
    assert_eq!(names, ["A2", "B2", "C2", "A1", "B1", "C1"]);
    let torus = Geometry::torus(3, 2).unwrap();
    let view = View {
        geometry: &torus,
        color: Color::Black,
        perspective: Perspective::SideToMove,
        stones: None,
    };
    assert_eq!(view.point_order(), [0, 1, 2, 3, 4, 5]);
}

#[test]
fn perspectives_parse_as_katago_and_the_command_line_write_them() {
    for (text, p) in [
        ("BLACK", Perspective::Black),
        ("white", Perspective::White),
        ("SIDETOMOVE", Perspective::SideToMove),
        ("side-to-move", Perspective::SideToMove),
    ] {
        assert_eq!(text.parse::<Perspective>(), Ok(p));
    }
    assert!("green".parse::<Perspective>().is_err());
}

#[test]
fn problems_are_katagos_lines() {
    let p = super::query::Problem {
        message: "expected a number".into(),
        field: Some("komi".into()),
    };
    let line: Value = serde_json::from_str(&respond::error(Some(&json!("q")), &p)).unwrap();
    assert_eq!(
        line,
        json!({"id":"q","error":"expected a number","field":"komi"})
    );
    let line: Value = serde_json::from_str(&respond::warning("q", &p)).unwrap();
    assert_eq!(
        line,
        json!({"id":"q","warning":"expected a number","field":"komi"})
    );
    let line: Value = serde_json::from_str(&respond::no_results("q", 4)).unwrap();
    assert_eq!(
        line,
        json!({"id":"q","turnNumber":4,"isDuringSearch":false,"noResults":true})
    );
}

#[test]
fn the_id_of_a_broken_line_is_read_when_it_can_be() {
    use super::query::guess_id;
    for (line, id) in [
        (
            &br#"{"id":"QUERY:7","moves":[["B","D4"]"#[..],
            Some("QUERY:7"),
        ),
        (br#"{"moves":[],"id" : "a\"b"}}"#, Some("a\"b")),
        (br#"{"terminateId":"x","id":"t"#, None),
        (b"{\"id\":\"q\xff\",", Some("q\u{fffd}")),
        (br#"{"id":7}"#, None),
        (b"not json", None),
    ] {
        assert_eq!(
            guess_id(line),
            id.map(|s| Value::String(s.to_owned())),
            "{line:?}"
        );
    }
}

/// A search's result written for White to move on 3x3 after B A1, from Black's side: win
/// rates and scores turned, ownership, its spread and the policy in KataGo's order.
#[test]
fn a_result_is_written_as_katago_from_the_side_asked() {
    use goishi_play::mcts::{Decision, MoveStats, SearchResult};
    let mut game = goishi::Rules::parse("go/chinese")
        .unwrap()
        .new_game(Some((3, 3)))
        .unwrap();
    let g = game.geometry().clone();
    let a1 = g.parse_point("A1").unwrap();
    let b2 = g.parse_point("B2").unwrap();
    game.play(Move::Place(a1)).unwrap();
    let stats = |mv, visits, win_rate, prior, score_mean| MoveStats {
        mv,
        visits,
        win_rate,
        amaf_visits: 0,
        amaf_win_rate: 0.0,
        prior,
        score_mean,
        score_stdev: 1.5,
        pv: vec![mv, Move::Place(a1)],
        pv_visits: vec![visits, 1],
        ownership: None,
    };
    let mut ownership = vec![0.0; 9];
    ownership[a1.index()] = 1.0;
    let result = SearchResult {
        mv: Move::Place(b2),
        color: Color::White,
        decision: Decision::Searched,
        win_rate: 0.75,
        playouts: 8,
        playout_moves: 40,
        visits: 8,
        reused_visits: 0,
        nodes: 3,
        moves: vec![
            stats(Move::Place(b2), 6, 0.75, 0.5, 3.0),
            stats(Move::Pass, 2, 0.25, 0.1, -1.0),
        ],
        pv: vec![Move::Place(b2)],
        ownership,
        ownership_stdev: (0..9).map(|i| f64::from(i) / 10.0).collect(),
        unvisited: vec![(Move::Place(g.parse_point("C3").unwrap()), 0.4)],
        score_mean: 2.0,
        score_stdev: 1.0,
        elapsed: std::time::Duration::from_millis(1),
    };
    let view = View {
        geometry: &g,
        color: Color::White,
        perspective: Perspective::Black,
        stones: None,
    };
    let includes = super::query::Includes {
        ownership: true,
        ownership_stdev: true,
        policy: true,
        pv_visits: true,
        ..Default::default()
    };
    let line = respond::result("r", 1, false, &view, &result, &includes, game.as_ref());
    let r: Value = serde_json::from_str(&line).unwrap();
    let m = &r["moveInfos"];
    assert_eq!(m[0]["move"], "B2");
    assert_eq!(m[0]["order"], 0);
    assert_eq!(m[0]["winrate"], 0.25);
    assert_eq!(m[0]["scoreLead"], -3.0);
    assert_eq!(m[0]["utility"], -0.5);
    assert_eq!(m[0]["pv"], json!(["B2", "A1"]));
    assert_eq!(m[0]["pvVisits"], json!([6, 1]));
    assert_eq!(m[1]["move"], "pass");
    assert_eq!(m[1]["winrate"], 0.75);
    let root = &r["rootInfo"];
    assert_eq!(root["currentPlayer"], "W");
    assert_eq!(root["visits"], 8);
    // White's mean over the moves' playouts: (6 x 0.75 + 2 x 0.25) / 8, turned.
    assert_eq!(root["winrate"], 1.0 - 0.625);
    assert_eq!(root["scoreLead"], -2.0);
    // A1 is the first point of the bottom row: index 6 of 9 in KataGo's order.
    let own: Vec<f64> = serde_json::from_value(r["ownership"].clone()).unwrap();
    assert_eq!(own, [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    let policy: Vec<f64> = serde_json::from_value(r["policy"].clone()).unwrap();
    assert_eq!(policy.len(), 10);
    assert_eq!(policy[6], -1.0);
    assert_eq!(policy[4], 0.5);
    assert_eq!(policy[9], 0.1);
    // C3, the top right corner, not visited; the other legal points not root moves here.
    assert_eq!(policy[2], 0.4);
    for i in [0, 1, 3, 5, 7, 8] {
        assert_eq!(policy[i], 0.0, "{policy:?}");
    }
    // The spread in KataGo's order: the top row (goishi's points 6, 7, 8) first.
    let stdev: Vec<f64> = serde_json::from_value(r["ownershipStdev"].clone()).unwrap();
    assert_eq!(stdev, [0.6, 0.7, 0.8, 0.3, 0.4, 0.5, 0.0, 0.1, 0.2]);

    // With the stones known, an owner of exactly 0 under a stone (A1 here, Black's) is a
    // millionth towards its colour, turned to the side asked (Black's, then White's): KaTrain
    // cannot draw a stone whose ownership is exactly 0. Empty points keep their 0.
    let mut even = result.clone();
    even.ownership = vec![0.0; 9];
    for (perspective, a1_owner) in [
        (Perspective::Black, respond::UNDER_A_STONE),
        (Perspective::White, -respond::UNDER_A_STONE),
    ] {
        let view = View {
            stones: Some(game.board()),
            perspective,
            ..view
        };
        let line = respond::result("r", 1, false, &view, &even, &includes, game.as_ref());
        let r: Value = serde_json::from_str(&line).unwrap();
        let own: Vec<f64> = serde_json::from_value(r["ownership"].clone()).unwrap();
        let mut expected = [0.0; 9];
        expected[6] = a1_owner;
        assert_eq!(own, expected, "{perspective:?}");
    }
}
