//! One game's tree: its nodes in one arena, the walk down to a leaf on the root's own
//! position (each move played, then taken back), the expansion with the caller's
//! evaluation, the backup, and the root's statistics of one search.
//!
//! A node is the position after its move; its children, one for each legal action, lie
//! together in the arena (`first..first + count`). Values are summed from Black's point of
//! view, so that a variant in which a player moves twice needs nothing special: a node
//! knows who is to move in it once a walk has reached it.

use goishi::{Color, Move, PlayoutPosition};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, Gamma};

use super::config::{Algorithm, BatchedConfig, BatchedError};
use super::select;
use super::LeafEncoder;

/// White is to move in the node (known once a walk reached it).
pub(crate) const WHITE: u16 = 1;
/// The game is over in the node: `raw` is its exact value.
pub(crate) const TERMINAL: u16 = 2;
/// The node waits for the caller's evaluation.
pub(crate) const WAITING: u16 = 4;
/// The node has its children.
pub(crate) const EXPANDED: u16 = 8;

/// One node of a game's tree (32 bytes).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Node {
    /// Its first child in the arena.
    pub first: u32,
    /// Its children.
    pub count: u32,
    /// The action that leads here from the parent.
    pub action: u32,
    /// Completed visits: its own evaluation, then every simulation through it.
    pub visits: u32,
    /// Leaves under way below it (virtual loss).
    pub pending: u16,
    /// [`WHITE`], [`TERMINAL`], [`WAITING`], [`EXPANDED`].
    pub flags: u16,
    /// The values of its visits, summed, for Black.
    pub value: f32,
    /// The prior probability of its action.
    pub prior: f32,
    /// The network's value of it for Black, or its exact value when it is terminal.
    pub raw: f32,
}

impl Node {
    /// +1 when Black is to move in the node, -1 when White is.
    #[inline]
    pub fn sign(&self) -> f32 {
        if self.flags & WHITE == 0 {
            1.0
        } else {
            -1.0
        }
    }

    fn range(&self) -> std::ops::Range<usize> {
        self.first as usize..(self.first + self.count) as usize
    }
}

/// +1 for Black, -1 for White.
fn sign_of(color: Color) -> f32 {
    match color {
        Color::Black => 1.0,
        Color::White => -1.0,
    }
}

/// A leaf waiting for its evaluation: its node and its path in [`Tree::paths`].
#[derive(Clone, Copy, Debug)]
struct Waiting {
    node: u32,
    path: (u32, u32),
}

/// What one walk down the tree came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Walk {
    /// A leaf for the caller, written in the given row.
    Leaf,
    /// A finished position, valued at once.
    Terminal,
    /// A leaf already waiting in this call: the game asks for no more this call.
    Collision,
}

/// What every game's walk shares: the settings and the board's size.
pub(crate) struct Ctx<'a, E> {
    pub config: &'a BatchedConfig,
    pub encoder: &'a E,
    pub points: usize,
    pub words: usize,
    pub obs_bytes: usize,
}

/// One game's tree and the state of its search.
#[derive(Debug)]
pub(crate) struct Tree<P, S> {
    /// The root's position; a walk plays its moves on it and takes them back.
    pub position: P,
    /// The encoder's state at the root.
    state: S,
    /// The encoder's state on the way down.
    walk_state: S,
    pub nodes: Vec<Node>,
    /// The arena a reused subtree is copied into (then swapped).
    spare: Vec<Node>,
    /// Simulations of this search.
    pub sims: u32,
    /// The root is not over: the game is searched.
    pub active: bool,
    pub rng: ChaCha8Rng,
    /// The root's priors with the Dirichlet noise of this search (PUCT).
    noisy: Vec<f32>,
    /// The Gumbel noise of the root's children (Gumbel).
    gumbel: Vec<f32>,
    /// The log priors of the root's children (Gumbel).
    logp: Vec<f32>,
    /// The visits of the root's children in this search, those under way included.
    search_visits: Vec<u32>,
    /// The sequential halving's visits of a considered child, a simulation at a time.
    halving: Vec<u32>,
    /// The leaves of this call.
    waiting: Vec<Waiting>,
    /// Their paths from the root, one after the other.
    paths: Vec<u32>,
    /// Their legal actions, `words` a leaf.
    legal: Vec<u64>,
    /// The path of the walk under way.
    walk: Vec<u32>,
    moves: Vec<Move>,
    /// The move chosen once the search is over.
    pub chosen: Option<u32>,
}

