//! A GTP (Go Text Protocol, version 2) engine for every registered variant.
//!
//! [`serve`] reads commands from any `BufRead` and answers on any `Write`; [`Engine`] holds
//! the game and runs one command at a time, so tests can drive it in-process.

use std::collections::HashSet;
use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

use goishi::{
    Board, Color, GameResult, Geometry, Margin, Move, Point, PointError, Position, Rules, Setup,
    Topology,
};
use rand::seq::index::sample;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::common::{game_id, is_go, parse_rules, take_size};
use crate::policy::choose_move;
use crate::sgf::{self, Extras, RulesChoice, WriteOptions};

/// The longest command line read; longer lines are answered with an error and skipped.
pub const MAX_LINE: usize = 64 * 1024;

/// The answer to a command: `Ok` for `=`, `Err` for `?`.
pub type Answer = Result<String, String>;

type Handler = fn(&mut Engine, &[&str]) -> Answer;

/// A GTP command: its name, its arguments as help text, how many it takes, and its code.
struct Command {
    name: &'static str,
    usage: &'static str,
    min: usize,
    max: usize,
    run: Handler,
}

const MANY: usize = usize::MAX;

macro_rules! cmd {
    ($name:literal, $usage:literal, $min:expr, $max:expr, $run:expr) => {
        Command {
            name: $name,
            usage: $usage,
            min: $min,
            max: $max,
            run: $run,
        }
    };
}

/// Every command, in the order `list_commands` gives them.
const COMMANDS: &[Command] = &[
    // Required by GTP.
    cmd!("protocol_version", "", 0, 0, |_, _| Ok("2".to_owned())),
    cmd!("name", "", 0, 0, |_, _| Ok("goishi".to_owned())),
    cmd!("version", "", 0, 0, |_, _| Ok(
        env!("CARGO_PKG_VERSION").to_owned()
    )),
    cmd!("known_command", "COMMAND", 1, 1, |_, a| {
        Ok(find_command(a[0]).is_some().to_string())
    }),
    cmd!("list_commands", "", 0, 0, |_, _| {
        Ok(COMMANDS
            .iter()
            .map(|c| c.name)
            .collect::<Vec<_>>()
            .join("\n"))
    }),
    cmd!("quit", "", 0, 0, |e, _| {
        e.quit = true;
        Ok(String::new())
    }),
    cmd!("boardsize", "SIZE", 1, 1, Engine::boardsize),
    cmd!("clear_board", "", 0, 0, Engine::clear_board),
    cmd!("komi", "KOMI", 1, 1, Engine::komi),
    cmd!("play", "COLOR VERTEX", 2, 2, Engine::play),
    cmd!("genmove", "COLOR", 1, 1, Engine::genmove),
    // Common.
    cmd!("undo", "", 0, 0, Engine::undo),
    cmd!("fixed_handicap", "NUMBER", 1, 1, Engine::fixed_handicap),
    cmd!(
        "place_free_handicap",
        "NUMBER",
        1,
        1,
        Engine::place_free_handicap
    ),
    cmd!(
        "set_free_handicap",
        "VERTEX...",
        1,
        MANY,
        Engine::set_free_handicap
    ),
    cmd!("final_score", "", 0, 0, Engine::final_score),
    cmd!(
        "final_status_list",
        "STATUS",
        1,
        1,
        Engine::final_status_list
    ),
    cmd!("showboard", "", 0, 0, Engine::showboard),
    cmd!("loadsgf", "FILE [MOVE_NUMBER]", 1, 2, Engine::loadsgf),
    cmd!("printsgf", "[FILE]", 0, 1, Engine::printsgf),
    cmd!(
        "time_settings",
        "MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES",
        3,
        3,
        |_, a| {
            for x in a {
                parse_time(x)?;
            }
            Ok(String::new())
        }
    ),
    cmd!("time_left", "COLOR TIME STONES", 3, 3, |_, a| {
        parse_color(a[0])?;
        parse_time(a[1])?;
        parse_time(a[2])?;
        Ok(String::new())
    }),
    // GNU Go's.
    cmd!("is_legal", "COLOR VERTEX", 2, 2, Engine::is_legal),
    cmd!("all_legal", "COLOR", 1, 1, Engine::all_legal),
    cmd!("list_stones", "COLOR", 1, 1, Engine::list_stones),
    cmd!("captures", "COLOR", 1, 1, |e, a| {
        let c = parse_color(a[0])?;
        Ok(e.position.captures(c).to_string())
    }),
    cmd!("color", "VERTEX", 1, 1, Engine::color),
    cmd!("move_history", "", 0, 0, Engine::move_history),
    // KataGo's.
    cmd!("kata-set-rules", "RULES", 1, MANY, Engine::kata_set_rules),
    cmd!("kata-get-rules", "", 0, 0, Engine::kata_get_rules),
    cmd!("kgs-rules", "NAME", 1, 1, Engine::kgs_rules),
    cmd!(
        "rectangular_boardsize",
        "WIDTH HEIGHT",
        2,
        2,
        Engine::rectangular_boardsize
    ),
    cmd!(
        "set_position",
        "[COLOR VERTEX]...",
        0,
        MANY,
        Engine::set_position
    ),
    // GoGui's rules-engine commands.
    cmd!("gogui-rules_game_id", "", 0, 0, |e, _| Ok(game_id(
        &e.rules
    ))),
    cmd!("gogui-rules_board_size", "", 0, 0, Engine::gogui_board_size),
    cmd!("gogui-rules_board", "", 0, 0, |e, _| {
        Ok(e.position.board().diagram().trim_end().to_owned())
    }),
    cmd!(
        "gogui-rules_legal_moves",
        "",
        0,
        0,
        Engine::gogui_legal_moves
    ),
    cmd!("gogui-rules_side_to_move", "", 0, 0, |e, _| {
        Ok(e.position.side_to_move().name().to_owned())
    }),
    cmd!("gogui-rules_final_result", "", 0, 0, |e, _| {
        Ok(e.result()
            .map_or_else(|| "unknown".to_owned(), |r| r.to_string()))
    }),
    cmd!("gogui-rules_captured_count", "", 0, 0, |e, _| {
        Ok(format!(
            "{} {}",
            e.position.captures(Color::Black),
            e.position.captures(Color::White)
        ))
    }),
    cmd!("gogui-analyze_commands", "", 0, 0, |_, _| Ok(
        ANALYZE_COMMANDS.join("\n")
    )),
    // goishi's own.
    cmd!("goishi-rules", "[RULES]", 0, MANY, Engine::goishi_rules),
    cmd!("goishi-variants", "", 0, 0, |_, _| {
        Ok(crate::common::registry()
            .variants()
            .map(|v| format!("{} {}", v.id, v.summary))
            .collect::<Vec<_>>()
            .join("\n"))
    }),
    cmd!("goishi-dead", "[VERTEX...]", 0, MANY, Engine::goishi_dead),
];

