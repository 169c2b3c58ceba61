//! A tree search over a batch of games whose leaves the caller evaluates (AlphaZero's PUCT,
//! Gumbel MuZero's root): ask for the leaves, evaluate them (a network), tell their
//! evaluations, until every game has its simulations; then the policy and the move.
//!
//! ```text
//! search.start(&roots)?;
//! while !search.done() {
//!     let n = search.leaves(&mut obs, &mut mask)?;     // n leaves, their planes and masks
//!     network(&obs[..n * obs_bytes], &mask[..n * actions], &mut logits, &mut values);
//!     search.expand(&logits[..n * actions], &values[..n])?;
//! }
//! search.policy(&mut policy)?;  search.actions(&mut actions)?;
//! ```
//!
//! - Generic over the family's position type ([`PlayoutPosition`]): every variant, its
//!   rules in the tree (a node's children are the legal actions of its position, superko
//!   and every other rule included: the position's own `legal_action_bits`).
//! - What the caller sees of a leaf is written by a [`LeafEncoder`] as the walk goes down
//!   (`goishi-env`'s planes, with their history, for `goishi.BatchedSearch`), with the
//!   leaf's legal actions as a mask (one byte an action, pass last).
//! - A value is for the player to move in the leaf, from -1 (a loss) to 1; a finished
//!   position is valued by the variant's own result (1, 0 or -1) without asking the caller.
//! - One leaf a game a call (mctx's loop), or up to [`BatchedConfig::leaves_per_game`] with a
//!   virtual loss on the paths already taken; a walk that meets a leaf already asked for in
//!   the call ends the game's walks for that call.
//! - The tree is kept from one move to the next: [`BatchedSearch::start`] with a root that
//!   is a child of the last one (one move more) keeps that child's subtree.
//! - Each game draws its noise and its move from its own stream of the seed, and the games
//!   are split over threads in runs: the same seed gives the same search for any number of
//!   threads. Buffers are the caller's, and the trees' arenas keep their memory from move
//!   to move: a search allocates nothing per simulation once its arenas have grown.

mod config;
mod select;
mod split;
mod tree;

use goishi::PlayoutPosition;

use crate::pool::Pool;

pub use config::{Algorithm, BatchedConfig, BatchedError, Gumbel, Puct, MAX_SIMULATIONS};
use tree::{Ctx, Tree, Walk};

/// What the caller sees of a leaf, written as a walk goes down from the root: the encoder's
/// state at the root, updated after each move of the walk, and the leaf's observation
/// written from it.
pub trait LeafEncoder<P>: Sync {
    /// What the encoder carries down a walk (the stone history of the planes).
    type State: Clone + Default + Send + std::fmt::Debug;

    /// Bytes of one leaf's observation.
    fn obs_bytes(&self) -> usize;

    /// The state at `position`, a root. The encoder may take moves back and play them
    /// again, leaving the position as it found it.
    fn root(&self, position: &mut P, state: &mut Self::State);

    /// The state after a move of the walk has been played on `position`.
    fn push(&self, position: &P, state: &mut Self::State);

    /// The observation of the leaf `position` into `out` ([`LeafEncoder::obs_bytes`]).
    fn write(&self, position: &P, state: &Self::State, out: &mut [u8]);
}

/// No observation: the caller evaluates from the masks alone (a uniform evaluator, a
/// benchmark of the search).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObservation;

impl<P> LeafEncoder<P> for NoObservation {
    type State = ();

    fn obs_bytes(&self) -> usize {
        0
    }

    fn root(&self, _: &mut P, (): &mut ()) {}

    fn push(&self, _: &P, (): &mut ()) {}

    fn write(&self, _: &P, (): &(), _: &mut [u8]) {}
}

/// A search of a batch of games (see the module docs).
#[derive(Debug)]
pub struct BatchedSearch<P, E: LeafEncoder<P>> {
    config: BatchedConfig,
    encoder: E,
    trees: Vec<Tree<P, E::State>>,
    points: usize,
    actions: usize,
    /// The games of the leaves of the last call, in order.
    leaf_games: Vec<u32>,
    /// `leaves` was called and `expand` is owed.
    pending: bool,
    /// The threads of the walks and expansions, started with the search.
    pool: Pool,
}

impl<P: PlayoutPosition, E: LeafEncoder<P>> BatchedSearch<P, E> {
    /// A search of `roots.len()` games (every root of the same board), started from
    /// `roots`.
    ///
    /// # Errors
    ///
    /// A setting out of range, no root, roots on other boards.
    pub fn new(
        config: BatchedConfig,
        encoder: E,
        roots: &[&P],
    ) -> Result<BatchedSearch<P, E>, BatchedError> {
        config.check()?;
        let first = roots.first().ok_or(BatchedError::NoGames)?;
        let points = first.num_points();
        let trees = roots
            .iter()
            .enumerate()
            .map(|(i, r)| {
                Tree::new(
                    (*r).clone(),
                    crate::selfplay::game_rng(config.seed, i as u64),
                )
            })
            .collect();
        let mut search = BatchedSearch {
            config,
            encoder,
            trees,
            points,
            actions: points + 1,
            leaf_games: Vec::new(),
            pending: false,
            pool: Pool::new(config.threads, "goishi-search"),
        };
        search.start(roots)?;
        Ok(search)
    }

