//! The batch of one position type: its environments ([`Slot`]), one environment's reset and
//! step, and the split of the batch over threads.
//!
//! Generic over the family's concrete position type ([`PlayoutPosition`]: the family's own
//! type, found once by the facade's `VariantPosition`, or `Box<dyn Position>` for a family the
//! facade does not compose), so that the family is dispatched once per batch; inside an environment's step
//! the rules are the engine's own (`legal_moves_as`, `play`, `outcome`), called once per
//! step, never per point.

use goishi::playout::move_cap;
use goishi::{Color, LegalCache, Move, PlayError, PlayoutPosition};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::planes;
use crate::{EnvError, Illegal, ObsKind};
use goishi_play::pool::Pool;

/// One environment: its game, its stone history, its legal actions and its random stream.
#[derive(Debug)]
pub(crate) struct Slot<P> {
    pub(crate) position: P,
    /// Each point's stones of the last positions, for the planes.
    stones: planes::History,
    /// Bit `a`: action `a` is legal now (all clear once the environment is done: its mask
    /// row is then all ones, any action being ignored).
    legal: Vec<u64>,
    /// The number of legal actions (the bits of `legal`).
    legal_count: usize,
    /// What the engine keeps of its last judgement of the legal actions, so that a step
    /// judges again only what its move changed.
    cache: LegalCache,
    /// Moves since the last reset.
    moves: usize,
    /// The game ended (or was truncated) at the last step: the next step resets it.
    done: bool,
    /// This environment's random stream (for [`Slot::sample`]).
    pub(crate) rng: ChaCha8Rng,
}

/// What every environment of a batch shares: the starting position and the settings.
#[derive(Debug)]
pub(crate) struct Shared<P> {
    pub(crate) start: P,
    pub(crate) points: usize,
    pub(crate) history: usize,
    pub(crate) keep: u32,
    pub(crate) obs: ObsKind,
    pub(crate) obs_bytes: usize,
    pub(crate) max_moves: usize,
    pub(crate) illegal: Illegal,
    /// The planes of each player's capture count ([`planes::count_bits`]; 0 for none).
    pub(crate) count_bits: usize,
    /// The threads a step runs on.
    pub(crate) pool: Pool,
}

impl<P> Shared<P> {
    /// The same settings with the start position `start`.
    pub(crate) fn with_start<Q>(self, start: Q) -> Shared<Q> {
        Shared {
            start,
            points: self.points,
            history: self.history,
            keep: self.keep,
            obs: self.obs,
            obs_bytes: self.obs_bytes,
            max_moves: self.max_moves,
            illegal: self.illegal,
            count_bits: self.count_bits,
            pool: self.pool,
        }
    }

    /// The number of actions: the points, then pass.
    pub(crate) fn actions(&self) -> usize {
        self.points + 1
    }
}

/// The caller's buffers, for a run of consecutive environments.
#[derive(Debug)]
pub struct Buffers<'a> {
    /// The observations: `num_envs x obs_bytes` bytes (empty with no observation).
    pub obs: &'a mut [u8],
    /// The legal actions: `num_envs x num_actions`, 1 for a legal action, else 0 (numpy's
    /// `bool` layout); all 1 in the row of an environment that is done.
    pub mask: &'a mut [u8],
    /// The reward of the player who made the last move.
    pub rewards: &'a mut [f32],
    /// Whether the rules ended the game (or the mover lost by an illegal action).
    pub terminations: &'a mut [bool],
    /// Whether the game reached `max_moves`.
    pub truncations: &'a mut [bool],
}

impl<'a> Buffers<'a> {
    /// Splits off the buffers of the first `n` environments.
    fn split(self, n: usize, obs_bytes: usize, actions: usize) -> (Buffers<'a>, Buffers<'a>) {
        let (obs_a, obs_b) = self.obs.split_at_mut(n * obs_bytes);
        let (mask_a, mask_b) = self.mask.split_at_mut(n * actions);
        let (rew_a, rew_b) = self.rewards.split_at_mut(n);
        let (term_a, term_b) = self.terminations.split_at_mut(n);
        let (trunc_a, trunc_b) = self.truncations.split_at_mut(n);
        (
            Buffers {
                obs: obs_a,
                mask: mask_a,
                rewards: rew_a,
                terminations: term_a,
                truncations: trunc_a,
            },
            Buffers {
                obs: obs_b,
                mask: mask_b,
                rewards: rew_b,
                terminations: term_b,
                truncations: trunc_b,
            },
        )
    }
}