/// The analyze commands GoGui offers in its menu (`type/label/command`).
const ANALYZE_COMMANDS: &[&str] = &[
    "string/Rules/goishi-rules",
    "string/Set rules.../goishi-rules %s",
    "string/Variants/goishi-variants",
    "plist/Legal moves/all_legal %m",
    "plist/Dead stones/final_status_list dead",
    "none/Mark dead stones.../goishi-dead %P",
    "string/Final score/final_score",
    "string/Final result/gogui-rules_final_result",
    "string/Captured count/gogui-rules_captured_count",
    "string/KataGo rules/kata-get-rules",
    "string/Move history/move_history",
    "string/Show board/showboard",
];

fn find_command(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// Every command name, in `list_commands` order.
pub fn command_names() -> Vec<&'static str> {
    COMMANDS.iter().map(|c| c.name).collect()
}

fn parse_color(text: &str) -> Result<Color, String> {
    text.parse::<Color>()
        .map_err(|e| format!("syntax error: {e}"))
}

fn parse_time(text: &str) -> Result<u64, String> {
    if text.is_empty() || text.len() > 12 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "syntax error: invalid time or stone count {:?}; expected a whole number",
            shorten(text)
        ));
    }
    text.parse()
        .map_err(|_| format!("syntax error: invalid number {:?}", shorten(text)))
}

fn parse_count(text: &str, what: &str) -> Result<u32, String> {
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "syntax error: invalid {what} {:?}; expected a whole number",
            shorten(text)
        ));
    }
    text.parse()
        .map_err(|_| format!("syntax error: invalid {what} {:?}", shorten(text)))
}

/// At most 40 characters of user input, for messages.
fn shorten(text: &str) -> String {
    if text.chars().count() <= 40 {
        text.to_owned()
    } else {
        text.chars().take(40).collect::<String>() + "..."
    }
}