impl<P: PlayoutPosition, S: Clone + Default> Tree<P, S> {
    pub fn new(mut position: P, rng: ChaCha8Rng) -> Tree<P, S> {
        // The records of a whole game at once, so that the walks' moves never grow them.
        position.reserve_moves(goishi::playout::move_cap(position.num_points()));
        Tree {
            position,
            state: S::default(),
            walk_state: S::default(),
            nodes: Vec::new(),
            spare: Vec::new(),
            sims: 0,
            active: false,
            rng,
            noisy: Vec::new(),
            gumbel: Vec::new(),
            logp: Vec::new(),
            search_visits: Vec::new(),
            halving: Vec::new(),
            waiting: Vec::new(),
            paths: Vec::new(),
            legal: Vec::new(),
            walk: Vec::new(),
            moves: Vec::new(),
            chosen: None,
        }
    }

    /// The actions from the root to waiting leaf `k` into `out`.
    pub fn leaf_path(&self, k: usize, out: &mut Vec<u32>) {
        out.clear();
        if let Some(w) = self.waiting.get(k) {
            let (a, b) = w.path;
            let path = &self.paths[a as usize..b as usize];
            out.extend(path.iter().skip(1).map(|&n| self.nodes[n as usize].action));
        }
    }

    /// Leaves waiting for the caller.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }

    /// The action of the root's child that `root` is (it played one move more than the old
    /// root, which it starts with), if that child has its children.
    fn reused_child(&self, root: &P) -> Option<usize> {
        let (old, new) = (self.position.as_position(), root.as_position());
        let (o, n) = (old.history(), new.history());
        if self.nodes.first()?.flags & EXPANDED == 0
            || n.len() != o.len() + 1
            || n[..o.len()] != *o
            || old.setup() != new.setup()
        {
            return None;
        }
        let action = n.last()?.mv.action(old.geometry().num_points())? as u32;
        let root = &self.nodes[0];
        let child = self.nodes[root.range()]
            .iter()
            .position(|k| k.action == action)?
            + root.first as usize;
        (self.nodes[child].flags & EXPANDED != 0).then_some(child)
    }

    /// Starts a search from `root`: the subtree of the old root's child when `root` is that
    /// child's position (tree reuse), else a new tree.
    pub fn start<E: LeafEncoder<P, State = S>>(&mut self, ctx: &Ctx<'_, E>, root: &P) {
        self.abandon();
        let reused = self.reused_child(root);
        self.catch_up(root);
        ctx.encoder.root(&mut self.position, &mut self.state);
        match reused {
            Some(child) => self.keep_subtree(child),
            None => {
                self.nodes.clear();
                let flags = if self.position.side_to_move() == Color::White {
                    WHITE
                } else {
                    0
                };
                self.nodes.push(Node {
                    flags,
                    ..Node::default()
                });
            }
        }
        // Room for a search's expansions at once (each at most a child an action), so that
        // the arena is not copied again and again as it doubles in the first searches.
        let room = (ctx.config.simulations as usize + 1) * (ctx.points + 1);
        self.nodes.reserve(room);
        self.sims = 0;
        self.chosen = None;
        self.active = !self.position.is_over();
        if self.active && self.nodes[0].flags & EXPANDED != 0 {
            self.begin_root(ctx.config);
        }
    }

    /// Gives up the leaves of a call that were never expanded: their paths forget them.
    fn abandon(&mut self) {
        for w in &self.waiting {
            self.nodes[w.node as usize].flags &= !WAITING;
            for &n in &self.paths[w.path.0 as usize..w.path.1 as usize] {
                self.nodes[n as usize].pending -= 1;
            }
        }
        self.waiting.clear();
        self.paths.clear();
        self.legal.clear();
    }

