//! The engine state and how a command runs.
//!
//! [`Engine`] holds the rules, the board size, the game, the dead stones marked with
//! `goishi-dead` and how the others are judged ([`DeadStones`]) with the last estimate, the
//! properties of a loaded record (written back by `printsgf`), the player of `genmove`, and
//! whether file commands are allowed. [`Engine::run`] looks the command up in the table,
//! checks its arity and runs its handler under a panic guard. A handler sees the controller
//! through [`Controller`] (lines sent as they come, the flags that stop a search); how a
//! response is written on the wire is the framing's business, not this module's.
//!
//! A failed command changes nothing by construction: every handler validates everything
//! before it changes anything, and a handler that starts another game builds it aside and
//! swaps it in last (`Engine::replace_game`). The guard clones nothing: the game a
//! command replaces is kept (moved, not copied) until the command ends, and put back if it
//! panics; a command that panics while changing the game in place (`play`, `undo`) gets
//! its game rebuilt from its setup and the moves it had before the command.

use std::cell::RefCell;
use std::io;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use goishi::{
    shorten, Color, GameResult, Geometry, Margin, Move, Point, Position, Rules, Setup, Turn,
};
use goishi_play::{estimate_dead_dyn, DeadConfig};
use goishi_sgf::Extras;

use super::clock::Clock;
use super::commands::find_command;
use super::player::{GenmovePlayer, PlayerOptions};

/// The answer to a command: `Ok` for `=`, `Err` for `?`.
pub type Answer = Result<String, String>;

/// The controller's side of the session while a command runs, as its handler sees it: where
/// the lines of an answer given as it goes are sent, and the flags by which the controller
/// stops a search. How any of it is written on the wire is the session's business
/// ([`super::framing::Session`] implements it for [`super::serve`]; [`Engine::run`] collects
/// the lines in memory).
pub trait Controller {
    /// Accepts the command now: its answer follows line by line ([`Controller::send_line`]),
    /// and the handler's [`Answer`] ends it. An analysis accepts before it searches.
    fn accept(&mut self) -> io::Result<()>;

    /// Sends one line of the answer now (accepting the command first if need be).
    fn send_line(&mut self, line: &str) -> io::Result<()>;

    /// The flag that the controller's next line sets (set already when a line is waiting, or
    /// when there is no input): an analysis runs until it is set.
    fn next_line(&self) -> Arc<AtomicBool>;

    /// The flag that GoGui's `# interrupt` sets from now on: a search of `genmove` stops when
    /// it is set.
    fn interrupt(&self) -> Arc<AtomicBool>;
}

/// The controller of a command run on its own ([`Engine::run`]): its lines kept in memory,
/// no next line to wait for (an analysis ends at once), nothing that interrupts.
#[derive(Debug, Default)]
struct Collected {
    accepted: bool,
    lines: String,
}

impl Controller for Collected {
    fn accept(&mut self) -> io::Result<()> {
        self.accepted = true;
        Ok(())
    }

    fn send_line(&mut self, line: &str) -> io::Result<()> {
        self.accepted = true;
        self.lines.push_str(line);
        self.lines.push('\n');
        Ok(())
    }

    fn next_line(&self) -> Arc<AtomicBool> {
        Arc::new(AtomicBool::new(true))
    }

    fn interrupt(&self) -> Arc<AtomicBool> {
        Arc::new(AtomicBool::new(false))
    }
}

/// Which file commands an engine runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAccess {
    /// `loadsgf` reads and `printsgf FILE` writes wherever they are told (the default, as
    /// in GNU Go and KataGo).
    ReadWrite,
    /// `loadsgf` reads; `printsgf FILE` is refused (the fuzz harness runs so: it never
    /// writes into the folder it runs in).
    ReadOnly,
    /// Both are refused (`goishi gtp --no-files`, for controllers that are not trusted with
    /// the file system); `printsgf` without a file still answers the record.
    Off,
}

