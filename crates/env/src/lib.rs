//! A batched environment of goishi games for reinforcement learning: `N` games of one
//! variant, reset and stepped together into buffers the caller allocated once.
//!
//! [`VecEnv`] holds the games; [`VecEnv::reset`] and [`VecEnv::step`] write into
//! [`Buffers`]:
//!
//! - the observation, the AlphaGo Zero planes of every environment (see [`planes`]): for
//!   each point, the mover's stones and the opponent's over the last `history` positions
//!   (channel `2k` and `2k + 1` are `k` positions ago; positions before the start are
//!   empty), then a channel of ones when White is to move, then, where the variant's end
//!   depends on the capture counts, their constant channels ([`planes::Counts`]). On a
//!   rectangle the planes of one environment have the shape `(H, W, planes)` (row 0 is the
//!   row of A1), on a torus, hex or graph board `(points, planes)` in point order. One byte (0 or 1)
//!   a plane and point, or bit-packed in `numpy.packbits` order ([`ObsKind::Packed`]);
//! - the legal mask, `num_envs x (points + 1)`: every rule of the variant, superko included,
//!   the points in point order, then pass; all true once an environment is done (pgx's
//!   convention: the next step resets it and ignores its action, so any action is allowed,
//!   and a sampler over the mask never meets an empty row);
//! - the rewards: +1, -1 or 0 for the player who made the last move when the rules end the
//!   game (by the variant's own result), -1 when it loses by an illegal action under
//!   [`Illegal::Lose`], 0 otherwise (a truncated game included);
//! - the terminations (the rules ended the game, or an illegal action lost it) and the
//!   truncations (`max_moves` moves since the reset, 3 x points by default).
//!
//! [`VecEnv::reset_with`] resets some environments only (Gymnasium's partial reset) with a
//! seed for each ([`Seeds`]); [`VecEnv::set_position`] restores a game into one environment
//! by replaying its moves (a search branching from a position, a replay buffer).
//!
//! Autoreset follows Gymnasium 1.x's next-step mode: the step that ends a game reports its
//! final observation, reward and flags; the next step ignores that environment's action,
//! resets it and reports its first observation with reward 0 and both flags false.
//!
//! Every rule is the engine's: the batch is generic over the family's concrete position type
//! (`GoPosition`, `CapturePosition`, `ContactPosition`, or a boxed `Position` for any other
//! variant), dispatched once per batch. A step allocates nothing per environment once the
//! games' buffers have grown (contact capture's reset copies its history table).
//!
//! **Threads and seeds.** The environments are split into `threads` runs of consecutive
//! environments, each stepped by one of `threads` OS threads that the batch starts once and
//! keeps (the calling thread waits for them; one thread: the calling thread alone). An environment's step depends on its own state and action only, and
//! environment `i` draws its random actions ([`VecEnv::sample_actions`]) from its own
//! stream: ChaCha8 seeded with the seed, on stream `i`. So the same seed and actions give
//! the same results whatever the number of threads.
//!
//! **Bad input.** A configuration that gives no game, zero environments, a batch that would
//! not fit in memory (checked before anything is allocated), buffers of the wrong length, an
//! action out of range, or an illegal action under [`Illegal::Raise`]: each is an
//! [`EnvError`] that names what was wrong, and a step that fails changes no environment (every
//! action is checked before any is played).

#![deny(missing_docs)]

mod batch;
mod error;
pub mod planes;
mod search;

use std::str::FromStr;

use goishi::{Geometry, PlayoutPosition, Position, PositionVisitor, Rules, VariantPosition};
use goishi_play::pool::Pool;

pub use batch::Buffers;
use batch::{Scratch, Shared, Slot, Work};
pub use error::EnvError;
pub use search::{EnvSearch, History, PlanesEncoder};

