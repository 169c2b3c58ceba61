//! The errors of the batched environment: a configuration it cannot build, buffers of the
//! wrong length, an action it cannot take. Each says what was wrong and what is allowed; a
//! step that fails changes no environment.

use goishi::{PlayError, SetupErrors};

/// Why an environment could not be built or stepped.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EnvError {
    /// A batched search refused its settings or a call.
    #[error("{0}")]
    Search(goishi_play::batched::BatchedError),
    /// A batched search started from another environment than the one it was made of.
    #[error("this search was made for another environment (another variant, size or number of environments)")]
    OtherSearch,
    /// A batch needs at least one game.
    #[error("a vector environment needs at least one environment (num_envs = 0)")]
    NoEnvs,
    /// The batch would not fit in memory (checked before anything is allocated).
    #[error(
        "{num_envs} environments of {board} need about {} of memory, more than the {} allowed; use fewer environments",
        human_bytes(*.needed),
        human_bytes(*.limit)
    )]
    TooLarge {
        /// The number of environments asked for.
        num_envs: usize,
        /// The board, as the geometry describes itself (`9x9`, `torus 7x7`).
        board: String,
        /// The bytes the batch would need (an estimate from above).
        needed: u128,
        /// The bytes allowed: the memory available, or the configured limit.
        limit: u128,
    },
    /// The history is longer than the planes can hold.
    #[error("history {history} is too long; the observation keeps at most {max} positions")]
    HistoryTooLong {
        /// The history asked for.
        history: usize,
        /// The longest history allowed.
        max: usize,
    },
    /// More threads than a step may start.
    #[error("threads is {threads}; a step runs on at most {max} threads")]
    TooManyThreads {
        /// The threads asked for.
        threads: usize,
        /// The most allowed ([`crate::MAX_THREADS`]).
        max: usize,
    },
    /// The rules and size do not give a game.
    #[error("{0}")]
    Setup(SetupErrors),
    /// The word for illegal actions is neither `raise` nor `lose`.
    #[error("unknown illegal-action mode {0:?}; expected raise or lose")]
    BadIllegalMode(String),
    /// The word for the observation is none of `bool`, `packed`, `none`.
    #[error("unknown observation kind {0:?}; expected bool, packed or none")]
    BadObsKind(String),
    /// A step, a draw of actions or a restore before the first reset.
    #[error("the environments have not been reset yet; call reset first")]
    NotReset,
    /// A partial reset (`reset_mask`) before the first full reset.
    #[error("a partial reset (reset_mask) needs the environments reset first; call reset without a mask")]
    PartialBeforeReset,
    /// An environment index past the last environment.
    #[error("environment {env} does not exist; there are {num_envs}")]
    NoSuchEnv {
        /// The index given.
        env: usize,
        /// The number of environments.
        num_envs: usize,
    },
    /// A game restored into an environment that plays another game.
    #[error("environment {env}: the state is a game of {game}{}; this environment plays {expected}", if *.same_rules { " from another setup (stones or first player)" } else { "" })]
    OtherGame {
        /// The environment's index.
        env: usize,
        /// The restored game's rules and board.
        game: String,
        /// The environment's rules and board.
        expected: String,
        /// Whether the rules and board are the same and the setups differ otherwise.
        same_rules: bool,
    },
    /// A buffer or the action array has the wrong length.
    #[error("{name} has {got} entries; this environment needs {expected}")]
    Length {
        /// Which buffer (`actions`, `obs`, `legal_mask`, ...).
        name: &'static str,
        /// Its length.
        got: usize,
        /// The length it must have.
        expected: usize,
    },
    /// An action is not an action of this board (the points, then pass).
    #[error("environment {env}: action {action} is out of range; the actions are 0 to {last} (the points, then {last} for pass)")]
    ActionOutOfRange {
        /// The environment's index.
        env: usize,
        /// The action given (wide enough for any integer array's values, signed or not).
        action: i128,
        /// The last action (pass).
        last: usize,
    },
    /// An action the rules refuse, with `illegal = raise`.
    #[error("environment {env}: {error}")]
    Illegal {
        /// The environment's index.
        env: usize,
        /// The engine's refusal (colour, move and reason).
        error: PlayError,
    },
    /// The engine refused a move its own legal mask allowed: a bug in the rules.
    #[error("internal error: environment {env}: {error}, though the legal mask allowed it")]
    Internal {
        /// The environment's index.
        env: usize,
        /// The engine's refusal.
        error: PlayError,
    },
}

/// `bytes` in the largest unit that keeps a number of at least 1 (`1.3 TB`, `20.5 GB`).
fn human_bytes(bytes: u128) -> String {
    const UNITS: [&str; 6] = ["B", "kB", "MB", "GB", "TB", "PB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < UNITS.len() {
        value /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_in_their_unit() {
        assert_eq!(human_bytes(512), "512 B");
        assert_eq!(human_bytes(1_300_000_000_000), "1.3 TB");
        assert_eq!(human_bytes(20_500_000_000), "20.5 GB");
    }
}