    /// Makes the root's position `root`'s: the moves `root` played since, when it is the
    /// old root with moves added (no copy: a family's copy may allocate), else a copy.
    fn catch_up(&mut self, root: &P) {
        let (old, new) = (self.position.as_position(), root.as_position());
        let (o, n) = (old.history().len(), new.history());
        if n.len() >= o && n[..o] == *old.history() && old.setup() == new.setup() {
            let extra = n.len() - o;
            for turn in &n[o..] {
                if !self.position.play(turn.color, turn.mv) {
                    break;
                }
            }
            if self.position.as_position().history().len() == o + extra {
                return;
            }
        }
        self.position.reset_from(root);
    }

    /// Makes node `child` the root, with its subtree copied to the front of the arena.
    fn keep_subtree(&mut self, child: usize) {
        self.spare.clear();
        self.spare.push(self.nodes[child]);
        let mut i = 0;
        while i < self.spare.len() {
            let node = self.spare[i];
            if node.count > 0 {
                self.spare[i].first = self.spare.len() as u32;
                self.spare.extend_from_slice(&self.nodes[node.range()]);
            }
            i += 1;
        }
        std::mem::swap(&mut self.nodes, &mut self.spare);
    }

    /// The root's statistics of a new search, once the root has its children: the noisy
    /// priors (PUCT) or the Gumbel noise, the log priors and the halving's sequence (Gumbel).
    fn begin_root(&mut self, config: &BatchedConfig) {
        let root = self.nodes[0];
        let kids = &self.nodes[root.range()];
        match config.algorithm {
            Algorithm::Puct(p) => {
                self.noisy.clear();
                self.noisy.extend(kids.iter().map(|k| k.prior));
                if p.dirichlet_fraction > 0.0 && kids.len() > 1 {
                    let gamma = Gamma::new(p.dirichlet_alpha, 1.0).ok();
                    // The Dirichlet draw, through `gumbel` as scratch.
                    self.gumbel.clear();
                    for _ in kids {
                        let x = gamma.map_or(1.0, |g| g.sample(&mut self.rng));
                        self.gumbel.push(x);
                    }
                    let total: f32 = self.gumbel.iter().sum();
                    let eps = p.dirichlet_fraction;
                    for (n, &x) in self.noisy.iter_mut().zip(&self.gumbel) {
                        let eta = if total > 0.0 {
                            x / total
                        } else {
                            1.0 / kids.len() as f32
                        };
                        *n = (1.0 - eps) * *n + eps * eta;
                    }
                }
            }
            Algorithm::Gumbel(g) => {
                self.gumbel.clear();
                self.logp.clear();
                for kid in kids {
                    let u: f32 = self.rng.random_range(f32::MIN_POSITIVE..1.0);
                    self.gumbel.push(g.gumbel_scale * -(-u.ln()).ln());
                    self.logp.push(kid.prior.max(f32::MIN_POSITIVE).ln());
                }
                let considered = g.max_considered_actions.min(kids.len() as u32);
                select::halving_sequence(considered, config.simulations, &mut self.halving);
            }
        }
        self.search_visits.clear();
        self.search_visits.resize(kids.len(), 0);
    }

    /// Gumbel's choice among the root's children `kids` whose visits in this search are
    /// `considered` ([`select::gumbel_root`] with this search's noise and log priors).
    fn gumbel_root(
        &self,
        kids: &[Node],
        completed: &select::Completed,
        considered: u32,
    ) -> Option<usize> {
        select::gumbel_root(
            kids,
            &self.gumbel,
            &self.logp,
            completed,
            &self.search_visits,
            considered,
        )
    }