    /// Starts the next search from `roots` (one a game), keeping each game's subtree when
    /// its root is a child of the last one.
    ///
    /// # Errors
    ///
    /// Another number of roots, a root on another board.
    pub fn start(&mut self, roots: &[&P]) -> Result<(), BatchedError> {
        if roots.len() != self.trees.len() {
            return Err(BatchedError::Length {
                name: "roots",
                got: roots.len(),
                expected: self.trees.len(),
            });
        }
        if let Some((game, r)) = roots
            .iter()
            .enumerate()
            .find(|(_, r)| r.num_points() != self.points)
        {
            return Err(BatchedError::Board {
                game,
                got: r.num_points(),
                expected: self.points,
            });
        }
        let ctx = Ctx {
            config: &self.config,
            encoder: &self.encoder,
            points: self.points,
            words: self.actions.div_ceil(64),
            obs_bytes: self.encoder.obs_bytes(),
        };
        for (tree, root) in self.trees.iter_mut().zip(roots) {
            tree.start(&ctx, root);
        }
        self.pending = false;
        self.leaf_games.clear();
        Ok(())
    }

    /// The settings.
    pub fn config(&self) -> &BatchedConfig {
        &self.config
    }

    /// The games.
    pub fn num_games(&self) -> usize {
        self.trees.len()
    }

    /// The actions: the points, then pass.
    pub fn num_actions(&self) -> usize {
        self.actions
    }

    /// Bytes of one leaf's observation.
    pub fn obs_bytes(&self) -> usize {
        self.encoder.obs_bytes()
    }

    /// The most leaves one call returns: the games times the leaves a game.
    pub fn max_leaves(&self) -> usize {
        self.trees.len() * self.config.leaves_per_game as usize
    }

    /// Whether every game has its simulations (or is over) and no leaf waits.
    pub fn done(&self) -> bool {
        !self.pending && self.trees.iter().all(|t| t.finished(&self.config))
    }

    /// Whether the last call's leaves wait for [`BatchedSearch::expand`].
    pub fn pending(&self) -> bool {
        self.pending
    }

    /// The games of the last call's leaves, in their order.
    pub fn leaf_games(&self) -> &[u32] {
        &self.leaf_games
    }

    /// The actions from its game's root to leaf `k` of the last call into `out` (empty for a
    /// root, or for no such leaf).
    pub fn leaf_path(&self, k: usize, out: &mut Vec<u32>) {
        out.clear();
        let Some(&game) = self.leaf_games.get(k) else {
            return;
        };
        let first = self.leaf_games.partition_point(|&g| g < game);
        self.trees[game as usize].leaf_path(k - first, out);
    }