fn vertex_list(geometry: &Geometry, points: impl IntoIterator<Item = Point>) -> String {
    points
        .into_iter()
        .map(|p| geometry.point_name(p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The GTP engine: the rules, the board size, the game, and the random source of `genmove`.
#[derive(Debug)]
pub struct Engine {
    rules: Rules,
    size: (u32, u32),
    position: Box<dyn Position>,
    rng: ChaCha8Rng,
    dead: Vec<Point>,
    extras: Option<Extras>,
    scratch: Vec<Move>,
    quit: bool,
}

impl Engine {
    /// An engine with an empty board of `rules` (whose `size=` wins over `size`; the
    /// variant's default size when neither gives one), `genmove` seeded with `seed`.
    pub fn new(rules: Rules, size: Option<(u32, u32)>, seed: u64) -> Result<Engine, String> {
        let mut rules = rules;
        let size = take_size(&mut rules)
            .or(size)
            .unwrap_or(rules.variant().default_size);
        let position = rules.new_game(Some(size)).map_err(|e| e.to_string())?;
        let g = position.geometry();
        let size = (g.width(), g.height());
        Ok(Engine {
            rules,
            size,
            position,
            rng: ChaCha8Rng::seed_from_u64(seed),
            dead: Vec::new(),
            extras: None,
            scratch: Vec::new(),
            quit: false,
        })
    }

    /// The game as it stands.
    pub fn position(&self) -> &dyn Position {
        self.position.as_ref()
    }

    /// The current rules (the board size is held apart: see [`Engine::size`]).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board size.
    pub fn size(&self) -> (u32, u32) {
        self.size
    }

    /// Whether `quit` was received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Runs one preprocessed command line (no comment, no control character); `None` for a
    /// blank line. The answer is the full response, ended by an empty line.
    pub fn execute_line(&mut self, line: &str) -> Option<String> {
        let mut words = line.split_whitespace();
        let first = words.next()?;
        let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
            (Some(first), words.next())
        } else {
            (None, Some(first))
        };
        let args: Vec<&str> = words.collect();
        let answer = match name {
            None => Err("syntax error: no command after the id".to_owned()),
            Some(name) => self.run(name, &args),
        };
        Some(format_response(id, &answer))
    }

    /// Runs one command.
    pub fn run(&mut self, name: &str, args: &[&str]) -> Answer {
        let Some(command) = find_command(name) else {
            return Err(format!("unknown command: {:?}", shorten(name)));
        };
        if args.len() < command.min || args.len() > command.max {
            let expected = match (command.min, command.max) {
                (0, 0) => "no argument".to_owned(),
                (a, b) if a == b => format!("{a} argument{}", if a == 1 { "" } else { "s" }),
                (a, MANY) => format!("at least {a} argument{}", if a == 1 { "" } else { "s" }),
                (a, b) => format!("{a} to {b} arguments"),
            };
            let usage = if command.usage.is_empty() {
                String::new()
            } else {
                format!(" ({})", command.usage)
            };
            return Err(format!(
                "syntax error: {} takes {expected}{usage}, got {}",
                command.name,
                args.len()
            ));
        }
        // A bug in a rules engine must not end the session: the command is undone and
        // answered with an error.
        let backup = (
            self.rules.clone(),
            self.size,
            self.position.clone_box(),
            self.dead.clone(),
        );
        match catch_unwind(AssertUnwindSafe(|| (command.run)(self, args))) {
            Ok(answer) => answer,
            Err(payload) => {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown".to_owned());
                (self.rules, self.size, self.position, self.dead) = backup;
                Err(format!(
                    "internal error: {} (a bug in goishi; the command was undone): {message}",
                    command.name
                ))
            }
        }
    }

    // ---- state changes -------------------------------------------------------------

    /// Starts a new game of `rules` on a `size` board.
    fn new_game(&mut self, rules: Rules, size: (u32, u32)) -> Result<(), String> {
        let position = rules.new_game(Some(size)).map_err(|e| e.to_string())?;
        let g = position.geometry();
        self.size = (g.width(), g.height());
        self.rules = rules;
        self.position = position;
        self.dead.clear();
        self.extras = None;
        Ok(())
    }

    /// Starts a new game from `setup` (whose rules must be the engine's rules).
    fn start_from(&mut self, setup: Setup) -> Result<(), String> {
        let position = setup.into_position().map_err(|e| e.to_string())?;
        self.position = position;
        self.dead.clear();
        self.extras = None;
        Ok(())
    }

    /// Replaces the rules keeping the game: the setup and the moves are replayed under the
    /// new rules; if a move is illegal under them, nothing changes.
    fn change_rules(&mut self, rules: Rules) -> Result<(), String> {
        let old = self.position.setup();
        let setup = Setup {
            rules: rules.clone(),
            board: old.board.clone(),
            to_move: old.to_move,
            handicap: old.handicap,
        };
        let mut position = setup
            .into_position()
            .map_err(|e| format!("the setup is not valid under {rules}: {e}"))?;
        for (i, t) in self.position.history().iter().enumerate() {
            position.play_as(t.color, t.mv).map_err(|e| {
                format!(
                    "move {} ({} {}) is illegal under {rules}: {}",
                    i + 1,
                    t.color.name(),
                    t.mv.name(position.geometry()),
                    e.reason
                )
            })?;
        }
        self.rules = rules;
        self.position = position;
        Ok(())
    }

    /// GTP's `board not empty` for the handicap commands: stones on the board, or (goishi's
    /// rule, a handicap being the start of a game) a move already played.
    fn check_board_empty(&self) -> Result<(), String> {
        let b = self.position.board();
        if b.count(Color::Black) + b.count(Color::White) > 0 {
            return Err("board not empty".to_owned());
        }
        if !self.position.history().is_empty() {
            return Err(
                "board not empty: moves have been played; a handicap starts a game (clear_board first)"
                    .to_owned(),
            );
        }
        Ok(())
    }

    /// The result of a finished game: when it ended by counting, the count with the marked
    /// dead stones (what `final_score` answers); `None` while the game goes on.
    fn result(&self) -> Option<GameResult> {
        let outcome = self.position.outcome()?;
        Some(match outcome {
            GameResult::NoResult
            | GameResult::Win {
                margin: Margin::Resign | Margin::Goal,
                ..
            } => outcome,
            _ => self.position.score(&self.dead).result(),
        })
    }

    fn geometry(&self) -> &Geometry {
        self.position.geometry()
    }

    fn parse_point(&self, text: &str) -> Result<Point, String> {
        self.geometry()
            .parse_point(text)
            .map_err(|e| format!("invalid vertex: {e}"))
    }

    // ---- required commands ---------------------------------------------------------

    fn check_resizable(&self) -> Result<(), String> {
        if *self.geometry().topology() == Topology::Graph {
            return Err(format!(
                "unacceptable size: the board is the graph {}, whose size is fixed",
                self.geometry().graph_source().unwrap_or("?")
            ));
        }
        Ok(())
    }

    fn parse_side(text: &str) -> Result<u32, String> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "syntax error: invalid board size {:?}; expected a whole number",
                shorten(text)
            ));
        }
        let n: u64 = text.parse().unwrap_or(u64::MAX);
        if !(1..=u64::from(goishi::MAX_SIDE)).contains(&n) {
            return Err(format!(
                "unacceptable size: {}; sizes from 1 to {} are supported",
                shorten(text),
                goishi::MAX_SIDE
            ));
        }
        Ok(n as u32)
    }

    fn boardsize(&mut self, a: &[&str]) -> Answer {
        let n = Self::parse_side(a[0])?;
        self.check_resizable()?;
        self.new_game(self.rules.clone(), (n, n))
            .map_err(|e| format!("unacceptable size: {e}"))?;
        Ok(String::new())
    }

    fn rectangular_boardsize(&mut self, a: &[&str]) -> Answer {
        let w = Self::parse_side(a[0])?;
        let h = Self::parse_side(a[1])?;
        self.check_resizable()?;
        self.new_game(self.rules.clone(), (w, h))
            .map_err(|e| format!("unacceptable size: {e}"))?;
        Ok(String::new())
    }

    fn clear_board(&mut self, _: &[&str]) -> Answer {
        self.new_game(self.rules.clone(), self.size)?;
        Ok(String::new())
    }

    fn komi(&mut self, a: &[&str]) -> Answer {
        let text = a[0];
        let valid_number = text.parse::<f64>().is_ok_and(f64::is_finite);
        if !valid_number {
            return Err(format!(
                "syntax error: invalid komi {:?}; expected a number like 6.5",
                shorten(text)
            ));
        }
        if self.rules.get("komi").is_none() {
            // The variant has no komi: accepted and ignored, as controllers always send it.
            return Ok(String::new());
        }
        let mut rules = self.rules.clone();
        rules
            .set("komi", text)
            .map_err(|e| format!("unacceptable komi: {e}"))?;
        self.change_rules(rules)?;
        Ok(String::new())
    }

    fn play(&mut self, a: &[&str]) -> Answer {
        let color = parse_color(a[0])?;
        let mv = match Move::parse(self.geometry(), a[1]) {
            Ok(mv) => mv,
            Err(PointError::OffBoard { text, .. }) => {
                return Err(format!(
                    "illegal move: off board ({text} is not on the {} board)",
                    self.geometry().describe()
                ))
            }
            Err(e) => return Err(format!("syntax error: {e}")),
        };
        self.position
            .play_as(color, mv)
            .map_err(|e| format!("illegal move: {}", e.reason))?;
        self.dead.clear();
        Ok(String::new())
    }

    fn genmove(&mut self, a: &[&str]) -> Answer {
        let color = parse_color(a[0])?;
        if self.position.is_over() {
            // Nothing is legal once the game is over: the answer is a pass, not played.
            return Ok("pass".to_owned());
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        let mv = choose_move(self.position.as_ref(), color, &mut self.rng, &mut scratch);
        self.scratch = scratch;
        match self.position.play_as(color, mv) {
            Ok(_) => {}
            Err(e) => {
                return Err(format!(
                    "internal error: the chosen move {} was refused: {}",
                    mv.name(self.geometry()),
                    e.reason
                ))
            }
        }
        self.dead.clear();
        Ok(mv.name(self.geometry()))
    }

    // ---- common commands -----------------------------------------------------------

    fn undo(&mut self, _: &[&str]) -> Answer {
        match self.position.undo() {
            Some(_) => {
                self.dead.clear();
                Ok(String::new())
            }
            None => Err("cannot undo: no move has been played".to_owned()),
        }
    }

    fn handicap_setup(&mut self, points: &[Point]) -> Result<(), String> {
        let mut board = Board::new(self.geometry().clone());
        for &p in points {
            board.set(p, Some(Color::Black));
        }
        let setup = Setup {
            rules: self.rules.clone(),
            board,
            to_move: Color::White,
            handicap: points.len() as u32,
        };
        self.start_from(setup)
    }

    fn check_handicap_count(&self, n: u32) -> Result<(), String> {
        let points = self.geometry().num_points();
        if points < 3 {
            return Err(format!(
                "invalid number of stones: {n}; the {} board has no room for a handicap (2 stones and a point for White)",
                self.geometry().describe()
            ));
        }
        if n < 2 || n as usize >= points {
            return Err(format!(
                "invalid number of stones: {n}; a handicap is 2 to {} stones on this board",
                points.saturating_sub(1)
            ));
        }
        Ok(())
    }

    fn fixed_handicap(&mut self, a: &[&str]) -> Answer {
        let n = parse_count(a[0], "number of stones")?;
        if !is_go(&self.rules) {
            return Err(format!(
                "fixed_handicap places Go's handicap stones; {} is not Go (use set_free_handicap)",
                self.rules.variant().id
            ));
        }
        self.check_board_empty()?;
        let points = crate::go_ext::fixed_handicap(self.geometry(), n)
            .map_err(|e| format!("invalid number of stones: {e}"))?;
        self.handicap_setup(&points)?;
        Ok(vertex_list(self.geometry(), points))
    }

    fn place_free_handicap(&mut self, a: &[&str]) -> Answer {
        let n = parse_count(a[0], "number of stones")?;
        self.check_board_empty()?;
        self.check_handicap_count(n)?;
        let fixed = if is_go(&self.rules) {
            crate::go_ext::fixed_handicap(self.geometry(), n).ok()
        } else {
            None
        };
        let points = match fixed {
            Some(p) => p,
            None => {
                let total = self.geometry().num_points();
                let mut chosen: Vec<Point> = sample(&mut self.rng, total, n as usize)
                    .into_iter()
                    .map(Point::new)
                    .collect();
                chosen.sort();
                chosen
            }
        };
        self.handicap_setup(&points)?;
        Ok(vertex_list(self.geometry(), points))
    }

    fn set_free_handicap(&mut self, a: &[&str]) -> Answer {
        self.check_board_empty()?;
        let mut points = Vec::with_capacity(a.len());
        let mut seen = HashSet::new();
        for text in a {
            let p = self
                .parse_point(text)
                .map_err(|e| format!("bad vertex list: {e}"))?;
            if !seen.insert(p) {
                return Err(format!("bad vertex list: {text} is given twice"));
            }
            points.push(p);
        }
        self.check_handicap_count(points.len() as u32)
            .map_err(|e| format!("bad vertex list: {e}"))?;
        self.handicap_setup(&points)
            .map_err(|e| format!("bad vertex list: {e}"))?;
        Ok(String::new())
    }

    /// The score of the position with the marked dead stones; a game that ended otherwise than
    /// by counting (resignation, a goal reached, no result) answers its outcome.
    fn final_score(&mut self, _: &[&str]) -> Answer {
        let result = self
            .result()
            .unwrap_or_else(|| self.position.score(&self.dead).result());
        Ok(result.to_string())
    }

    /// The chains (default adjacency) of the given stones, one line each.
    fn chain_lines(&self, stones: &[Point]) -> String {
        let board = self.position.board();
        let adjacency = self.geometry().default_adjacency();
        let wanted: HashSet<Point> = stones.iter().copied().collect();
        let mut done: HashSet<Point> = HashSet::new();
        let mut lines = Vec::new();
        for &p in stones {
            if done.contains(&p) {
                continue;
            }
            let mut chain: Vec<Point> = board
                .chain_at(adjacency, p)
                .into_iter()
                .filter(|q| wanted.contains(q))
                .collect();
            if chain.is_empty() {
                chain.push(p);
            }
            chain.sort();
            done.extend(chain.iter().copied());
            lines.push(vertex_list(self.geometry(), chain));
        }
        lines.join("\n")
    }

    fn final_status_list(&mut self, a: &[&str]) -> Answer {
        match a[0] {
            "dead" => {
                let dead = self.dead.clone();
                Ok(self.chain_lines(&dead))
            }
            "alive" => {
                let board = self.position.board();
                let alive: Vec<Point> = board
                    .geometry()
                    .points()
                    .filter(|p| board.get(*p).is_some() && !self.dead.contains(p))
                    .collect();
                Ok(self.chain_lines(&alive))
            }
            "seki" => Ok(String::new()),
            other => Err(format!(
                "syntax error: invalid status {:?}; expected alive, dead or seki",
                shorten(other)
            )),
        }
    }

    fn goishi_dead(&mut self, a: &[&str]) -> Answer {
        let mut dead = Vec::new();
        let board = self.position.board();
        let adjacency = self.geometry().default_adjacency();
        for text in a {
            let p = self.parse_point(text)?;
            if board.get(p).is_none() {
                return Err(format!("{text} is empty; only stones can be marked dead"));
            }
            for q in board.chain_at(adjacency, p) {
                if !dead.contains(&q) {
                    dead.push(q);
                }
            }
        }
        dead.sort();
        self.dead = dead;
        Ok(vertex_list(self.geometry(), self.dead.iter().copied()))
    }

    fn showboard(&mut self, _: &[&str]) -> Answer {
        let p = self.position.as_ref();
        let mut out = String::from("\n");
        out.push_str(&p.board().diagram_with_coordinates());
        out.push_str(&format!(
            "rules {}, {} board, move {}, {} to play, captures: black {}, white {}",
            self.rules,
            p.geometry().describe(),
            p.history().len(),
            p.side_to_move().name(),
            p.captures(Color::Black),
            p.captures(Color::White)
        ));
        if let Some(r) = self.result() {
            out.push_str(&format!(", game over: {r}"));
        }
        Ok(out)
    }

    fn loadsgf(&mut self, a: &[&str]) -> Answer {
        let path = std::path::Path::new(a[0]);
        let count = match a.get(1) {
            Some(n) => {
                let n = parse_count(n, "move number")?;
                n.saturating_sub(1) as usize
            }
            None => usize::MAX,
        };
        let choice = RulesChoice {
            force: None,
            fallback: self.rules.clone(),
        };
        let record = sgf::read_record(path, &choice)
            .map_err(|e| format!("cannot load file {}: {e}", a[0]))?;
        let position = record
            .replay(count)
            .map_err(|e| format!("cannot load file {}: {e}", a[0]))?;
        let mut rules = record.setup.rules.clone();
        take_size(&mut rules);
        let g = position.geometry();
        self.size = (g.width(), g.height());
        self.rules = rules;
        self.position = position;
        self.dead.clear();
        self.extras = Some(record.extras);
        Ok(String::new())
    }

    fn printsgf(&mut self, a: &[&str]) -> Answer {
        let options = WriteOptions {
            extras: self.extras.as_ref(),
            result: self.result().map(|r| r.to_string()),
            comment: None,
        };
        let text = sgf::write_game(self.position.as_ref(), &options)?;
        match a.first() {
            Some(file) => {
                std::fs::write(file, text)
                    .map_err(|e| format!("cannot write {file}: {}", sgf::io_message(&e)))?;
                Ok(String::new())
            }
            None => Ok(text.trim_end().to_owned()),
        }
    }

    // ---- GNU Go's commands ---------------------------------------------------------

    fn is_legal(&mut self, a: &[&str]) -> Answer {
        let color = parse_color(a[0])?;
        let mv = match Move::parse(self.geometry(), a[1]) {
            Ok(mv) => mv,
            Err(PointError::OffBoard { .. }) => return Ok("0".to_owned()),
            Err(e) => return Err(format!("syntax error: {e}")),
        };
        let legal = self.position.check_move(color, mv).is_ok();
        Ok(if legal { "1" } else { "0" }.to_owned())
    }

    fn all_legal(&mut self, a: &[&str]) -> Answer {
        let color = parse_color(a[0])?;
        self.position.legal_moves_as(color, &mut self.scratch);
        let points = self.scratch.iter().filter_map(|m| m.point());
        Ok(vertex_list(self.position.geometry(), points))
    }

    fn list_stones(&mut self, a: &[&str]) -> Answer {
        let color = parse_color(a[0])?;
        let board = self.position.board();
        Ok(vertex_list(self.geometry(), board.stones(color)))
    }

    fn color(&mut self, a: &[&str]) -> Answer {
        let p = self.parse_point(a[0])?;
        Ok(self
            .position
            .board()
            .get(p)
            .map_or("empty", Color::name)
            .to_owned())
    }

    fn move_history(&mut self, _: &[&str]) -> Answer {
        let g = self.geometry();
        Ok(self
            .position
            .history()
            .iter()
            .rev()
            .map(|t| format!("{} {}", t.color.name(), t.mv.name(g)))
            .collect::<Vec<_>>()
            .join("\n"))
    }

    // ---- KataGo's commands ---------------------------------------------------------

    /// Applies Go rules named by `text` keeping the game, the board and (unless `text`
    /// names one) the komi.
    fn set_go_rules(&mut self, command: &str, text: &str) -> Answer {
        if !is_go(&self.rules) {
            return Err(format!(
                "{command} changes Go rules only; the current variant is {} (use goishi-rules)",
                self.rules.variant().id
            ));
        }
        let mut rules = parse_rules(text).map_err(|e| e.to_string())?;
        if !is_go(&rules) {
            return Err(format!(
                "{command} accepts Go rules only; {} is not Go (use goishi-rules)",
                rules.variant().id
            ));
        }
        take_size(&mut rules);
        if !rules.is_explicit("komi") {
            if let Some(k) = self.rules.get("komi") {
                let k = k.to_owned();
                rules.set("komi", &k).map_err(|e| e.to_string())?;
            }
        }
        if !rules.sets_board() && self.rules.sets_board() {
            rules.set_board(Some(self.rules.board_kind()));
        }
        self.change_rules(rules)?;
        Ok(String::new())
    }

    fn kata_set_rules(&mut self, a: &[&str]) -> Answer {
        self.set_go_rules("kata-set-rules", &a.join(" "))
    }

    fn kgs_rules(&mut self, a: &[&str]) -> Answer {
        // KGS's Chinese rules have positional superko (KataGo reads `chinese` here so too).
        let name = if a[0].eq_ignore_ascii_case("chinese") {
            "chinese-kgs"
        } else {
            a[0]
        };
        self.set_go_rules("kgs-rules", name)
    }

    fn kata_get_rules(&mut self, _: &[&str]) -> Answer {
        if !is_go(&self.rules) {
            return Err(format!(
                "kata-get-rules describes Go rules only; the current variant is {} (use goishi-rules)",
                self.rules.variant().id
            ));
        }
        crate::go_ext::katago_json(&self.rules)
    }

    fn set_position(&mut self, a: &[&str]) -> Answer {
        if a.len() % 2 != 0 {
            return Err(format!(
                "syntax error: set_position takes pairs of COLOR VERTEX, got {} arguments",
                a.len()
            ));
        }
        let mut board = Board::new(self.geometry().clone());
        for pair in a.chunks(2) {
            let color = parse_color(pair[0])?;
            let p = self.parse_point(pair[1])?;
            if board.get(p).is_some() {
                return Err(format!("invalid position: {} is given twice", pair[1]));
            }
            board.set(p, Some(color));
        }
        let setup = Setup {
            rules: self.rules.clone(),
            board,
            to_move: Color::Black,
            handicap: 0,
        };
        self.start_from(setup)
            .map_err(|e| format!("invalid position: {e}"))?;
        Ok(String::new())
    }

    // ---- GoGui's commands ----------------------------------------------------------

    fn gogui_board_size(&mut self, _: &[&str]) -> Answer {
        let g = self.geometry();
        let (w, h) = (g.width(), g.height());
        let dims = if w == h {
            w.to_string()
        } else {
            format!("{w} {h}")
        };
        Ok(match g.topology() {
            Topology::Hex => format!("{dims} hex"),
            _ => dims,
        })
    }

    fn gogui_legal_moves(&mut self, _: &[&str]) -> Answer {
        self.position.legal_moves(&mut self.scratch);
        let g = self.position.geometry();
        Ok(self
            .scratch
            .iter()
            .map(|m| m.name(g))
            .collect::<Vec<_>>()
            .join(" "))
    }

    // ---- goishi's commands ---------------------------------------------------------

    fn goishi_rules(&mut self, a: &[&str]) -> Answer {
        if a.is_empty() {
            return Ok(self.rules.to_string());
        }
        let text = a.join(" ");
        let mut rules = parse_rules(&text).map_err(|e| e.to_string())?;
        let size = take_size(&mut rules).unwrap_or(self.size);
        self.new_game(rules, size)?;
        Ok(self.rules.to_string())
    }
}