    /// The child of `node` that a walk takes (an index into the arena).
    fn select(&mut self, config: &BatchedConfig, node: usize) -> usize {
        let parent = self.nodes[node];
        let range = parent.range();
        let kids = &self.nodes[range.clone()];
        let sign = parent.sign();
        let i = match config.algorithm {
            Algorithm::Puct(p) => {
                let priors = (node == 0).then_some(&self.noisy[..]);
                select::puct(&p, &parent, sign, kids, priors)
            }
            Algorithm::Gumbel(g) => {
                let completed = select::Completed::of(&g, &parent, sign, kids);
                if node == 0 {
                    let k = (self.sims as usize).min(self.halving.len().saturating_sub(1));
                    let considered = self.halving.get(k).copied().unwrap_or(0);
                    self.gumbel_root(kids, &completed, considered).unwrap_or(0)
                } else {
                    select::gumbel_interior(kids, &completed)
                }
            }
        };
        if node == 0 {
            self.search_visits[i] += 1;
        }
        range.start + i
    }

    /// Adds `value` (Black's) to every node of `path` as a completed visit.
    fn backup(nodes: &mut [Node], path: &[u32], value: f32, pending: bool) {
        for &n in path {
            let node = &mut nodes[n as usize];
            node.visits += 1;
            node.value += value;
            if pending {
                node.pending -= 1;
            }
        }
    }

    /// The root as the game's one leaf of this call: its planes and its legal actions in
    /// row `row` of `obs` and `mask`.
    pub fn ask_root<E: LeafEncoder<P, State = S>>(
        &mut self,
        ctx: &Ctx<'_, E>,
        obs: &mut [u8],
        mask: &mut [u8],
    ) {
        self.walk.clear();
        self.walk.push(0);
        self.walk_state.clone_from(&self.state);
        self.ask(ctx, 0, obs, mask);
    }

    /// Records node `node` at the end of [`Tree::walk`] as a leaf: its planes, its mask and
    /// its legal actions, a leaf under way on its path.
    fn ask<E: LeafEncoder<P, State = S>>(
        &mut self,
        ctx: &Ctx<'_, E>,
        node: usize,
        obs: &mut [u8],
        mask: &mut [u8],
    ) {
        let start = self.legal.len();
        self.legal.resize(start + ctx.words, 0);
        self.position
            .as_position()
            .legal_action_bits(&mut self.legal[start..], &mut self.moves);
        goishi::write_mask(mask, &self.legal[start..]);
        ctx.encoder.write(&self.position, &self.walk_state, obs);
        self.nodes[node].flags |= WAITING;
        for &n in &self.walk {
            self.nodes[n as usize].pending += 1;
        }
        let from = self.paths.len() as u32;
        self.paths.extend_from_slice(&self.walk);
        self.waiting.push(Waiting {
            node: node as u32,
            path: (from, self.paths.len() as u32),
        });
    }

    /// One simulation: a walk from the root to a leaf, written in `obs` and `mask` (the
    /// rows of the game's next leaf), or to a finished position, valued at once.
    pub fn simulate<E: LeafEncoder<P, State = S>>(
        &mut self,
        ctx: &Ctx<'_, E>,
        game: usize,
        obs: &mut [u8],
        mask: &mut [u8],
    ) -> Result<Walk, BatchedError> {
        self.walk.clear();
        self.walk.push(0);
        self.walk_state.clone_from(&self.state);
        let mut node = 0;
        let mut played = 0;
        let walk = loop {
            let child = self.select(ctx.config, node);
            let action = self.nodes[child].action;
            let mover = self.position.side_to_move();
            if !self
                .position
                .play(mover, Move::from_action(action as usize, ctx.points))
            {
                self.take_back(played);
                return Err(BatchedError::Refused { game, action });
            }
            played += 1;
            self.walk.push(child as u32);
            let flags = self.nodes[child].flags;
            if flags & TERMINAL != 0 {
                let value = self.nodes[child].raw;
                Self::backup(&mut self.nodes, &self.walk, value, false);
                break Walk::Terminal;
            }
            if flags & WAITING != 0 {
                break Walk::Collision;
            }
            if flags & EXPANDED != 0 {
                ctx.encoder.push(&self.position, &mut self.walk_state);
                node = child;
                continue;
            }
            // A node reached for the first time.
            if self.position.side_to_move() == Color::White {
                self.nodes[child].flags |= WHITE;
            }
            let position = self.position.as_position();
            let over = position.outcome().map(|r| match r.winner() {
                Some(w) => sign_of(w),
                None => 0.0,
            });
            if let Some(value) = over {
                self.nodes[child].flags |= TERMINAL;
                self.nodes[child].raw = value;
                Self::backup(&mut self.nodes, &self.walk, value, false);
                break Walk::Terminal;
            }
            ctx.encoder.push(&self.position, &mut self.walk_state);
            self.ask(ctx, child, obs, mask);
            break Walk::Leaf;
        };
        self.take_back(played);
        if walk == Walk::Collision {
            // The walk is given up: the root's count of this search forgets it.
            let root = self.nodes[0];
            if let Some(&first) = self.walk.get(1) {
                self.search_visits[(first - root.first) as usize] -= 1;
            }
        } else {
            self.sims += 1;
        }
        Ok(walk)
    }

