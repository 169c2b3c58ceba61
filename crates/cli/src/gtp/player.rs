//! The player of `genmove` ([`GenmovePlayer`]): the Monte Carlo tree search of
//! `goishi_play` by default, or the random player (`goishi gtp --player random`), with the
//! settings of the command line ([`PlayerOptions`]) and the session's clock.
//!
//! The choice is an enum, not a trait object: the search runs generic over each family's
//! concrete position type (`MctsPlayer::search_dyn` finds it), with no dynamic dispatch in
//! its hot path.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use goishi::{Color, Move, Position, Turn};
use goishi_play::mcts::{
    Budget, MctsConfig, MctsPlayer, PlayoutPolicy, SearchError, SearchResult, Watch,
};
use goishi_play::{Player, RandomPlayer};

use super::clock::Clock;

/// Which player answers `genmove`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PlayerKind {
    /// Monte Carlo tree search (the default).
    #[default]
    Mcts,
    /// A uniformly random legal move that does not fill one of the mover's own eyes in the
    /// families that declare it (Go and capture Go: `goishi::playout::is_own_eye`).
    Random,
}

/// The player's settings, as `goishi gtp` takes them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerOptions {
    /// Which player.
    pub kind: PlayerKind,
    /// At most this many playouts a move (`--playouts`).
    pub playouts: Option<u32>,
    /// At most this much time a move (`--time`).
    pub time: Option<Duration>,
    /// Searcher threads (`--threads`).
    pub threads: usize,
    /// The resignation threshold (`--resign`; 0 never resigns).
    pub resign: f64,
    /// What the search knows of Go (`--playout-policy`).
    pub playout_policy: PlayoutPolicy,
    /// The seed of both players.
    pub seed: u64,
}

impl PlayerOptions {
    /// The default player with `seed`: the search, with the default budget (1 s or 10,000
    /// playouts a move, whichever comes first), one thread, resigning below 5%, the default
    /// playout policy (heavy: Go's knowledge).
    pub fn new(seed: u64) -> PlayerOptions {
        let config = MctsConfig::default();
        PlayerOptions {
            kind: PlayerKind::Mcts,
            playouts: None,
            time: None,
            threads: config.threads,
            resign: config.resign_threshold,
            playout_policy: config.playout_policy,
            seed,
        }
    }

    /// The budget of a move: the one given, else the default.
    fn budget(&self) -> Budget {
        if self.playouts.is_none() && self.time.is_none() {
            Budget::DEFAULT
        } else {
            Budget {
                playouts: self.playouts,
                time: self.time,
            }
        }
    }
}

/// The player of an engine: the random player (always there: `place_free_handicap` draws
/// from its stream), and the search, which plays unless `--player random` and analyses
/// always.
#[derive(Debug)]
pub struct GenmovePlayer {
    pub(in crate::gtp) random: RandomPlayer,
    mcts: Box<MctsPlayer>,
    options: PlayerOptions,
    /// Whether the last search belongs to the game being played (not to a replaced one).
    searched: bool,
    /// Searches run, to tell whether a move was searched.
    searches: u64,
}

impl GenmovePlayer {
    /// The player of `options`; an error names the setting out of range.
    pub fn new(options: PlayerOptions) -> Result<GenmovePlayer, String> {
        if options.playouts == Some(0) {
            return Err("invalid number of playouts 0; expected 1 or more".to_owned());
        }
        if options.time == Some(Duration::ZERO) {
            return Err("invalid time per move 0; expected more than 0 seconds".to_owned());
        }
        let config = MctsConfig {
            budget: options.budget(),
            threads: options.threads,
            seed: options.seed,
            resign_threshold: options.resign,
            playout_policy: options.playout_policy,
            ..MctsConfig::default()
        };
        // The search settings are checked whatever the player, so that a bad value is
        // refused at the start, not only when the search would use it.
        config.validate().map_err(|e| e.to_string())?;
        let mcts = Box::new(MctsPlayer::new(config).map_err(|e| e.to_string())?);
        Ok(GenmovePlayer {
            random: RandomPlayer::new(options.seed),
            mcts,
            options,
            searched: false,
            searches: 0,
        })
    }

    /// The settings.
    pub fn options(&self) -> &PlayerOptions {
        &self.options
    }

    /// The budget of the next move of `color` under `clock`: with no budget given and time
    /// settings, the clock's allowance alone (no playout limit); otherwise the budget given
    /// (else the default) with its time capped by the allowance, if the clock gives one
    /// (time settings, or `time_left` alone).
    pub fn budget(&self, clock: &Clock, color: Color, empty: usize) -> Budget {
        let given = self.options.playouts.is_some() || self.options.time.is_some();
        let budget = self.options.budget();
        match clock.allowance(color, empty) {
            None => budget,
            Some(allowed) if !given && clock.is_timed() => Budget::time(allowed),
            Some(allowed) => Budget {
                playouts: budget.playouts,
                time: Some(budget.time.map_or(allowed, |t| t.min(allowed))),
            },
        }
    }

    /// The move of `color` in `position` (not over) within `budget`; the search ends early
    /// when `stop` is set (GoGui's interrupt), with the best move so far.
    pub fn choose(
        &mut self,
        position: &dyn Position,
        color: Color,
        budget: Budget,
        stop: Option<&AtomicBool>,
    ) -> Move {
        match self.options.kind {
            PlayerKind::Random => Player::<dyn Position>::choose(&mut self.random, position, color),
            PlayerKind::Mcts => {
                let watch = Watch {
                    stop,
                    ..Watch::default()
                };
                self.search(position, color, budget, watch)
                    .map_or(Move::Pass, |result| result.mv)
            }
        }
    }

    /// The search of `color`'s move in `position` within `budget`, watched (analysis: the
    /// search answers it whatever the player of `genmove`).
    pub fn search(
        &mut self,
        position: &dyn Position,
        color: Color,
        budget: Budget,
        watch: Watch<'_>,
    ) -> Result<SearchResult, SearchError> {
        let result = self.mcts.analyze_dyn(position, color, budget, watch);
        self.searched = result.is_ok();
        self.searches += u64::from(self.searched);
        result
    }

    /// The last search of this game, if the player has searched it.
    pub fn last_search(&self) -> Option<&SearchResult> {
        Some(&*self.mcts)
            .filter(|_| self.searched)
            .and_then(|m| m.last_search())
    }

    /// How many searches the player has run.
    pub fn searches(&self) -> u64 {
        self.searches
    }

    /// A move was played in the game: the search's tree follows it.
    pub fn played(&mut self, turn: Turn) {
        self.mcts.played(turn.color, turn.mv);
    }

    /// The game was replaced (a new board, a loaded record, an undo): the tree is dropped.
    pub fn new_game(&mut self) {
        Player::<dyn Position>::new_game(&mut self.random);
        self.searched = false;
        self.mcts.clear_tree();
    }
}