/// Thread-local scratch space of a chunk of environments.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    moves: Vec<Move>,
    error: Option<EnvError>,
}

impl Scratch {
    /// The list of moves a position's queries reuse.
    pub(crate) fn moves_mut(&mut self) -> &mut Vec<Move> {
        &mut self.moves
    }
}

impl<P: PlayoutPosition> Slot<P> {
    /// A new environment at the start of its game, its random stream `index` of `seed`.
    pub(crate) fn new(shared: &Shared<P>, seed: u64, index: usize) -> Slot<P> {
        let words = shared.actions().div_ceil(64);
        let mut position = shared.start.clone();
        // The records of a whole game at once (3 x points at most: a larger `max_moves`
        // grows them as usual), so that no environment leaves grown-out blocks behind.
        position.reserve_moves(shared.max_moves.min(move_cap(shared.points)));
        Slot {
            position,
            stones: planes::History::new(shared.points, shared.history),
            legal: vec![0; words],
            legal_count: 0,
            cache: LegalCache::default(),
            moves: 0,
            done: false,
            rng: stream(seed, index),
        }
    }

    /// Whether `action` is legal now.
    #[inline]
    fn is_legal(&self, action: u32) -> bool {
        let a = action as usize;
        self.legal
            .get(a / 64)
            .is_some_and(|w| w >> (a % 64) & 1 == 1)
    }

    /// Whether the next step resets this environment.
    pub(crate) fn is_done(&self) -> bool {
        self.done
    }

    /// Checks `action` for a step under `illegal = raise`: an environment that the step
    /// resets ignores its action.
    pub(crate) fn check(
        &self,
        shared: &Shared<P>,
        env: usize,
        action: u32,
    ) -> Result<(), EnvError> {
        if self.done || self.is_legal(action) {
            return Ok(());
        }
        let mv = Move::from_action(action as usize, shared.points);
        let position = self.position.as_position();
        let color = position.side_to_move();
        let reason = position
            .check_move(color, mv)
            .err()
            .unwrap_or(goishi::IllegalMove::GameOver);
        Err(EnvError::Illegal {
            env,
            error: PlayError::new(position.geometry(), color, mv, reason),
        })
    }

    /// Starts the game again: the start position, no move, the stone history of the start.
    fn restart(&mut self, shared: &Shared<P>) {
        self.position.restart(&shared.start);
        self.cache.clear();
        self.moves = 0;
        self.done = false;
        self.stones
            .start(self.position.as_position().board().cells());
    }

    /// Starts the game again and writes its first observation.
    fn reset(&mut self, shared: &Shared<P>, out: Env<'_>, scratch: &mut Vec<Move>) {
        self.restart(shared);
        *out.reward = 0.0;
        *out.termination = false;
        *out.truncation = false;
        self.observe(shared, out.obs, out.mask, scratch);
    }

    /// Makes this environment's game `position`'s: the start again, then `position`'s
    /// moves replayed one by one (the stone history of the planes, the repetition state and
    /// the count of moves since the reset as if the environment had played them), and writes
    /// its observation and mask. `position` has the batch's setup (checked by the caller).
    /// An environment whose restored game is over is done: the next step resets it.
    fn restore(
        &mut self,
        shared: &Shared<P>,
        env: usize,
        position: &dyn goishi::Position,
        out: Env<'_>,
        scratch: &mut Vec<Move>,
    ) -> Result<(), EnvError> {
        self.restart(shared);
        for turn in position.history() {
            if !self.position.play(turn.color, turn.mv) {
                let reason = self
                    .position
                    .as_position()
                    .check_move(turn.color, turn.mv)
                    .err()
                    .unwrap_or(goishi::IllegalMove::GameOver);
                // Leave the environment at its start rather than half-way.
                self.position.restart(&shared.start);
                self.cache.clear();
                self.stones
                    .start(self.position.as_position().board().cells());
                return Err(EnvError::Internal {
                    env,
                    error: PlayError::new(position.geometry(), turn.color, turn.mv, reason),
                });
            }
            self.moves += 1;
            self.stones
                .push(self.position.as_position().board().cells(), shared.keep);
        }
        self.done = self.position.is_over();
        *out.reward = 0.0;
        *out.termination = self.done;
        *out.truncation = false;
        self.observe(shared, out.obs, out.mask, scratch);
        Ok(())
    }

