//! The search's settings ([`MctsConfig`]), its budget per move ([`Budget`]), its playout
//! policy ([`PlayoutPolicy`]) and what is wrong with a setting ([`ConfigError`]).

use std::time::Duration;

/// How the search knows its moves: the playout policy, and in Go the tree's priors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PlayoutPolicy {
    /// In Go, Michi's and Pachi's knowledge (the default): playouts that answer the last two
    /// moves (captures, escapes read with ladders, 3x3 shape patterns) before a random move
    /// that avoids bad self-atari, and priors for the tree's moves from the same knowledge
    /// (see the module docs of `crate::mcts`). The families without knowledge (contact
    /// capture, capture Go) play their light policy, with no priors.
    #[default]
    Heavy,
    /// Each family's uniformly random policy and no priors: a random legal point that does
    /// not fill one of the mover's own eyes ([`goishi::playout::is_own_eye`]; Go, capture Go), any legal
    /// placement elsewhere.
    Light,
}

/// The settings of the tree that are tuned to the search's knowledge: [`TreeSettings::LIGHT`]
/// for a search without priors (the light policy, and every family but Go),
/// [`TreeSettings::KNOWLEDGE`] for one with Go's priors. A field of [`MctsConfig`] left at
/// `None` takes its value from here.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TreeSettings {
    /// The UCT exploration constant `c`.
    pub exploration: f32,
    /// The RAVE equivalence `k`.
    pub rave_equivalence: f32,
    /// A leaf is expanded once it has this many visits.
    pub expand_after: u32,
}

impl TreeSettings {
    /// Without priors: every move explored by UCT and AMAF, leaves expanded at once.
    pub const LIGHT: TreeSettings = TreeSettings {
        exploration: 0.2,
        rave_equivalence: 1000.0,
        expand_after: 2,
    };

    /// With Go's priors, Michi's settings: no exploration term (the even prior and the AMAF
    /// statistics explore), AMAF trusted longer, leaves expanded at their eighth visit
    /// (measured: docs/player.md).
    pub const KNOWLEDGE: TreeSettings = TreeSettings {
        exploration: 0.0,
        rave_equivalence: 3500.0,
        expand_after: 8,
    };
}

impl PlayoutPolicy {
    /// Every policy.
    pub const ALL: [PlayoutPolicy; 2] = [PlayoutPolicy::Heavy, PlayoutPolicy::Light];

    /// `heavy` or `light`.
    pub fn name(self) -> &'static str {
        match self {
            PlayoutPolicy::Heavy => "heavy",
            PlayoutPolicy::Light => "light",
        }
    }
}

impl std::fmt::Display for PlayoutPolicy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A playout policy's name that is neither `heavy` nor `light` (the text, shortened).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid playout policy {0:?}; expected heavy or light")]
pub struct UnknownPolicy(pub String);

impl std::str::FromStr for PlayoutPolicy {
    type Err = UnknownPolicy;

    /// `heavy` or `light`; anything else is an error naming both.
    fn from_str(text: &str) -> Result<PlayoutPolicy, UnknownPolicy> {
        PlayoutPolicy::ALL
            .into_iter()
            .find(|p| p.name() == text)
            .ok_or_else(|| UnknownPolicy(goishi::shorten(text)))
    }
}

/// How much search one move may take: whichever limit comes first ends it.
///
/// `None` means no limit of that kind; at least one limit must be given. A limit of zero
/// (no playout, or no time) is allowed: the search then answers at once, with the most
/// visited move of the tree kept from earlier moves if it has one, or a move of the playout
/// policy (see [`crate::mcts::MctsPlayer::search`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// At most this many playouts (counted over every thread).
    pub playouts: Option<u32>,
    /// At most this much wall-clock time, from the call to its answer.
    pub time: Option<Duration>,
}

impl Budget {
    /// The default budget: 10,000 playouts or 1 s, whichever comes first.
    pub const DEFAULT: Budget = Budget {
        playouts: Some(10_000),
        time: Some(Duration::from_secs(1)),
    };

    /// No limit: only for a search that is stopped from outside
    /// ([`crate::mcts::Watch::stop`]; [`Budget::validate`] refuses it otherwise).
    pub const UNLIMITED: Budget = Budget {
        playouts: None,
        time: None,
    };

    /// A playout count and no time limit (deterministic with one thread).
    pub const fn playouts(n: u32) -> Budget {
        Budget {
            playouts: Some(n),
            time: None,
        }
    }

    /// A time limit and no playout limit.
    pub const fn time(limit: Duration) -> Budget {
        Budget {
            playouts: None,
            time: Some(limit),
        }
    }

    /// Whether the budget allows no playout at all.
    pub fn is_zero(&self) -> bool {
        self.playouts == Some(0) || self.time == Some(Duration::ZERO)
    }

