//! The settings of a batched search ([`BatchedConfig`], [`Algorithm`], [`Puct`], [`Gumbel`])
//! and what can go wrong with a search's calls ([`BatchedError`]).

/// AlphaZero's selection: PUCT with Dirichlet noise on the root's priors, and a move drawn
/// from the visit counts at a temperature. The defaults are mctx's `muzero_policy`'s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Puct {
    /// `pb_c_init`: the exploration weight at few visits (1.25).
    pub c_init: f32,
    /// `pb_c_base`: the visits over which the weight grows by `ln 2` (19652).
    pub c_base: f32,
    /// The concentration of the root's Dirichlet noise (0.3; AlphaZero's Go used 0.03).
    pub dirichlet_alpha: f32,
    /// The share of the noise in the root's priors (0.25; 0 for none, as in evaluation).
    pub dirichlet_fraction: f32,
    /// The temperature of the move drawn from the visits: 1 draws in proportion to them,
    /// 0 takes the most visited (1.0).
    pub temperature: f32,
}

impl Default for Puct {
    fn default() -> Puct {
        Puct {
            c_init: 1.25,
            c_base: 19652.0,
            dirichlet_alpha: 0.3,
            dirichlet_fraction: 0.25,
            temperature: 1.0,
        }
    }
}

/// Gumbel MuZero's root (Danihelka et al., 2022): Gumbel top-k sampling of the considered
/// moves, sequential halving among them, completed Q-values, and the improved policy as the
/// training target; deterministic selection below the root. The defaults are mctx's
/// `gumbel_muzero_policy`'s (with `qtransform_completed_by_mix_value`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gumbel {
    /// The moves the root considers at most (16).
    pub max_considered_actions: u32,
    /// The scale of the Gumbel noise (1.0; 0 for none, as in evaluation).
    pub gumbel_scale: f32,
    /// `value_scale` of the completed Q-values' transform (0.1).
    pub value_scale: f32,
    /// `maxvisit_init` of the same transform (50).
    pub maxvisit_init: f32,
}

impl Default for Gumbel {
    fn default() -> Gumbel {
        Gumbel {
            max_considered_actions: 16,
            gumbel_scale: 1.0,
            value_scale: 0.1,
            maxvisit_init: 50.0,
        }
    }
}

/// The search's algorithm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Algorithm {
    /// AlphaZero's PUCT ([`Puct`]).
    Puct(Puct),
    /// Gumbel MuZero's root ([`Gumbel`]).
    Gumbel(Gumbel),
}

impl Algorithm {
    /// `puct` or `gumbel`.
    pub fn name(&self) -> &'static str {
        match self {
            Algorithm::Puct(_) => "puct",
            Algorithm::Gumbel(_) => "gumbel",
        }
    }
}

/// The settings of a [`BatchedSearch`](super::BatchedSearch).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BatchedConfig {
    /// Simulations a game and a move (a leaf evaluated or a finished position reached),
    /// besides the root's own evaluation.
    pub simulations: u32,
    /// The algorithm and its settings.
    pub algorithm: Algorithm,
    /// Leaves a game may ask for in one call (1: one simulation at a time, as mctx); more
    /// walk down again with a virtual loss on the paths already taken.
    pub leaves_per_game: u32,
    /// The seed of the noise and of the moves drawn: game `i` draws from stream `i`, so the
    /// search of a game is the same for any number of threads.
    pub seed: u64,
    /// Threads that walk the trees (the calling thread one of them).
    pub threads: usize,
}

impl BatchedConfig {
    /// `simulations` a move with `algorithm`'s defaults, one leaf a game a call, seed 0, one
    /// thread.
    pub fn new(simulations: u32, algorithm: Algorithm) -> BatchedConfig {
        BatchedConfig {
            simulations,
            algorithm,
            leaves_per_game: 1,
            seed: 0,
            threads: 1,
        }
    }

