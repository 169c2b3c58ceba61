//! GTP's own commands (the required ones and the common ones of the protocol): identity,
//! the board and komi, `play` and `genmove`, `undo`, the handicap commands, the score and
//! the final status, `showboard`, the time settings, and the SGF file commands `loadsgf`
//! and `printsgf` (switched off by `goishi gtp --no-files`).

use std::collections::HashSet;

use goishi::{
    shorten, Board, Color, GameResult, Margin, Move, Point, PointError, Position, Setup, Topology,
    Turn,
};
use goishi_sgf::{self as sgf, RulesChoice, WriteOptions};
use rand::seq::index::sample;

use crate::common::{is_go, KomiError};
use crate::gtp::args::{parse_color, parse_count, parse_time, vertex_list};
use crate::gtp::clock::{Clock, TimeControl};
use crate::gtp::commands::{command_names, find_command};
use crate::gtp::engine::{Answer, Controller, Engine, FileAccess};
use crate::gtp::player::GenmovePlayer;
use goishi_play::mcts::Budget;

pub(crate) fn protocol_version(_: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    Ok("2".to_owned())
}

pub(crate) fn name(_: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    Ok("goishi".to_owned())
}

pub(crate) fn version(_: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    Ok(env!("CARGO_PKG_VERSION").to_owned())
}

pub(crate) fn known_command(_: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    Ok(find_command(a[0]).is_some().to_string())
}

pub(crate) fn list_commands(_: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    Ok(command_names().join("\n"))
}

/// `stop` (KataGo's, Leela Zero's) and `gogui-interrupt` (listed for GoGui's stop button):
/// an analysis has already ended at this line, as at any line; nothing else runs between
/// commands, so there is nothing more to stop.
pub(crate) fn stop(_: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    Ok(String::new())
}

pub(crate) fn quit(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    e.quit = true;
    Ok(String::new())
}

/// Sets the clock (see [`crate::gtp::clock`] for how a move's time is chosen from it).
pub(crate) fn time_settings(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let main = parse_time(a[0])?;
    let time = parse_time(a[1])?;
    let stones = parse_time(a[2])?;
    e.clock = Clock::from_gtp(main, time, stones);
    Ok(String::new())
}

/// Sets the time left of a player: in main time when STONES is 0, else in a period.
pub(crate) fn time_left(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let color = parse_color(a[0])?;
    let time = parse_time(a[1])?;
    let stones = parse_time(a[2])?;
    e.clock.set_left(color, time, stones);
    Ok(String::new())
}

/// KGS's `kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD_TIME PERIODS |
/// canadian MAIN PERIOD_TIME STONES`.
pub(crate) fn kgs_time_settings(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let numbers = |n: usize| -> Result<Vec<u64>, String> {
        if a.len() != n + 1 {
            return Err(format!(
                "syntax error: kgs-time_settings {} takes {n} number{} after it, got {}",
                a[0],
                if n == 1 { "" } else { "s" },
                a.len() - 1
            ));
        }
        a[1..].iter().map(|x| parse_time(x)).collect()
    };
    let control = match a[0] {
        "none" => {
            numbers(0)?;
            TimeControl::None
        }
        "absolute" => TimeControl::Absolute {
            main: numbers(1)?[0] as f64,
        },
        "byoyomi" => {
            let v = numbers(3)?;
            TimeControl::Byoyomi {
                main: v[0] as f64,
                time: v[1] as f64,
                periods: v[2].min(u64::from(u32::MAX)) as u32,
            }
        }
        "canadian" => {
            let v = numbers(3)?;
            if v[2] == 0 {
                return Err(
                    "syntax error: a Canadian period needs 1 or more stones, got 0".to_owned(),
                );
            }
            TimeControl::Canadian {
                main: v[0] as f64,
                time: v[1] as f64,
                stones: v[2].min(u64::from(u32::MAX)) as u32,
            }
        }
        other => {
            return Err(format!(
            "syntax error: invalid time system {:?}; expected none, absolute, byoyomi or canadian",
            shorten(other)
        ))
        }
    };
    e.clock = Clock::new(control);
    Ok(String::new())
}