/// How the engine judges the dead stones of a count when none are marked with `goishi-dead`
/// (`goishi gtp --dead`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum DeadStones {
    /// In Go, estimate them (`goishi_play::estimate_dead`: Benson's algorithm, seki, then the
    /// ownership of random playouts seeded with the engine's seed); in the other families
    /// nothing is dead.
    #[default]
    Estimate,
    /// Every stone on the board is alive: the plain Tromp-Taylor count.
    None,
}

/// The status of the stones for a count: the dead ones and those in seki, sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(in crate::gtp) struct Statuses {
    pub dead: Vec<Point>,
    pub seki: Vec<Point>,
}

/// The last estimate of [`Engine::statuses`] with the game it judged (its setup and moves,
/// which determine it, the seed and the budget being the engine's): a controller asks `final_score`, then
/// `final_status_list dead`, `alive` and `seki` of one position, and the playouts run once.
#[derive(Debug, Default)]
struct StatusCache(RefCell<Option<(Setup, Vec<Turn>, Statuses)>>);

/// A game the running command replaced, kept until the command ends.
#[derive(Debug)]
struct Replaced {
    rules: Rules,
    size: (u32, u32),
    position: Box<dyn Position>,
    dead: Vec<Point>,
    extras: Option<Extras>,
    after_end: Vec<Color>,
}

/// The GTP engine: the rules, the board size, the game, and the player of `genmove`.
#[derive(Debug)]
pub struct Engine {
    pub(in crate::gtp) rules: Rules,
    pub(in crate::gtp) size: (u32, u32),
    pub(in crate::gtp) position: Box<dyn Position>,
    pub(in crate::gtp) player: GenmovePlayer,
    pub(in crate::gtp) clock: Clock,
    pub(in crate::gtp) dead: Vec<Point>,
    pub(in crate::gtp) extras: Option<Extras>,
    /// The passes played after the end of the game (go-rules.md section 4), in order: the
    /// game itself (its position and history) ended before them; `move_history`, `undo`
    /// and `printsgf` count them as the record's last moves.
    pub(in crate::gtp) after_end: Vec<Color>,
    pub(in crate::gtp) scratch: Vec<Move>,
    pub(in crate::gtp) quit: bool,
    pub(in crate::gtp) files: FileAccess,
    dead_stones: DeadStones,
    /// The playouts of the dead-stone estimate (`goishi gtp --dead-playouts`).
    dead_playouts: usize,
    seed: u64,
    /// Whether a summary of each search of a move goes to standard error (`--chat`).
    chat: bool,
    replaced: Option<Replaced>,
    estimate: StatusCache,
}

impl Engine {
    /// An engine with an empty board of `rules` at [`Rules::board_size`] (the rules' `size=`
    /// or `size`, an error when they differ; the variant's default size when neither gives
    /// one), `genmove` answered by the default
    /// player (the tree search at its default budget: [`PlayerOptions::new`]) seeded with
    /// `seed`, file commands allowed.
    pub fn new(rules: Rules, size: Option<(u32, u32)>, seed: u64) -> Result<Engine, String> {
        let mut rules = rules;
        let size = rules.board_size(size).map_err(|e| e.to_string())?;
        rules.take_size();
        let position = rules.new_game(Some(size)).map_err(|e| e.to_string())?;
        let g = position.geometry();
        let size = (g.width(), g.height());
        Ok(Engine {
            rules,
            size,
            position,
            player: GenmovePlayer::new(PlayerOptions::new(seed))?,
            clock: Clock::default(),
            dead: Vec::new(),
            extras: None,
            after_end: Vec::new(),
            scratch: Vec::new(),
            quit: false,
            files: FileAccess::ReadWrite,
            dead_stones: DeadStones::Estimate,
            dead_playouts: DeadConfig::DEFAULT_PLAYOUTS,
            seed,
            chat: false,
            replaced: None,
            estimate: StatusCache::default(),
        })
    }

    /// Chooses how the dead stones of a count are judged when none are marked
    /// (`goishi gtp --dead`; [`DeadStones::Estimate`] by default).
    pub fn set_dead_stones(&mut self, mode: DeadStones) {
        self.dead_stones = mode;
    }