    /// Walks down every game's tree to its next leaves and writes them, in game order, into
    /// the first rows of `obs` ([`BatchedSearch::max_leaves`] x
    /// [`BatchedSearch::obs_bytes`]) and `mask` (`max_leaves x num_actions`); returns their
    /// number, which [`BatchedSearch::expand`] then expects. A game whose root has not been
    /// evaluated asks for its root first.
    ///
    /// # Errors
    ///
    /// Buffers of the wrong length; the last leaves not yet expanded.
    pub fn leaves(&mut self, obs: &mut [u8], mask: &mut [u8]) -> Result<usize, BatchedError> {
        if self.pending {
            return Err(BatchedError::Pending);
        }
        let (rows, obs_bytes, actions) = (self.max_leaves(), self.obs_bytes(), self.actions);
        check_len("obs", obs.len(), rows * obs_bytes)?;
        check_len("mask", mask.len(), rows * actions)?;
        let k = self.config.leaves_per_game as usize;
        let ctx = Ctx {
            config: &self.config,
            encoder: &self.encoder,
            points: self.points,
            words: actions.div_ceil(64),
            obs_bytes,
        };
        // Runs of CHUNK games, taken by whichever thread is free.
        let (mut trees, mut o, mut m) = (&mut self.trees[..], &mut *obs, &mut *mask);
        let mut first = 0;
        let chunks = std::iter::from_fn(move || {
            if trees.is_empty() {
                return None;
            }
            let n = CHUNK.min(trees.len());
            let (mine, rest) = std::mem::take(&mut trees).split_at_mut(n);
            let (mo, ro) = std::mem::take(&mut o).split_at_mut(n * k * obs_bytes);
            let (mm, rm) = std::mem::take(&mut m).split_at_mut(n * k * actions);
            (trees, o, m) = (rest, ro, rm);
            first += n;
            Some((first - n, mine, mo, mm))
        });
        let work = |(first, trees, obs, mask): Chunk<'_, P, E::State>| {
            for (j, tree) in trees.iter_mut().enumerate() {
                let base = j * k;
                ask_game(
                    &ctx,
                    tree,
                    first + j,
                    k,
                    &mut obs[base * obs_bytes..],
                    &mut mask[base * actions..],
                )?;
            }
            Ok(())
        };
        split::run(&self.pool, chunks, work)?;
        // The leaves of each game to the front, in game order.
        self.leaf_games.clear();
        let mut n = 0;
        for (game, tree) in self.trees.iter().enumerate() {
            let c = tree.waiting();
            let from = game * k;
            if from != n && c > 0 {
                obs.copy_within(from * obs_bytes..(from + c) * obs_bytes, n * obs_bytes);
                mask.copy_within(from * actions..(from + c) * actions, n * actions);
            }
            self.leaf_games.extend(std::iter::repeat_n(game as u32, c));
            n += c;
        }
        self.pending = true;
        Ok(n)
    }

    /// Expands the last call's leaves with the caller's evaluation: `logits` (`n x
    /// num_actions`, any real numbers: the priors are their softmax over the leaf's legal
    /// actions; `-inf` is a prior of 0) and `values` (`n`, for the player to move in the
    /// leaf, from -1 to 1), and backs the values up.
    ///
    /// # Errors
    ///
    /// No leaf asked for; lengths that are not `n x num_actions` and `n`; a value that is
    /// not finite, a logit that is NaN or `+inf`. Nothing is changed then.
    pub fn expand(&mut self, logits: &[f32], values: &[f32]) -> Result<(), BatchedError> {
        if !self.pending {
            return Err(BatchedError::NothingPending);
        }
        let n = self.leaf_games.len();
        check_len("logits", logits.len(), n * self.actions)?;
        check_len("values", values.len(), n)?;
        if let Some((index, &value)) = values.iter().enumerate().find(|(_, v)| !v.is_finite()) {
            return Err(BatchedError::NotFinite {
                name: "values",
                index,
                value,
            });
        }
        if let Some((index, &value)) = logits
            .iter()
            .enumerate()
            .find(|(_, v)| v.is_nan() || **v == f32::INFINITY)
        {
            return Err(BatchedError::NotFinite {
                name: "logits",
                index,
                value,
            });
        }
        let actions = self.actions;
        let config = &self.config;
        let (mut trees, mut l, mut v) = (&mut self.trees[..], logits, values);
        let chunks = std::iter::from_fn(move || {
            if trees.is_empty() {
                return None;
            }
            let n = CHUNK.min(trees.len());
            let (mine, rest) = std::mem::take(&mut trees).split_at_mut(n);
            let c: usize = mine.iter().map(Tree::waiting).sum();
            let (ml, rl) = l.split_at(c * actions);
            let (mv, rv) = v.split_at(c);
            (trees, l, v) = (rest, rl, rv);
            Some((mine, ml, mv))
        });
        let work = |(trees, logits, values): Evaluated<'_, P, E::State>| {
            let mut at = 0;
            for tree in trees {
                let c = tree.waiting();
                tree.expand(
                    config,
                    actions,
                    &logits[at * actions..(at + c) * actions],
                    &values[at..at + c],
                );
                at += c;
            }
            Ok::<(), BatchedError>(())
        };
        split::run(&self.pool, chunks, work)?;
        self.pending = false;
        self.leaf_games.clear();
        Ok(())
    }

    /// Runs the search to its end, `evaluate(obs, mask, logits, values)` evaluating each
    /// call's leaves (the first `n` rows of the buffers, `n` the length of `values`);
    /// `obs` and `mask` are [`BatchedSearch::max_leaves`] rows long.
    ///
    /// # Errors
    ///
    /// As [`BatchedSearch::leaves`] and [`BatchedSearch::expand`].
    pub fn run(
        &mut self,
        obs: &mut [u8],
        mask: &mut [u8],
        mut evaluate: impl FnMut(&[u8], &[u8], &mut [f32], &mut [f32]),
    ) -> Result<(), BatchedError> {
        let mut logits = vec![0.0; self.max_leaves() * self.actions];
        let mut values = vec![0.0; self.max_leaves()];
        while !self.done() {
            let n = self.leaves(obs, mask)?;
            let (l, v) = (&mut logits[..n * self.actions], &mut values[..n]);
            if n > 0 {
                let ob = self.obs_bytes();
                evaluate(&obs[..n * ob], &mask[..n * self.actions], l, v);
            }
            self.expand(l, v)?;
        }
        Ok(())
    }

    /// The search's policy, `num_games x num_actions` into `out`: Gumbel MuZero's improved
    /// policy (`softmax(log prior + sigma(completed Q))` over the legal actions), or PUCT's
    /// visit counts of the root's children normalised; a game that is over has a row of
    /// zeros.
    ///
    /// # Errors
    ///
    /// `out` of the wrong length.
    pub fn policy(&mut self, out: &mut [f32]) -> Result<(), BatchedError> {
        check_len("policy", out.len(), self.trees.len() * self.actions)?;
        for (tree, row) in self
            .trees
            .iter_mut()
            .zip(out.chunks_exact_mut(self.actions))
        {
            tree.policy(&self.config, row);
        }
        Ok(())
    }

    /// The move of each game into `out` (drawn once a search, then the same): Gumbel's best
    /// considered move among the most visited, or PUCT's draw from the visits at its
    /// temperature; pass (action `num_points`) for a game that is over.
    ///
    /// # Errors
    ///
    /// `out` of the wrong length.
    pub fn actions(&mut self, out: &mut [u32]) -> Result<(), BatchedError> {
        check_len("actions", out.len(), self.trees.len())?;
        for (tree, a) in self.trees.iter_mut().zip(out.iter_mut()) {
            *a = tree.choose(&self.config, self.points);
        }
        Ok(())
    }

    /// The root's value of each game for its player to move (the mean of its visits, from
    /// -1 to 1; 0 for a game that is over or not yet evaluated).
    ///
    /// # Errors
    ///
    /// `out` of the wrong length.
    pub fn values(&self, out: &mut [f32]) -> Result<(), BatchedError> {
        check_len("values", out.len(), self.trees.len())?;
        for (tree, v) in self.trees.iter().zip(out.iter_mut()) {
            *v = if tree.active { tree.root_value() } else { 0.0 };
        }
        Ok(())
    }

    /// The visits of each root's children, `num_games x num_actions` into `out` (0 for an
    /// action that is not legal).
    ///
    /// # Errors
    ///
    /// `out` of the wrong length.
    pub fn visits(&self, out: &mut [u32]) -> Result<(), BatchedError> {
        check_len("visits", out.len(), self.trees.len() * self.actions)?;
        for (tree, row) in self.trees.iter().zip(out.chunks_exact_mut(self.actions)) {
            row.fill(0);
            for kid in tree.root_kids() {
                row[kid.action as usize] = kid.visits;
            }
        }
        Ok(())
    }

    /// The root position of game `i`.
    pub fn root(&self, i: usize) -> Option<&P> {
        self.trees.get(i).map(|t| &t.position)
    }

    /// The nodes of game `i`'s tree (for tests and reports).
    pub fn tree_size(&self, i: usize) -> usize {
        self.trees.get(i).map_or(0, |t| t.nodes.len())
    }
}

