//! `goishi match`: two GTP engines play a series of games under a referee, as gogui-twogtp
//! does, and the results are tabled.
//!
//! Each game: every engine and the referee get `boardsize` (or `rectangular_boardsize`),
//! `clear_board`, `komi` and `time_settings` when given; the opening moves, if any, are
//! drawn at random from the referee's legal moves and sent to all three; then the engine to
//! move is asked `genmove`, the referee checks the move with `play` (a move it refuses loses
//! the game, as an error), and the other engine is told with `play`. The game ends when the
//! referee says it is over (`gogui-rules_final_result` is not `unknown`), after two passes
//! in a row, on a resignation, or at the move cap (3 x the points, as `goishi selfplay`); its
//! result is the referee's `final_score`, a forfeit (`W+F`) when the referee refused a
//! move, or a loss on time (`W+T`) when an engine gave no move in time. The referee's
//! `printsgf` is the record, with the engines' names in `PB` and `PW` and the table's result
//! in `RE` when the referee wrote none. With `--alternate` the engines swap colours every
//! other game.
//!
//! The engines are child processes ([`client::Child`]); the referee is goishi's own GTP
//! engine in this process ([`client::InProcess`]) unless `--referee` names another.

pub mod client;

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use goishi::{Color, GameResult, Margin, Rules};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use client::{Child, Client, Failure, InProcess};
use goishi::playout::move_cap;
use goishi::size_text;
use sgf_parse::go::Prop;
use sgf_parse::{SimpleText, Text};

/// What `goishi match` was asked to do.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// The command of the engine that plays Black in the first game.
    pub black: String,
    /// The command of the engine that plays White in the first game.
    pub white: String,
    /// The referee's command; `None`: goishi's engine in this process.
    pub referee: Option<String>,
    /// The rules of the in-process referee.
    pub rules: Rules,
    /// How many games.
    pub games: usize,
    /// The board size.
    pub size: (u32, u32),
    /// Komi, sent to every engine when given.
    pub komi: Option<String>,
    /// Seconds a move, sent as `time_settings 0 T 1` (T seconds for each move) when given.
    pub time: Option<u64>,
    /// Swap colours every other game.
    pub alternate: bool,
    /// Random legal moves played at the start of every game.
    pub openings: usize,
    /// The seed of the opening moves.
    pub seed: u64,
    /// Where to write one SGF record a game (`game-001.sgf`...).
    pub sgf_dir: Option<PathBuf>,
    /// Whether to draw a progress bar on standard error.
    pub progress: bool,
}

/// How one game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReport {
    /// The game number, from 1.
    pub number: usize,
    /// Which engine played Black: 0 for `--black`, 1 for `--white`.
    pub black_engine: usize,
    /// The result: the referee's (`B+7.5`), a resignation (`W+R`), a forfeit (`W+F`), or
    /// [`NO_RESULT`].
    pub result: String,
    /// The winning engine (0 or 1), if any.
    pub winner: Option<usize>,
    /// Moves played (the openings included).
    pub moves: usize,
    /// What went wrong, if anything (an illegal move, an engine that failed).
    pub error: Option<String>,
    /// Whether the game was stopped at the move cap.
    pub capped: bool,
    /// Time and moves of each engine's `genmove`s.
    pub think: [(Duration, usize); 2],
}

/// The result of a game that has none (it ended on an error).
pub const NO_RESULT: &str = "error";

/// The per-command timeout of a `genmove`: generous, for loaded machines.
fn genmove_timeout(options: &MatchOptions) -> Duration {
    Duration::from_secs(options.time.map_or(600, |t| 60 + 10 * t))
}

/// Other commands.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(60);