    /// Checks that the budget has a limit.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.playouts.is_none() && self.time.is_none() {
            return Err(ConfigError::Unbounded);
        }
        Ok(())
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// The settings of [`crate::mcts::MctsPlayer`]. `MctsConfig::default()` is the player of
/// `genmove`; the fields are documented with the formulas they enter in the module docs of
/// [`crate::mcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The budget of each move.
    pub budget: Budget,
    /// Searcher threads on the one tree (1 to [`MctsConfig::MAX_THREADS`]).
    pub threads: usize,
    /// The seed of the playouts' random numbers: with one thread and a playout budget, the
    /// same seed and the same positions give the same moves.
    pub seed: u64,
    /// The UCT exploration constant `c` (0 or more); `None`: tuned to the search's knowledge
    /// ([`TreeSettings`]).
    pub exploration: Option<f32>,
    /// The RAVE equivalence parameter `k`: the number of real visits at which a move's own
    /// statistics and its AMAF statistics weigh the same (more than 0); `None`: tuned
    /// ([`TreeSettings`]).
    pub rave_equivalence: Option<f32>,
    /// The first-play urgency: the value of a move with neither visits, nor prior playouts,
    /// nor AMAF statistics.
    pub first_play_urgency: f32,
    /// A leaf is expanded (its moves become nodes) once it has this many visits (1 or more);
    /// `None`: tuned ([`TreeSettings`]).
    pub expand_after: Option<u32>,
    /// At most this many nodes in the tree; past it, leaves are no longer expanded (1 or
    /// more). A node takes 72 bytes.
    pub max_nodes: usize,
    /// Resign when the best move's win rate is below this (0 disables; below 1).
    pub resign_threshold: f64,
    /// Never resign before this many moves have been played in the game.
    pub resign_min_moves: usize,
    /// Never resign on fewer playouts than this through the root (kept ones included).
    pub resign_min_visits: u32,
    /// How the playouts choose their moves.
    pub playout_policy: PlayoutPolicy,
}

impl MctsConfig {
    /// The most searcher threads allowed.
    pub const MAX_THREADS: usize = 256;

    /// Checks every setting, reporting the first that is out of range.
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.budget.validate()?;
        if self.threads == 0 || self.threads > Self::MAX_THREADS {
            return Err(ConfigError::Threads(self.threads));
        }
        let finite_at_least = |v: f32, min: f32| v.is_finite() && v >= min;
        if let Some(c) = self.exploration {
            if !finite_at_least(c, 0.0) {
                return Err(ConfigError::Exploration(c));
            }
        }
        if let Some(k) = self.rave_equivalence {
            if !(finite_at_least(k, 0.0) && k > 0.0) {
                return Err(ConfigError::RaveEquivalence(k));
            }
        }
        if !self.first_play_urgency.is_finite() {
            return Err(ConfigError::FirstPlayUrgency(self.first_play_urgency));
        }
        if self.expand_after == Some(0) {
            return Err(ConfigError::ExpandAfter);
        }
        if self.max_nodes == 0 {
            return Err(ConfigError::MaxNodes);
        }
        Self::check_resign_threshold(self.resign_threshold)?;
        Ok(())
    }

    /// Checks a resignation threshold: a win rate from 0 (never resign) to below 1. Front
    /// ends check their option with it, so that the message names the option.
    pub fn check_resign_threshold(threshold: f64) -> Result<f64, ConfigError> {
        if (0.0..1.0).contains(&threshold) {
            Ok(threshold)
        } else {
            Err(ConfigError::ResignThreshold(threshold))
        }
    }

    /// The tree's settings of a search with (`knowledge`) or without Go's priors: the fields
    /// given, the tuned [`TreeSettings`] for the others.
    pub fn tree_settings(&self, knowledge: bool) -> TreeSettings {
        let tuned = if knowledge {
            TreeSettings::KNOWLEDGE
        } else {
            TreeSettings::LIGHT
        };
        TreeSettings {
            exploration: self.exploration.unwrap_or(tuned.exploration),
            rave_equivalence: self.rave_equivalence.unwrap_or(tuned.rave_equivalence),
            expand_after: self.expand_after.unwrap_or(tuned.expand_after),
        }
    }

    /// This configuration with another budget.
    pub fn with_budget(self, budget: Budget) -> MctsConfig {
        MctsConfig { budget, ..self }
    }

    /// This configuration with another number of threads.
    pub fn with_threads(self, threads: usize) -> MctsConfig {
        MctsConfig { threads, ..self }
    }

    /// This configuration with another seed.
    pub fn with_seed(self, seed: u64) -> MctsConfig {
        MctsConfig { seed, ..self }
    }

    /// This configuration with another playout policy.
    pub fn with_playout_policy(self, playout_policy: PlayoutPolicy) -> MctsConfig {
        MctsConfig {
            playout_policy,
            ..self
        }
    }
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            budget: Budget::DEFAULT,
            threads: 1,
            seed: 0x5EED_6015,
            exploration: None,
            rave_equivalence: None,
            first_play_urgency: 1.0,
            expand_after: None,
            max_nodes: 2_000_000,
            resign_threshold: 0.05,
            resign_min_moves: 20,
            resign_min_visits: 500,
            playout_policy: PlayoutPolicy::default(),
        }
    }
}

/// A setting of [`MctsConfig`] out of range.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum ConfigError {
    /// The budget sets neither a playout count nor a time.
    #[error("the search budget has no limit: give a number of playouts or a time per move")]
    Unbounded,
    /// Zero threads, or too many.
    #[error("invalid number of search threads {0}; expected 1 to 256")]
    Threads(usize),
    /// A negative or non-finite exploration constant.
    #[error("invalid exploration constant {0}; expected a finite number of 0 or more")]
    Exploration(f32),
    /// A RAVE equivalence of zero or less, or non-finite.
    #[error("invalid RAVE equivalence {0}; expected a finite number above 0")]
    RaveEquivalence(f32),
    /// A non-finite first-play urgency.
    #[error("invalid first-play urgency {0}; expected a finite number")]
    FirstPlayUrgency(f32),
    /// `expand_after` is zero.
    #[error("invalid expansion threshold 0; expected 1 or more visits")]
    ExpandAfter,
    /// `max_nodes` is zero.
    #[error("invalid node limit 0; expected 1 or more nodes")]
    MaxNodes,
    /// A resignation threshold outside [0, 1).
    #[error("invalid resignation threshold {0}; expected a win rate from 0 (never) to below 1")]
    ResignThreshold(f64),
}
