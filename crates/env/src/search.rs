//! The batched search of `goishi-play` over the games of a [`VecEnv`]: one tree a game, its
//! leaves written as the environment writes its observations (the same planes, with the
//! stone history of the walk down the tree, and the same masks), so that the network that
//! plays the environment evaluates the search's leaves ([`EnvSearch`], `goishi.BatchedSearch`
//! in Python).

use std::any::Any;

use goishi::{Color, PlayoutPosition, Turn};
use goishi_play::batched::{BatchedConfig, BatchedError, BatchedSearch, LeafEncoder};

use crate::batch::Shared;
use crate::{planes, Batch, EnvError, ObsKind, VecEnv};

/// The planes of the environment for a leaf: its settings, and the stone history carried
/// down a walk.
#[derive(Clone, Copy, Debug)]
pub struct PlanesEncoder {
    points: usize,
    history: usize,
    keep: u32,
    obs: ObsKind,
    obs_bytes: usize,
    count_bits: usize,
}

/// The stone history of a walk ([`planes`]: a word a point and colour), and scratch for
/// the root's.
#[derive(Clone, Debug, Default)]
pub struct History {
    black: Vec<u32>,
    white: Vec<u32>,
    turns: Vec<Turn>,
}

impl PlanesEncoder {
    fn of<P>(shared: &Shared<P>) -> PlanesEncoder {
        PlanesEncoder {
            points: shared.points,
            history: shared.history,
            keep: shared.keep,
            obs: shared.obs,
            obs_bytes: shared.obs_bytes,
            count_bits: shared.count_bits,
        }
    }
}

impl<P: PlayoutPosition> LeafEncoder<P> for PlanesEncoder {
    type State = History;

    fn obs_bytes(&self) -> usize {
        self.obs_bytes
    }

    /// The last `history` boards of the root: its moves taken back to the oldest kept, then
    /// played again (as `planes::write_position` reads them).
    fn root(&self, position: &mut P, state: &mut History) {
        state.black.resize(self.points, 0);
        state.white.resize(self.points, 0);
        if self.obs == ObsKind::None {
            return;
        }
        state.turns.clear();
        while state.turns.len() + 1 < self.history {
            match position.as_position_mut().undo() {
                Some(turn) => state.turns.push(turn),
                None => break,
            }
        }
        planes::start_board(
            position.as_position().board().cells(),
            &mut state.black,
            &mut state.white,
        );
        while let Some(turn) = state.turns.pop() {
            position.play(turn.color, turn.mv);
            planes::push_board(
                position.as_position().board().cells(),
                &mut state.black,
                &mut state.white,
                self.keep,
            );
        }
    }

    fn push(&self, position: &P, state: &mut History) {
        if self.obs != ObsKind::None {
            planes::push_board(
                position.as_position().board().cells(),
                &mut state.black,
                &mut state.white,
                self.keep,
            );
        }
    }

    fn write(&self, position: &P, state: &History, out: &mut [u8]) {
        let mover = position.side_to_move();
        let counts = if self.count_bits == 0 || self.obs == ObsKind::None {
            planes::Counts::NONE
        } else {
            planes::Counts::of(position.as_position(), mover)
        };
        let white = mover == Color::White;
        let (b, w, h) = (&state.black, &state.white, self.history);
        match self.obs {
            ObsKind::Bool => planes::write_bytes(out, b, w, h, white, &counts),
            ObsKind::Packed => planes::write_packed(out, b, w, h, white, &counts),
            ObsKind::None => {}
        }
    }
}

/// A [`BatchedSearch`] of any position type, behind one object-safe trait (one dispatch a
/// call).
pub(crate) trait Searches: std::fmt::Debug + Send {
    fn start(&mut self, batch: &dyn Any) -> Result<(), EnvError>;
    fn search(&self) -> &dyn SearchView;
    fn leaves(&mut self, obs: &mut [u8], mask: &mut [u8]) -> Result<usize, BatchedError>;
    fn expand(&mut self, logits: &[f32], values: &[f32]) -> Result<(), BatchedError>;
    fn policy(&mut self, out: &mut [f32]) -> Result<(), BatchedError>;
    fn actions(&mut self, out: &mut [u32]) -> Result<(), BatchedError>;
}

