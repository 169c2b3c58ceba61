//! `goishi analysis` driven as KaTrain drives KataGo's: batches of JSON queries on standard
//! input, the responses read line by line. Seeded (`--seed`) and small (few playouts).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

fn start(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_goishi"))
        .arg("analysis")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start goishi analysis")
}

/// Runs a whole batch (`input` then the end of the input) and returns every line answered,
/// each parsed; checks the engine exits 0 with nothing on standard error.
fn batch(args: &[&str], input: Vec<u8>) -> Vec<Value> {
    let mut child = start(args);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "status {:?}: {stderr}", out.status);
    assert!(stderr.is_empty(), "stderr: {stderr}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn lines(queries: &[Value]) -> Vec<u8> {
    let mut out = String::new();
    for q in queries {
        out.push_str(&q.to_string());
        out.push('\n');
    }
    out.into_bytes()
}

/// The final responses (not during search) of query `id`, by turn.
fn finals<'a>(all: &'a [Value], id: &str) -> Vec<&'a Value> {
    let mut v: Vec<&Value> = all
        .iter()
        .filter(|r| r["id"] == id && r["isDuringSearch"] == false)
        .collect();
    v.sort_by_key(|r| r["turnNumber"].as_u64());
    v
}

fn only<'a>(all: &'a [Value], id: &str) -> &'a Value {
    let v: Vec<&Value> = all.iter().filter(|r| r["id"] == id).collect();
    assert_eq!(v.len(), 1, "{id}: {v:?}");
    v[0]
}