/// Buffers of the right lengths for one [`VecEnv`], owned (for callers without buffers of
/// their own, such as the examples and tests; the Python binding uses numpy arrays):
/// [`OwnedBuffers::buffers`] lends them to [`VecEnv::reset`] and [`VecEnv::step`].
#[derive(Clone, Debug, PartialEq)]
pub struct OwnedBuffers {
    /// See [`Buffers::obs`].
    pub obs: Vec<u8>,
    /// See [`Buffers::mask`].
    pub mask: Vec<u8>,
    /// See [`Buffers::rewards`].
    pub rewards: Vec<f32>,
    /// See [`Buffers::terminations`].
    pub terminations: Vec<bool>,
    /// See [`Buffers::truncations`].
    pub truncations: Vec<bool>,
}

impl OwnedBuffers {
    /// Zeroed buffers of the lengths `env` needs.
    pub fn new(env: &VecEnv) -> OwnedBuffers {
        let n = env.num_envs();
        OwnedBuffers {
            obs: vec![0; n * env.obs_bytes()],
            mask: vec![0; n * env.num_actions()],
            rewards: vec![0.0; n],
            terminations: vec![false; n],
            truncations: vec![false; n],
        }
    }

    /// The buffers, lent for one reset or step.
    pub fn buffers(&mut self) -> Buffers<'_> {
        Buffers {
            obs: &mut self.obs,
            mask: &mut self.mask,
            rewards: &mut self.rewards,
            terminations: &mut self.terminations,
            truncations: &mut self.truncations,
        }
    }
}

/// What a step does with an illegal action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Illegal {
    /// The step fails with [`EnvError::Illegal`], naming the environment; no environment
    /// changes.
    #[default]
    Raise,
    /// The mover loses that game: reward -1, terminated, the position unchanged (as pgx does).
    Lose,
}

impl FromStr for Illegal {
    type Err = EnvError;

    /// `raise` or `lose`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "raise" => Ok(Illegal::Raise),
            "lose" => Ok(Illegal::Lose),
            _ => Err(EnvError::BadIllegalMode(s.to_owned())),
        }
    }
}

/// How the observation is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ObsKind {
    /// One byte (0 or 1) a plane and point: numpy's `bool` layout.
    #[default]
    Bool,
    /// Eight planes' bits a byte, in `numpy.packbits` order over one environment's planes.
    Packed,
    /// No observation (the mask, rewards and flags only).
    None,
}

impl FromStr for ObsKind {
    type Err = EnvError;

    /// `bool`, `packed` or `none`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "bool" => Ok(ObsKind::Bool),
            "packed" => Ok(ObsKind::Packed),
            "none" => Ok(ObsKind::None),
            _ => Err(EnvError::BadObsKind(s.to_owned())),
        }
    }
}

/// The seeds of a reset ([`VecEnv::reset_with`]): environment `i`'s random stream restarts
/// as stream `i` of its seed, so `All(s)` and `Each` with `Some(s)` for every environment are
/// the same.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Seeds<'a> {
    /// Every environment keeps its stream.
    #[default]
    Keep,
    /// One seed for every environment (reset).
    All(u64),
    /// A seed for each environment, `None` to keep its stream: `num_envs` entries.
    Each(&'a [Option<u64>]),
}

/// The most OS threads a step may run on (as many as the tree search allows): a batch
/// keeps its threads for its life, and the OS may refuse thousands.
pub const MAX_THREADS: usize = 256;

/// The settings of a batch.
#[derive(Clone, Debug)]
pub struct EnvConfig {
    /// The variant and its options.
    pub rules: Rules,
    /// The board size, `(width, height)`; `None` for the rules' `size=` or the variant's
    /// default.
    pub size: Option<(u32, u32)>,
    /// The number of games.
    pub num_envs: usize,
    /// The positions the observation keeps, at most [`planes::MAX_HISTORY`] (0 is read as
    /// 1: the current position only, see [`planes::positions`]).
    pub history: usize,
    /// The OS threads a step uses (at most [`MAX_THREADS`]); 0 for the machine's cores.
    pub threads: usize,
    /// The seed of the environments' random streams.
    pub seed: u64,
    /// The moves after which a game is truncated; `None` for 3 x the points.
    pub max_moves: Option<usize>,
    /// What an illegal action does.
    pub illegal: Illegal,
    /// How the observation is written.
    pub obs: ObsKind,
    /// The bytes the batch may take; `None` for the memory the system has available.
    pub memory_limit: Option<u64>,
}