/// Runs the match, writing the table to `out`; returns the exit status (0: every game ended
/// without an error; 1: some had one; 2: an engine could not be started).
pub fn run(options: &MatchOptions, out: &mut dyn Write) -> i32 {
    let mut engines: Vec<Box<dyn Client>> = Vec::new();
    for (cmd, label) in [(&options.black, "black"), (&options.white, "white")] {
        match Child::start(cmd, label) {
            Ok(c) => engines.push(Box::new(c)),
            Err(e) => {
                eprintln!("goishi: {e}");
                return 2;
            }
        }
    }
    let mut referee: Box<dyn Client> = match &options.referee {
        Some(cmd) => match Child::start(cmd, "referee") {
            Ok(c) => Box::new(c),
            Err(e) => {
                eprintln!("goishi: {e}");
                return 2;
            }
        },
        None => match crate::gtp::Engine::new(options.rules.clone(), Some(options.size), 0) {
            Ok(e) => Box::new(InProcess::new(e, "referee")),
            Err(e) => {
                eprintln!("goishi: --rules/--size: {e}");
                return 2;
            }
        },
    };
    let names: Vec<String> = engines
        .iter_mut()
        .map(|e| {
            let name = e.send("name", COMMAND_TIMEOUT).unwrap_or_default();
            let version = e.send("version", COMMAND_TIMEOUT).unwrap_or_default();
            format!("{} {}", name.trim(), version.trim())
                .trim()
                .to_owned()
        })
        .collect();
    if let Some(dir) = &options.sgf_dir {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!(
                "goishi: --sgf-dir {}: cannot create it: {}",
                dir.display(),
                crate::common::io_message(&e)
            );
            return 2;
        }
    }
    let bar = options.progress.then(|| {
        let bar = indicatif::ProgressBar::new(options.games as u64);
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, {eta} left {msg}")
        {
            bar.set_style(style);
        }
        bar
    });
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let mut reports = Vec::with_capacity(options.games);
    let mut status = 0;
    for number in 1..=options.games {
        let black_engine = if options.alternate && number % 2 == 0 {
            1
        } else {
            0
        };
        let report = play_game(
            options,
            &mut engines,
            referee.as_mut(),
            &names,
            number,
            black_engine,
            &mut rng,
        );
        if report.error.is_some() {
            status = 1;
        }
        if let Some(bar) = &bar {
            bar.set_message(format!("game {number}: {}", report.result));
            bar.inc(1);
        }
        reports.push(report);
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let _ = writeln!(out, "{}", describe(options));
    let _ = writeln!(out, "A: {}", options.black);
    let _ = writeln!(out, "B: {}", options.white);
    let _ = out.write_all(table(&names, &reports).as_bytes());
    status
}

/// The commands that start a game, for every engine and the referee.
fn setup_commands(options: &MatchOptions) -> Vec<String> {
    let (w, h) = options.size;
    let mut commands = vec![if w == h {
        format!("boardsize {w}")
    } else {
        format!("rectangular_boardsize {w} {h}")
    }];
    commands.push("clear_board".to_owned());
    if let Some(k) = &options.komi {
        commands.push(format!("komi {k}"));
    }
    if let Some(t) = options.time {
        commands.push(format!("time_settings 0 {t} 1"));
    }
    commands
}

/// Plays game `number` with engine `black_engine` as Black.
fn play_game(
    options: &MatchOptions,
    engines: &mut [Box<dyn Client>],
    referee: &mut dyn Client,
    names: &[String],
    number: usize,
    black_engine: usize,
    rng: &mut ChaCha8Rng,
) -> GameReport {
    let mut report = GameReport {
        number,
        black_engine,
        result: NO_RESULT.to_owned(),
        winner: None,
        moves: 0,
        error: None,
        capped: false,
        think: [(Duration::ZERO, 0); 2],
    };
    if let Err(e) = run_game(options, engines, referee, &mut report, rng) {
        report.error = Some(e);
    }
    let engine_of = |color: Color| match color {
        Color::Black => black_engine,
        Color::White => 1 - black_engine,
    };
    if report.winner.is_none() {
        report.winner = match report.result.chars().next() {
            Some('B') => Some(engine_of(Color::Black)),
            Some('W') => Some(engine_of(Color::White)),
            _ => None,
        };
    }
    if let Some(dir) = &options.sgf_dir {
        let (pb, pw) = (&names[black_engine], &names[1 - black_engine]);
        match referee.send("printsgf", COMMAND_TIMEOUT) {
            Ok(sgf) => {
                let sgf = record(&sgf, pb, pw, &report);
                let path = dir.join(format!("game-{number:03}.sgf"));
                if let Err(e) = std::fs::write(&path, sgf + "\n") {
                    report.error.get_or_insert_with(|| {
                        format!(
                            "cannot write {}: {}",
                            path.display(),
                            crate::common::io_message(&e)
                        )
                    });
                }
            }
            Err(e) => {
                report
                    .error
                    .get_or_insert_with(|| format!("referee: printsgf: {e}"));
            }
        }
    }
    report
}