/// The answer of a file command that the engine's [`FileAccess`] switched off.
fn files_off(command: &str, access: FileAccess) -> Answer {
    Err(match access {
        FileAccess::ReadOnly => {
            format!("{command} is switched off: this engine reads files but writes none")
        }
        _ => format!(
            "{command} is switched off (goishi gtp --no-files): this engine reads and writes no files"
        ),
    })
}

impl Engine {
    pub(in crate::gtp) fn check_resizable(&self) -> Result<(), String> {
        if *self.geometry().topology() == Topology::Graph {
            return Err(format!(
                "unacceptable size: the board is the graph {}, whose size is fixed",
                self.geometry().graph_source().unwrap_or("?")
            ));
        }
        Ok(())
    }

    pub(in crate::gtp) fn parse_side(text: &str) -> Result<u32, String> {
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

    /// `genmove` of `color` with the move that `choose` makes of the player, the position
    /// and the budget of the move (the clock's): the move is played and named, or the pass
    /// after the end of the game answered.
    pub(in crate::gtp) fn genmove_by(
        &mut self,
        color: Color,
        choose: impl FnOnce(&mut GenmovePlayer, &dyn Position, Color, Budget) -> Move,
    ) -> Answer {
        if self.position.is_over() {
            // Nothing but a pass is legal once the game is over: the answer is a pass,
            // recorded as a pass after the end (game controllers forward it).
            self.pass_after_end(color);
            return Ok("pass".to_owned());
        }
        let start = std::time::Instant::now();
        let board = self.position.board();
        let stones = (board.count(Color::Black) + board.count(Color::White)) as usize;
        let empty = self.geometry().num_points().saturating_sub(stones);
        let budget = self.player.budget(&self.clock, color, empty);
        let searches = self.player.searches();
        let mv = choose(&mut self.player, self.position.as_ref(), color, budget);
        self.clock.spend(color, start.elapsed());
        if self.chat() && self.player.searches() > searches {
            if let Some(search) = self.player.last_search() {
                eprintln!("{}", chat_line(search, self.geometry()));
            }
        }
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
        self.player.played(Turn { color, mv });
        Ok(mv.name(self.geometry()))
    }

    /// Clears the marked dead stones and records a pass of `color` after the end of the
    /// game, unless the game ended by a resignation: the SGF record has no resignation move
    /// (only its `RE`), so passes after it would be read back as the open game's own moves.
    fn pass_after_end(&mut self, color: Color) {
        // A move, and any move clears the marked dead stones.
        self.dead.clear();
        let resigned = matches!(
            self.position.outcome(),
            Some(GameResult::Win {
                margin: Margin::Resign,
                ..
            })
        );
        if !resigned {
            self.after_end.push(color);
        }
    }

    pub(in crate::gtp) fn handicap_setup(&mut self, points: &[Point]) -> Result<(), String> {
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

    pub(in crate::gtp) fn check_handicap_count(&self, n: u32) -> Result<(), String> {
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

    /// The chains (default adjacency) of the given stones, one line each.
    pub(in crate::gtp) fn chain_lines(&self, stones: &[Point]) -> String {
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
}

pub(crate) fn boardsize(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let n = Engine::parse_side(a[0])?;
    e.check_resizable()?;
    e.new_game(e.rules.clone(), Some((n, n)))
        .map_err(|e| format!("unacceptable size: {e}"))?;
    Ok(String::new())
}

pub(crate) fn clear_board(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    e.new_game(e.rules.clone(), Some(e.size))?;
    Ok(String::new())
}

pub(crate) fn komi(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let mut rules = e.rules.clone();
    match crate::common::set_komi(&mut rules, a[0]) {
        Err(e @ KomiError::NotANumber(_)) => return Err(format!("syntax error: {e}")),
        Err(e @ KomiError::Refused(_)) => return Err(format!("unacceptable komi: {e}")),
        Ok(()) => {}
    }
    if e.rules.get("komi").is_some() {
        e.change_rules(rules)?;
    }
    Ok(String::new())
}

pub(crate) fn play(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let color = parse_color(a[0])?;
    let mv = match Move::parse(e.geometry(), a[1]) {
        Ok(mv) => mv,
        Err(PointError::OffBoard { text, .. }) => {
            return Err(format!(
                "illegal move: off board ({text} is not on the {} board)",
                e.geometry().describe()
            ))
        }
        Err(e) => return Err(format!("syntax error: {e}")),
    };
    if mv == Move::Pass && e.position.is_over() {
        // A pass after the end: recorded, nothing else changes (go-rules.md section 4).
        e.pass_after_end(color);
        return Ok(String::new());
    }
    e.position
        .play_as(color, mv)
        .map_err(|e| format!("illegal move: {}", e.reason))?;
    e.dead.clear();
    e.player.played(Turn { color, mv });
    Ok(String::new())
}

/// `genmove`, which GoGui's `# interrupt` cuts short (the best move found so far).
pub(crate) fn genmove(e: &mut Engine, a: &[&str], controller: &mut dyn Controller) -> Answer {
    let color = parse_color(a[0])?;
    let interrupt = controller.interrupt();
    e.genmove_by(color, |player, position, color, budget| {
        player.choose(position, color, budget, Some(&interrupt))
    })
}

pub(crate) fn undo(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    if e.after_end.pop().is_some() {
        e.dead.clear();
        return Ok(String::new());
    }
    match e.position.undo() {
        Some(_) => {
            e.dead.clear();
            e.player.new_game();
            Ok(String::new())
        }
        None => Err("cannot undo: no move has been played".to_owned()),
    }
}

pub(crate) fn fixed_handicap(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let n = parse_count(a[0], "number of stones")?;
    if !is_go(&e.rules) {
        return Err(format!(
            "fixed_handicap places Go's handicap stones; {} is not Go (use set_free_handicap)",
            e.rules.variant().id
        ));
    }
    e.check_board_empty()?;
    let points = crate::go_ext::fixed_handicap(e.geometry(), n)
        .map_err(|e| format!("invalid number of stones: {e}"))?;
    e.handicap_setup(&points)?;
    Ok(vertex_list(e.geometry(), points))
}

pub(crate) fn place_free_handicap(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let n = parse_count(a[0], "number of stones")?;
    e.check_board_empty()?;
    e.check_handicap_count(n)?;
    let fixed = if is_go(&e.rules) {
        crate::go_ext::fixed_handicap(e.geometry(), n).ok()
    } else {
        None
    };
    let points = match fixed {
        Some(p) => p,
        None => {
            let total = e.geometry().num_points();
            let mut chosen: Vec<Point> = sample(e.player.random.rng(), total, n as usize)
                .into_iter()
                .map(Point::new)
                .collect();
            chosen.sort();
            chosen
        }
    };
    e.handicap_setup(&points)?;
    Ok(vertex_list(e.geometry(), points))
}

pub(crate) fn set_free_handicap(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    e.check_board_empty()?;
    let mut points = Vec::with_capacity(a.len());
    let mut seen = HashSet::new();
    for text in a {
        let p = e
            .parse_point(text)
            .map_err(|e| format!("bad vertex list: {e}"))?;
        if !seen.insert(p) {
            return Err(format!(
                "bad vertex list: {} is given twice",
                e.geometry().point_name(p)
            ));
        }
        points.push(p);
    }
    e.check_handicap_count(points.len() as u32)
        .map_err(|e| format!("bad vertex list: {e}"))?;
    e.handicap_setup(&points)
        .map_err(|e| format!("bad vertex list: {e}"))?;
    Ok(String::new())
}

/// The score of the position with the marked dead stones; a game that ended otherwise than
/// by counting (resignation, a goal reached, no result) answers its outcome.
pub(crate) fn final_score(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    let result = e.result().unwrap_or_else(|| e.count());
    Ok(result.to_string())
}

pub(crate) fn final_status_list(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let wanted = match a[0] {
        "dead" | "alive" | "seki" => a[0],
        other => {
            return Err(format!(
                "syntax error: invalid status {:?}; expected alive, dead or seki",
                shorten(other)
            ))
        }
    };
    let statuses = e.statuses();
    let stones: Vec<Point> = match wanted {
        "dead" => statuses.dead,
        "seki" => statuses.seki,
        _ => {
            let board = e.position.board();
            board
                .geometry()
                .points()
                .filter(|p| {
                    board.get(*p).is_some()
                        && !statuses.dead.contains(p)
                        && !statuses.seki.contains(p)
                })
                .collect()
        }
    };
    Ok(e.chain_lines(&stones))
}

pub(crate) fn showboard(e: &mut Engine, _: &[&str], _: &mut dyn Controller) -> Answer {
    let p = e.position.as_ref();
    let mut out = String::from("\n");
    out.push_str(&p.board().diagram_with_coordinates());
    out.push_str(&format!(
        "rules {}, {} board, move {}, {} to play, captures: black {}, white {}",
        e.rules,
        p.geometry().describe(),
        p.history().len(),
        p.side_to_move().name(),
        p.captures(Color::Black),
        p.captures(Color::White)
    ));
    if let Some(r) = e.result() {
        out.push_str(&format!(", game over: {r}"));
    }
    Ok(out)
}

pub(crate) fn loadsgf(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    if e.files == FileAccess::Off {
        return files_off("loadsgf", e.files);
    }
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
        fallback: e.rules.clone(),
    };
    let record =
        sgf::read_record(path, &choice).map_err(|e| format!("cannot load file {}: {e}", a[0]))?;
    let (position, after_end) = record
        .replay_game(count)
        .map_err(|e| format!("cannot load file {}: {e}", a[0]))?;
    let mut rules = record.setup.rules.clone();
    rules.take_size();
    e.replace_game(rules, position, Vec::new(), Some(record.extras));
    e.after_end = after_end;
    Ok(String::new())
}

pub(crate) fn printsgf(e: &mut Engine, a: &[&str], _: &mut dyn Controller) -> Answer {
    let options = WriteOptions {
        extras: e.extras.as_ref(),
        result: e.result().map(|r| r.to_string()),
        comment: None,
        after_end: &e.after_end,
    };
    if !a.is_empty() && e.files != FileAccess::ReadWrite {
        return files_off("printsgf FILE", e.files);
    }
    let text = sgf::write_game(e.position.as_ref(), &options).map_err(|e| e.to_string())?;
    match a.first() {
        Some(file) => {
            std::fs::write(file, text)
                .map_err(|e| format!("cannot write {file}: {}", sgf::io_message(&e)))?;
            Ok(String::new())
        }
        None => Ok(text.trim_end().to_owned()),
    }
}

/// The summary of a search that `goishi gtp --chat` writes on standard error, in the form
/// KataGo writes for OGS: `CHAT:Visits N Winrate W% ScoreLead L ScoreStdev S PV ...`, from
/// the mover's side (the win rate and the principal variation of the move played; the score
/// from the search's playouts: docs/analysis.md).
pub(crate) fn chat_line(search: &goishi_play::mcts::SearchResult, g: &goishi::Geometry) -> String {
    let best = search.moves.iter().find(|m| m.mv == search.mv);
    let (lead, stdev) = best.map_or((search.score_mean, search.score_stdev), |m| {
        (m.score_mean, m.score_stdev)
    });
    let pv: Vec<String> = best
        .map_or(&search.pv[..], |m| &m.pv[..])
        .iter()
        .map(|mv| mv.name(g))
        .collect();
    format!(
        "CHAT:Visits {} Winrate {:.2}% ScoreLead {lead:.1} ScoreStdev {stdev:.1} PV {}",
        search.visits,
        100.0 * search.win_rate,
        pv.join(" ")
    )
}