/// Every variant and board answers with KataGo's fields, one final line a turn.
#[test]
fn queries_of_every_family_are_answered_with_katagos_fields() {
    let queries = [
        json!({"id":"jp19","rules":"japanese","komi":6.5,"boardXSize":19,"boardYSize":19,
               "moves":[["B","Q16"],["W","D4"],["B","Q3"]],"analyzeTurns":[0,1,3],"maxVisits":24,
               "includeOwnership":true,"includeOwnershipStdev":true,"includePolicy":true,
               "includePVVisits":true,"includeMovesOwnership":true}),
        json!({"id":"jp9","rules":"japanese","komi":6.5,"boardXSize":9,"boardYSize":9,
               "moves":[["B","E5"]],"maxVisits":40,"includeOwnership":true,"includePolicy":true}),
        json!({"id":"cc2b","rules":"contact/2b:contact=orth","boardXSize":9,"boardYSize":9,
               "moves":[["B","E5"],["W","D5"]],"maxVisits":40,"includeOwnership":true}),
        json!({"id":"atari","rules":"capture/atari-go","boardXSize":7,"boardYSize":7,
               "moves":[["B","D4"],["W","D5"]],"maxVisits":40,"includePolicy":true}),
        json!({"id":"torus","rules":"go/chinese:board=torus","boardXSize":9,"boardYSize":9,
               "moves":[["B","A1"]],"maxVisits":40,"includeOwnership":true}),
        json!({"id":"katajson","rules":{"ko":"POSITIONAL","scoring":"AREA","tax":"NONE",
               "suicide":true,"hasButton":false,"whiteHandicapBonus":"0","friendlyPassOk":false},
               "komi":7.5,"boardXSize":13,"boardYSize":9,"initialStones":[["B","D4"],["B","K6"]],
               "initialPlayer":"W","moves":[],"maxVisits":30,"includeOwnership":true,"includePolicy":true}),
    ];
    let all = batch(&["--threads", "2", "--seed", "7"], lines(&queries));
    assert!(all.iter().all(|r| r.get("error").is_none()), "{all:?}");
    for (id, turns, points) in [
        ("jp19", vec![0, 1, 3], 361),
        ("jp9", vec![1], 81),
        ("cc2b", vec![2], 81),
        ("atari", vec![2], 49),
        ("torus", vec![1], 81),
        ("katajson", vec![0], 117),
    ] {
        let answers = finals(&all, id);
        let got: Vec<u64> = answers
            .iter()
            .map(|r| r["turnNumber"].as_u64().unwrap())
            .collect();
        assert_eq!(got, turns, "{id}");
        for r in answers {
            let infos = r["moveInfos"].as_array().unwrap();
            assert!(!infos.is_empty(), "{id}: {r}");
            for (k, m) in infos.iter().enumerate() {
                assert_eq!(m["order"], k, "{id}");
                for field in [
                    "winrate",
                    "scoreMean",
                    "scoreStdev",
                    "scoreLead",
                    "scoreSelfplay",
                    "prior",
                    "utility",
                    "lcb",
                    "utilityLcb",
                ] {
                    assert!(m[field].is_number(), "{id}: {field} in {m}");
                }
                let w = m["winrate"].as_f64().unwrap();
                assert!((0.0..=1.0).contains(&w), "{id}: {m}");
                let u = m["utility"].as_f64().unwrap();
                assert!((u - (2.0 * w - 1.0)).abs() < 1e-9, "{id}: {m}");
                assert_eq!(m["pv"][0], m["move"], "{id}: {m}");
            }
            let root = &r["rootInfo"];
            for field in ["winrate", "scoreLead", "scoreSelfplay", "utility", "visits"] {
                assert!(root[field].is_number(), "{id}: {field} in {root}");
            }
            assert!(root["currentPlayer"] == "B" || root["currentPlayer"] == "W");
            if let Some(own) = r.get("ownership") {
                assert_eq!(own.as_array().unwrap().len(), points, "{id}");
            }
            if let Some(policy) = r.get("policy") {
                let policy = policy.as_array().unwrap();
                assert_eq!(policy.len(), points + 1, "{id}");
                let total: f64 = policy
                    .iter()
                    .filter_map(Value::as_f64)
                    .filter(|p| *p > 0.0)
                    .sum();
                assert!((total - 1.0).abs() < 1e-6, "{id}: policy sums to {total}");
            }
        }
    }
    // The side to move at each turn: the player of the next move, then the opponent of the
    // last; initialPlayer at turn 0.
    let jp19 = finals(&all, "jp19");
    let players: Vec<&Value> = jp19
        .iter()
        .map(|r| &r["rootInfo"]["currentPlayer"])
        .collect();
    assert_eq!(players, [&json!("B"), &json!("W"), &json!("W")]);
    assert_eq!(
        finals(&all, "katajson")[0]["rootInfo"]["currentPlayer"],
        "W"
    );
    let stdev = jp19[0]["ownershipStdev"].as_array().unwrap();
    assert_eq!(stdev.len(), 361);
    let m = &jp19[0]["moveInfos"][0];
    assert_eq!(m["ownership"].as_array().unwrap().len(), 361);
    assert_eq!(
        m["pvVisits"].as_array().unwrap().len(),
        m["pv"].as_array().unwrap().len()
    );
    assert_eq!(m["pvVisits"][0], m["visits"]);
}