/// Formats a response: `=id result` or `?id message`, ended by an empty line. A result
/// never holds an empty line (it would end the response early): blank lines get a space.
pub fn format_response(id: Option<&str>, answer: &Answer) -> String {
    let (mark, text) = match answer {
        Ok(t) => ('=', t.as_str()),
        Err(t) => ('?', t.as_str()),
    };
    let mut body = text.trim_end().replace('\r', "");
    while body.contains("\n\n") {
        body = body.replace("\n\n", "\n \n");
    }
    format!("{mark}{} {body}\n\n", id.unwrap_or(""))
}

/// Preprocesses a raw line as GTP says: control characters other than HT dropped, the
/// comment from `#` on removed, HT turned into a space; the result is trimmed.
pub fn preprocess(raw: &[u8]) -> String {
    let cleaned: Vec<u8> = raw
        .iter()
        .copied()
        .filter(|&b| b == b'\t' || !(b < 32 || b == 127))
        .map(|b| if b == b'\t' { b' ' } else { b })
        .take_while(|&b| b != b'#')
        .collect();
    String::from_utf8_lossy(&cleaned).trim().to_owned()
}

/// Reads one line (without its LF) into `buf`, keeping at most [`MAX_LINE`] bytes of it.
/// Returns `None` at the end of the input, `Some(true)` when the line was longer.
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<bool>> {
    buf.clear();
    let mut any = false;
    let mut too_long = false;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (chunk, used, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], i + 1, true),
            None => (available, available.len(), false),
        };
        let room = MAX_LINE - buf.len();
        if chunk.len() > room {
            buf.extend_from_slice(&chunk[..room]);
            too_long = true;
        } else {
            buf.extend_from_slice(chunk);
        }
        input.consume(used);
        if done {
            return Ok(Some(too_long));
        }
    }
}