/// The game itself; an error ends it (the report says how far it got).
fn run_game(
    options: &MatchOptions,
    engines: &mut [Box<dyn Client>],
    referee: &mut dyn Client,
    report: &mut GameReport,
    rng: &mut ChaCha8Rng,
) -> Result<(), String> {
    let black_engine = report.black_engine;
    // The referee first: its record is this game's even when an engine fails to start it.
    for command in setup_commands(options) {
        referee
            .send(&command, COMMAND_TIMEOUT)
            .map_err(|m| format!("referee: {command}: {m}"))?;
        for e in engines.iter_mut() {
            e.send(&command, COMMAND_TIMEOUT)
                .map_err(|m| format!("{}: {command}: {m}", e.label()))?;
        }
    }
    let cap = game_cap(referee, options.size);
    let mut passes = 0;
    let mut color = Color::Black;
    let color_name = |c: Color| match c {
        Color::Black => "b",
        Color::White => "w",
    };
    while report.moves < cap {
        if report.moves > 0 && game_over(referee) {
            break;
        }
        let mover = match color {
            Color::Black => black_engine,
            Color::White => 1 - black_engine,
        };
        let mv = if report.moves < options.openings {
            let legal = referee
                .send("gogui-rules_legal_moves", COMMAND_TIMEOUT)
                .map_err(|m| format!("referee: gogui-rules_legal_moves: {m}"))?;
            let points: Vec<&str> = legal.split_whitespace().filter(|m| *m != "pass").collect();
            match points.choose(rng) {
                Some(p) => (*p).to_owned(),
                None => "pass".to_owned(),
            }
        } else {
            let start = Instant::now();
            let command = format!("genmove {}", color_name(color));
            let answer = match engines[mover].send(&command, genmove_timeout(options)) {
                Ok(answer) => answer,
                Err(e) => {
                    if matches!(e, Failure::TimedOut(_)) {
                        // No move in time: the mover loses on time, as SGF writes it.
                        report.result = format!("{}+T", color.opponent().letter());
                        report.winner = Some(1 - mover);
                    }
                    return Err(format!("{}: {command}: {e}", engines[mover].label()));
                }
            };
            let think = &mut report.think[mover];
            think.0 += start.elapsed();
            think.1 += 1;
            answer.trim().to_ascii_lowercase()
        };
        if mv == "resign" {
            // The referee records it (for its result and the record's RE); a referee that
            // does not take resignations as moves just does not.
            let _ = referee.send(
                &format!("play {} resign", color_name(color)),
                COMMAND_TIMEOUT,
            );
            report.moves += 1;
            let winner = color.opponent();
            report.result = GameResult::Win {
                winner,
                margin: Margin::Resign,
            }
            .to_string();
            report.winner = Some(1 - mover);
            return Ok(());
        }
        let play = format!("play {} {mv}", color_name(color));
        match referee.send(&play, COMMAND_TIMEOUT) {
            Ok(_) => {}
            Err(Failure::Refused(m)) => {
                // The mover loses by an illegal move: a forfeit, written as SGF writes it.
                report.result = format!("{}+F", color.opponent().letter());
                report.winner = Some(1 - mover);
                return Err(format!(
                    "{} played an illegal move: {play}: {m}",
                    engines[mover].label()
                ));
            }
            Err(e) => return Err(format!("referee: {play}: {e}")),
        }
        if report.moves < options.openings {
            engines[mover]
                .send(&play, COMMAND_TIMEOUT)
                .map_err(|m| format!("{}: {play}: {m}", engines[mover].label()))?;
        }
        let other = 1 - mover;
        engines[other]
            .send(&play, COMMAND_TIMEOUT)
            .map_err(|m| format!("{}: {play}: {m}", engines[other].label()))?;
        report.moves += 1;
        passes = if mv == "pass" { passes + 1 } else { 0 };
        if passes >= 2 {
            break;
        }
        color = color.opponent();
    }
    report.capped = report.moves >= cap && !game_over(referee);
    report.result = referee
        .send("final_score", COMMAND_TIMEOUT)
        .map_err(|m| format!("referee: final_score: {m}"))?
        .trim()
        .to_owned();
    Ok(())
}