    /// Takes back the last `moves` moves of the root's position.
    fn take_back(&mut self, moves: usize) {
        for _ in 0..moves {
            self.position.as_position_mut().undo();
        }
    }

    /// Expands this call's leaves with their evaluations: `logits` (`actions` a leaf) and
    /// `values` (for the player to move in the leaf), one for each of [`Tree::waiting`].
    pub fn expand(
        &mut self,
        config: &BatchedConfig,
        actions: usize,
        logits: &[f32],
        values: &[f32],
    ) {
        let words = actions.div_ceil(64);
        let waiting = std::mem::take(&mut self.waiting);
        for (k, w) in waiting.iter().enumerate() {
            let node = w.node as usize;
            let legal = &self.legal[k * words..(k + 1) * words];
            let row = &logits[k * actions..(k + 1) * actions];
            let value = values[k] * self.nodes[node].sign();
            let first = self.nodes.len();
            // The softmax of the legal actions' logits (uniform if none is finite): the
            // children pushed with `exp(logit - top)`, then scaled.
            let mut top = f32::NEG_INFINITY;
            for_each_bit(legal, |a| top = top.max(row[a]));
            let uniform = !top.is_finite();
            let mut total = 0.0;
            let nodes = &mut self.nodes;
            nodes.reserve(legal.iter().map(|w| w.count_ones() as usize).sum());
            for_each_bit(legal, |a| {
                let e = if uniform { 1.0 } else { (row[a] - top).exp() };
                total += e;
                nodes.push(Node {
                    action: a as u32,
                    prior: e,
                    ..Node::default()
                });
            });
            let scale = 1.0 / total;
            for kid in &mut self.nodes[first..] {
                kid.prior *= scale;
            }
            let count = (self.nodes.len() - first) as u32;
            let leaf = &mut self.nodes[node];
            leaf.first = first as u32;
            leaf.count = count;
            leaf.flags = (leaf.flags & !WAITING) | EXPANDED;
            leaf.raw = value;
            if leaf.count == 0 {
                // No legal action and no result: valued as it stands (not reached by the
                // registered variants, whose games end when no move is left).
                leaf.flags |= TERMINAL;
            }
            let (a, b) = w.path;
            Self::backup(
                &mut self.nodes,
                &self.paths[a as usize..b as usize],
                value,
                true,
            );
            if node == 0 && self.active {
                self.begin_root(config);
            }
        }
        self.waiting = waiting;
        self.waiting.clear();
        self.paths.clear();
        self.legal.clear();
    }

    /// Whether the search of this game is over.
    pub fn finished(&self, config: &BatchedConfig) -> bool {
        !self.active || (self.sims >= config.simulations && self.nodes[0].flags & EXPANDED != 0)
    }

    /// The root's children.
    pub fn root_kids(&self) -> &[Node] {
        let root = &self.nodes[0];
        if root.flags & EXPANDED == 0 {
            return &[];
        }
        &self.nodes[root.range()]
    }

