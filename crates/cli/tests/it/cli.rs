//! The subcommands through the real binary: replay, show, selfplay, variants, and the
//! command line's errors. SGF fixtures are in tests/gtp/sgf/.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn goishi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goishi"))
        .args(args)
        .current_dir(fixtures())
        .output()
        .expect("run goishi")
}

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/gtp/sgf")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("goishi-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Every error message is one line naming what was wrong, with no panic or backtrace.
fn assert_one_line_error(o: &Output, status: i32, must_contain: &str) {
    assert_eq!(o.status.code(), Some(status), "{}", stderr(o));
    let err = stderr(o);
    assert!(err.contains(must_contain), "{err:?} lacks {must_contain:?}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!err.contains("backtrace"), "{err}");
    for line in err.lines() {
        assert!(line.starts_with("goishi: "), "{line:?}");
    }
}

#[test]
fn replay_reports_each_file_in_order() {
    let o = goishi(&[
        "replay",
        "--jobs",
        "3",
        "game.sgf",
        "occupied.sgf",
        "rect.sgf",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    let heads: Vec<&str> = out.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(heads.len(), 3, "{out}");
    assert!(heads[0].starts_with("game.sgf: ok: 8 moves under go/japanese:komi=0.5 on 9x9"));
    assert!(heads[0].ends_with("the record says W+R"), "{}", heads[0]);
    assert_eq!(
        heads[1],
        "occupied.sgf: illegal: node 4: move 4 W[ee] (E5) is illegal: occupied (rules go/chinese)"
    );
    assert!(heads[2].starts_with("rect.sgf: ok: 5 moves under go/tromp-taylor on 13x7"));
    // The final position follows a legal record's line.
    assert!(out.contains(" 7 X . . . . . . . . . . . O 7\n"), "{out}");
}

#[test]
fn replay_exit_statuses() {
    assert_eq!(
        goishi(&["replay", "game.sgf", "rect.sgf"]).status.code(),
        Some(0)
    );
    assert_eq!(goishi(&["replay", "offboard.sgf"]).status.code(), Some(1));
    // Unreadable wins over illegal; the batch goes on after a bad file.
    let o = goishi(&[
        "replay",
        "truncated.sgf",
        "occupied.sgf",
        "missing.sgf",
        "game.sgf",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    assert!(out.contains("truncated.sgf: unreadable: not valid SGF: the file ends inside a property value of node 2"), "{out}");
    assert!(out.contains("occupied.sgf: illegal"), "{out}");
    assert!(
        out.contains("missing.sgf: unreadable: cannot read: no such file or directory"),
        "{out}"
    );
    assert!(out.contains("game.sgf: ok"), "{out}");
    let err = stderr(&o);
    assert!(err.contains("goishi: missing.sgf: cannot read"), "{err}");
    assert!(
        err.contains("goishi: truncated.sgf: not valid SGF"),
        "{err}"
    );
}

#[test]
fn replay_json() {
    let o = goishi(&[
        "replay",
        "--json",
        "occupied.sgf",
        "game.sgf",
        "setup-on-move.sgf",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let reports: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(reports.len(), 3);
    let r = &reports[0];
    assert_eq!(r["file"], "occupied.sgf");
    assert_eq!(r["status"], "illegal");
    assert_eq!(r["node"], 4);
    assert_eq!(r["move_number"], 4);
    assert_eq!(r["move"], "W[ee]");
    assert_eq!(r["vertex"], "E5");
    assert_eq!(r["reason"], "occupied");
    let r = &reports[1];
    assert_eq!(r["status"], "ok");
    assert_eq!(r["moves"], 8);
    assert_eq!(r["captures"], serde_json::json!([0, 1]));
    assert_eq!(r["record_result"], "W+R");
    assert_eq!(r["to_move"], "W");
    let r = &reports[2];
    assert_eq!(r["status"], "unreadable");
    assert_eq!(r["node"], 2);
    assert!(r["error"]
        .as_str()
        .unwrap()
        .contains("setup property AB on a move node"));
}

#[test]
fn replay_rules_override() {
    // Under contact capture, W[ee] on an occupied point is still occupied; under
    // go/tromp-taylor the rect record replays as before.
    let o = goishi(&[
        "replay",
        "--rules",
        "go/tromp-taylor",
        "rect.sgf",
        "game.sgf",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("game.sgf: ok: 8 moves under go/tromp-taylor:komi=0.5"));
    let o = goishi(&["replay", "--rules", "nonesuch", "game.sgf"]);
    assert_one_line_error(&o, 2, "--rules: unknown rules \"nonesuch\"");
    // The record's SZ is its board: rules naming another size make it unreadable, saying so.
    let o = goishi(&["replay", "--rules", "go/chinese:size=13", "game.sgf"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let conflict = "game.sgf: root node: SZ[9] and the rules' size=13 differ: a record is \
                    played on its SZ (give the rules no size)";
    assert_eq!(stderr(&o), format!("goishi: {conflict}\n"));
    let o = goishi(&["show", "--rules", "go/chinese:size=13", "game.sgf"]);
    assert_one_line_error(&o, 2, conflict);
    let o = goishi(&["replay", "--rules", "go/chinese:size=9", "game.sgf"]);
    assert!(stdout(&o).starts_with("game.sgf: ok: 8 moves under go/chinese:komi=0.5 on 9x9"));
}

#[test]
fn replay_many_files_in_parallel() {
    // Self-play games as many files, replayed with 4 jobs: reports in file order.
    let dir = temp_dir("many");
    let mut files = Vec::new();
    for g in 0..12u64 {
        let path = dir.join(format!("g{g:02}.sgf"));
        let o = goishi(&[
            "selfplay",
            "--rules",
            if g % 2 == 0 {
                "go/chinese"
            } else {
                "contact/2a"
            },
            "--size",
            "7",
            "--games",
            "1",
            "--seed",
            &g.to_string(),
            "--out",
            path.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        files.push(path);
    }
    std::fs::write(dir.join("g05.sgf"), "(;FF[4]GM[1]SZ[7];B[dd];W[dd])").unwrap();
    let mut args: Vec<String> = vec!["replay".into(), "--jobs".into(), "4".into()];
    args.extend(files.iter().map(|p| p.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = goishi(&args);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let heads: Vec<String> = stdout(&o)
        .lines()
        .filter(|l| !l.starts_with(' '))
        .map(str::to_owned)
        .collect();
    assert_eq!(heads.len(), 12);
    for (g, head) in heads.iter().enumerate() {
        let name = format!("g{g:02}.sgf: ");
        assert!(head.contains(&name), "{g}: {head}");
        if g == 5 {
            assert!(
                head.contains("illegal: node 2: move 2 W[dd] (D4) is illegal: occupied"),
                "{head}"
            );
        } else {
            assert!(head.contains(": ok: "), "{head}");
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn show_positions() {
    let o = goishi(&["show", "game.sgf", "--move", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "game.sgf: go/japanese:komi=0.5, 9x9 board, after move 2 of 8 (black A1), white to play, captures: black 0, white 0
   A B C D E F G H J
 9 . . . . . . . . . 9
 8 . . . . . . . . . 8
 7 . . . . . . X . . 7
 6 . . . . . . . . . 6
 5 . . . . O . . . . 5
 4 . . . . . . . . . 4
 3 . . X . . . . . . 3
 2 . . . . . . . . . 2
 1 X . . . . . . . . 1
   A B C D E F G H J
"
    );
    let o = goishi(&["show", "game.sgf", "--move", "0"]);
    assert!(stdout(&o).contains("after move 0 of 8, white to play"));
    let o = goishi(&["show", "game.sgf"]);
    assert!(stdout(&o).contains("after move 8 of 8 (black D6)"));
    let o = goishi(&["show", "game.sgf", "--move", "9"]);
    assert_one_line_error(&o, 2, "--move 9: game.sgf has only 8 moves");
    let o = goishi(&["show", "game.sgf", "--move", "-1"]);
    assert_one_line_error(&o, 2, "invalid value '-1' for '--move <N>'");
    let o = goishi(&["show", "occupied.sgf"]);
    assert_one_line_error(
        &o,
        1,
        "occupied.sgf: node 4: move 4 W[ee] (E5) is illegal: occupied",
    );
    let o = goishi(&["show", "truncated.sgf"]);
    assert_one_line_error(&o, 2, "truncated.sgf: not valid SGF");
    let o = goishi(&["show", "missing.sgf"]);
    assert_one_line_error(&o, 2, "missing.sgf: cannot read");
    // A setup that is not a position of the variant: unreadable, as `replay` reports it.
    let o = goishi(&["show", "no-liberty.sgf"]);
    assert_one_line_error(&o, 2, "no-liberty.sgf: root node: invalid setup");
    // A komi given with --rules wins over the record's KM; without one, KM applies.
    let o = goishi(&["show", "game.sgf", "--rules", "go/japanese:komi=3"]);
    assert!(
        stdout(&o).contains("game.sgf: go/japanese:komi=3,"),
        "{}",
        stdout(&o)
    );
    let o = goishi(&["show", "game.sgf", "--rules", "go/chinese"]);
    assert!(
        stdout(&o).contains("game.sgf: go/chinese:komi=0.5,"),
        "{}",
        stdout(&o)
    );
    // `-` is standard input, as for replay; of a collection, the first game is shown.
    let file = std::fs::read(fixtures().join("game.sgf")).unwrap();
    let mut two = file.clone();
    two.extend_from_slice(b"\n(;GM[1]FF[4]SZ[9];B[ee])\n");
    let o = goishi_with_input(&["show", "-"], &two);
    assert!(o.status.success(), "{}", stderr(&o));
    let shown = goishi(&["show", "game.sgf"]);
    assert_eq!(
        stdout(&o).replacen("-: ", "game.sgf: ", 1),
        stdout(&shown),
        "show - and show game.sgf differ"
    );
    assert_one_line_error(&goishi_with_input(&["show", "-"], b""), 2, "-: ");
}

#[test]
fn variants_list() {
    let o = goishi(&["variants", "--json"]);
    assert!(o.status.success());
    let list: Vec<serde_json::Value> = serde_json::from_str(&stdout(&o)).expect("JSON");
    let ids: Vec<&str> = list.iter().map(|v| v["id"].as_str().unwrap()).collect();
    let committed = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance/variants.txt"),
    )
    .expect("conformance/variants.txt");
    let expected: Vec<&str> = committed
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(ids, expected);
    let chinese = list.iter().find(|v| v["id"] == "go/chinese").unwrap();
    assert_eq!(chinese["family"], "go");
    let ko = chinese["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "ko")
        .unwrap();
    assert_eq!(ko["default"], "simple");
    let o = goishi(&["variants"]);
    let text = stdout(&o);
    assert!(text.contains("go/tromp-taylor (Go): "), "{text}");
    assert!(text.contains("  ko=positional  ("), "{text}");
}

#[test]
fn selfplay_is_deterministic_and_replays() {
    // Three 9x9 games under Japanese rules with `seed`, then `extra`.
    let selfplay = |seed: &str, extra: &[&str]| {
        let mut args = vec![
            "selfplay",
            "--rules",
            "go/japanese",
            "--size",
            "9",
            "--games",
            "3",
            "--seed",
            seed,
        ];
        args.extend_from_slice(extra);
        goishi(&args)
    };
    let a = selfplay("7", &[]);
    let b = selfplay("7", &[]);
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(a.stdout, b.stdout);
    let c = selfplay("8", &[]);
    assert_ne!(a.stdout, c.stdout);
    assert!(stderr(&a).contains("3 games"), "{}", stderr(&a));
    assert_eq!(stdout(&a).matches("(;FF[4]").count(), 3);
    // Game g of seed S is the same whether played alone or in a run.
    let dir = temp_dir("selfplay");
    let path = dir.join("games.sgf");
    let o = selfplay("7", &["--out", path.to_str().unwrap()]);
    assert!(o.status.success());
    assert_eq!(std::fs::read(&path).unwrap(), a.stdout);
    // `--out -` is standard output (no file named `-`).
    let o = selfplay("7", &["--out", "-"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(o.stdout, a.stdout);
    let o = goishi(&["replay", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(stdout(&o).matches("(game ").count(), 3);
    let _ = std::fs::remove_dir_all(dir);
}

/// The example of docs/cli.md whose command starts `$ goishi PREFIX`: the command's
/// arguments, and the lines the page shows after it, up to the end of the block.
fn docs_cli_example(prefix: &str) -> (Vec<String>, Vec<String>) {
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md"))
        .expect("docs/cli.md");
    let mut lines = docs.lines();
    let command = lines
        .find(|l| l.starts_with(&format!("$ goishi {prefix} ")))
        .unwrap_or_else(|| panic!("docs/cli.md shows no `goishi {prefix}` example"));
    let args = command["$ goishi ".len()..]
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    let shown = lines
        .take_while(|l| !l.starts_with("```"))
        .map(str::to_owned)
        .collect();
    (args, shown)
}

/// The totals line of a self-play run without its timing (` in 0.20 s (39857 moves/s)`).
fn without_timing(line: &str) -> String {
    match (line.find(" in "), line.find(" moves/s)")) {
        (Some(a), Some(b)) if a < b => format!("{}{}", &line[..a], &line[b + " moves/s)".len()..]),
        _ => line.to_owned(),
    }
}

#[test]
fn the_selfplay_example_of_docs_cli_md_is_what_the_command_prints() {
    let (mut args, shown) = docs_cli_example("selfplay");
    // The example's --out file goes to a temporary folder.
    let dir = temp_dir("docs-example");
    let at = args.iter().position(|a| a == "--out").expect("--out") + 1;
    args[at] = dir.join("games.sgf").to_str().unwrap().to_owned();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = goishi(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        without_timing(stderr(&o).trim_end()),
        without_timing(&shown[0]),
        "docs/cli.md shows another run than the command's"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_gtp_example_of_docs_cli_md_is_what_the_engine_answers() {
    let (args, session) = docs_cli_example("gtp");
    // Commands start with their id; the answers the page shows start with `=` or `?`.
    let is_answer = |l: &&str| l.starts_with('=') || l.starts_with('?');
    let input: String = session
        .iter()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| format!("{l}\n"))
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = goishi_with_input(&args, input.as_bytes());
    assert!(o.status.success(), "{}", stderr(&o));
    let answered = stdout(&o);
    let got: Vec<&str> = answered.lines().filter(is_answer).collect();
    let shown: Vec<&str> = session
        .iter()
        .map(String::as_str)
        .filter(is_answer)
        .collect();
    assert_eq!(
        got, shown,
        "docs/cli.md shows other answers than the engine's"
    );
}

#[test]
fn selfplay_jobs_folders_and_summaries_give_the_same_games() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "selfplay",
            "--rules",
            "go/chinese",
            "--size",
            "7",
            "--games",
            "7",
            "--seed",
            "5",
        ];
        args.extend_from_slice(extra);
        let o = goishi(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        o
    };
    let one = run(&["--jobs", "1"]);
    assert_eq!(stdout(&one).matches("(;FF[4]").count(), 7);
    for jobs in ["2", "3", "8"] {
        assert_eq!(run(&["--jobs", jobs]).stdout, one.stdout, "--jobs {jobs}");
    }
    // One file per game: the games of the collection, in order.
    let dir = temp_dir("selfplay-dir");
    let o = run(&["--jobs", "2", "--out-dir", dir.to_str().unwrap()]);
    assert!(o.stdout.is_empty());
    let mut joined = Vec::new();
    for g in 0..7 {
        joined.extend(std::fs::read(dir.join(format!("game-{g}.sgf"))).unwrap());
    }
    assert_eq!(joined, one.stdout);
    // The summaries: one JSON object per game, in order, agreeing with the SGF.
    let o = run(&["--jobs", "3", "--json"]);
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 7);
    let collection = stdout(&one);
    let games: Vec<&str> = collection.split("(;FF[4]").skip(1).collect();
    for (g, (line, sgf)) in lines.iter().zip(&games).enumerate() {
        assert_eq!(line["game"], g as u64);
        assert_eq!(line["seed"], 5);
        let moves = sgf.matches(";B[").count() + sgf.matches(";W[").count();
        assert_eq!(line["moves"], moves as u64, "game {g}");
        match line["result"].as_str() {
            Some(re) => assert!(sgf.contains(&format!("RE[{re}]")), "game {g}"),
            None => assert!(!sgf.contains("RE["), "game {g}"),
        }
    }
    // With --json and --out-dir, each summary names its file.
    let o = run(&["--json", "--out-dir", dir.to_str().unwrap()]);
    let first: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert!(
        first["file"].as_str().unwrap().ends_with("game-0.sgf"),
        "{first}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Runs `goishi ARGS` with `input` on its standard input.
fn goishi_with_input(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_goishi"))
        .args(args)
        .current_dir(fixtures())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run goishi");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written from a thread of its own: the child writes its reports meanwhile.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for goishi");
    writer.join().unwrap();
    out
}

#[test]
fn replay_streams_standard_input_record_by_record_in_order() {
    let games = goishi(&[
        "selfplay",
        "--rules",
        "contact/2b",
        "--size",
        "5",
        "--games",
        "300",
        "--seed",
        "9",
    ]);
    assert!(games.status.success(), "{}", stderr(&games));
    for jobs in ["1", "3"] {
        let o = goishi_with_input(&["replay", "--json", "--jobs", jobs, "-"], &games.stdout);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let reports: Vec<serde_json::Value> = stdout(&o)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(reports.len(), 300);
        for (i, r) in reports.iter().enumerate() {
            assert_eq!(r["file"], "-");
            assert_eq!(r["game"], i as u64 + 1);
            assert_eq!(r["status"], "ok", "{r}");
        }
    }
    // The same reports as the same games read from a file, but for their names.
    let dir = temp_dir("stdin");
    let path = dir.join("games.sgf");
    std::fs::write(&path, &games.stdout).unwrap();
    let from_file = goishi(&["replay", path.to_str().unwrap()]);
    let from_stdin = goishi_with_input(&["replay", "-"], &games.stdout);
    let name = format!("{}: ", path.display());
    let name_game = format!("{} (game ", path.display());
    assert_eq!(
        stdout(&from_file)
            .replace(&name_game, "- (game ")
            .replace(&name, "-: "),
        stdout(&from_stdin)
    );
    // A stream of no records (`selfplay --games 0`): nothing to report, no error; text
    // without a record is one unreadable record.
    let none = goishi(&["selfplay", "--rules", "go/chinese", "--games", "0"]);
    assert!(none.status.success(), "{}", stderr(&none));
    for input in [&none.stdout[..], b"", b" \n\n"] {
        let o = goishi_with_input(&["replay", "-"], input);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(stdout(&o), "");
    }
    let o = goishi_with_input(&["replay", "-"], b"not sgf\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stdout(&o).contains("- (game 1): unreadable"),
        "{}",
        stdout(&o)
    );
    // A stream cut short: the records before the cut are reported, the last is truncated.
    let cut = &games.stdout[..games.stdout.len() - 40];
    let o = goishi_with_input(&["replay", "--json", "-"], cut);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let last: serde_json::Value = serde_json::from_str(stdout(&o).lines().last().unwrap()).unwrap();
    assert_eq!(last["game"], 300);
    assert_eq!(last["status"], "unreadable");
    assert!(
        last["error"].as_str().unwrap().contains("truncated"),
        "{last}"
    );
    assert!(
        stderr(&o).contains("goishi: - (game 300): "),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// A file over the limits of one (a collection of more than 50,000 nodes, as `selfplay
/// --out` writes) is read as standard input is, game tree by game tree: the same reports
/// under the file's name.
#[test]
fn replay_reads_a_file_over_the_limits_tree_by_tree() {
    let dir = temp_dir("big");
    let path = dir.join("games.sgf");
    let out = path.to_str().unwrap();
    let args = [
        "selfplay",
        "--rules",
        "go/chinese",
        "--size",
        "9",
        "--games",
        "700",
    ];
    let made = goishi(&[&args[..], &["--seed", "3", "--out", out]].concat());
    assert!(made.status.success(), "{}", stderr(&made));
    let text = std::fs::read(&path).unwrap();
    let nodes = text.iter().filter(|&&b| b == b';').count();
    assert!(nodes > 50_000, "{nodes} nodes: not over the limit");
    let from_stdin = goishi_with_input(&["replay", "-"], &text);
    assert_eq!(from_stdin.status.code(), Some(0), "{}", stderr(&from_stdin));
    for jobs in ["1", "2"] {
        let from_file = goishi(&["replay", "--jobs", jobs, out]);
        assert_eq!(from_file.status.code(), Some(0), "{}", stderr(&from_file));
        let name_game = format!("{} (game ", path.display());
        assert_eq!(
            stdout(&from_file).replace(&name_game, "- (game "),
            stdout(&from_stdin)
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A file larger than a file may be (16 MiB) is a stream of game trees shared among the
/// threads, as standard input is; a file of one tree is labelled as a file of one game.
#[test]
fn replay_streams_a_file_larger_than_a_file_may_be() {
    let dir = temp_dir("huge");
    let comment = "x".repeat(1 << 20);
    let tree = |i: usize| {
        format!(
            "(;GM[1]FF[4]SZ[9]C[{comment}];B[{}];W[ee])\n",
            ["aa", "ee"][i % 2]
        )
    };
    let many: String = (0..17).map(tree).collect();
    let path = dir.join("many.sgf");
    std::fs::write(&path, &many).unwrap();
    assert!(many.len() as u64 > 16 << 20);
    let from_stdin = goishi_with_input(&["replay", "-"], many.as_bytes());
    assert_eq!(from_stdin.status.code(), Some(1), "{}", stderr(&from_stdin));
    for jobs in ["1", "2"] {
        let from_file = goishi(&["replay", "--jobs", jobs, path.to_str().unwrap()]);
        assert_eq!(from_file.status.code(), Some(1), "{}", stderr(&from_file));
        let name_game = format!("{} (game ", path.display());
        assert_eq!(
            stdout(&from_file).replace(&name_game, "- (game "),
            stdout(&from_stdin)
        );
    }
    assert_eq!(stdout(&from_stdin).matches(": illegal: ").count(), 8);
    assert_eq!(stdout(&from_stdin).matches(": ok: ").count(), 9);
    // One tree over the limits of one: the file's error, under the file's name alone.
    let one = dir.join("one.sgf");
    let comment = "x".repeat(17 << 20);
    std::fs::write(&one, format!("(;SZ[9]C[{comment}];B[aa])")).unwrap();
    let o = goishi(&["replay", "--json", one.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(report["file"], one.to_str().unwrap());
    assert_eq!(report.get("game"), None, "{report}");
    assert_eq!(report["status"], "unreadable");
    // So is one tree over the 50,000 nodes of a file in a smaller file.
    let long = dir.join("long.sgf");
    std::fs::write(&long, format!("(;SZ[9]{})", ";C[x]".repeat(50_001))).unwrap();
    let o = goishi(&["replay", "--json", long.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(report.get("game"), None, "{report}");
    assert_eq!(report["status"], "unreadable");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn command_line_errors_are_one_line() {
    assert_one_line_error(&goishi(&["bogus"]), 2, "unrecognized subcommand 'bogus'");
    assert_one_line_error(
        &goishi(&["replay"]),
        2,
        "required arguments were not provided: <FILE>",
    );
    assert_one_line_error(&goishi(&["replay", "--jobs", "0", "x"]), 2, "--jobs");
    assert_one_line_error(
        &goishi(&["replay", "--jobs", "65535", "x"]),
        2,
        "'--jobs <N>': 65535 is not in 1..=256",
    );
    // selfplay's errors: the arguments after `selfplay --games 1`, and what the line says.
    let selfplay_errors: [(&[&str], &str); 7] = [
        (
            &["--rules", "go/chinese", "--size", "1000000000"],
            "out of range",
        ),
        (
            &["--rules", "go/chinese:ko=positinal"],
            "--rules: unknown ko rule \"positinal\" (did you mean \"positional\"?); expected one of: none, simple, positional",
        ),
        (
            &["--rules", "go/chinese", "--out", "/nonexistent/dir/x.sgf"],
            "--out /nonexistent/dir/x.sgf: cannot create the file",
        ),
        (
            &["--rules", "go/chinese", "--out", "-", "--json"],
            "--out -: --json writes its summaries to standard output",
        ),
        (
            &[
                "--rules",
                "go/chinese",
                "--out-dir",
                "/proc/goishi-nonexistent",
            ],
            "--out-dir /proc/goishi-nonexistent: cannot create the folder",
        ),
        (&["--rules", "go/chinese", "--jobs", "0"], "--jobs"),
        (
            &["--rules", "go/chinese", "--jobs", "20000"],
            "'--jobs <N>': 20000 is not in 1..=256",
        ),
    ];
    for (extra, expected) in selfplay_errors {
        let mut args = vec!["selfplay", "--games", "1"];
        args.extend_from_slice(extra);
        assert_one_line_error(&goishi(&args), 2, expected);
    }
    assert_one_line_error(
        &goishi(&["gtp", "--rules", "xyz"]),
        2,
        "--rules: unknown rules \"xyz\"; expected",
    );
    // A graph board's size is its graph's: a size with it is an error naming both.
    let graph = "size 9 given with board=graph:../ring6.txt, whose size is fixed (the graph's); \
                 give no size";
    for args in [
        &[
            "gtp",
            "--rules",
            "go/chinese:board=graph:../ring6.txt",
            "--size",
            "9",
        ][..],
        &[
            "gtp",
            "--rules",
            "go/chinese:board=graph:../ring6.txt,size=9",
        ][..],
        &[
            "selfplay",
            "--games",
            "1",
            "--rules",
            "go/chinese:board=graph:../ring6.txt",
            "--size",
            "9",
        ][..],
    ] {
        assert_one_line_error(&goishi(args), 2, graph);
    }
    assert_one_line_error(
        &goishi(&["gtp", "--rules", "Tromp_Taylr"]),
        2,
        "--rules: unknown rules \"Tromp_Taylr\" (did you mean \"tromp-taylor\"?); expected",
    );
    let o = goishi(&["--help"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("replay"));
}