/// The move cap of a game: `goishi selfplay`'s ([`move_cap`]) for the referee's number of
/// points (a graph board's need not be `w x h`), or for `w x h` with a referee elsewhere.
fn game_cap(referee: &dyn Client, (w, h): (u32, u32)) -> usize {
    move_cap(referee.points().unwrap_or((w as usize) * (h as usize)))
}

/// Whether the referee says the game is over (a GTP referee without GoGui's rules commands
/// never does: two passes end the game then).
fn game_over(referee: &mut dyn Client) -> bool {
    referee
        .send("gogui-rules_final_result", COMMAND_TIMEOUT)
        .is_ok_and(|r| {
            let r = r.trim();
            !r.is_empty() && r != "unknown"
        })
}

/// The record of a game: the referee's SGF with, added to its root, `PB` and `PW`, `RE`
/// the table's result when the referee's record has none (a forfeit, a resignation the
/// referee did not take, a game it does not count as over), and a `GC` naming an error or
/// the move cap. Written as `goishi-sgf` writes properties.
fn record(sgf: &str, black: &str, white: &str, report: &GameReport) -> String {
    let Some(root) = sgf.find("(;") else {
        return sgf.to_owned();
    };
    let text = |s: &str| SimpleText { text: s.to_owned() };
    let mut props = vec![Prop::PB(text(black)), Prop::PW(text(white))];
    if report.result != NO_RESULT && goishi_sgf::root_value(&sgf[root..], 0, "RE").is_none() {
        props.push(Prop::RE(text(&report.result)));
    }
    let mut notes: Vec<String> = report.error.iter().cloned().collect();
    if report.capped {
        notes.push(format!(
            "stopped at the move cap ({} moves) before the game ended",
            report.moves
        ));
    }
    if !notes.is_empty() {
        props.push(Prop::GC(Text {
            text: format!("goishi match: {}", notes.join("; ")),
        }));
    }
    let props: String = props.iter().map(goishi_sgf::prop_text).collect();
    format!("{}{props}{}", &sgf[..root + 2], &sgf[root + 2..])
}

/// The results table: one line a game, then each engine's wins, errors and time a move.
pub fn table(names: &[String], reports: &[GameReport]) -> String {
    let mut out = String::new();
    out.push_str("game  black   white   result        moves  error\n");
    let side = |i: usize| if i == 0 { "A" } else { "B" };
    for r in reports {
        out.push_str(&format!(
            "{:>4}  {:<6}  {:<6}  {:<12}  {:>5}  {}\n",
            r.number,
            side(r.black_engine),
            side(1 - r.black_engine),
            format!("{}{}", r.result, if r.capped { " (cap)" } else { "" }),
            r.moves,
            r.error.as_deref().unwrap_or("-")
        ));
    }
    let games = reports.len();
    out.push('\n');
    for (i, name) in names.iter().enumerate() {
        let wins = reports.iter().filter(|r| r.winner == Some(i)).count();
        let as_black = reports
            .iter()
            .filter(|r| r.black_engine == i && r.winner == Some(i))
            .count();
        let (time, moves) = reports.iter().fold((Duration::ZERO, 0), |(t, m), r| {
            (t + r.think[i].0, m + r.think[i].1)
        });
        let per_move = if moves > 0 {
            time.as_secs_f64() / moves as f64
        } else {
            0.0
        };
        let rate = if games > 0 {
            100.0 * wins as f64 / games as f64
        } else {
            0.0
        };
        out.push_str(&format!(
            "{} ({}): {wins}/{games} wins ({rate:.1}%), {as_black} as black, {:.3} s a move over {moves} moves\n",
            side(i),
            if name.is_empty() { "?" } else { name },
            per_move
        ));
    }
    let draws = reports
        .iter()
        .filter(|r| r.winner.is_none() && r.error.is_none())
        .count();
    let errors = reports.iter().filter(|r| r.error.is_some()).count();
    out.push_str(&format!("draws or no result: {draws}, errors: {errors}\n"));
    out
}

