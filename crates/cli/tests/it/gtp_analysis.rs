//! Streaming analysis as the GUIs drive it: a client that behaves as Sabaki and Lizzie do
//! (start `kata-analyze` or `lz-analyze`, read its lines, send the next command to stop it)
//! runs 100 start/stop cycles of each dialect on every family and board kind: every line
//! parses, the response ends with an empty line before the next command's answer, no line of
//! analysis comes after it, and no command is lost. Then the `genmove_analyze` pair, `stop`,
//! `kgs-genmove_cleanup`, `--chat` and bad arguments.

use std::process::{Command, Stdio};

use crate::support::Gtp;

/// A family and board: rules, size, the points of the board.
const BOARDS: &[(&str, &str, usize)] = &[
    ("go/chinese", "9", 81),
    ("go/japanese:board=torus", "7", 49),
    ("go/chinese:board=hex", "5", 25),
    ("contact/2b", "7", 49),
    ("capture/atari-go", "7", 49),
];

/// Checks one line of analysis of `dialect` (KataGo's when `kata`, else Leela Zero's): every
/// `info` section's fields, each candidate among `legal` (or a pass), the ownership one value
/// per point; returns the first candidate.
fn parse_line(line: &str, kata: bool, points: usize, legal: &[String]) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words[0], "info", "{line}");
    let mut first = None;
    let mut i = 0;
    let mut sections = 0;
    let number = |w: &str| -> f64 { w.parse().unwrap_or_else(|_| panic!("{w:?} in {line}")) };
    while i < words.len() {
        match words[i] {
            "info" => {
                sections += 1;
                i += 1;
            }
            "move" => {
                let v = words[i + 1];
                assert!(
                    v == "pass" || legal.iter().any(|l| l.eq_ignore_ascii_case(v)),
                    "{v} is not legal here: {line}"
                );
                first.get_or_insert_with(|| v.to_owned());
                i += 2;
            }
            "visits" | "edgeVisits" | "order" => {
                assert!(words[i + 1].parse::<u32>().is_ok(), "{line}");
                i += 2;
            }
            "winrate" | "prior" | "lcb" => {
                let v = number(words[i + 1]);
                let top = if kata { 1.0 } else { 10000.0 };
                assert!((0.0..=top).contains(&v), "{line}");
                if !kata {
                    assert!(!words[i + 1].contains('.'), "{line}");
                }
                i += 2;
            }
            "utility" | "utilityLcb" if kata => {
                assert!((-1.0..=1.0).contains(&number(words[i + 1])), "{line}");
                i += 2;
            }
            "scoreMean" | "scoreStdev" | "scoreLead" | "scoreSelfplay" if kata => {
                assert!(number(words[i + 1]).is_finite(), "{line}");
                i += 2;
            }
            "pv" => {
                i += 1;
                while i < words.len() && !matches!(words[i], "info" | "ownership" | "rootInfo") {
                    i += 1;
                }
            }
            "rootInfo" if kata => {
                i += 1;
                while i < words.len() && words[i] != "ownership" {
                    i += 1;
                }
            }
            "ownership" if kata => {
                let values = &words[i + 1..];
                assert_eq!(values.len(), points, "{line}");
                for v in values {
                    assert!((-1.0..=1.0).contains(&number(v)), "{line}");
                }
                i = words.len();
            }
            other => panic!("unknown field {other:?} in {line}"),
        }
    }
    assert!(sections > 0, "{line}");
    first.unwrap_or_else(|| panic!("no move in {line}"))
}

#[test]
fn a_gui_starts_and_stops_analysis_a_hundred_times_on_every_board() {
    for &(rules, size, points) in BOARDS {
        let mut engine = Gtp::goishi(&["--rules", rules, "--size", size, "--seed", "3"], None);
        let mut to_move = "b";
        for cycle in 0..200 {
            let legal: Vec<String> = engine
                .ok("gogui-rules_legal_moves")
                .split_whitespace()
                .map(str::to_owned)
                .collect();
            if legal.is_empty() {
                // The game is over: a new one, as the GUI starts it.
                engine.ok("clear_board");
                to_move = "b";
                continue;
            }
            let kata = cycle % 2 == 0;
            let command = if kata {
                format!("{cycle} kata-analyze 1 ownership true rootInfo true")
            } else {
                format!("{cycle} lz-analyze 1")
            };
            engine.send_raw(format!("{command}\n").as_bytes());
            let header = engine.read_line().expect("a header");
            assert_eq!(header, format!("={cycle}"), "{rules}: {command}");
            // The first line of analysis, then the next command stops it, as a GUI's click
            // does: the best move played.
            let line = engine.read_line().expect("a line of analysis");
            let best = parse_line(&line, kata, points, &legal);
            let id = 1000 + cycle;
            engine.send_raw(format!("{id} play {to_move} {best}\n").as_bytes());
            to_move = if to_move == "b" { "w" } else { "b" };
            // Lines written before the stop, then the empty line that ends the response.
            loop {
                let l = engine.read_line().expect("the rest of the response");
                if l.is_empty() {
                    break;
                }
                parse_line(&l, kata, points, &legal);
            }
            // Then the answer of `play`, and nothing of the analysis after it.
            assert_eq!(engine.read_line(), Some(format!("={id} ")), "{rules}");
            assert_eq!(engine.read_line().as_deref(), Some(""), "{rules}");
            let r = engine.send(&format!("{} name", 5000 + cycle));
            assert_eq!(r.full, format!("={} goishi", 5000 + cycle), "{rules}");
        }
        assert!(engine.finish().success(), "{rules}");
    }
}