/// Ownership comes in KataGo's order (top left first) and from the side asked.
#[test]
fn ownership_is_row_by_row_from_the_top_left_and_from_the_side_asked() {
    // Black has walled off the top row's corner region; White the bottom's: 5x5 after many
    // moves the playouts agree on the top-left corner (Black) and bottom-right (White).
    let moves = json!([
        ["B", "A4"],
        ["W", "A2"],
        ["B", "B4"],
        ["W", "B2"],
        ["B", "C4"],
        ["W", "C2"],
        ["B", "D4"],
        ["W", "D2"],
        ["B", "E4"],
        ["W", "E2"]
    ]);
    let q = |id: &str, report: &str| {
        json!({"id":id,"rules":"chinese","komi":0.5,"boardXSize":5,"boardYSize":5,"moves":moves,
               "maxVisits":60,"includeOwnership":true,
               "overrideSettings":{"reportAnalysisWinratesAs":report}})
    };
    let all = batch(
        &["--threads", "1"],
        lines(&[q("black", "BLACK"), q("side", "SIDETOMOVE")]),
    );
    let black = finals(&all, "black")[0]["ownership"]
        .as_array()
        .unwrap()
        .clone();
    // Index 0 is A5 (top left): Black's; index 24 is E1 (bottom right): White's.
    assert!(black[0].as_f64().unwrap() > 0.5, "{black:?}");
    assert!(black[24].as_f64().unwrap() < -0.5, "{black:?}");
    // Black to move after White's last move: the side to move is Black, the same signs.
    let side = finals(&all, "side")[0]["ownership"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(black, side);
    let b = &finals(&all, "black")[0]["rootInfo"];
    let s = &finals(&all, "side")[0]["rootInfo"];
    assert_eq!(b["winrate"], s["winrate"]);
}

/// With BLACK the figures of a White-to-move turn are Black's: 1 - White's win rate.
#[test]
fn a_perspective_turns_win_rates_and_scores() {
    let q = |id: &str, report: &str| {
        json!({"id":id,"rules":"chinese","komi":7.5,"boardXSize":7,"boardYSize":7,
               "moves":[["B","D4"]],"maxVisits":50,"includeOwnership":true,
               "overrideSettings":{"reportAnalysisWinratesAs":report}})
    };
    let all = batch(
        &["--threads", "1", "--seed", "3"],
        lines(&[q("w", "SIDETOMOVE"), q("b", "BLACK")]),
    );
    let w = finals(&all, "w")[0];
    let b = finals(&all, "b")[0];
    let (wi, bi) = (&w["moveInfos"][0], &b["moveInfos"][0]);
    assert_eq!(wi["move"], bi["move"]);
    let sum = wi["winrate"].as_f64().unwrap() + bi["winrate"].as_f64().unwrap();
    assert!((sum - 1.0).abs() < 1e-9, "{wi} {bi}");
    let lead = wi["scoreLead"].as_f64().unwrap() + bi["scoreLead"].as_f64().unwrap();
    assert!(lead.abs() < 1e-9);
    let (wo, bo) = (&w["ownership"][0], &b["ownership"][0]);
    assert!((wo.as_f64().unwrap() + bo.as_f64().unwrap()).abs() < 1e-9);
}

#[test]
fn avoid_and_allow_limit_the_roots_moves() {
    let base = json!({"rules":"chinese","komi":7.5,"boardXSize":9,"boardYSize":9,"moves":[],
                      "maxVisits":60});
    let mut allow = base.clone();
    allow["id"] = json!("allow");
    allow["allowMoves"] = json!([{"player":"B","moves":["C3","G7","pass"],"untilDepth":1}]);
    let mut avoid = base.clone();
    avoid["id"] = json!("avoid");
    avoid["avoidMoves"] = json!([{"player":"B","moves":["E5","D4","F6","C3"],"untilDepth":1},
                                 {"player":"W","moves":["A1"],"untilDepth":1}]);
    let all = batch(&["--threads", "2"], lines(&[allow, avoid]));
    let moves = |id| -> Vec<String> {
        finals(&all, id)[0]["moveInfos"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["move"].as_str().unwrap().to_owned())
            .collect()
    };
    let allowed = moves("allow");
    assert!(!allowed.is_empty());
    assert!(
        allowed
            .iter()
            .all(|m| ["C3", "G7", "pass"].contains(&m.as_str())),
        "{allowed:?}"
    );
    let avoided = moves("avoid");
    assert!(avoided.len() > 3);
    assert!(
        avoided
            .iter()
            .all(|m| !["E5", "D4", "F6", "C3"].contains(&m.as_str())),
        "{avoided:?}"
    );
}

/// With one worker, the waiting queries are taken by priority, then in arrival order.
#[test]
fn waiting_queries_go_by_priority_then_arrival() {
    let q = |id: &str, priority: i64, seconds: f64| {
        json!({"id":id,"rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[],
               "maxVisits":100000,"priority":priority,"overrideSettings":{"maxTime":seconds}})
    };
    let queries = [
        q("first", 100, 0.6),
        q("low", -5, 0.05),
        q("zero", 0, 0.05),
        q("high", 10, 0.05),
        q("mid", 5, 0.05),
        q("zero2", 0, 0.05),
    ];
    let all = batch(&["--threads", "1"], lines(&queries));
    let order: Vec<&str> = all
        .iter()
        .filter(|r| r.get("warning").is_none())
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["first", "high", "mid", "zero", "zero2", "low"]);
}