/// What the search answers without changing.
pub(crate) trait SearchView {
    fn done(&self) -> bool;
    fn leaf_games(&self) -> &[u32];
    fn values(&self, out: &mut [f32]) -> Result<(), BatchedError>;
    fn visits(&self, out: &mut [u32]) -> Result<(), BatchedError>;
    fn config(&self) -> &BatchedConfig;
    fn leaf_path(&self, k: usize, out: &mut Vec<u32>);
    fn pending(&self) -> bool;
}

impl<P: PlayoutPosition> SearchView for BatchedSearch<P, PlanesEncoder> {
    fn done(&self) -> bool {
        BatchedSearch::done(self)
    }

    fn leaf_games(&self) -> &[u32] {
        BatchedSearch::leaf_games(self)
    }

    fn values(&self, out: &mut [f32]) -> Result<(), BatchedError> {
        BatchedSearch::values(self, out)
    }

    fn visits(&self, out: &mut [u32]) -> Result<(), BatchedError> {
        BatchedSearch::visits(self, out)
    }

    fn config(&self) -> &BatchedConfig {
        BatchedSearch::config(self)
    }

    fn leaf_path(&self, k: usize, out: &mut Vec<u32>) {
        BatchedSearch::leaf_path(self, k, out);
    }

    fn pending(&self) -> bool {
        BatchedSearch::pending(self)
    }
}

impl<P: PlayoutPosition> Searches for BatchedSearch<P, PlanesEncoder> {
    fn start(&mut self, batch: &dyn Any) -> Result<(), EnvError> {
        let batch = batch
            .downcast_ref::<Batch<P>>()
            .ok_or(EnvError::OtherSearch)?;
        let roots: Vec<&P> = batch.slots.iter().map(|s| &s.position).collect();
        BatchedSearch::start(self, &roots).map_err(EnvError::Search)
    }

    fn search(&self) -> &dyn SearchView {
        self
    }

    fn leaves(&mut self, obs: &mut [u8], mask: &mut [u8]) -> Result<usize, BatchedError> {
        BatchedSearch::leaves(self, obs, mask)
    }

    fn expand(&mut self, logits: &[f32], values: &[f32]) -> Result<(), BatchedError> {
        BatchedSearch::expand(self, logits, values)
    }

    fn policy(&mut self, out: &mut [f32]) -> Result<(), BatchedError> {
        BatchedSearch::policy(self, out)
    }

    fn actions(&mut self, out: &mut [u32]) -> Result<(), BatchedError> {
        BatchedSearch::actions(self, out)
    }
}

/// Makes the search of a batch of its concrete type.
pub(crate) fn make<P: PlayoutPosition>(
    batch: &Batch<P>,
    config: BatchedConfig,
) -> Result<Box<dyn Searches>, BatchedError> {
    let encoder = PlanesEncoder::of(&batch.shared);
    let roots: Vec<&P> = batch.slots.iter().map(|s| &s.position).collect();
    let search = BatchedSearch::new(config, encoder, &roots)?;
    Ok(Box::new(search))
}

/// The batched search of a [`VecEnv`]'s games (see the module docs and
/// `goishi_play::batched`): [`EnvSearch::leaves`] writes the leaves' observations and masks
/// in the environment's layout (`obs_bytes` and `num_actions` a leaf), [`EnvSearch::expand`]
/// takes their evaluations, [`EnvSearch::start`] starts the next search from the
/// environments' games (after a step), keeping each game's subtree when its environment
/// played one move.
#[derive(Debug)]
pub struct EnvSearch {
    search: Box<dyn Searches>,
    num_games: usize,
    num_actions: usize,
    obs_bytes: usize,
    max_leaves: usize,
}