    /// The search's policy over the actions into `out` (zeros for a game that is over).
    pub fn policy(&mut self, config: &BatchedConfig, out: &mut [f32]) {
        out.fill(0.0);
        if !self.active || self.nodes[0].flags & EXPANDED == 0 {
            return;
        }
        let root = self.nodes[0];
        let kids = &self.nodes[root.range()];
        match config.algorithm {
            Algorithm::Puct(_) => {
                let total: u32 = kids.iter().map(|k| k.visits).sum();
                for kid in kids {
                    out[kid.action as usize] = if total == 0 {
                        kid.prior
                    } else {
                        kid.visits as f32 / total as f32
                    };
                }
            }
            Algorithm::Gumbel(g) => {
                let completed = select::Completed::of(&g, &root, root.sign(), kids);
                let top = kids
                    .iter()
                    .zip(&self.logp)
                    .fold(f32::NEG_INFINITY, |m, (kid, &l)| {
                        m.max(l + completed.sigma(kid))
                    });
                let mut total = 0.0;
                for (kid, &l) in kids.iter().zip(&self.logp) {
                    let e = (l + completed.sigma(kid) - top).exp();
                    out[kid.action as usize] = e;
                    total += e;
                }
                for kid in kids {
                    out[kid.action as usize] /= total;
                }
            }
        }
    }

    /// The move the search chooses (drawn once, then kept): the Gumbel root's best of the
    /// most visited considered moves, or PUCT's draw from the visits at the temperature;
    /// pass for a game that is over.
    pub fn choose(&mut self, config: &BatchedConfig, points: usize) -> u32 {
        if let Some(a) = self.chosen {
            return a;
        }
        let pass = points as u32;
        let kids = self.root_kids();
        let i = if !self.active || kids.is_empty() {
            None
        } else {
            match config.algorithm {
                Algorithm::Puct(p) => self.draw(p.temperature),
                Algorithm::Gumbel(g) => {
                    let root = self.nodes[0];
                    let kids = &self.nodes[root.range()];
                    let completed = select::Completed::of(&g, &root, root.sign(), kids);
                    let most = self.search_visits.iter().copied().max().unwrap_or(0);
                    self.gumbel_root(kids, &completed, most)
                }
            }
        };
        let action = i.map_or(pass, |i| self.root_kids()[i].action);
        self.chosen = Some(action);
        action
    }

    /// A root child drawn in proportion to `visits ^ (1 / temperature)` (the most visited,
    /// ties to the higher prior, at temperature 0).
    fn draw(&mut self, temperature: f32) -> Option<usize> {
        let kids = self.root_kids();
        if temperature <= 0.0 || kids.iter().all(|k| k.visits == 0) {
            let most = kids.iter().map(|k| k.visits).max()?;
            return select::argmax(kids.iter().map(|k| {
                if k.visits == most {
                    k.prior
                } else {
                    f32::NEG_INFINITY
                }
            }));
        }
        let most = kids.iter().map(|k| k.visits).max().unwrap_or(1) as f64;
        let power = 1.0 / f64::from(temperature);
        let weight = |k: &Node| (k.visits as f64 / most).powf(power);
        let total: f64 = kids.iter().map(weight).sum();
        let mut x = self.rng.random_range(0.0..total);
        let kids = self.root_kids();
        for (i, k) in kids.iter().enumerate() {
            let w = weight(k);
            if x < w && w > 0.0 {
                return Some(i);
            }
            x -= w;
        }
        kids.iter().rposition(|k| k.visits > 0)
    }

    /// The root's value for the player to move there.
    pub fn root_value(&self) -> f32 {
        let root = &self.nodes[0];
        select::node_value(root, root.sign())
    }
}

/// Calls `f` with each set bit of `words`, in order.
#[inline]
fn for_each_bit(words: &[u64], mut f: impl FnMut(usize)) {
    for (w, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(64 * w + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}