#[test]
fn genmove_analyze_writes_lines_then_plays_the_move() {
    for &(rules, size, points) in BOARDS {
        let mut engine = Gtp::goishi(
            &["--rules", rules, "--size", size, "--playouts", "300"],
            None,
        );
        for (command, kata) in [
            ("kata-genmove_analyze b 1 ownership true", true),
            ("lz-genmove_analyze w 1", false),
        ] {
            let legal: Vec<String> = engine
                .ok("gogui-rules_legal_moves")
                .split_whitespace()
                .map(str::to_owned)
                .collect();
            engine.send_raw(format!("7 {command}\n").as_bytes());
            assert_eq!(engine.read_line().as_deref(), Some("=7"), "{rules}");
            let mut lines = 0;
            let played = loop {
                let l = engine.read_line().expect("a line");
                if let Some(mv) = l.strip_prefix("play ") {
                    break mv.to_owned();
                }
                parse_line(&l, kata, points, &legal);
                lines += 1;
            };
            assert_eq!(engine.read_line().as_deref(), Some(""), "{rules}");
            // The last line is the whole search's, written before the move.
            assert!(lines >= 1, "{rules}: {command}");
            // The move was played: it is the last of the history.
            let history = engine.ok("move_history");
            assert!(
                history.lines().next().is_some_and(|l| l
                    .to_ascii_lowercase()
                    .ends_with(&played.to_ascii_lowercase())),
                "{rules}: {played} not in {history}"
            );
        }
        // Bad arguments are refused before anything is written.
        for bad in [
            "kata-analyze b 10 ownership maybe",
            "kata-analyze b 10 nonsense 1",
            "lz-analyze 10 ownership true",
            "kata-analyze b 10 avoid b Z99 1",
            "kata-analyze b 10 avoid b D4 0",
            "kata-analyze b 10 allow b D4 1 avoid b C3 1",
            "kata-analyze interval",
        ] {
            let r = engine.send(bad);
            assert!(!r.ok, "{rules}: {bad}: {}", r.full);
        }
        assert_eq!(engine.ok("stop"), "");
        assert_eq!(engine.ok("gogui-interrupt"), "");
        assert_eq!(engine.ok("known_command kata-analyze"), "true");
        assert_eq!(engine.ok("known_command lz-genmove_analyze"), "true");
    }
}

#[test]
fn analysis_respects_avoid_and_allow_and_ends_at_a_blank_line() {
    let mut engine = Gtp::goishi(&["--rules", "go/chinese", "--size", "9"], None);
    engine.send_raw(b"kata-analyze b 1 allow b E5,pass 1\n");
    assert_eq!(engine.read_line().as_deref(), Some("="));
    let line = engine.read_line().expect("a line");
    for section in line.split("info ").filter(|s| !s.is_empty()) {
        assert!(
            section.starts_with("move E5 ") || section.starts_with("move pass "),
            "{line}"
        );
    }
    // A blank line ends the analysis too (Leela Zero's and KataGo's convention).
    engine.send_raw(b"\n");
    loop {
        let l = engine.read_line().expect("a line");
        if l.is_empty() {
            break;
        }
    }
    assert_eq!(engine.ok("name"), "goishi");
    engine.send_raw(b"lz-analyze b 1 avoid b E5,D4 1\n");
    assert_eq!(engine.read_line().as_deref(), Some("="));
    let line = engine.read_line().expect("a line");
    assert!(
        !line.contains("move E5 ") && !line.contains("move D4 "),
        "{line}"
    );
    // The end of the input ends the analysis and the engine.
    engine.close_input();
    loop {
        match engine.read_line() {
            Some(l) if l.is_empty() => break,
            Some(_) => {}
            None => panic!("no empty line at the end"),
        }
    }
    assert!(engine.finish().success());
}

