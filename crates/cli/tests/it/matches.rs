//! `goishi match` through the real binary (goishi against itself: the random player and a
//! small tree search), `goishi replay` of records that end with passes after the end of the
//! game, and the command-line errors of the player's options.

use std::path::PathBuf;
use std::process::{Command, Output};

fn goishi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_goishi"))
        .args(args)
        .output()
        .expect("run goishi")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("goishi-match-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The "done when": a match of goishi against itself ends every game without an error,
/// and every record replays.
#[test]
fn goishi_against_itself_ends_every_game_and_every_record_replays() {
    let bin = env!("CARGO_BIN_EXE_goishi");
    for rules in ["contact/2b", "capture/atari-go"] {
        let dir = temp_dir(&rules.replace('/', "-"));
        let random = format!("{bin} gtp --player random --seed 3 --rules {rules}");
        let search = format!("{bin} gtp --playouts 40 --seed 3 --rules {rules}");
        let sgf_dir = dir.join("games");
        let o = goishi(&[
            "match",
            "--black",
            &random,
            "--white",
            &search,
            "--rules",
            rules,
            "--size",
            "7",
            "--games",
            "4",
            "--alternate",
            "--openings",
            "2",
            "--sgf-dir",
            sgf_dir.to_str().unwrap(),
        ]);
        let out = text(&o.stdout);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{rules}: {out}{}",
            text(&o.stderr)
        );
        assert!(out.contains("errors: 0"), "{out}");
        let games: Vec<&str> = out
            .lines()
            .filter(|l| {
                let mut words = l.split_whitespace();
                words.next().is_some_and(|w| w.parse::<usize>().is_ok())
                    && matches!(words.next(), Some("A" | "B"))
            })
            .collect();
        assert_eq!(games.len(), 4, "{out}");
        for g in &games {
            // Every game has a result (a winner in these games without draws) and no error.
            assert!(g.ends_with(" -"), "{g}");
            assert!(g.contains(" B+") || g.contains(" W+"), "{g}");
        }
        // Colours alternate: A is Black in games 1 and 3, White in 2 and 4.
        assert!(games[0].contains("  A       B  "), "{}", games[0]);
        assert!(games[1].contains("  B       A  "), "{}", games[1]);
        let mut records: Vec<PathBuf> = std::fs::read_dir(&sgf_dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        records.sort();
        assert_eq!(records.len(), 4);
        let mut args = vec!["replay".to_owned()];
        args.extend(records.iter().map(|p| p.display().to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let replay = goishi(&args);
        let report = text(&replay.stdout);
        assert_eq!(replay.status.code(), Some(0), "{report}");
        assert_eq!(report.matches(": ok: ").count(), 4, "{report}");
        // The records name the players.
        let first = std::fs::read_to_string(&records[0]).unwrap();
        assert!(first.contains("PB[goishi "), "{first}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_match_with_an_engine_that_cannot_start_says_so() {
    let o = goishi(&[
        "match",
        "--black",
        "/nonexistent/engine",
        "--white",
        "/nonexistent/engine",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.starts_with("goishi: black: cannot start \"/nonexistent/engine\""),
        "{err}"
    );
}

/// gogui-twogtp's records end with the pass it forwarded after the end of the game:
/// they replay; a placement after such a pass does not.
#[test]
fn records_ending_with_passes_after_the_end_replay() {
    let dir = temp_dir("after-end");
    let good = dir.join("good.sgf");
    std::fs::write(
        &good,
        "(;FF[4]GM[1]SZ[5]RU[capture/atari-go]\n;B[be];W[ae];B[ad];W[];B[])\n",
    )
    .unwrap();
    let o = goishi(&["replay", good.to_str().unwrap()]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("game over: B+"), "{out}");
    let bad = dir.join("bad.sgf");
    std::fs::write(
        &bad,
        "(;FF[4]GM[1]SZ[5]RU[capture/atari-go]\n;B[be];W[ae];B[ad];W[];B[cc])\n",
    )
    .unwrap();
    let o = goishi(&["replay", bad.to_str().unwrap()]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("move 5 B[cc] (C3) is illegal: game over"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_options_are_one_line_errors() {
    for (args, message) in [
        (
            &["gtp", "--playouts", "0"][..],
            "invalid value '0' for '--playouts <N>'",
        ),
        (
            &["gtp", "--time", "-1"][..],
            "invalid value '-1' for '--time <SECONDS>': expected a number of seconds above 0 and at most 86400",
        ),
        (
            &["gtp", "--time", "1e9"][..],
            "expected a number of seconds above 0 and at most 86400",
        ),
        (&["gtp", "--threads", "0"][..], "invalid value '0' for '--threads <N>'"),
        (
            &["gtp", "--resign", "2"][..],
            "invalid value '2' for '--resign <X>': invalid resignation threshold 2; expected a win rate from 0 (never) to below 1",
        ),
        (
            // The search settings are checked whatever the player.
            &["gtp", "--player", "random", "--resign", "2"][..],
            "invalid value '2' for '--resign <X>': invalid resignation threshold 2; expected a win rate from 0 (never) to below 1",
        ),
        (&["gtp", "--resign", "nan"][..], "invalid value 'nan' for '--resign <X>'"),
        (
            &["gtp", "--resign", "-0.1"][..],
            "invalid value '-0.1' for '--resign <X>'",
        ),
        (
            &["gtp", "--player", "alphago"][..],
            "invalid value 'alphago' for '--player <mcts|random>': expected mcts or random",
        ),
        (
            &["gtp", "--playout-policy", "moggy"][..],
            "invalid value 'moggy' for '--playout-policy <heavy|light>': expected heavy or light",
        ),
        (
            &["gtp", "--dead-playouts", "1000001"][..],
            "invalid value '1000001' for '--dead-playouts <N>': 1000001 is not in 0..=1000000",
        ),
        (
            &["gtp", "--dead-playouts", "-1"][..],
            "invalid value '-1' for '--dead-playouts <N>'",
        ),
        (
            &["match", "--black", "x", "--white", "y", "--time", "0.5"][..],
            "invalid value '0.5' for '--time <SECONDS>': expected a whole number of seconds from 1 to 86400",
        ),
        // A value out of a list names the list; a negative number is a bad value of its
        // option, not an unknown argument.
        (
            &["gtp", "--dead", "foo"][..],
            "invalid value 'foo' for '--dead <DEAD>'; expected one of estimate, none",
        ),
        (&["gtp", "--size", "-1"][..], "invalid value '-1' for '--size <N|WxH>'"),
        (&["gtp", "--seed", "-1"][..], "invalid value '-1' for '--seed <SEED>'"),
        (
            &["selfplay", "--rules", "go", "--games", "-3"][..],
            "invalid value '-3' for '--games <N>'",
        ),
        (
            &["gtp", "--rules", "chinese:size=13", "--size", "9"][..],
            "--rules/--size: the rules name size=13 and the size asked for is 9; give one of them",
        ),
        // Komi is checked before any engine starts (these engines do not exist).
        (
            &["match", "--black", "/no/such/engine", "--white", "/no/such/engine", "--komi", "6.25"][..],
            "--komi: invalid komi \"6.25\"; expected a multiple of 0.5",
        ),
        (
            &["match", "--black", "/no/such/engine", "--white", "/no/such/engine", "--komi", "six"][..],
            "--komi: invalid komi \"six\"; expected a number like 6.5",
        ),
    ] {
        let o = goishi(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = text(&o.stderr);
        assert!(err.starts_with("goishi: "), "{err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// The game lines of a match's table (`N  A|B  A|B  RESULT  MOVES  ERROR`).
fn game_lines(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| {
            let mut words = l.split_whitespace();
            words.next().is_some_and(|w| w.parse::<usize>().is_ok())
                && matches!(words.next(), Some("A" | "B"))
        })
        .map(str::to_owned)
        .collect()
}

/// `--referee CMD` (a child process) and `--komi` reach the referee (`--time` given too, as
/// a controller would; its effect on a search is the clock's tests'): the records are its own
/// (its rules), with a komi of 100.5 on 5x5 White wins every game by its count,
/// and the records carry that komi;
/// `--seed` makes the openings, and so the games of two seeded engines, the same again, and
/// another seed other ones.
#[test]
fn the_referee_komi_time_and_seed_options_reach_the_games() {
    let bin = env!("CARGO_BIN_EXE_goishi");
    // The engines play the referee's rules (they are not told them).
    let random = format!("{bin} gtp --player random --seed 5 --rules go/tromp-taylor");
    // Tromp-Taylor rules, not the in-process referee's go/chinese (the default `--rules`).
    let referee = format!("{bin} gtp --rules go/tromp-taylor --dead none --player random");
    let run = |name: &str, seed: &str| {
        let dir = temp_dir(name);
        let sgf_dir = dir.join("games");
        let o = goishi(&[
            "match",
            "--black",
            &random,
            "--white",
            &random,
            "--referee",
            &referee,
            "--size",
            "5",
            "--games",
            "3",
            "--komi",
            "100.5",
            "--time",
            "1",
            "--openings",
            "3",
            "--seed",
            seed,
            "--sgf-dir",
            sgf_dir.to_str().unwrap(),
        ]);
        let out = text(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
        let first = std::fs::read_to_string(sgf_dir.join("game-001.sgf")).expect("a record");
        let _ = std::fs::remove_dir_all(&dir);
        (game_lines(&out), first)
    };
    let (games, record) = run("referee-a", "11");
    assert_eq!(games.len(), 3, "{games:?}");
    for g in &games {
        assert!(g.contains(" W+"), "{g}");
        assert!(g.ends_with(" -"), "{g}");
    }
    assert!(record.contains("KM[100.5]"), "{record}");
    assert!(record.contains("RU[go/tromp-taylor"), "{record}");
    let (again, _) = run("referee-b", "11");
    assert_eq!(again, games);
    // Another seed, other openings: other games (the engines' own seeds are the same).
    let (other, _) = run("referee-c", "12");
    assert_ne!(other, games);
}

/// An engine whose output never ends an answer (one endless line, or endless lines) is
/// stopped after 65536 characters, an error of that engine in one sentence: no panic, no
/// memory exhausted. (These engines end by themselves after a megabyte, so that the test
/// stays bounded whatever the match does.)
#[cfg(unix)]
#[test]
fn an_engine_that_answers_too_much_is_stopped() {
    let bin = env!("CARGO_BIN_EXE_goishi");
    let random = format!("{bin} gtp --player random --seed 1");
    for black in ["head -c 1000000 /dev/zero", "seq 1 200000"] {
        let o = goishi(&[
            "match", "--black", black, "--white", &random, "--size", "5", "--games", "2",
        ]);
        let out = text(&o.stdout);
        assert_eq!(o.status.code(), Some(1), "{black}: {out}");
        assert_eq!(text(&o.stderr), "", "{black}");
        let games = game_lines(&out);
        assert_eq!(games.len(), 2, "{black}: {out}");
        for g in &games {
            assert!(
                g.ends_with(
                    "  black: boardsize 5: not sent: the engine failed \"name\" earlier \
                     (answered more than 65536 characters)"
                ),
                "{black}: {g}"
            );
        }
    }
}

/// A forfeit (a move the referee refuses: engines on Go rules, the referee on contact/2b)
/// is the record's `RE` as it is the table's result, and `goishi replay` quotes it; every
/// record carries the result its game has in the table.
#[test]
fn a_forfeit_is_the_records_result() {
    let bin = env!("CARGO_BIN_EXE_goishi");
    let dir = temp_dir("forfeit");
    let sgf_dir = dir.join("games");
    let black = format!("{bin} gtp --player random --seed 1");
    let white = format!("{bin} gtp --player random --seed 9");
    let o = goishi(&[
        "match",
        "--black",
        &black,
        "--white",
        &white,
        "--rules",
        "contact/2b",
        "--size",
        "7",
        "--games",
        "2",
        "--alternate",
        "--sgf-dir",
        sgf_dir.to_str().unwrap(),
    ]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}{}", text(&o.stderr));
    let games = game_lines(&out);
    assert_eq!(games.len(), 2, "{out}");
    let mut forfeits = 0;
    for (i, g) in games.iter().enumerate() {
        let result = g.split_whitespace().nth(3).unwrap();
        forfeits += usize::from(result.ends_with("+F"));
        let path = sgf_dir.join(format!("game-{:03}.sgf", i + 1));
        let record = std::fs::read_to_string(&path).unwrap();
        assert!(record.contains(&format!("RE[{result}]")), "{g}\n{record}");
        assert_eq!(record.matches("RE[").count(), 1, "{record}");
        let replay = goishi(&["replay", path.to_str().unwrap()]);
        let report = text(&replay.stdout);
        assert_eq!(replay.status.code(), Some(0), "{report}");
        assert!(
            report.contains(&format!("; the record says {result}")),
            "{report}"
        );
    }
    assert!(forfeits > 0, "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