/// Games a thread takes at a time.
const CHUNK: usize = 8;

/// A run of games for a thread: the first game's index, the trees, their rows of `obs`
/// and `mask`.
type Chunk<'a, P, S> = (usize, &'a mut [Tree<P, S>], &'a mut [u8], &'a mut [u8]);

/// A run of games for a thread to expand: the trees, their leaves' logits and values.
type Evaluated<'a, P, S> = (&'a mut [Tree<P, S>], &'a [f32], &'a [f32]);

/// One game's leaves of a call into its rows of `obs` and `mask`.
fn ask_game<P: PlayoutPosition, E: LeafEncoder<P>>(
    ctx: &Ctx<'_, E>,
    tree: &mut Tree<P, E::State>,
    game: usize,
    k: usize,
    obs: &mut [u8],
    mask: &mut [u8],
) -> Result<(), BatchedError> {
    let (ob, actions) = (ctx.obs_bytes, ctx.points + 1);
    if tree.finished(ctx.config) {
        return Ok(());
    }
    if tree.nodes[0].flags & tree::EXPANDED == 0 {
        tree.ask_root(ctx, &mut obs[..ob], &mut mask[..actions]);
        return Ok(());
    }
    let mut n = 0;
    while n < k && tree.sims < ctx.config.simulations {
        let row_obs = &mut obs[n * ob..(n + 1) * ob];
        let row_mask = &mut mask[n * actions..(n + 1) * actions];
        match tree.simulate(ctx, game, row_obs, row_mask)? {
            Walk::Leaf => n += 1,
            Walk::Terminal => {}
            Walk::Collision => break,
        }
    }
    Ok(())
}

/// [`BatchedError::Length`] unless `got == expected`.
fn check_len(name: &'static str, got: usize, expected: usize) -> Result<(), BatchedError> {
    if got == expected {
        Ok(())
    } else {
        Err(BatchedError::Length {
            name,
            got,
            expected,
        })
    }
}