#[test]
fn chat_lines_go_to_standard_error_only_when_asked() {
    let run = |chat: bool| {
        let mut args = vec!["gtp", "--playouts", "100"];
        if chat {
            args.push("--chat");
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_goishi"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start goishi");
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"boardsize 9\ngenmove b\nkgs-genmove_cleanup w\nquit\n")
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stderr).unwrap()
    };
    assert_eq!(run(false), "");
    let chat = run(true);
    let lines: Vec<&str> = chat.lines().collect();
    assert_eq!(lines.len(), 3, "{chat}");
    // A bridge such as gtp2ogs tells the format of the summaries from a line that names it.
    assert!(
        lines[0].starts_with("goishi ") && lines[0].contains("KataGo"),
        "{chat}"
    );
    // The summary as KataGo writes it for OGS: visits, a win rate in percent with two
    // decimals, the score lead and its spread with one, the principal variation.
    let form = regex::Regex::new(
        r"^CHAT:Visits (\d+) Winrate (\d+\.\d\d)% ScoreLead (-?\d+\.\d) ScoreStdev (\d+\.\d) PV( ([A-HJ-T]\d+|pass))+$",
    )
    .unwrap();
    for l in &lines[1..] {
        let c = form.captures(l).unwrap_or_else(|| panic!("{l}"));
        // The root's visits, those kept from the last move's search included.
        assert!(c[1].parse::<u32>().unwrap() >= 100, "{l}");
        assert!(c[2].parse::<f64>().unwrap() <= 100.0, "{l}");
    }
}

#[test]
fn gogui_interrupt_cuts_a_search_short_and_other_lines_wait() {
    // A line that comes while genmove searches waits for the move: the search takes its
    // whole budget (one thread and a playout budget: exactly that many playouts).
    let mut engine = Gtp::goishi(&["--size", "9", "--playouts", "3000"], None);
    engine.send_raw(b"genmove b\nname\n");
    assert!(engine.read_response().expect("genmove's answer").ok);
    assert_eq!(
        engine.read_response().expect("name's answer").text,
        "goishi"
    );
    let top = engine.ok("goishi-top_moves");
    assert!(top.contains("TEXT 3000 playouts"), "{top}");
    assert!(engine.finish().success());

    // GoGui's `# interrupt` (its stop button, for a program that lists gogui-interrupt)
    // ends the search of a move at once, with the best move so far; the same for
    // kgs-genmove_cleanup and kata-genmove_analyze.
    let mut engine = Gtp::goishi(
        &["--size", "19", "--time", "600", "--playouts", "2000000000"],
        None,
    );
    assert_eq!(engine.ok("known_command gogui-interrupt"), "true");
    let start = std::time::Instant::now();
    for (i, command) in [
        "genmove b",
        "kgs-genmove_cleanup w",
        "kata-genmove_analyze b 50",
    ]
    .iter()
    .enumerate()
    {
        engine.send_raw(format!("{command}\n").as_bytes());
        std::thread::sleep(std::time::Duration::from_millis(300));
        engine.send_raw(b"# interrupt\n");
        let r = engine.read_response().expect("an answer");
        assert!(r.ok, "{command}: {}", r.full);
        let history = engine.ok("move_history");
        assert_eq!(history.lines().count(), i + 1, "{command}: {history}");
    }
    // Against a budget of ten minutes a move: the interrupt ended each search.
    assert!(start.elapsed().as_secs() < 300, "{:?}", start.elapsed());
    assert!(engine.finish().success());
}

#[test]
fn each_key_of_kata_analyze_changes_its_line() {
    let mut engine = Gtp::goishi(&["--size", "9", "--seed", "5"], None);
    engine.ok("play b E5");
    // One line of `command`, the analysis then stopped.
    let mut first_line = |command: &str| -> String {
        engine.send_raw(format!("{command}\n").as_bytes());
        assert_eq!(engine.read_line().as_deref(), Some("="), "{command}");
        let line = engine.read_line().expect("a line");
        engine.send_raw(b"\n");
        while engine.read_line().is_some_and(|l| !l.is_empty()) {}
        line
    };
    let sections = |line: &str| line.matches("info move ").count();
    // maxmoves caps the candidates; minmoves adds moves without a visit.
    assert!(sections(&first_line("kata-analyze w 1 maxmoves 2")) <= 2);
    let many = first_line("kata-analyze w 1 minmoves 60");
    assert!(sections(&many) >= 60, "{many}");
    assert!(many.contains(" visits 0 "), "{many}");
    // Each extra field, with one value a point or a move of the variation.
    let full = first_line(
        "kata-analyze w 1 maxmoves 1 ownershipStdev true movesOwnership true pvVisits true pvEdgeVisits true",
    );
    let words: Vec<&str> = full.split(' ').collect();
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .unwrap_or_else(|| panic!("{key}: {full}"))
    };
    let pv = after("pv");
    let pv_visits = after("pvVisits");
    let edge = after("pvEdgeVisits");
    assert_eq!(edge - pv_visits, pv_visits - pv, "{full}");
    assert_eq!(
        after("ownershipStdev") - after("movesOwnership"),
        82,
        "{full}"
    );
    assert_eq!(words.len() - after("ownershipStdev"), 82, "{full}");
    for w in &words[after("ownershipStdev") + 1..] {
        let v: f64 = w.parse().unwrap();
        assert!((0.0..=1.0).contains(&v), "{full}");
    }
    // Without them, none of those fields.
    let plain = first_line("kata-analyze w 1");
    for key in [
        "pvVisits",
        "pvEdgeVisits",
        "movesOwnership",
        "ownership",
        "rootInfo",
    ] {
        assert!(!plain.split(' ').any(|w| w == key), "{key}: {plain}");
    }
    assert!(engine.finish().success());
}