impl VecEnv {
    /// A batched search of this environment's games, started from their positions now (the
    /// environments must have been reset).
    ///
    /// # Errors
    ///
    /// The environments not reset; a setting out of range ([`EnvError::Search`]).
    pub fn search(&self, config: BatchedConfig) -> Result<EnvSearch, EnvError> {
        if !self.reset_done {
            return Err(EnvError::NotReset);
        }
        let search = self.batch.make_search(config).map_err(EnvError::Search)?;
        Ok(EnvSearch {
            search,
            num_games: self.num_envs(),
            num_actions: self.num_actions(),
            obs_bytes: self.obs_bytes(),
            max_leaves: self.num_envs() * config.leaves_per_game as usize,
        })
    }
}

impl EnvSearch {
    /// Starts the next search from `env`'s games (the environment the search was made of).
    ///
    /// # Errors
    ///
    /// Another environment's batch ([`EnvError::OtherSearch`]).
    pub fn start(&mut self, env: &VecEnv) -> Result<(), EnvError> {
        if env.num_envs() != self.num_games || env.num_actions() != self.num_actions {
            return Err(EnvError::OtherSearch);
        }
        self.search.start(env.batch.as_any())
    }

    /// The games.
    pub fn num_games(&self) -> usize {
        self.num_games
    }

    /// The actions a game.
    pub fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// Bytes of one leaf's observation (the environment's).
    pub fn obs_bytes(&self) -> usize {
        self.obs_bytes
    }

    /// The most leaves of a call.
    pub fn max_leaves(&self) -> usize {
        self.max_leaves
    }

    /// The settings.
    pub fn config(&self) -> &BatchedConfig {
        self.search.search().config()
    }

    /// Whether every game has its simulations.
    pub fn done(&self) -> bool {
        self.search.search().done()
    }

    /// Whether the last call's leaves wait for [`EnvSearch::expand`].
    pub fn pending(&self) -> bool {
        self.search.search().pending()
    }

    /// The games of the last call's leaves.
    pub fn leaf_games(&self) -> &[u32] {
        self.search.search().leaf_games()
    }

    /// The actions from its game's root to leaf `k` of the last call into `out`.
    pub fn leaf_path(&self, k: usize, out: &mut Vec<u32>) {
        self.search.search().leaf_path(k, out);
    }

    /// The next leaves (`goishi_play::batched::BatchedSearch::leaves`).
    ///
    /// # Errors
    ///
    /// As the search's.
    pub fn leaves(&mut self, obs: &mut [u8], mask: &mut [u8]) -> Result<usize, EnvError> {
        self.search.leaves(obs, mask).map_err(EnvError::Search)
    }

    /// The leaves' evaluations (`goishi_play::batched::BatchedSearch::expand`).
    ///
    /// # Errors
    ///
    /// As the search's.
    pub fn expand(&mut self, logits: &[f32], values: &[f32]) -> Result<(), EnvError> {
        self.search.expand(logits, values).map_err(EnvError::Search)
    }

    /// The policy, `num_games x num_actions`.
    ///
    /// # Errors
    ///
    /// `out` of the wrong length.
    pub fn policy(&mut self, out: &mut [f32]) -> Result<(), EnvError> {
        self.search.policy(out).map_err(EnvError::Search)
    }

    /// The moves chosen, one a game.
    ///
    /// # Errors
    ///
    /// `out` of the wrong length.
    pub fn actions(&mut self, out: &mut [u32]) -> Result<(), EnvError> {
        self.search.actions(out).map_err(EnvError::Search)
    }

    /// The roots' values for their players to move.
    ///
    /// # Errors
    ///
    /// `out` of the wrong length.
    pub fn values(&self, out: &mut [f32]) -> Result<(), EnvError> {
        self.search.search().values(out).map_err(EnvError::Search)
    }

    /// The visits of the roots' children, `num_games x num_actions`.
    ///
    /// # Errors
    ///
    /// `out` of the wrong length.
    pub fn visits(&self, out: &mut [u32]) -> Result<(), EnvError> {
        self.search.search().visits(out).map_err(EnvError::Search)
    }
}