impl EnvConfig {
    /// `num_envs` games of `rules` at their default size, history 8, one thread a core,
    /// seed 0, the default truncation, illegal actions raising, bool planes.
    pub fn new(rules: Rules, num_envs: usize) -> EnvConfig {
        EnvConfig {
            rules,
            size: None,
            num_envs,
            history: 8,
            threads: 0,
            seed: 0,
            max_moves: None,
            illegal: Illegal::Raise,
            obs: ObsKind::Bool,
            memory_limit: None,
        }
    }
}

/// The environments of one position type.
#[derive(Debug)]
struct Batch<P> {
    shared: Shared<P>,
    slots: Vec<Slot<P>>,
}

/// A [`Batch`] of any position type, behind one object-safe trait: the one dispatch of a
/// call (a step, a reset), never one per environment or move.
trait Envs: std::fmt::Debug + Send + Sync {
    fn as_any(&self) -> &dyn std::any::Any;
    fn make_search(
        &self,
        config: goishi_play::batched::BatchedConfig,
    ) -> Result<Box<dyn search::Searches>, goishi_play::batched::BatchedError>;
    fn position(&self, i: usize) -> Option<&dyn Position>;
    fn is_done(&self, i: usize) -> Option<bool>;
    fn reset(
        &mut self,
        seeds: Seeds<'_>,
        only: Option<&[bool]>,
        buffers: Buffers<'_>,
        scratch: &mut [Scratch],
    ) -> Result<(), EnvError>;
    fn restore(
        &mut self,
        env: usize,
        position: &dyn Position,
        buffers: Buffers<'_>,
        scratch: &mut Scratch,
    ) -> Result<(), EnvError>;
    fn step(
        &mut self,
        actions: &[u32],
        buffers: Buffers<'_>,
        scratch: &mut [Scratch],
    ) -> Result<(), EnvError>;
    fn sample(&mut self, out: &mut [u32]);
}

impl<P: PlayoutPosition> Envs for Batch<P> {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn make_search(
        &self,
        config: goishi_play::batched::BatchedConfig,
    ) -> Result<Box<dyn search::Searches>, goishi_play::batched::BatchedError> {
        search::make(self, config)
    }

    fn position(&self, i: usize) -> Option<&dyn Position> {
        self.slots.get(i).map(|s| s.position.as_position())
    }

    fn is_done(&self, i: usize) -> Option<bool> {
        self.slots.get(i).map(|s| s.is_done())
    }

    fn reset(
        &mut self,
        seeds: Seeds<'_>,
        only: Option<&[bool]>,
        buffers: Buffers<'_>,
        scratch: &mut [Scratch],
    ) -> Result<(), EnvError> {
        for (i, slot) in self.slots.iter_mut().enumerate() {
            if only.is_some_and(|m| !m[i]) {
                continue;
            }
            let seed = match seeds {
                Seeds::Keep => None,
                Seeds::All(seed) => Some(seed),
                Seeds::Each(each) => each[i],
            };
            if let Some(seed) = seed {
                slot.rng = batch::stream(seed, i);
            }
        }
        batch::run(
            &self.shared,
            &mut self.slots,
            Work::Reset(only),
            buffers,
            scratch,
        )
    }

    fn restore(
        &mut self,
        env: usize,
        position: &dyn Position,
        buffers: Buffers<'_>,
        scratch: &mut Scratch,
    ) -> Result<(), EnvError> {
        batch::restore(
            &self.shared,
            &mut self.slots,
            env,
            position,
            buffers,
            scratch.moves_mut(),
        )
    }

    fn step(
        &mut self,
        actions: &[u32],
        buffers: Buffers<'_>,
        scratch: &mut [Scratch],
    ) -> Result<(), EnvError> {
        if self.shared.illegal == Illegal::Raise {
            for (env, (slot, &a)) in self.slots.iter().zip(actions).enumerate() {
                slot.check(&self.shared, env, a)?;
            }
        }
        batch::run(
            &self.shared,
            &mut self.slots,
            Work::Step(actions),
            buffers,
            scratch,
        )
    }

