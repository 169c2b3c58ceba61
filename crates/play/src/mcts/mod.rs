//! Monte Carlo tree search for every variant: [`MctsPlayer`].
//!
//! # How the search works
//!
//! A search grows a tree from the position to move in. Each *playout* descends the tree by
//! the selection formula, expands the leaf it reaches (once the leaf has `expand_after`
//! visits: every move of [`PlayoutPosition::tree_moves`] becomes a child, with its prior
//! statistics from [`PlayoutPosition::tree_priors`]), plays the game out with the playout
//! policy ([`PlayoutPosition::playout_move`]) and backs the result up the path. The answer is
//! the most visited move of the root.
//!
//! **Knowledge.** [`PlayoutPolicy::Heavy`], the default, runs the search on the family's
//! knowledge ([`PlayoutPosition::Heavy`]); Go's (`goishi-go-rules`' `playout::heavy`) is
//! Michi's and Pachi's (Baudiš): playouts that answer the last two moves (captures,
//! escapes from atari read with ladders, MoGo's 3x3 shape patterns (`goishi::go::playout::PATTERNS`)) before a
//! random move that fills no true eye and avoids bad self-atari; and, for every node the tree
//! grows, prior playouts for each move ([`Prior`](goishi::playout::Prior): an even 5 wins of 10, more for the
//! captures and escapes the reader finds anywhere, the pattern moves and the moves near the
//! last one, losses for self-atari and the first two lines of an empty area). The other
//! families (contact capture, capture Go), and Go under [`PlayoutPolicy::Light`], play the
//! family's light policy with no priors: Go and capture Go a uniformly random legal point that
//! does not fill one of the mover's own eyes ([`goishi::playout::is_own_eye`]: a single-point eye no
//! chain around which is in atari), other families any random legal placement; a pass when
//! nothing is left. The tree's settings that depend on the knowledge
//! (`exploration`, `rave_equivalence`, `expand_after`) take [`TreeSettings::KNOWLEDGE`] or
//! [`TreeSettings::LIGHT`] unless the configuration sets them.
//!
//! **Playouts.** A playout stops when the game ends or when the game, counted from its first
//! move (the position's history, the tree's moves and the playout's), reaches the move cap
//! ([`goishi::playout::move_cap`], 3 x points) where `goishi match` and `goishi selfplay`
//! stop a game and count the board; a node at the cap is a leaf. So the search plays for the
//! position at the cap, whether it runs in a match, in self-play or under GTP (the engine's
//! game holds the moves played); a game already past the cap is searched for the next
//! multiple of it. The result is the game's outcome, or else the position's score with no
//! stone dead (`score(&[])`, the family's count): a win, a loss or a draw (no result counts
//! as a draw) for the player of each node.
//!
//! **Selection.** At a node visited `N` times, the child with the highest
//!
//! ```text
//! value = (1 - b) q + b q' + c sqrt(ln N / (n + 1))
//! b     = n' / (n' + m + m n' / k)
//! ```
//!
//! where `n` is the child's visits, `m` its visits and prior playouts, `q` its win rate over
//! both (a draw is half a win), `n'`, `q'` its AMAF visits and win rate, `c` the exploration
//! constant (`exploration`: 0.2 without knowledge, 0 with Go's, whose even prior and AMAF
//! statistics do the exploring) and `k` the RAVE equivalence (`rave_equivalence`: 1000
//! without knowledge, 3500 with): the AMAF statistics weigh most while a move has few visits
//! of its own, and half at `m = k` (once `n'` is much larger than `k`; Silver and Gelly's
//! minimum-error schedule with an equivalence instead of a bias). A child with neither
//! visits, nor prior playouts, nor AMAF statistics is worth the first-play urgency
//! (`first_play_urgency`, default 1.0: every move is tried before any is tried twice, unless
//! AMAF statistics say otherwise). Equal values go to the first child (point order, then
//! pass). The prior playouts count only here: the visits reported and the choice of the move
//! are the playouts' own.
//!
//! **A pass in the tree** is answered, at the start of the playout below it, by the
//! opponent's pass when that ends the game and wins it on the game's own count (as the player
//! answers, see below); the random playouts never pass while a point is left, so without the
//! answer a pass looked as good as any move.
//!
//! **AMAF (RAVE).** After a playout, at every node of its path, each child whose point was
//! played by the node's mover anywhere later in the playout (the tree moves below the node
//! and the random moves; the first time that colour played that point) gets an AMAF visit
//! with the playout's result for that mover.
//!
//! **Threads.** `threads` searchers run on one tree (`std::thread::scope`). Node statistics
//! are atomics, children are created once by the first thread that expands a node
//! (`OnceLock`); there is no lock on the path of a playout. A thread that descends through a
//! node adds a *virtual loss* to it (counted as a visit without a win until the playout is
//! backed up), so that other threads spread over other moves. The AMAF counters of siblings
//! are updated without a read-modify-write (see `tree`): with several threads an update can
//! get lost. With one thread the search runs on the calling thread, and a playout budget makes
//! it deterministic: the same seed, positions and calls give the same moves.
//!
//! **Budgets.** [`Budget`]: a playout count and a time limit per move, whichever comes first
//! (the default: 10,000 playouts or 1 s). The time counts from the call, tree reuse
//! included; the search stops starting playouts at the limit, so a move overruns it by at
//! most one playout per thread. A budget of zero is an immediate answer, not an error: the
//! most visited move of the tree kept from earlier moves if it has one and it is not a pass
//! (a pass without a search could end a game the opponent wins), else a random placement
//! of the root's moves.
//!
//! **Tree reuse.** The player keeps its tree between moves: the next search on the same game
//! (same setup, and a history that extends the one of the last root) walks the tree down by
//! the moves played since, both players', and keeps the subtree it reaches with its
//! statistics; anything else starts a new tree. [`MctsPlayer::played`] moves the root
//! explicitly.
//!
//! **Passing and resigning.** No search is run when the only move is a pass (every point is
//! illegal or one of the mover's own eyes), or when there is one move. After a search, the
//! player passes when the most visited move is a pass, or when the opponent has just passed,
//! a pass ends the game and the game so ended is won both by the game's own count (every
//! stone alive, as `outcome()` says) and, in Go, with the dead stones off as the one judge of
//! dead stones ([`crate::dead`], default threshold) finds them on the ownership of the
//! search's own playouts (Benson's pass-alive chains and territory first, then a chain is dead
//! when the opponent owns its points on average; no extra playout): whoever referees, a
//! referee that takes dead stones off or one that counts every stone, the pass wins. Where
//! the two counts disagree, the search plays on (under area scoring, taking the dead stones
//! off the board costs nothing). It resigns when the win rate of its best move is
//! below `resign_threshold` (default 0.05; 0 never), but never before `resign_min_moves`
//! moves of the game or on fewer than `resign_min_visits` playouts through the root (this
//! search's and those kept from earlier ones).
//!
//! **Analysis.** [`MctsPlayer::analyze`] runs the same search with a [`Watch`]: a stop flag
//! that any thread may set (the budget may then have no limit: GTP's `kata-analyze` ponders
//! until the controller's next line), and a report of what the search has found so far every
//! interval, made on the calling thread while the searchers run on threads of their own; the
//! searchers add their playouts' sums to the report in batches of 16 playouts. Every node
//! keeps the final counts of the playouts through it (Black's margin on the family's count,
//! [`PlayoutPosition::playout_result`], as a sum and a sum of squares): each move's
//! [`MoveStats::score_mean`] and [`MoveStats::score_stdev`]. [`MoveStats::prior`] is what the
//! tree knew of a move, [`MoveStats::pv`] its principal variation, and with
//! [`Watch::moves_ownership`] the ownership of the playouts through it.
//!
//! **Legality.** The tree holds the legal moves of each node's position, and the answer is
//! checked with `check_move` before it is returned (a pass if it were refused): the search
//! plays by the position's rules only, every ko and suicide option and every geometry.
//!
//! ```
//! use goishi::go::GoPosition;
//! use goishi::{Color, FromSetup, Position, Rules};
//! use goishi_play::mcts::{Budget, MctsConfig, MctsPlayer};
//!
//! let rules = Rules::parse("go/chinese").unwrap();
//! let game = GoPosition::from_rules(&rules, Some((5, 5))).unwrap();
//! let config = MctsConfig::default().with_budget(Budget::playouts(200));
//! let mut player = MctsPlayer::new(config).unwrap();
//! let result = player.search(&game, Color::Black).unwrap();
//! assert!(game.check_move(Color::Black, result.mv).is_ok());
//! assert_eq!(result.playouts, 200);
//! ```