/// A running query stops at `terminate` with what it found; a waiting one gets noResults.
#[test]
fn terminate_stops_a_running_query_and_drops_a_waiting_one() {
    let mut child = start(&["--threads", "1"]);
    let mut stdin: ChildStdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let long = json!({"id":"long","rules":"japanese","komi":6.5,"boardXSize":19,"boardYSize":19,
                      "moves":[],"maxVisits":100000,"reportDuringSearchEvery":0.1,
                      "analyzeTurns":[0]});
    let waiting = json!({"id":"waiting","rules":"chinese","boardXSize":9,"boardYSize":9,
                         "moves":[["B","E5"]],"analyzeTurns":[0,1],"maxVisits":50});
    writeln!(stdin, "{long}\n{waiting}").unwrap();
    let started = Instant::now();
    let read = |out: &mut BufReader<_>| -> Value {
        let mut line = String::new();
        assert!(
            out.read_line(&mut line).unwrap() > 0,
            "the engine ended early"
        );
        serde_json::from_str(&line).unwrap()
    };
    // The warning on maxVisits, then a report during the search.
    loop {
        let r = read(&mut out);
        if r["isDuringSearch"] == true {
            assert_eq!(r["id"], "long");
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(60));
    }
    writeln!(
        stdin,
        r#"{{"id":"t1","action":"terminate","terminateId":"waiting","turnNumbers":[1]}}"#
    )
    .unwrap();
    writeln!(
        stdin,
        r#"{{"id":"t2","action":"terminate","terminateId":"long"}}"#
    )
    .unwrap();
    drop(stdin);
    let mut rest = Vec::new();
    let mut line = String::new();
    while out.read_line(&mut line).unwrap() > 0 {
        rest.push(serde_json::from_str::<Value>(&line).unwrap());
        line.clear();
    }
    assert!(child.wait().unwrap().success());
    let echo = only(&rest, "t2");
    assert_eq!(echo["terminateId"], "long");
    let long = finals(&rest, "long");
    assert_eq!(long.len(), 1);
    let visits = long[0]["rootInfo"]["visits"].as_u64().unwrap();
    assert!(visits > 0 && visits < 100000, "{visits}");
    let waiting = finals(&rest, "waiting");
    assert_eq!(waiting.len(), 2);
    assert_eq!(waiting[0]["turnNumber"], 0);
    assert!(waiting[0]["moveInfos"].is_array());
    assert_eq!(waiting[1]["noResults"], true);
    assert_eq!(waiting[1]["turnNumber"], 1);
}

#[test]
fn actions_and_warnings() {
    let queries = [
        json!({"id":"v","action":"query_version"}),
        json!({"id":"c","action":"clear_cache"}),
        json!({"id":"x","action":"explode"}),
        json!({"id":"all","action":"terminate_all"}),
        json!({"id":"warned","rules":"chinese","boardXSize":5,"boardYSize":5,"moves":[],
               "maxVisits":20,"rootPolicyTemperature":1.5,"frobnicate":3,
               "overrideSettings":{"wideRootNoise":0.04,"cpuctExploration":1.0,"maxTime":5.0}}),
    ];
    let all = batch(&["--threads", "1"], lines(&queries));
    let v = only(&all, "v");
    assert_eq!(v["action"], "query_version");
    assert!(v["version"].as_str().unwrap().contains('.'));
    assert!(v["git_hash"].is_string());
    assert_eq!(only(&all, "c")["action"], "clear_cache");
    assert_eq!(only(&all, "x")["field"], "action");
    assert_eq!(only(&all, "all")["action"], "terminate_all");
    let warned: Vec<&Value> = all.iter().filter(|r| r["id"] == "warned").collect();
    let fields: Vec<&str> = warned
        .iter()
        .filter_map(|r| r.get("warning").map(|_| r["field"].as_str().unwrap()))
        .collect();
    assert!(fields.contains(&"frobnicate"), "{fields:?}");
    assert!(fields.contains(&"rootPolicyTemperature"), "{fields:?}");
    assert_eq!(
        fields.iter().filter(|f| **f == "overrideSettings").count(),
        1,
        "{fields:?}"
    );
    // Warnings come on lines of their own, before the result.
    assert!(warned.last().unwrap()["moveInfos"].is_array());
}