/// Serves GTP: reads commands from `input` until `quit` or the end of the input, answering
/// each on `output`. A closed output ends the session quietly.
pub fn serve(
    engine: &mut Engine,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    let mut raw = Vec::with_capacity(256);
    while let Some(too_long) = read_line(&mut input, &mut raw)? {
        let line = preprocess(&raw);
        let response = if too_long {
            if line.is_empty() {
                continue;
            }
            let id = line
                .split_whitespace()
                .next()
                .filter(|w| w.bytes().all(|b| b.is_ascii_digit()));
            format_response(
                id,
                &Err(format!(
                    "line too long: commands are at most {MAX_LINE} characters"
                )),
            )
        } else {
            match engine.execute_line(&line) {
                Some(r) => r,
                None => continue,
            }
        };
        let written = output
            .write_all(response.as_bytes())
            .and_then(|()| output.flush());
        match written {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
            Err(e) => return Err(e),
        }
        if engine.has_quit() {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine(rules: &str, size: u32) -> Engine {
        let rules = crate::common::parse_rules(rules).unwrap();
        Engine::new(rules, Some((size, size)), 1).unwrap()
    }

    /// Runs a whole session in-process and returns what the engine wrote.
    fn session(engine: &mut Engine, input: &[u8]) -> String {
        let mut out = Vec::new();
        serve(engine, input, &mut out).unwrap();
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

    #[test]
    fn a_failed_command_changes_nothing() {
        let mut e = engine("go/chinese", 9);
        e.run("play", &["b", "E5"]).unwrap();
        let before = e.position().board().clone();
        for (name, args) in [
            ("boardsize", vec!["0"]),
            ("komi", vec!["6.25"]),
            ("goishi-rules", vec!["go/chinese:ko=bogus"]),
            ("kata-set-rules", vec!["contact/2b"]),
            ("set_position", vec!["b", "A1", "b", "A1"]),
            ("fixed_handicap", vec!["2"]),
            ("loadsgf", vec!["/nonexistent.sgf"]),
            ("play", vec!["w", "E5"]),
        ] {
            assert!(e.run(name, &args).is_err(), "{name}");
            assert_eq!(e.position().board(), &before, "{name}");
            assert_eq!(e.position().history().len(), 1, "{name}");
            assert_eq!(e.rules().to_string(), "go/chinese", "{name}");
            assert_eq!(e.size(), (9, 9), "{name}");
        }
    }

    #[test]
    fn genmove_is_seeded() {
        let moves = |seed| {
            let rules = crate::common::parse_rules("go/chinese").unwrap();
            let mut e = Engine::new(rules, Some((9, 9)), seed).unwrap();
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