    /// Writes a summary of each search of a move on standard error, in the form KataGo
    /// writes for OGS (`goishi gtp --chat`; off by default).
    pub fn set_chat(&mut self, chat: bool) {
        self.chat = chat;
    }

    /// Whether a summary of each search of a move goes to standard error.
    pub fn chat(&self) -> bool {
        self.chat
    }

    /// How the dead stones of a count are judged when none are marked.
    pub fn dead_stones(&self) -> DeadStones {
        self.dead_stones
    }

    /// Sets how many random playouts the dead-stone estimate runs (`goishi gtp
    /// --dead-playouts`; [`DeadConfig::DEFAULT_PLAYOUTS`] by default; 0: Benson's pass-alive
    /// chains and seki only). More than [`DeadConfig::MAX_PLAYOUTS`] is refused, and changes
    /// nothing.
    pub fn set_dead_playouts(&mut self, playouts: usize) -> Result<(), String> {
        if playouts > DeadConfig::MAX_PLAYOUTS {
            return Err(format!(
                "invalid number of playouts {playouts}; expected at most {}",
                DeadConfig::MAX_PLAYOUTS
            ));
        }
        if playouts != self.dead_playouts {
            self.dead_playouts = playouts;
            // The last estimate was made with the other budget.
            *self.estimate.0.borrow_mut() = None;
        }
        Ok(())
    }

    /// How many random playouts the dead-stone estimate runs.
    pub fn dead_playouts(&self) -> usize {
        self.dead_playouts
    }

    /// Replaces the player of `genmove` (`goishi gtp --player`, `--playouts`...); an error
    /// names the setting out of range, and changes nothing.
    pub fn set_player(&mut self, options: PlayerOptions) -> Result<(), String> {
        self.player = GenmovePlayer::new(options)?;
        Ok(())
    }

    /// The settings of the player of `genmove`.
    pub fn player_options(&self) -> &PlayerOptions {
        self.player.options()
    }

    /// Allows or forbids the commands that read or write files (`loadsgf`, `printsgf
    /// FILE`): `goishi gtp --no-files` forbids both ([`FileAccess::Off`]). Forbidden, they
    /// answer an error and change nothing.
    pub fn set_file_access(&mut self, access: FileAccess) {
        self.files = access;
    }

    /// Which file commands run.
    pub fn file_access(&self) -> FileAccess {
        self.files
    }