/// Hostile lines each get an answer, and the engine then still answers a good query.
#[test]
fn hostile_input_is_answered_line_by_line() {
    let mut input: Vec<u8> = Vec::new();
    input.extend_from_slice(b"this is not json\n");
    input.extend_from_slice(&b"[".repeat(100_000));
    input.push(b'\n');
    input.extend_from_slice(b"{\"id\":\"bytes\",\"rules\":\"chinese\xff\xfe\"}\n");
    input.extend_from_slice(b"{\"id\":\"huge\",\"pad\":\"");
    input.extend_from_slice(&b"x".repeat(6 << 20));
    input.extend_from_slice(b"\"}\n");
    let many: Vec<Value> = (0..100_000)
        .map(|i| json!([if i % 2 == 0 { "B" } else { "W" }, "pass"]))
        .collect();
    let queries = [
        json!({"id":"visits","rules":"chinese","boardXSize":5,"boardYSize":5,"moves":[],
               "maxVisits":1_000_000_000_000u64,"overrideSettings":{"maxTime":0.2}}),
        json!({"id":"big","rules":"tromp-taylor","boardXSize":52,"boardYSize":52,"moves":[["B","A52"]],
               "maxVisits":3,"includeOwnership":true}),
        json!({"id":"toobig","rules":"chinese","boardXSize":53,"boardYSize":53,"moves":[]}),
        json!({"id":"many","rules":"chinese","boardXSize":19,"boardYSize":19,"moves":many}),
        json!({"id":"vertex","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[["B","Z99"]]}),
        json!({"id":"color","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[["X","E5"]]}),
        json!({"id":"illegal","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[["B","E5"],["W","E5"]]}),
        json!({"id":"komi","rules":"chinese","komi":"seven","boardXSize":9,"boardYSize":9,"moves":[]}),
        json!({"id":"types","rules":"chinese","boardXSize":"9","boardYSize":9,"moves":[]}),
        json!({"id":"moves","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":{"B":"E5"}}),
        json!({"id":"turns","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[],"analyzeTurns":[3]}),
        json!({"id":"rules","rules":"contact/2b:contact=sideways","boardXSize":9,"boardYSize":9,"moves":[]}),
        json!({"id":7,"rules":"chinese","moves":[]}),
        json!({"rules":"chinese","moves":[]}),
        json!({"id":"good","rules":"chinese","boardXSize":9,"boardYSize":9,"moves":[["B","E5"]],"maxVisits":20}),
    ];
    input.extend_from_slice(&lines(&queries));
    let started = Instant::now();
    let all = batch(&["--threads", "2"], input);
    assert!(started.elapsed() < Duration::from_secs(120));
    // Lines without a readable id: not JSON, too deep, no id field.
    let anonymous: Vec<&Value> = all.iter().filter(|r| r.get("id").is_none()).collect();
    assert_eq!(anonymous.len(), 3, "{anonymous:?}");
    assert!(anonymous.iter().all(|r| r["error"].is_string()));
    assert!(
        anonymous[1]["error"]
            .as_str()
            .unwrap()
            .contains("recursion"),
        "{anonymous:?}"
    );
    let message = |id: &str| -> String {
        let r: Vec<&Value> = all
            .iter()
            .filter(|r| r["id"] == id && r.get("error").is_some())
            .collect();
        assert_eq!(r.len(), 1, "{id}: {all:?}");
        r[0]["error"].as_str().unwrap().to_owned()
    };
    // Lines that are not JSON but hold an id are answered with it (KaTrain keeps queries by id).
    assert!(message("bytes").contains("UTF-8"), "{}", message("bytes"));
    assert!(message("huge").contains("too long"), "{}", message("huge"));
    assert!(message("many").contains("10000"), "{}", message("many"));
    assert!(message("toobig").contains("52"), "{}", message("toobig"));
    assert!(message("vertex").contains("Z99"));
    assert!(message("illegal").contains("move 2"));
    assert!(
        message("rules").contains("sideways"),
        "{}",
        message("rules")
    );
    for id in ["color", "komi", "types", "moves", "turns"] {
        message(id);
    }
    assert!(all.iter().any(|r| r["id"] == 7 && r["field"] == "id"));
    let visits: Vec<&Value> = all.iter().filter(|r| r["id"] == "visits").collect();
    assert!(visits[0]["warning"].as_str().unwrap().contains("100000"));
    assert!(visits[1]["rootInfo"]["visits"].as_u64().unwrap() < 100_000);
    let big = finals(&all, "big");
    assert_eq!(big[0]["ownership"].as_array().unwrap().len(), 52 * 52);
    assert_eq!(finals(&all, "good").len(), 1);
}

/// One worker and a seed: the same query gives the same answer.
#[test]
fn a_seeded_query_is_answered_the_same_twice() {
    let q = |id: &str| {
        json!({"id":id,"rules":"japanese","komi":6.5,"boardXSize":9,"boardYSize":9,
               "moves":[["B","C3"],["W","G7"]],"maxVisits":50})
    };
    let all = batch(
        &["--threads", "2", "--seed", "11"],
        lines(&[q("a"), q("b")]),
    );
    let (a, b) = (finals(&all, "a")[0], finals(&all, "b")[0]);
    assert_eq!(a["moveInfos"], b["moveInfos"]);
    assert_eq!(a["rootInfo"], b["rootInfo"]);
}

/// A turn after the game's end is answered with the count, the judge's ownership and no move.
#[test]
fn a_finished_game_is_answered_with_its_count() {
    let q = json!({"id":"end","rules":"japanese","komi":6.5,"boardXSize":5,"boardYSize":5,
                   "moves":[["B","C3"],["W","pass"],["B","pass"]],"analyzeTurns":[1,3],
                   "maxVisits":20,"includeOwnership":true,"includePolicy":true,
                   "overrideSettings":{"reportAnalysisWinratesAs":"BLACK"}});
    let all = batch(&["--threads", "1"], lines(&[q]));
    let end = finals(&all, "end");
    assert_eq!(end.len(), 2);
    assert!(!end[0]["moveInfos"].as_array().unwrap().is_empty());
    let over = end[1];
    assert_eq!(over["rootInfo"]["gameOver"], true);
    assert_eq!(over["rootInfo"]["visits"], 0);
    assert_eq!(over["moveInfos"], json!([]));
    // Black's lone stone owns the board: 24 points less komi, from Black's side.
    assert_eq!(over["rootInfo"]["scoreLead"], 17.5);
    assert_eq!(over["rootInfo"]["winrate"], 1.0);
    assert_eq!(over["ownership"].as_array().unwrap().len(), 25);
    let policy = over["policy"].as_array().unwrap();
    assert_eq!(policy.len(), 26);
    assert!(policy[..25].iter().all(|p| p == -1.0));
    assert_eq!(policy[25], 1.0);
}

/// Seeded random queries (fields of the wrong type, random moves, every family and board):
/// each is answered with one final line or one error, and nothing goes to standard error.
#[test]
fn random_queries_each_get_one_answer() {
    use rand::{Rng, SeedableRng};
    let seed: u64 = std::env::var("GOISHI_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20261206);
    println!("seed {seed} (GOISHI_SEED replays it)");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let values = [
        json!(null),
        json!(true),
        json!(0),
        json!(-1),
        json!(1.5),
        json!(1e300),
        json!(""),
        json!("B"),
        json!("pass"),
        json!("Z99"),
        json!("(0,0)"),
        json!([]),
        json!({}),
        json!([["B", "E5"]]),
        json!([["B"]]),
        json!("chinese"),
        json!([0, 1]),
        json!([100]),
        json!([{"player":"B","moves":["C3"],"untilDepth":2}]),
        json!({"maxTime":0.05}),
    ];
    let fields = [
        "id",
        "moves",
        "initialStones",
        "initialPlayer",
        "rules",
        "komi",
        "boardXSize",
        "boardYSize",
        "analyzeTurns",
        "maxVisits",
        "includeOwnership",
        "includePolicy",
        "avoidMoves",
        "allowMoves",
        "overrideSettings",
        "reportDuringSearchEvery",
        "priority",
        "whiteHandicapBonus",
    ];
    let rules = [
        "chinese",
        "japanese",
        "contact/2b",
        "capture/atari-go",
        "go/chinese:board=torus",
    ];
    let mut queries = Vec::new();
    for i in 0..120 {
        let moves: Vec<Value> = (0..rng.random_range(0..8))
            .map(|k| {
                let x = ["A", "B", "C", "D", "E"][rng.random_range(0..5)];
                json!([
                    if k % 2 == 0 { "B" } else { "W" },
                    format!("{x}{}", rng.random_range(1..6))
                ])
            })
            .collect();
        let mut q = json!({"id": format!("q{i}"), "rules": rules[rng.random_range(0..rules.len())],
                           "boardXSize": 5, "boardYSize": 5, "moves": moves, "maxVisits": 8,
                           "includeOwnership": true, "includePolicy": true});
        for _ in 0..rng.random_range(0..3) {
            let field = fields[rng.random_range(0..fields.len())];
            q[field] = values[rng.random_range(0..values.len())].clone();
        }
        if q["maxVisits"].as_f64().is_some_and(|v| v > 100.0) {
            q["overrideSettings"] = json!({"maxTime": 0.05});
        }
        queries.push(q);
    }
    let all = batch(&["--threads", "2"], lines(&queries));
    let searched = all.iter().filter(|r| r["moveInfos"].is_array()).count();
    let refused = all.iter().filter(|r| r.get("error").is_some()).count();
    println!("{searched} turns answered, {refused} errors");
    assert!(searched > 20 && refused > 20, "{searched} {refused}");
    for q in &queries {
        let id = &q["id"];
        let answers: Vec<&Value> = all.iter().filter(|r| &r["id"] == id).collect();
        let ended = answers
            .iter()
            .filter(|r| r.get("error").is_some() || r["isDuringSearch"] == false)
            .count();
        let turns = q["analyzeTurns"].as_array().map_or(1, Vec::len);
        if answers.iter().any(|r| r.get("error").is_some()) {
            assert_eq!(ended, 1, "seed {seed}: {q} -> {answers:?}");
        } else if id.is_string() {
            assert_eq!(ended, turns, "seed {seed}: {q} -> {answers:?}");
        }
    }
}

/// A closed output stops the searches: nobody reads their answers.
#[test]
fn a_closed_output_ends_the_searches() {
    let mut child = start(&["--threads", "2"]);
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let long = |i: usize| {
        json!({"id":format!("q{i}"),"rules":"chinese","boardXSize":19,"boardYSize":19,
               "moves":[],"maxVisits":100000,"overrideSettings":{"maxTime":2.0}})
    };
    let mut queries = vec![json!({"id":"v","action":"query_version"})];
    queries.extend((0..20).map(long));
    let started = Instant::now();
    let _ = stdin.write_all(&lines(&queries));
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    // Twenty searches of 2 s on two workers would take 20 s.
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
}

/// Started behind a shell that forks it (KaTrain's `sh -c`), the engine ends with the shell,
/// though its pipes stay open.
#[cfg(unix)]
#[test]
fn the_engine_ends_with_its_parent() {
    let command = format!(
        "{} analysis --threads 1; true",
        env!("CARGO_BIN_EXE_goishi")
    );
    let mut shell = Command::new("sh")
        .args(["-c", &command])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = shell.stdin.take().unwrap();
    let stdout = shell.stdout.take().unwrap();
    let long = json!({"id":"long","rules":"chinese","boardXSize":19,"boardYSize":19,"moves":[],
                      "maxVisits":100000,"reportDuringSearchEvery":0.1});
    writeln!(stdin, "{long}").unwrap();
    let mut out = BufReader::new(stdout);
    let mut line = String::new();
    // The search runs (a report), then the shell is killed.
    out.read_line(&mut line).unwrap();
    assert!(line.contains("isDuringSearch"), "{line}");
    shell.kill().unwrap();
    shell.wait().unwrap();
    let (done, ended) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut rest = String::new();
        let _ = std::io::Read::read_to_string(&mut out, &mut rest);
        let _ = done.send(());
    });
    // The engine's end closes its output, though this test still holds its input open.
    assert!(ended.recv_timeout(Duration::from_secs(10)).is_ok());
    drop(stdin);
}