    /// Checks every setting; the first problem found.
    pub(crate) fn check(&self) -> Result<(), BatchedError> {
        let bad = |name: &'static str, value: f64, expected: &'static str| {
            Err(BatchedError::Setting {
                name,
                value,
                expected,
            })
        };
        if self.simulations == 0 || self.simulations > MAX_SIMULATIONS {
            return bad(
                "simulations",
                f64::from(self.simulations),
                "from 1 to 1,000,000",
            );
        }
        if self.leaves_per_game == 0 || self.leaves_per_game > self.simulations {
            return bad(
                "leaves_per_game",
                f64::from(self.leaves_per_game),
                "from 1 to the simulations",
            );
        }
        if self.threads == 0 || self.threads > 256 {
            return bad("threads", self.threads as f64, "from 1 to 256");
        }
        let finite_positive = |x: f32| x.is_finite() && x > 0.0;
        let finite_non_negative = |x: f32| x.is_finite() && x >= 0.0;
        match self.algorithm {
            Algorithm::Puct(p) => {
                if !finite_non_negative(p.c_init) {
                    return bad("c_init", p.c_init.into(), "a number >= 0");
                }
                if !finite_positive(p.c_base) {
                    return bad("c_base", p.c_base.into(), "a number > 0");
                }
                if !finite_positive(p.dirichlet_alpha) {
                    return bad("dirichlet_alpha", p.dirichlet_alpha.into(), "a number > 0");
                }
                if !(0.0..=1.0).contains(&p.dirichlet_fraction) {
                    return bad(
                        "dirichlet_fraction",
                        p.dirichlet_fraction.into(),
                        "a number from 0 to 1",
                    );
                }
                if !finite_non_negative(p.temperature) {
                    return bad("temperature", p.temperature.into(), "a number >= 0");
                }
            }
            Algorithm::Gumbel(g) => {
                if g.max_considered_actions == 0 {
                    return bad("max_considered_actions", 0.0, "at least 1");
                }
                if !finite_non_negative(g.gumbel_scale) {
                    return bad("gumbel_scale", g.gumbel_scale.into(), "a number >= 0");
                }
                if !finite_non_negative(g.value_scale) {
                    return bad("value_scale", g.value_scale.into(), "a number >= 0");
                }
                if !finite_non_negative(g.maxvisit_init) {
                    return bad("maxvisit_init", g.maxvisit_init.into(), "a number >= 0");
                }
            }
        }
        Ok(())
    }
}

/// The most simulations a move.
pub const MAX_SIMULATIONS: u32 = 1_000_000;

/// What is wrong with a batched search's settings or with a call.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum BatchedError {
    /// A setting out of its range.
    #[error("invalid {name} {value}; expected {expected}")]
    Setting {
        /// The setting.
        name: &'static str,
        /// Its value.
        value: f64,
        /// What it may be.
        expected: &'static str,
    },
    /// A search of no game.
    #[error("a batched search needs at least one game")]
    NoGames,
    /// Roots of another number of games, or a buffer of the wrong length.
    #[error("{name} has length {got}; expected {expected}")]
    Length {
        /// The argument.
        name: &'static str,
        /// Its length.
        got: usize,
        /// The length it must have.
        expected: usize,
    },
    /// A root of another board than the search's.
    #[error("root {game} has {got} points; the search's games have {expected}")]
    Board {
        /// The game.
        game: usize,
        /// Its points.
        got: usize,
        /// The search's.
        expected: usize,
    },
    /// A value or a logit that is not a number (or a value that is infinite).
    #[error("{name}[{index}] is {value}; expected a finite number")]
    NotFinite {
        /// `values` or `logits`.
        name: &'static str,
        /// Its index in the flat array.
        index: usize,
        /// What it was.
        value: f32,
    },
    /// `leaves` while the last leaves wait for `expand`.
    #[error("the leaves of the last call wait for expand(logits, values)")]
    Pending,
    /// `expand` with no leaf waiting.
    #[error("no leaf waits for an evaluation: call leaves() first")]
    NothingPending,
    /// A move of the tree that the rules refused: a bug in the search or in the rules.
    #[error("internal error: game {game}: the tree's move {action} was refused")]
    Refused {
        /// The game.
        game: usize,
        /// The action.
        action: u32,
    },
}