    /// One step: the reset of an environment that ended at the last step, else `action`.
    fn step(
        &mut self,
        shared: &Shared<P>,
        env: usize,
        action: u32,
        out: Env<'_>,
        scratch: &mut Vec<Move>,
    ) -> Result<(), EnvError> {
        if self.done {
            self.reset(shared, out, scratch);
            return Ok(());
        }
        let mover = self.position.side_to_move();
        let mut reward = 0.0;
        let mut terminated = false;
        if self.is_legal(action) {
            let mv = Move::from_action(action as usize, shared.points);
            if !self.position.play(mover, mv) {
                let position = self.position.as_position();
                let reason = position
                    .check_move(mover, mv)
                    .err()
                    .unwrap_or(goishi::IllegalMove::GameOver);
                return Err(EnvError::Internal {
                    env,
                    error: PlayError::new(position.geometry(), mover, mv, reason),
                });
            }
            self.moves += 1;
            let position = self.position.as_position();
            if shared.obs != ObsKind::None {
                // The stone history is read by the planes alone.
                self.stones.push(position.board().cells(), shared.keep);
            }
            if let Some(result) = position.outcome() {
                terminated = true;
                reward = match result.winner() {
                    Some(w) if w == mover => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                };
            }
        } else {
            // `illegal = lose` (`raise` checked every action before the step): the mover
            // loses, the position stays as it was.
            debug_assert_eq!(shared.illegal, Illegal::Lose);
            terminated = true;
            reward = -1.0;
        }
        let truncated = !terminated && self.moves >= shared.max_moves;
        self.done = terminated || truncated;
        *out.reward = reward;
        *out.termination = terminated;
        *out.truncation = truncated;
        self.observe(shared, out.obs, out.mask, scratch);
        Ok(())
    }

    /// Writes the observation and the legal mask of the position now. An environment that
    /// is done has no legal action of its own, and its mask row is all ones (pgx's
    /// convention: the next step ignores its action, so any is allowed, and a masked sampler
    /// never meets an empty row).
    fn observe(
        &mut self,
        shared: &Shared<P>,
        obs: &mut [u8],
        mask: &mut [u8],
        scratch: &mut Vec<Move>,
    ) {
        let position = self.position.as_position();
        let mover = position.side_to_move();
        let white_to_move = mover == Color::White;
        let counts = if shared.count_bits == 0 || shared.obs == ObsKind::None {
            planes::Counts::NONE
        } else {
            planes::Counts::of(position, mover)
        };
        self.stones
            .write(shared.obs, obs, shared.history, white_to_move, &counts);
        if self.done {
            self.legal.fill(0);
            self.legal_count = 0;
            mask.fill(1);
        } else {
            self.legal_count =
                position.legal_action_bits_cached(&mut self.cache, &mut self.legal, scratch);
            goishi::write_mask(mask, &self.legal);
        }
    }

    /// A uniformly random legal action from this environment's stream (pass, ignored, for
    /// an environment that the next step resets).
    fn sample(&mut self, shared: &Shared<P>) -> u32 {
        if self.legal_count == 0 {
            return shared.points as u32;
        }
        let mut k = self.rng.random_range(0..self.legal_count);
        for (w, &word) in self.legal.iter().enumerate() {
            let ones = word.count_ones() as usize;
            if k < ones {
                let mut bits = word;
                for _ in 0..k {
                    bits &= bits - 1;
                }
                return (64 * w + bits.trailing_zeros() as usize) as u32;
            }
            k -= ones;
        }
        // Not reached: `legal_count` counts the bits of `legal`.
        shared.points as u32
    }
}

/// Random stream `index` of `seed`: ChaCha8 seeded with `seed`, on stream `index` (as the
/// self-play games of `goishi-play` are).
pub(crate) fn stream(seed: u64, index: usize) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index as u64);
    rng
}

/// One environment's part of the buffers.
struct Env<'a> {
    obs: &'a mut [u8],
    mask: &'a mut [u8],
    reward: &'a mut f32,
    termination: &'a mut bool,
    truncation: &'a mut bool,
}