mod config;
mod result;
mod search;
mod tree;

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc;
use std::time::Duration;

/// The search's clock: `std::time::Instant`, except on wasm32-unknown-unknown, where
/// `Instant::now` panics and `web-time` reads the page's `performance.now()` instead (the
/// browser playground runs the search in a Web Worker).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;

use goishi::{
    Color, Move, PlayoutPosition, Position, PositionVisitor, Setup, Turn, VariantPosition,
};

use crate::dead::{DeadConfig, Judgement};
use crate::player::Player;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use config::{Budget, ConfigError, MctsConfig, PlayoutPolicy, TreeSettings, UnknownPolicy};
pub use result::{Decision, MoveFilter, MoveStats, SearchError, SearchResult, Watch};

use search::{Shared, Tally, Totals};
use tree::{Formula, Node};

/// The game and the state at the root of the kept tree.
#[derive(Debug)]
struct TreeKey {
    setup: Setup,
    history: Vec<Turn>,
    to_move: Color,
}

/// The Monte Carlo tree search player (UCT + RAVE; see the module docs).
#[derive(Debug)]
pub struct MctsPlayer {
    config: MctsConfig,
    root: Node,
    key: Option<TreeKey>,
    last: Option<SearchResult>,
}

/// Mixes a seed with the state searched and the thread (SplitMix64's finalizer).
fn mix(seed: u64, moves: usize, color: Color, thread: usize) -> u64 {
    let mut z = seed
        ^ (moves as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ ((color.index() as u64) << 62)
        ^ (thread as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl MctsPlayer {
    /// The longest principal variation reported.
    pub const PV_LENGTH: usize = 16;

    /// A player with these settings, checked.
    pub fn new(config: MctsConfig) -> Result<MctsPlayer, ConfigError> {
        config.validate()?;
        Ok(MctsPlayer {
            config,
            root: Node::default(),
            key: None,
            last: None,
        })
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Sets the budget of the next moves (a GTP clock, say), checked.
    pub fn set_budget(&mut self, budget: Budget) -> Result<(), ConfigError> {
        budget.validate()?;
        self.config.budget = budget;
        Ok(())
    }

    /// The result of the last search, for analysis (ownership, most visited moves).
    pub fn last_search(&self) -> Option<&SearchResult> {
        self.last.as_ref()
    }

    /// Forgets the tree.
    pub fn clear_tree(&mut self) {
        self.root = Node::default();
        self.key = None;
    }

    /// Tells the player that `color` played `mv` in the game searched last: the root moves
    /// to that move's subtree (or the tree is dropped if it does not have it). Optional: the
    /// next search finds the moves played since in the position's history.
    pub fn played(&mut self, color: Color, mv: Move) {
        let Some(key) = &mut self.key else {
            return;
        };
        if key.to_move != color {
            self.clear_tree();
            return;
        }
        self.root = self.root.take_child(mv).unwrap_or_default();
        key.history.push(Turn { color, mv });
        key.to_move = color.opponent();
    }

    /// The move for `color` in `position`, by a search of the configured budget.
    pub fn genmove<P: PlayoutPosition>(
        &mut self,
        position: &P,
        color: Color,
    ) -> Result<Move, SearchError> {
        self.search(position, color).map(|r| r.mv)
    }

    /// Searches `position` for `color` with the configured budget. `color` need not be the
    /// side to move (GTP lets either colour move): the search is for `color` moving now.
    ///
    /// Errors: [`SearchError::GameOver`] once the game is over.
    pub fn search<P: PlayoutPosition>(
        &mut self,
        position: &P,
        color: Color,
    ) -> Result<SearchResult, SearchError> {
        let budget = self.config.budget;
        self.search_with(position, color, budget)
    }

    /// Searches `position` for `color` with `budget` for this move only.
    pub fn search_with<P: PlayoutPosition>(
        &mut self,
        position: &P,
        color: Color,
        budget: Budget,
    ) -> Result<SearchResult, SearchError> {
        self.analyze(position, color, budget, Watch::default())
    }

    /// Searches `position` for `color` with `budget`, reporting to `watch` while it runs and
    /// stopping when its flag is set (see [`Watch`]). The answer is the search's, as
    /// [`MctsPlayer::search_with`] gives it.
    pub fn analyze<P: PlayoutPosition>(
        &mut self,
        position: &P,
        color: Color,
        budget: Budget,
        mut watch: Watch<'_>,
    ) -> Result<SearchResult, SearchError> {
        let start = Instant::now();
        if watch.stop.is_none() {
            budget.validate()?;
        }
        match self.config.playout_policy {
            PlayoutPolicy::Light => self.search_on(position, color, budget, start, &mut watch),
            PlayoutPolicy::Heavy => {
                // One copy a search: the searchers copy it again, each for its playouts.
                let heavy = position.heavy();
                self.search_on(&heavy, color, budget, start, &mut watch)
            }
        }
    }

    /// [`MctsPlayer::analyze`] on `position` with its own tree moves, priors and playout
    /// policy.
    fn search_on<P: PlayoutPosition>(
        &mut self,
        position: &P,
        color: Color,
        budget: Budget,
        start: Instant,
        watch: &mut Watch<'_>,
    ) -> Result<SearchResult, SearchError> {
        let game = position.as_position();
        if game.is_over() {
            return Err(SearchError::GameOver);
        }
        if !watch.filters.is_empty() {
            // A tree of some moves only is no tree to reuse, nor one to keep.
            self.clear_tree();
        }
        self.reuse(game, color);
        let reused_visits = self.root.visits.load(Relaxed);
        let nodes = AtomicUsize::new(self.root.count());
        if self.root.kids().is_empty() {
            let mut moves = Vec::new();
            position.tree_moves(color, &mut moves);
            moves.retain(|&m| MoveFilter::keeps(watch.filters, color, 0, m));
            if moves.is_empty() {
                // Not over, so a pass is legal (a family that lists nothing still passes).
                moves.push(Move::Pass);
            }
            let mut priors = Vec::new();
            // Priors may read by playing: on a copy (once a search).
            position.clone().tree_priors(color, &moves, &mut priors);
            self.root.expand(&moves, &priors, &nodes);
        }
        let n = position.num_points();
        let mut result = SearchResult {
            mv: Move::Pass,
            color,
            decision: Decision::Searched,
            win_rate: 0.5,
            playouts: 0,
            playout_moves: 0,
            visits: 0,
            reused_visits,
            nodes: 0,
            moves: Vec::new(),
            unvisited: Vec::new(),
            pv: Vec::new(),
            ownership: vec![0.0; n],
            ownership_stdev: Vec::new(),
            score_mean: 0.0,
            score_stdev: 0.0,
            elapsed: Duration::ZERO,
        };
        let kids = self.root.kids();
        let mut totals = None;
        if kids.len() == 1 && !watch.force {
            result.mv = kids[0].mv;
            result.decision = Decision::OnlyMove;
        } else if budget.is_zero() {
            result.decision = Decision::NoBudget;
            // A pass without a search could end a game the opponent wins (after its pass).
            result.mv = match self.root.most_visited() {
                Some(i) if kids[i].mv != Move::Pass => kids[i].mv,
                _ => self.random_tree_move(game, color),
            };
        } else {
            let mut t = self
                .run_searchers(position, color, budget, start, &nodes, watch)
                .read();
            result.playouts = t.playouts;
            result.playout_moves = t.playout_moves;
            result.ownership = std::mem::take(&mut t.ownership);
            result.ownership_stdev = std::mem::take(&mut t.ownership_stdev);
            self.decide(position, color, &mut result);
            totals = Some(t);
        }
        self.fill_stats(nodes.load(Relaxed), &mut result, totals.as_ref());
        if game.check_move(color, result.mv).is_err() {
            debug_assert!(false, "the search chose an illegal move {:?}", result.mv);
            result.mv = Move::Pass;
        }
        if !watch.filters.is_empty() {
            self.clear_tree();
        }
        result.elapsed = start.elapsed();
        self.last = Some(result.clone());
        Ok(result)
    }

    /// Searches any position through the object-safe trait: a copy of it as its family's
    /// concrete type ([`VariantPosition`]), or boxed for a family the facade does not
    /// compose ([`PlayoutPosition`] for `Box<dyn Position>`).
    pub fn search_dyn(
        &mut self,
        position: &dyn Position,
        color: Color,
    ) -> Result<SearchResult, SearchError> {
        let budget = self.config.budget;
        self.analyze_dyn(position, color, budget, Watch::default())
    }

    /// [`MctsPlayer::analyze`] through the object-safe trait (see [`MctsPlayer::search_dyn`]).
    pub fn analyze_dyn(
        &mut self,
        position: &dyn Position,
        color: Color,
        budget: Budget,
        watch: Watch<'_>,
    ) -> Result<SearchResult, SearchError> {
        struct Analyze<'a, 'w>(&'a mut MctsPlayer, Color, Budget, Watch<'w>);
        impl PositionVisitor for Analyze<'_, '_> {
            type Output = Result<SearchResult, SearchError>;
            fn visit<P: PlayoutPosition>(self, position: &P) -> Self::Output {
                self.0.analyze(position, self.1, self.2, self.3)
            }
        }
        VariantPosition::from_position(position).visit(Analyze(self, color, budget, watch))
    }

    /// [`MctsPlayer::genmove`] through the object-safe trait (see [`MctsPlayer::search_dyn`]).
    pub fn genmove_dyn(
        &mut self,
        position: &dyn Position,
        color: Color,
    ) -> Result<Move, SearchError> {
        self.search_dyn(position, color).map(|r| r.mv)
    }

    /// Keeps the part of the tree that belongs to `game` with `color` to move, or starts a
    /// new one; records the new root.
    fn reuse(&mut self, game: &dyn Position, color: Color) {
        let history = game.history();
        let kept = match self.key.take() {
            Some(key) if key.setup == *game.setup() && history.starts_with(&key.history) => {
                let mut to_move = key.to_move;
                let mut ok = true;
                for turn in &history[key.history.len()..] {
                    if turn.color != to_move {
                        ok = false;
                        break;
                    }
                    match self.root.take_child(turn.mv) {
                        Some(child) => self.root = child,
                        None => {
                            ok = false;
                            break;
                        }
                    }
                    to_move = to_move.opponent();
                }
                ok && to_move == color
            }
            _ => false,
        };
        if !kept {
            self.root = Node::default();
        }
        self.key = Some(TreeKey {
            setup: game.setup().clone(),
            history: history.to_vec(),
            to_move: color,
        });
    }

    /// A random placement among the root's moves (a pass if there is none).
    fn random_tree_move(&self, game: &dyn Position, color: Color) -> Move {
        let mut rng =
            ChaCha8Rng::seed_from_u64(mix(self.config.seed, game.history().len(), color, 0));
        let places: Vec<Move> = self
            .root
            .kids()
            .iter()
            .map(|k| k.mv)
            .filter(|m| matches!(m, Move::Place(_)))
            .collect();
        if places.is_empty() {
            Move::Pass
        } else {
            places[rng.random_range(0..places.len())]
        }
    }

    /// Runs the searchers on `position`, with its playout policy, and returns what their
    /// playouts add up to. With a report to make, every searcher runs on a thread of its
    /// own and the calling thread makes the reports.
    fn run_searchers<P: PlayoutPosition>(
        &self,
        position: &P,
        color: Color,
        budget: Budget,
        start: Instant,
        nodes: &AtomicUsize,
        watch: &mut Watch<'_>,
    ) -> Tally {
        let c = &self.config;
        let tree = c.tree_settings(position.has_knowledge());
        let moves = position.as_position().history().len();
        let n = position.num_points();
        let root_moves = if watch.moves_ownership {
            self.root.kids().len()
        } else {
            0
        };
        let reporting = watch.on_report.is_some();
        // Reported sums are at most a few milliseconds of playouts behind.
        let batch = if reporting { 16 } else { u64::MAX };
        let tally = Tally::new(n, root_moves, watch.ownership_stdev, batch);
        let shared = Shared {
            position,
            root: &self.root,
            color,
            root_moves: moves,
            horizon: search::horizon(moves, n),
            formula: Formula {
                exploration: tree.exploration,
                rave_equivalence: tree.rave_equivalence,
                first_play_urgency: c.first_play_urgency,
            },
            expand_after: tree.expand_after,
            max_nodes: c.max_nodes,
            nodes: AtomicUsize::new(nodes.load(Relaxed)),
            claimed: AtomicU32::new(0),
            max_playouts: budget.playouts.unwrap_or(u32::MAX),
            deadline: budget.time.and_then(|t| start.checked_add(t)),
            virtual_loss: c.threads > 1,
            stop: watch.stop,
            tally: &tally,
            filters: watch.filters,
        };
        let seed = |t| mix(c.seed, moves, color, t);
        match watch.on_report.as_mut() {
            None if c.threads == 1 => shared.run(seed(0)),
            None => std::thread::scope(|s| {
                let shared = &shared;
                let others: Vec<_> = (1..c.threads)
                    .map(|t| s.spawn(move || shared.run(seed(t))))
                    .collect();
                shared.run(seed(0));
                // A searcher that panicked is a bug; its last playouts are lost, the others
                // count.
                for h in others {
                    let _ = h.join();
                }
            }),
            Some(report) => std::thread::scope(|s| {
                let shared = &shared;
                let (done, finished) = mpsc::channel::<()>();
                let searchers: Vec<_> = (0..c.threads)
                    .map(|t| {
                        let done = done.clone();
                        s.spawn(move || {
                            shared.run(seed(t));
                            let _ = done.send(());
                        })
                    })
                    .collect();
                drop(done);
                let every = watch.every.max(Duration::from_millis(1));
                let mut next = start + every;
                let mut running = c.threads;
                while running > 0 {
                    let wait = next.saturating_duration_since(Instant::now());
                    match finished.recv_timeout(wait) {
                        Ok(()) => running -= 1,
                        Err(mpsc::RecvTimeoutError::Timeout) => {
                            let nodes = shared.nodes.load(Relaxed);
                            report(&self.snapshot(color, &tally, nodes, start));
                            next = Instant::now().max(next + every);
                        }
                        // Every searcher is gone (one that panicked never sends).
                        Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    }
                }
                for h in searchers {
                    let _ = h.join();
                }
            }),
        }
        nodes.store(shared.nodes.load(Relaxed), Relaxed);
        tally
    }

    /// What a running search has found so far: its most visited move and the statistics of
    /// the answer.
    fn snapshot(&self, color: Color, tally: &Tally, nodes: usize, start: Instant) -> SearchResult {
        let kids = self.root.kids();
        let best = self.root.most_visited().map(|i| &kids[i]);
        let mut totals = tally.read();
        let mut result = SearchResult {
            mv: best.map_or(Move::Pass, |k| k.mv),
            color,
            decision: Decision::Searched,
            win_rate: best.map_or(0.5, Node::win_rate),
            playouts: totals.playouts,
            playout_moves: totals.playout_moves,
            visits: 0,
            reused_visits: 0,
            nodes: 0,
            moves: Vec::new(),
            unvisited: Vec::new(),
            pv: Vec::new(),
            ownership: std::mem::take(&mut totals.ownership),
            ownership_stdev: std::mem::take(&mut totals.ownership_stdev),
            score_mean: 0.0,
            score_stdev: 0.0,
            elapsed: start.elapsed(),
        };
        self.fill_stats(nodes, &mut result, Some(&totals));
        result.reused_visits = result.visits.saturating_sub(result.playouts as u32);
        result
    }

    /// Chooses the answer after a search: the most visited move, a winning pass, or resign.
    fn decide<P: PlayoutPosition>(&self, position: &P, color: Color, result: &mut SearchResult) {
        let kids = self.root.kids();
        let Some(best) = self.root.most_visited() else {
            result.decision = Decision::NoBudget;
            result.mv = self.random_tree_move(position.as_position(), color);
            return;
        };
        let best = &kids[best];
        result.mv = best.mv;
        result.win_rate = best.win_rate();
        if best.mv == Move::Pass {
            return;
        }
        if self.pass_wins(position, color, &result.ownership, result.playouts > 0) {
            result.mv = Move::Pass;
            result.decision = Decision::PassWins;
            return;
        }
        let c = &self.config;
        if c.resign_threshold > 0.0
            && result.win_rate < c.resign_threshold
            && self.root.visits.load(Relaxed) >= c.resign_min_visits
            && position.as_position().history().len() >= c.resign_min_moves
        {
            result.mv = Move::Resign;
            result.decision = Decision::Resign;
        }
    }

    /// Whether the opponent has just passed and a pass of `color` ends a game that `color`
    /// wins: by the game's own count, and where the family counts dead stones, also with the
    /// stones that `ownership` judges dead taken off.
    fn pass_wins<P: PlayoutPosition>(
        &self,
        position: &P,
        color: Color,
        ownership: &[f64],
        judged: bool,
    ) -> bool {
        let game = position.as_position();
        let opponent_passed = game.history().last()
            == Some(&Turn {
                color: color.opponent(),
                mv: Move::Pass,
            });
        if !opponent_passed {
            return false;
        }
        let mut after = position.clone();
        if !after.play(color, Move::Pass) || !after.is_over() {
            return false;
        }
        // The game's own count (every stone alive) must say so, whoever referees.
        if after.as_position().outcome().and_then(|r| r.winner()) != Some(color) {
            return false;
        }
        if !(position.counts_dead_stones() && judged) {
            return true;
        }
        // And so must a count with the dead stones off, as the search judges them: the one
        // judge of dead stones on the ownership of this search's playouts.
        let ownership: Vec<f32> = ownership.iter().map(|&o| o as f32).collect();
        Judgement::from_ownership(&after, &ownership, &DeadConfig::default())
            .score(after.as_position())
            .result()
            .winner()
            == Some(color)
    }

    /// Fills the root's statistics into `result` (with each move's ownership when the
    /// tally has it).
    fn fill_stats(&self, nodes: usize, result: &mut SearchResult, totals: Option<&Totals>) {
        result.visits = self.root.visits.load(Relaxed);
        result.nodes = nodes;
        let side = sign(result.color);
        let (mean, stdev) = self.root.score_stats();
        result.score_mean = side * mean;
        result.score_stdev = stdev;
        let kids = self.root.kids();
        let weight = |k: &Node| 1.0 + f64::from(k.prior.wins) / 2.0;
        let total: f64 = kids.iter().map(weight).sum();
        let mut moves: Vec<MoveStats> = kids
            .iter()
            .enumerate()
            .filter(|(_, k)| k.visits.load(Relaxed) > 0)
            .map(|(i, k)| {
                let (mean, stdev) = k.score_stats();
                let mut pv = Vec::new();
                let mut pv_visits = Vec::new();
                let mut node = k;
                loop {
                    pv.push(node.mv);
                    pv_visits.push(node.visits.load(Relaxed));
                    match node.most_visited() {
                        Some(j) if pv.len() < Self::PV_LENGTH => node = &node.kids()[j],
                        _ => break,
                    }
                }
                MoveStats {
                    mv: k.mv,
                    visits: k.visits.load(Relaxed),
                    win_rate: k.win_rate(),
                    amaf_visits: k.amaf_visits.load(Relaxed),
                    amaf_win_rate: k.amaf_win_rate(),
                    prior: weight(k) / total,
                    score_mean: side * mean,
                    score_stdev: stdev,
                    pv,
                    pv_visits,
                    ownership: totals.and_then(|t| t.moves_ownership.get(i).cloned()),
                }
            })
            .collect();
        // Most visited first; equal visits by win rate, then in the root's order.
        moves.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.win_rate.total_cmp(&a.win_rate))
        });
        if let Some(best) = moves.first() {
            if result.decision == Decision::OnlyMove || result.decision == Decision::NoBudget {
                result.win_rate = best.win_rate;
            }
        }
        result.pv.clear();
        let mut node = &self.root;
        while let Some(i) = node.most_visited() {
            if result.pv.len() == Self::PV_LENGTH {
                break;
            }
            node = &node.kids()[i];
            result.pv.push(node.mv);
        }
        result.moves = moves;
        result.unvisited = kids
            .iter()
            .filter(|k| k.visits.load(Relaxed) == 0)
            .map(|k| (k.mv, weight(k) / total))
            .collect();
    }
}

/// +1 for Black, -1 for White: Black's margin times it is the colour's.
fn sign(color: Color) -> f64 {
    match color {
        Color::Black => 1.0,
        Color::White => -1.0,
    }
}

/// The search as a [`Player`]: the move of [`MctsPlayer::genmove`], and a pass once the game
/// is over (what a game controller expects of `genmove` then). The trait object and each
/// family's concrete position type are searched without dynamic dispatch per node.
impl Player for MctsPlayer {
    fn choose(&mut self, position: &dyn Position, color: Color) -> Move {
        self.genmove_dyn(position, color).unwrap_or(Move::Pass)
    }

    fn played(&mut self, turn: Turn) {
        MctsPlayer::played(self, turn.color, turn.mv);
    }

    fn new_game(&mut self) {
        self.clear_tree();
    }
}

/// The search as a [`Player`] of a concrete position type (a family's own, or a boxed
/// position): the same moves as through the trait object.
impl<P: PlayoutPosition + Position> Player<P> for MctsPlayer {
    fn choose(&mut self, position: &P, color: Color) -> Move {
        self.genmove(position, color).unwrap_or(Move::Pass)
    }

    fn played(&mut self, turn: Turn) {
        MctsPlayer::played(self, turn.color, turn.mv);
    }

    fn new_game(&mut self) {
        self.clear_tree();
    }
}