    fn sample(&mut self, out: &mut [u32]) {
        batch::sample(&self.shared, &mut self.slots, out);
    }
}

/// Makes the batch of a start position, of its concrete type.
struct MakeBatch {
    shared: Shared<()>,
    num_envs: usize,
    seed: u64,
}

impl PositionVisitor for MakeBatch {
    type Output = Box<dyn Envs>;

    fn visit<P: PlayoutPosition>(self, position: &P) -> Box<dyn Envs> {
        let shared = self.shared.with_start(position.clone());
        Box::new(Batch::new(shared, self.num_envs, self.seed))
    }
}

/// `N` games of one variant, stepped together (see the crate's documentation).
#[derive(Debug)]
pub struct VecEnv {
    batch: Box<dyn Envs>,
    scratch: Vec<Scratch>,
    geometry: Geometry,
    num_envs: usize,
    history: usize,
    /// The planes of an observation ([`planes::channels`]).
    channels: usize,
    obs: ObsKind,
    obs_bytes: usize,
    reset_done: bool,
    /// The setup every game starts from (what a restored game must have started from).
    setup: goishi::Setup,
}

/// The bytes the system has available (Linux's `MemAvailable`), else 16 GiB.
fn available_memory() -> u64 {
    let from_proc = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|l| l.strip_prefix("MemAvailable:"))
                .and_then(|rest| {
                    rest.trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<u64>()
                        .ok()
                })
                .map(|kb| kb * 1024)
        });
    from_proc.unwrap_or(16 << 30)
}

impl<P: PlayoutPosition> Batch<P> {
    fn new(shared: Shared<P>, num_envs: usize, seed: u64) -> Batch<P> {
        let slots = (0..num_envs).map(|i| Slot::new(&shared, seed, i)).collect();
        Batch { shared, slots }
    }
}