/// What a pass over the batch does to each environment.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Work<'a> {
    /// Reset every environment, or those whose entry is true.
    Reset(Option<&'a [bool]>),
    /// Step each with its action.
    Step(&'a [u32]),
}

/// Runs `work` over consecutive environments, the first of which is number `first`.
fn run_chunk<P: PlayoutPosition>(
    shared: &Shared<P>,
    slots: &mut [Slot<P>],
    first: usize,
    work: Work<'_>,
    buffers: Buffers<'_>,
    moves: &mut Vec<Move>,
) -> Result<(), EnvError> {
    let obs_bytes = shared.obs_bytes;
    let actions = shared.actions();
    let mut obs = buffers.obs.chunks_exact_mut(obs_bytes.max(1));
    let masks = buffers.mask.chunks_exact_mut(actions);
    let rows = masks
        .zip(buffers.rewards.iter_mut())
        .zip(buffers.terminations.iter_mut())
        .zip(buffers.truncations.iter_mut());
    for (i, (slot, (((mask, reward), termination), truncation))) in
        slots.iter_mut().zip(rows).enumerate()
    {
        let out = Env {
            obs: if obs_bytes == 0 {
                &mut []
            } else {
                obs.next().unwrap_or(&mut [])
            },
            mask,
            reward,
            termination,
            truncation,
        };
        match work {
            Work::Reset(None) => slot.reset(shared, out, moves),
            Work::Reset(Some(m)) => {
                if m[first + i] {
                    slot.reset(shared, out, moves);
                }
            }
            Work::Step(a) => slot.step(shared, first + i, a[first + i], out, moves)?,
        }
    }
    Ok(())
}

/// Runs `work` over the whole batch, split into `scratch.len()` consecutive chunks, one a
/// thread of the batch's pool. Each environment's result depends on its own
/// state only, so the split changes nothing but the time.
pub(crate) fn run<P: PlayoutPosition>(
    shared: &Shared<P>,
    slots: &mut [Slot<P>],
    work: Work<'_>,
    buffers: Buffers<'_>,
    scratch: &mut [Scratch],
) -> Result<(), EnvError> {
    let threads = scratch.len().min(slots.len()).max(1);
    if threads == 1 {
        return run_chunk(shared, slots, 0, work, buffers, &mut scratch[0].moves);
    }
    let per = slots.len().div_ceil(threads);
    shared.pool.scope(|s| {
        let mut rest_slots = slots;
        let mut rest_buffers = buffers;
        let mut first = 0;
        let mut chunks = scratch.iter_mut().peekable();
        while let Some(sc) = chunks.next() {
            let n = per.min(rest_slots.len());
            let (mine, others) = rest_slots.split_at_mut(n);
            let (buf, other_buffers) = rest_buffers.split(n, shared.obs_bytes, shared.actions());
            rest_slots = others;
            rest_buffers = other_buffers;
            let start = first;
            first += n;
            if chunks.peek().is_none() || rest_slots.is_empty() {
                sc.error = run_chunk(shared, mine, start, work, buf, &mut sc.moves).err();
                break;
            }
            s.spawn(move || {
                sc.error = run_chunk(shared, mine, start, work, buf, &mut sc.moves).err();
            });
        }
    });
    // The first failing environment's error (a chunk stops at its first).
    scratch
        .iter_mut()
        .find_map(|sc| sc.error.take())
        .map_or(Ok(()), Err)
}

/// Restores environment `env` to `position` ([`Slot::restore`]), writing its rows of
/// `buffers` (the whole batch's).
pub(crate) fn restore<P: PlayoutPosition>(
    shared: &Shared<P>,
    slots: &mut [Slot<P>],
    env: usize,
    position: &dyn goishi::Position,
    buffers: Buffers<'_>,
    moves: &mut Vec<Move>,
) -> Result<(), EnvError> {
    let (bytes, actions) = (shared.obs_bytes, shared.actions());
    let out = Env {
        obs: &mut buffers.obs[env * bytes..(env + 1) * bytes],
        mask: &mut buffers.mask[env * actions..(env + 1) * actions],
        reward: &mut buffers.rewards[env],
        termination: &mut buffers.terminations[env],
        truncation: &mut buffers.truncations[env],
    };
    slots[env].restore(shared, env, position, out, moves)
}

/// Draws a random legal action for every environment into `out`, each from its own stream.
pub(crate) fn sample<P: PlayoutPosition>(
    shared: &Shared<P>,
    slots: &mut [Slot<P>],
    out: &mut [u32],
) {
    for (slot, a) in slots.iter_mut().zip(out.iter_mut()) {
        *a = slot.sample(shared);
    }
}
