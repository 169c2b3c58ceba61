//! The command table: every command's name, its arguments as help text, how many it takes,
//! and its handler, in the order `list_commands` gives them; and the arity check that runs
//! before any handler (`syntax error: play takes 2 arguments (COLOR VERTEX), got 1`).

use super::engine::{Answer, Controller, Engine};
use super::handlers::{analysis, core, gnugo, gogui, goishi, katago};

/// The code of a command: the engine, the arguments (already counted) and the controller's
/// side of the session to an answer. Every handler has this one form; a command that answers
/// as it goes (an analysis) sends its lines through the [`Controller`], and one that searches
/// stops when the controller asks; the others leave it aside.
pub(crate) type Handler = fn(&mut Engine, &[&str], &mut dyn Controller) -> Answer;

/// A GTP command: its name, its arguments as help text, how many it takes, and its code.
pub(crate) struct Command {
    pub(crate) name: &'static str,
    usage: &'static str,
    min: usize,
    max: usize,
    pub(crate) run: Handler,
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
    cmd!("protocol_version", "", 0, 0, core::protocol_version),
    cmd!("name", "", 0, 0, core::name),
    cmd!("version", "", 0, 0, core::version),
    cmd!("known_command", "COMMAND", 1, 1, core::known_command),
    cmd!("list_commands", "", 0, 0, core::list_commands),
    cmd!("quit", "", 0, 0, core::quit),
    cmd!("boardsize", "SIZE", 1, 1, core::boardsize),
    cmd!("clear_board", "", 0, 0, core::clear_board),
    cmd!("komi", "KOMI", 1, 1, core::komi),
    cmd!("play", "COLOR VERTEX", 2, 2, core::play),
    cmd!("genmove", "COLOR", 1, 1, core::genmove),
    // Common.
    cmd!("undo", "", 0, 0, core::undo),
    cmd!("fixed_handicap", "NUMBER", 1, 1, core::fixed_handicap),
    cmd!(
        "place_free_handicap",
        "NUMBER",
        1,
        1,
        core::place_free_handicap
    ),
    cmd!(
        "set_free_handicap",
        "VERTEX...",
        1,
        MANY,
        core::set_free_handicap
    ),
    cmd!("final_score", "", 0, 0, core::final_score),
    cmd!("final_status_list", "STATUS", 1, 1, core::final_status_list),
    cmd!("showboard", "", 0, 0, core::showboard),
    cmd!("loadsgf", "FILE [MOVE_NUMBER]", 1, 2, core::loadsgf),
    cmd!("printsgf", "[FILE]", 0, 1, core::printsgf),
    cmd!(
        "time_settings",
        "MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES",
        3,
        3,
        core::time_settings
    ),
    cmd!("time_left", "COLOR TIME STONES", 3, 3, core::time_left),
    cmd!(
        "kgs-time_settings",
        "none|absolute|byoyomi|canadian [MAIN [PERIOD_TIME PERIODS|STONES]]",
        1,
        4,
        core::kgs_time_settings
    ),
    // GNU Go's.
    cmd!("is_legal", "COLOR VERTEX", 2, 2, gnugo::is_legal),
    cmd!("all_legal", "COLOR", 1, 1, gnugo::all_legal),
    cmd!("list_stones", "COLOR", 1, 1, gnugo::list_stones),
    cmd!("captures", "COLOR", 1, 1, gnugo::captures),
    cmd!("color", "VERTEX", 1, 1, gnugo::color),
    cmd!("move_history", "", 0, 0, gnugo::move_history),
    // KataGo's.
    cmd!("kata-set-rules", "RULES", 1, MANY, katago::kata_set_rules),
    cmd!("kata-get-rules", "", 0, 0, katago::kata_get_rules),
    // Analysis: Leela Zero's and KataGo's.
    cmd!(
        "lz-analyze",
        "[COLOR] [INTERVAL] [KEY VALUE...]",
        0,
        MANY,
        analysis::lz_analyze
    ),
    cmd!(
        "kata-analyze",
        "[COLOR] [INTERVAL] [KEY VALUE...]",
        0,
        MANY,
        analysis::kata_analyze
    ),
    cmd!(
        "lz-genmove_analyze",
        "[COLOR] [INTERVAL] [KEY VALUE...]",
        0,
        MANY,
        analysis::lz_genmove_analyze
    ),
    cmd!(
        "kata-genmove_analyze",
        "[COLOR] [INTERVAL] [KEY VALUE...]",
        0,
        MANY,
        analysis::kata_genmove_analyze
    ),
    cmd!("stop", "", 0, 0, core::stop),
    cmd!(
        "kgs-genmove_cleanup",
        "COLOR",
        1,
        1,
        analysis::kgs_genmove_cleanup
    ),
    cmd!("kgs-rules", "NAME", 1, 1, katago::kgs_rules),
    cmd!(
        "rectangular_boardsize",
        "WIDTH HEIGHT",
        2,
        2,
        katago::rectangular_boardsize
    ),
    cmd!(
        "set_position",
        "[COLOR VERTEX]...",
        0,
        MANY,
        katago::set_position
    ),
    // GoGui's rules-engine commands.
    cmd!("gogui-rules_game_id", "", 0, 0, gogui::game_id),
    cmd!("gogui-rules_board_size", "", 0, 0, gogui::board_size),
    cmd!("gogui-rules_board", "", 0, 0, gogui::board),
    cmd!("gogui-rules_legal_moves", "", 0, 0, gogui::legal_moves),
    cmd!("gogui-rules_side_to_move", "", 0, 0, gogui::side_to_move),
    cmd!("gogui-rules_final_result", "", 0, 0, gogui::final_result),
    cmd!(
        "gogui-rules_captured_count",
        "",
        0,
        0,
        gogui::captured_count
    ),
    cmd!("gogui-analyze_commands", "", 0, 0, gogui::analyze_commands),
    cmd!("gogui-interrupt", "", 0, 0, core::stop),
    // goishi's own.
    cmd!("goishi-rules", "[RULES]", 0, MANY, goishi::rules),
    cmd!("goishi-variants", "", 0, 0, goishi::variants),
    cmd!("goishi-dead", "[VERTEX...]", 0, MANY, goishi::dead),
    cmd!("goishi-ownership", "", 0, 0, goishi::ownership),
    cmd!("goishi-top_moves", "", 0, 0, goishi::top_moves),
];

/// The command called `name`.
pub(crate) fn find_command(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// Every command name, in `list_commands` order.
pub fn command_names() -> Vec<&'static str> {
    COMMANDS.iter().map(|c| c.name).collect()
}

impl Command {
    /// `Ok` when `count` arguments are what the command takes; else the syntax error.
    pub(crate) fn check_arity(&self, count: usize) -> Result<(), String> {
        if (self.min..=self.max).contains(&count) {
            return Ok(());
        }
        let expected = match (self.min, self.max) {
            (0, 0) => "no argument".to_owned(),
            (a, b) if a == b => format!("{a} argument{}", if a == 1 { "" } else { "s" }),
            (a, MANY) => format!("at least {a} argument{}", if a == 1 { "" } else { "s" }),
            (a, b) => format!("{a} to {b} arguments"),
        };
        let usage = if self.usage.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.usage)
        };
        Err(format!(
            "syntax error: {} takes {expected}{usage}, got {count}",
            self.name
        ))
    }
}