impl VecEnv {
    /// Builds `config.num_envs` games at their start (call [`VecEnv::reset`] before the first
    /// step), after checking that they fit in memory.
    pub fn new(config: EnvConfig) -> Result<VecEnv, EnvError> {
        if config.num_envs == 0 {
            return Err(EnvError::NoEnvs);
        }
        let history = planes::positions(config.history)?;
        let start = config
            .rules
            .new_game(config.size)
            .map_err(EnvError::Setup)?;
        let geometry = start.geometry().clone();
        let setup = start.setup().clone();
        let points = geometry.num_points();
        let count_bits = planes::count_bits(start.capture_goal());
        let channels = planes::channels(history, count_bits);
        let obs_bytes = planes::obs_bytes(points, channels, config.obs);
        let max_moves = config
            .max_moves
            .unwrap_or_else(|| goishi::playout::move_cap(points));
        // From above: the caller's buffers, the stone history and mask bits, and a game's
        // tables and records (the Go engine's take about 60 bytes a point and 30 a move).
        let per_env = obs_bytes as u128
            + (points as u128 + 1) * (1 + 8 + 1)
            + 16
            + 128 * points as u128
            + 64 * max_moves.min(1 << 20) as u128
            + 4096;
        let needed = per_env * config.num_envs as u128;
        let limit = u128::from(config.memory_limit.unwrap_or_else(available_memory));
        if needed > limit {
            return Err(EnvError::TooLarge {
                num_envs: config.num_envs,
                board: geometry.describe(),
                needed,
                limit,
            });
        }
        let threads = match config.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            t if t > MAX_THREADS => {
                return Err(EnvError::TooManyThreads {
                    threads: t,
                    max: MAX_THREADS,
                })
            }
            t => t,
        }
        .min(config.num_envs)
        .min(MAX_THREADS);
        let batch = VariantPosition::new(start).visit(MakeBatch {
            shared: Shared {
                start: (),
                points,
                history,
                keep: planes::keep_mask(history),
                obs: config.obs,
                obs_bytes,
                max_moves,
                illegal: config.illegal,
                count_bits,
                pool: Pool::new(threads, "goishi-env"),
            },
            num_envs: config.num_envs,
            seed: config.seed,
        });
        Ok(VecEnv {
            batch,
            scratch: (0..threads).map(|_| Scratch::default()).collect(),
            geometry,
            num_envs: config.num_envs,
            history,
            channels,
            obs: config.obs,
            obs_bytes,
            reset_done: false,
            setup,
        })
    }

    /// The number of environments.
    pub fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The number of points of the board.
    pub fn num_points(&self) -> usize {
        self.geometry.num_points()
    }

    /// The number of actions: the points, then pass.
    pub fn num_actions(&self) -> usize {
        self.num_points() + 1
    }

    /// The positions the observation keeps (at least 1).
    pub fn history(&self) -> usize {
        self.history
    }

    /// The planes of an observation: `2 * history + 1`, and the capture count planes of a
    /// variant whose end depends on the captures ([`planes::Counts`]).
    pub fn planes(&self) -> usize {
        self.channels
    }

    /// How the observation is written.
    pub fn obs_kind(&self) -> ObsKind {
        self.obs
    }

    /// The bytes of one environment's observation (0 with [`ObsKind::None`]).
    pub fn obs_bytes(&self) -> usize {
        self.obs_bytes
    }

    /// The shape of one environment's observation: `[H, W, planes]` on a rectangle,
    /// `[points, planes]` on another board, `[bytes]` packed, `[]` with none.
    pub fn obs_shape(&self) -> Vec<usize> {
        planes::shape(&self.geometry, self.channels, self.obs)
    }

    /// The number of threads a step uses.
    pub fn threads(&self) -> usize {
        self.scratch.len()
    }

    /// The game of environment `i` now.
    pub fn position(&self, i: usize) -> Option<&dyn Position> {
        self.batch.position(i)
    }

    /// Whether the next step resets environment `i` (its game ended at the last step).
    pub fn is_done(&self, i: usize) -> Option<bool> {
        self.batch.is_done(i)
    }

    fn check_buffers(&self, buffers: &Buffers<'_>) -> Result<(), EnvError> {
        let n = self.num_envs;
        let checks = [
            ("obs", buffers.obs.len(), n * self.obs_bytes),
            ("legal_mask", buffers.mask.len(), n * self.num_actions()),
            ("rewards", buffers.rewards.len(), n),
            ("terminations", buffers.terminations.len(), n),
            ("truncations", buffers.truncations.len(), n),
        ];
        match checks
            .into_iter()
            .find(|(_, got, expected)| got != expected)
        {
            Some((name, got, expected)) => Err(EnvError::Length {
                name,
                got,
                expected,
            }),
            None => Ok(()),
        }
    }

    /// Starts every game again and writes the first observations; with a seed, every
    /// environment's random stream starts again from it (stream `i` of the seed).
    pub fn reset(&mut self, seed: Option<u64>, buffers: Buffers<'_>) -> Result<(), EnvError> {
        let seeds = seed.map_or(Seeds::Keep, Seeds::All);
        self.reset_with(seeds, None, buffers)
    }

    /// Starts games again: every game with `only` `None`, else those whose entry of `only`
    /// (`num_envs` entries) is true (Gymnasium's partial reset, `reset_mask`), writing their
    /// rows of the buffers (observation, mask, reward 0, both flags false) and leaving every
    /// other environment and its rows as they were. The environments reset take their seeds
    /// from `seeds`; the others keep their streams. A partial reset needs a full one first
    /// ([`EnvError::PartialBeforeReset`]); a list of seeds or a mask of the wrong length is
    /// [`EnvError::Length`]. Nothing changes when it fails.
    pub fn reset_with(
        &mut self,
        seeds: Seeds<'_>,
        only: Option<&[bool]>,
        buffers: Buffers<'_>,
    ) -> Result<(), EnvError> {
        self.check_buffers(&buffers)?;
        if let Seeds::Each(each) = seeds {
            self.check_length("seed", each.len())?;
        }
        if let Some(only) = only {
            self.check_length("reset_mask", only.len())?;
            if !self.reset_done {
                return Err(EnvError::PartialBeforeReset);
            }
        }
        self.batch.reset(seeds, only, buffers, &mut self.scratch)?;
        if only.is_none() {
            self.reset_done = true;
        }
        Ok(())
    }

    /// Makes environment `env`'s game `position` (a game of this batch's rules and board,
    /// from its start: [`EnvError::OtherGame`] otherwise), as if the environment had played
    /// its moves since a reset: its moves are replayed, so the stone history of the planes,
    /// the repetition state (ko, superko) and the count of moves towards `max_moves` are
    /// those of the game. Writes that environment's rows of the buffers (its observation and
    /// legal mask, reward 0, terminated when the game is over, not truncated) and leaves the
    /// other environments as they were. An environment restored to a finished game is done:
    /// the next step resets it.
    pub fn set_position(
        &mut self,
        env: usize,
        position: &dyn Position,
        buffers: Buffers<'_>,
    ) -> Result<(), EnvError> {
        if env >= self.num_envs {
            return Err(EnvError::NoSuchEnv {
                env,
                num_envs: self.num_envs,
            });
        }
        if !self.reset_done {
            return Err(EnvError::NotReset);
        }
        self.check_buffers(&buffers)?;
        if position.setup() != &self.setup {
            let describe = |setup: &goishi::Setup| {
                format!("{} on {}", setup.rules, setup.board.geometry().describe())
            };
            let (game, expected) = (describe(position.setup()), describe(&self.setup));
            return Err(EnvError::OtherGame {
                env,
                same_rules: game == expected,
                game,
                expected,
            });
        }
        self.batch
            .restore(env, position, buffers, &mut self.scratch[0])
    }

    /// Checks `actions` (an integer array, numpy's `int64` say) and converts them into
    /// `out`: an action out of range is [`EnvError::ActionOutOfRange`].
    pub fn convert_actions<T: Copy + Into<i128>>(
        &self,
        actions: &[T],
        out: &mut [u32],
    ) -> Result<(), EnvError> {
        self.check_length("actions", actions.len())?;
        self.check_length("actions", out.len())?;
        let last = self.num_points();
        for (env, (&a, o)) in actions.iter().zip(out.iter_mut()).enumerate() {
            let a: i128 = a.into();
            *o = u32::try_from(a)
                .ok()
                .filter(|&a| a as usize <= last)
                .ok_or(EnvError::ActionOutOfRange {
                    env,
                    action: a,
                    last,
                })?;
        }
        Ok(())
    }

    fn check_length(&self, name: &'static str, got: usize) -> Result<(), EnvError> {
        if got == self.num_envs {
            Ok(())
        } else {
            Err(EnvError::Length {
                name,
                got,
                expected: self.num_envs,
            })
        }
    }

    /// Steps every environment: environment `i` plays `actions[i]` (a point index, or the
    /// number of points for pass), or resets if its game ended at the last step (its action
    /// ignored). Every action is checked first: a step that fails changes nothing.
    pub fn step(&mut self, actions: &[u32], buffers: Buffers<'_>) -> Result<(), EnvError> {
        if !self.reset_done {
            return Err(EnvError::NotReset);
        }
        self.check_length("actions", actions.len())?;
        self.check_buffers(&buffers)?;
        let last = self.num_points();
        if let Some((env, &a)) = actions.iter().enumerate().find(|(_, &a)| a as usize > last) {
            return Err(EnvError::ActionOutOfRange {
                env,
                action: i128::from(a),
                last,
            });
        }
        self.batch.step(actions, buffers, &mut self.scratch)
    }

    /// Draws a uniformly random legal action for every environment into `out`, environment
    /// `i` from its own random stream (pass for an environment the next step resets, whose
    /// action is ignored).
    pub fn sample_actions(&mut self, out: &mut [u32]) -> Result<(), EnvError> {
        self.check_length("actions", out.len())?;
        if !self.reset_done {
            return Err(EnvError::NotReset);
        }
        self.batch.sample(out);
        Ok(())
    }
}

/// The README's examples, run as doctests so that the page crates.io shows stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