    /// The rules a controller's command (`goishi-rules`, `kata-set-rules`, `kgs-rules`)
    /// names. Under [`FileAccess::Off`] a graph board read from a file other than the one
    /// the engine already plays on is refused: reading it would open any file the
    /// controller names (and its first bad line would come back in the error).
    /// With `go_only` (`kata-set-rules`, `kgs-rules`), a name no variant has is answered
    /// with the Go variants only.
    pub(in crate::gtp) fn rules_of_command(
        &self,
        command: &str,
        text: &str,
        go_only: bool,
    ) -> Result<Rules, String> {
        let rules = crate::common::parse_rules(text).map_err(|e| match e {
            e @ goishi::RulesError::UnknownVariant { .. } if go_only => {
                crate::common::unknown_go_rules(e).to_string()
            }
            e => e.to_string(),
        })?;
        if self.files == FileAccess::Off
            && matches!(rules.board_kind(), goishi::BoardKind::Graph(_))
            && rules.board_kind() != self.rules.board_kind()
        {
            return Err(format!(
                "{command}: board={} would read a file, and this engine reads and writes no \
                 files (goishi gtp --no-files)",
                rules.board_kind()
            ));
        }
        Ok(rules)
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

    /// The stones marked dead (`goishi-dead`), sorted.
    pub fn dead(&self) -> &[Point] {
        &self.dead
    }

    /// Whether `quit` was received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Runs one command; a streaming command's lines come first in its answer, its analysis
    /// ended at once.
    pub fn run(&mut self, name: &str, args: &[&str]) -> Answer {
        let mut collected = Collected::default();
        let answer = self.run_in(name, args, &mut collected);
        if !collected.accepted {
            return answer;
        }
        answer.map(|end| format!("{}{end}", collected.lines))
    }

    /// Runs one command for `controller`: the table, the arity check, then the handler under
    /// the panic guard.
    pub(in crate::gtp) fn run_in(
        &mut self,
        name: &str,
        args: &[&str],
        controller: &mut dyn Controller,
    ) -> Answer {
        let Some(command) = find_command(name) else {
            return Err(format!("unknown command: {:?}", shorten(name)));
        };
        command.check_arity(args.len())?;
        let run = command.run;
        self.guarded(command.name, |e| run(e, args, controller))
    }

    /// Runs a handler under the panic guard: a bug in a rules engine must not end the
    /// session, so a panic is answered with an error and the state is put back as it was
    /// before the command, without copying it beforehand.
    pub(in crate::gtp) fn guarded(
        &mut self,
        name: &str,
        run: impl FnOnce(&mut Engine) -> Answer,
    ) -> Answer {
        // What the guard needs to rebuild a game changed in place: two words.
        let moves = self.position.history().len();
        let last = self.position.history().last().copied();
        let outcome = catch_unwind(AssertUnwindSafe(|| run(self)));
        let replaced = self.replaced.take();
        match outcome {
            Ok(answer) => answer,
            Err(payload) => {
                let message = goishi::panic_message(payload.as_ref()).to_owned();
                match replaced {
                    Some(old) => {
                        self.rules = old.rules;
                        self.size = old.size;
                        self.position = old.position;
                        self.dead = old.dead;
                        self.extras = old.extras;
                        self.after_end = old.after_end;
                    }
                    None => self.rebuild(moves, last),
                }
                // A player that follows the game starts afresh from the restored one.
                self.player.new_game();
                Err(format!(
                    "internal error: {name} (a bug in goishi; the command was undone): {message}"
                ))
            }
        }
    }

    /// After a panic in a command that changed the game in place: the game again from its
    /// setup and its first `moves` moves (the last of which was `last`: a command plays or
    /// takes back at most one move in place).
    fn rebuild(&mut self, moves: usize, last: Option<Turn>) {
        let history = self.position.history();
        let kept = moves.saturating_sub(1).min(history.len());
        let mut turns: Vec<Turn> = history[..kept].to_vec();
        turns.extend(last.filter(|_| moves > 0));
        let setup = self.position.setup().clone();
        let replayed = catch_unwind(AssertUnwindSafe(|| {
            let mut position = setup.into_position().ok()?;
            for t in &turns {
                position.play_as(t.color, t.mv).ok()?;
            }
            Some(position)
        }));
        let position = match replayed {
            Ok(Some(p)) => Some(p),
            // The game cannot be rebuilt: an empty board of the same rules and size.
            _ => catch_unwind(AssertUnwindSafe(|| {
                self.rules.new_game(Some(self.size)).ok()
            }))
            .ok()
            .flatten(),
        };
        if let Some(p) = position {
            self.position = p;
        }
    }

    /// Swaps in another game (the last step of a handler that starts one): the game it
    /// replaces is kept until the command ends, to be put back if the command panics.
    pub(in crate::gtp) fn replace_game(
        &mut self,
        rules: Rules,
        position: Box<dyn Position>,
        dead: Vec<Point>,
        extras: Option<Extras>,
    ) {
        let g = position.geometry();
        let size = (g.width(), g.height());
        let old = Replaced {
            rules: std::mem::replace(&mut self.rules, rules),
            size: std::mem::replace(&mut self.size, size),
            position: std::mem::replace(&mut self.position, position),
            dead: std::mem::replace(&mut self.dead, dead),
            extras: std::mem::replace(&mut self.extras, extras),
            after_end: std::mem::take(&mut self.after_end),
        };
        if self.replaced.is_none() {
            self.replaced = Some(old);
        }
        self.player.new_game();
    }

    // ---- state changes -------------------------------------------------------------

    /// Starts a new game of `rules` on a `size` board (`None`: the rules' size, else the
    /// variant's default).
    pub(in crate::gtp) fn new_game(
        &mut self,
        rules: Rules,
        size: Option<(u32, u32)>,
    ) -> Result<(), String> {
        let position = rules.new_game(size).map_err(|e| e.to_string())?;
        self.replace_game(rules, position, Vec::new(), None);
        // A new game starts with full clocks under the same time settings.
        self.clock = Clock::new(self.clock.control());
        Ok(())
    }

    /// Starts a new game from `setup` (whose rules must be the engine's rules).
    pub(in crate::gtp) fn start_from(&mut self, setup: Setup) -> Result<(), String> {
        let position = setup.into_position().map_err(|e| e.to_string())?;
        self.replace_game(self.rules.clone(), position, Vec::new(), None);
        Ok(())
    }

    /// Replaces the rules keeping the game: the setup and the moves are replayed under the
    /// new rules; if a move is illegal under them, nothing changes.
    pub(in crate::gtp) fn change_rules(&mut self, rules: Rules) -> Result<(), String> {
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
        let (dead, extras) = (self.dead.clone(), self.extras.clone());
        // The passes after the end stay while the game is still over under the new rules.
        let after_end = if position.is_over() {
            self.after_end.clone()
        } else {
            Vec::new()
        };
        self.replace_game(rules, position, dead, extras);
        self.after_end = after_end;
        Ok(())
    }

    /// GTP's `board not empty` for the handicap commands: stones on the board, or (goishi's
    /// rule, a handicap being the start of a game) a move already played.
    pub(in crate::gtp) fn check_board_empty(&self) -> Result<(), String> {
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

    /// The dead stones and the stones in seki of a count: those marked with `goishi-dead`
    /// if any (then no seki), none with `--dead none`, else the estimate (in Go; nothing is
    /// dead in the other families).
    pub(in crate::gtp) fn statuses(&self) -> Statuses {
        if !self.dead.is_empty() || self.dead_stones == DeadStones::None {
            return Statuses {
                dead: self.dead.clone(),
                seki: Vec::new(),
            };
        }
        let setup = self.position.setup();
        let history = self.position.history();
        let mut cache = self.estimate.0.borrow_mut();
        if let Some((s, h, statuses)) = cache.as_ref() {
            if s == setup && h.as_slice() == history {
                return statuses.clone();
            }
        }
        let config = DeadConfig {
            seed: self.seed,
            playouts: self.dead_playouts,
            ..DeadConfig::default()
        };
        let judgement = estimate_dead_dyn(self.position.as_ref(), &config);
        let statuses = Statuses {
            dead: judgement.dead_points(),
            seki: judgement.seki_points(),
        };
        *cache = Some((setup.clone(), history.to_vec(), statuses.clone()));
        statuses
    }

    /// The count of the game as it stands with the dead stones of [`Engine::statuses`].
    pub(in crate::gtp) fn count(&self) -> GameResult {
        self.position.score(&self.statuses().dead).result()
    }

    /// The result of a finished game: when it ended by counting, the count with the dead
    /// stones of [`Engine::statuses`] (what `final_score` answers); `None` while the game
    /// goes on.
    pub(in crate::gtp) fn result(&self) -> Option<GameResult> {
        let outcome = self.position.outcome()?;
        Some(match outcome {
            GameResult::NoResult
            | GameResult::Win {
                margin: Margin::Resign | Margin::Goal,
                ..
            } => outcome,
            _ => self.count(),
        })
    }

    pub(in crate::gtp) fn geometry(&self) -> &Geometry {
        self.position.geometry()
    }

    pub(in crate::gtp) fn parse_point(&self, text: &str) -> Result<Point, String> {
        self.geometry()
            .parse_point(text)
            .map_err(|e| format!("invalid vertex: {e}"))
    }
}