/// The `--size` of a match as the table's heading shows it.
pub fn describe(options: &MatchOptions) -> String {
    format!(
        "{} of {} on {}",
        crate::common::count(options.games as u64, "game"),
        options.rules,
        size_text(options.size)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine that answers `genmove` with C3 and anything else with nothing, but the
    /// commands that start with `refuse` (answered `?`), `fail` (no answer in time) or `end`
    /// (the engine ends).
    #[derive(Debug)]
    struct Fake {
        label: &'static str,
        refuse: Option<&'static str>,
        fail: Option<&'static str>,
        end: Option<&'static str>,
        /// Every command it was sent, in order.
        sent: Vec<String>,
    }

    fn fake(label: &'static str) -> Fake {
        Fake {
            label,
            refuse: None,
            fail: None,
            end: None,
            sent: Vec::new(),
        }
    }

    impl Client for Fake {
        fn send(&mut self, command: &str, _: Duration) -> Result<String, Failure> {
            self.sent.push(command.to_owned());
            if self.refuse.is_some_and(|r| command.starts_with(r)) {
                return Err(Failure::Refused("illegal move: occupied".to_owned()));
            }
            if self.fail.is_some_and(|f| command.starts_with(f)) {
                return Err(Failure::TimedOut("no answer within 60 s".to_owned()));
            }
            if self.end.is_some_and(|f| command.starts_with(f)) {
                return Err(Failure::Failed("the engine ended".to_owned()));
            }
            Ok(if command.starts_with("genmove") {
                "C3".to_owned()
            } else {
                String::new()
            })
        }

        fn label(&self) -> &str {
            self.label
        }
    }

    fn options() -> MatchOptions {
        MatchOptions {
            black: "b".to_owned(),
            white: "w".to_owned(),
            referee: Some("r".to_owned()),
            rules: crate::common::parse_rules("go/chinese").expect("go"),
            games: 1,
            size: (9, 9),
            komi: None,
            time: None,
            alternate: false,
            openings: 0,
            seed: 0,
            sgf_dir: None,
            progress: false,
        }
    }

    /// The game of `referee` between two [`Fake`] engines.
    fn game(mut referee: Fake, black: Fake) -> GameReport {
        game_on(&mut referee, black)
    }

    /// [`game`], the referee kept.
    fn game_on(referee: &mut Fake, black: Fake) -> GameReport {
        let mut engines: Vec<Box<dyn Client>> = vec![Box::new(black), Box::new(fake("white"))];
        let names = ["A".to_owned(), "B".to_owned()];
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        play_game(&options(), &mut engines, referee, &names, 1, 0, &mut rng)
    }

    /// A move the referee refuses loses the game; a referee that fails is an error of the
    /// referee, not a forfeit; an engine's failure is named once by its label.
    #[test]
    fn failures_are_the_failing_engines() {
        let refusing = Fake {
            refuse: Some("play b"),
            ..fake("referee")
        };
        let r = game(refusing, fake("black"));
        assert_eq!(r.result, "W+F");
        assert_eq!(r.winner, Some(1));
        assert_eq!(
            r.error.as_deref(),
            Some("black played an illegal move: play b c3: illegal move: occupied")
        );
        let failing = Fake {
            fail: Some("play b"),
            ..fake("referee")
        };
        let r = game(failing, fake("black"));
        assert_eq!((r.result.as_str(), r.winner), (NO_RESULT, None));
        assert_eq!(
            r.error.as_deref(),
            Some("referee: play b c3: no answer within 60 s")
        );
        let silent = Fake {
            fail: Some(""),
            ..fake("black")
        };
        let mut referee = fake("referee");
        let r = game_on(&mut referee, silent);
        assert_eq!(
            r.error.as_deref(),
            Some("black: boardsize 9: no answer within 60 s")
        );
        assert_eq!((r.result.as_str(), r.winner), (NO_RESULT, None));
        // The referee started the game first: its record is of this game, not the last.
        assert_eq!(referee.sent, ["boardsize 9"]);
    }

    /// An engine that gives no move in time loses the game on time (`W+T`); one that ends
    /// during its move leaves the game without a result.
    #[test]
    fn no_move_in_time_loses_on_time() {
        let slow = Fake {
            fail: Some("genmove"),
            ..fake("black")
        };
        let r = game(fake("referee"), slow);
        assert_eq!((r.result.as_str(), r.winner), ("W+T", Some(1)));
        assert_eq!(
            r.error.as_deref(),
            Some("black: genmove b: no answer within 60 s")
        );
        let ending = Fake {
            end: Some("genmove"),
            ..fake("black")
        };
        let r = game(fake("referee"), ending);
        assert_eq!((r.result.as_str(), r.winner), (NO_RESULT, None));
        assert_eq!(
            r.error.as_deref(),
            Some("black: genmove b: the engine ended")
        );
    }

    fn report(result: &str, error: Option<&str>, capped: bool) -> GameReport {
        GameReport {
            number: 1,
            black_engine: 0,
            result: result.to_owned(),
            winner: None,
            moves: 12,
            error: error.map(str::to_owned),
            capped,
            think: [(Duration::ZERO, 0); 2],
        }
    }

    /// The record carries the table's result: `RE` added when the referee's record has none,
    /// never twice; a `GC` for an error or the cap; values escaped as goishi-sgf escapes them.
    #[test]
    fn the_record_carries_the_tables_result() {
        let sgf = "(;FF[4]GM[1]SZ[9]\n;B[cc];W[dd])";
        let forfeit = report(
            "W+F",
            Some("black played an illegal move: play b c3: occupied"),
            false,
        );
        assert_eq!(
            record(sgf, "x]y", "z", &forfeit),
            "(;PB[x\\]y]PW[z]RE[W+F]GC[goishi match\\: black played an illegal move\\: play b \
             c3\\: occupied]FF[4]GM[1]SZ[9]\n;B[cc];W[dd])"
        );
        let over = "(;FF[4]GM[1]SZ[9]RE[B+3.5]\n;B[cc];W[dd])";
        assert_eq!(
            record(over, "x", "z", &report("B+3.5", None, false)),
            "(;PB[x]PW[z]FF[4]GM[1]SZ[9]RE[B+3.5]\n;B[cc];W[dd])"
        );
        assert_eq!(
            record(sgf, "x", "z", &report("B+2", None, true)),
            "(;PB[x]PW[z]RE[B+2]GC[goishi match\\: stopped at the move cap (12 moves) before \
             the game ended]FF[4]GM[1]SZ[9]\n;B[cc];W[dd])"
        );
        assert_eq!(
            record(sgf, "x", "z", &report(NO_RESULT, Some("black: genmove b: the engine ended"), false)),
            "(;PB[x]PW[z]GC[goishi match\\: black\\: genmove b\\: the engine ended]FF[4]GM[1]SZ[9]\n;B[cc];W[dd])"
        );
    }

    #[test]
    fn the_move_cap_counts_the_referees_points() {
        let rules = crate::common::parse_rules("go/chinese:board=graph:tests/gtp/ring6.txt")
            .expect("the ring's rules");
        let engine = crate::gtp::Engine::new(rules, None, 0).expect("the ring's engine");
        let referee = InProcess::new(engine, "referee");
        // A ring of 6 points, whatever the match's --size says.
        assert_eq!(referee.points(), Some(6));
        assert_eq!(game_cap(&referee, (9, 9)), move_cap(6));
        let square = crate::gtp::Engine::new(
            crate::common::parse_rules("go/chinese").expect("go"),
            Some((7, 5)),
            0,
        )
        .expect("7x5");
        assert_eq!(
            game_cap(&InProcess::new(square, "referee"), (7, 5)),
            move_cap(35)
        );
    }
}
