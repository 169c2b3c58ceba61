//! What a search answers ([`SearchResult`], each root move's [`MoveStats`], [`Decision`],
//! [`SearchError`]) and how a caller watches and steers a running one ([`Watch`],
//! [`MoveFilter`]).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use goishi::{Color, Move};

use super::ConfigError;
#[cfg(doc)]
use super::{Budget, MctsPlayer};

/// Why the search answered what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The most visited move of the search.
    Searched,
    /// The only move the tree considers (no search was run).
    OnlyMove,
    /// A pass that ends a game the player wins (the opponent passed).
    PassWins,
    /// The best move's win rate is below the resignation threshold.
    Resign,
    /// The budget allowed no playout: the tree's most visited move unless it is a pass, or a
    /// random placement of the root's moves.
    NoBudget,
}

/// One move of the root with its statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats {
    /// The move.
    pub mv: Move,
    /// Playouts through it (those of earlier searches kept by tree reuse included).
    pub visits: u32,
    /// The mover's win rate over those playouts (a draw is half a win).
    pub win_rate: f64,
    /// Its AMAF visits.
    pub amaf_visits: u32,
    /// The mover's AMAF win rate.
    pub amaf_win_rate: f64,
    /// What the tree knew of the move before searching it, as a probability over the root's
    /// moves: in proportion to 1 + the wins of its prior playouts ([`Prior`](goishi::playout::Prior); Go's heavy
    /// policy gives them), so uniform where the family has no priors.
    pub prior: f64,
    /// The mover's mean margin on the game's count at the end of the playouts through the
    /// move (points; negative when behind): the final count of each playout as
    /// [`goishi::PlayoutPosition::playout_result`] gives it.
    pub score_mean: f64,
    /// The standard deviation of that margin over those playouts.
    pub score_stdev: f64,
    /// The principal variation from this move: the move, then the most visited move at each
    /// node below it (at most [`MctsPlayer::PV_LENGTH`] moves).
    pub pv: Vec<Move>,
    /// The visits of each node of `pv`.
    pub pv_visits: Vec<u32>,
    /// With [`Watch::moves_ownership`]: the average owner of every point (+1 Black, -1
    /// White) at the end of this search's playouts through the move.
    pub ownership: Option<Vec<f64>>,
}

impl MoveStats {
    /// A lower confidence bound of the win rate: `win_rate - 2 sqrt(w (1 - w) / visits)`
    /// with `w` the win rate kept away from 0 and 1 by a quarter of a visit (so that a move
    /// won in its few playouts is not certain), and 0 without visits.
    pub fn lcb(&self) -> f64 {
        if self.visits == 0 {
            return 0.0;
        }
        let n = f64::from(self.visits);
        let w = self.win_rate.clamp(0.25 / n, 1.0 - 0.25 / n);
        (self.win_rate - 2.0 * (w * (1.0 - w) / n).sqrt()).max(0.0)
    }
}

/// Moves of one player that the search does not explore in its first plies (KataGo's
/// `avoid` and `allow` of `kata-analyze`, `avoidMoves` and `allowMoves` of its JSON engine).
/// A pass is never filtered out: a position always has a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFilter<'a> {
    /// Whose moves.
    pub color: Color,
    /// The moves avoided, or with `allow` the only ones allowed.
    pub moves: &'a [Move],
    /// `avoid` (false): these moves are not explored; `allow` (true): only these are.
    pub allow: bool,
    /// The filter holds for the moves of the first `until_depth` plies: the root's moves are
    /// ply 0, so 1 filters the root only.
    pub until_depth: u32,
}

impl MoveFilter<'_> {
    /// Whether `filters` let `color` play `mv` at ply `depth` from the root.
    pub fn keeps(filters: &[MoveFilter<'_>], color: Color, depth: usize, mv: Move) -> bool {
        mv == Move::Pass
            || filters.iter().all(|f| {
                f.color != color
                    || depth >= f.until_depth as usize
                    || f.moves.contains(&mv) == f.allow
            })
    }
}

/// What a caller sees of a running search and how it steers it ([`MctsPlayer::analyze`]):
/// the analysis of GTP's `kata-analyze` and of KataGo's JSON engine. `Watch::default()`
/// watches nothing: the search of `genmove`.
#[derive(Default)]
pub struct Watch<'a> {
    /// Set (from any thread) to end the search: no playout starts once it is. With a stop
    /// flag the budget may have no limit at all ([`Budget::UNLIMITED`]): the search runs
    /// until it is stopped (or the tree is full and its time is up).
    pub stop: Option<&'a AtomicBool>,
    /// Called on the calling thread every [`Watch::every`] while the searchers run on
    /// threads of their own, with what the search has found so far (the same fields as its
    /// answer; `mv` the most visited move).
    pub on_report: Option<&'a mut (dyn FnMut(&SearchResult) + 'a)>,
    /// How often `on_report` is called (its first call one interval after the start).
    pub every: Duration,
    /// Sums the ownership of the playouts through each root move ([`MoveStats::ownership`]).
    pub moves_ownership: bool,
    /// Sums the squares of the ownership too ([`SearchResult::ownership_stdev`]).
    pub ownership_stdev: bool,
    /// Moves the search must not explore near the root (KataGo's `avoid` and `allow`); with
    /// any, the tree of earlier moves is not reused, nor kept.
    pub filters: &'a [MoveFilter<'a>],
    /// Searches even when the answer is forced (a single move), so that its statistics are
    /// there to report.
    pub force: bool,
}

impl std::fmt::Debug for Watch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watch")
            .field("stop", &self.stop)
            .field("on_report", &self.on_report.is_some())
            .field("every", &self.every)
            .field("moves_ownership", &self.moves_ownership)
            .field("ownership_stdev", &self.ownership_stdev)
            .field("filters", &self.filters)
            .field("force", &self.force)
            .finish()
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play (a point, a pass, or resign): legal in the position searched.
    pub mv: Move,
    /// The colour it is for.
    pub color: Color,
    /// Why this move.
    pub decision: Decision,
    /// The mover's win rate of the most visited move (0.5 without visits).
    pub win_rate: f64,
    /// Playouts run by this search.
    pub playouts: u64,
    /// Moves played inside those playouts (below the tree).
    pub playout_moves: u64,
    /// Visits of the root, those kept from earlier searches included.
    pub visits: u32,
    /// Visits of the root kept from earlier searches.
    pub reused_visits: u32,
    /// Nodes in the tree after the search.
    pub nodes: usize,
    /// The root's moves with a visit, most visited first.
    pub moves: Vec<MoveStats>,
    /// The root's moves without a visit, in the root's order, with their priors
    /// ([`MoveStats::prior`]): what an analysis that shows at least so many moves adds.
    pub unvisited: Vec<(Move, f64)>,
    /// The principal variation: from the root, the most visited move at each node (at most
    /// [`MctsPlayer::PV_LENGTH`] moves).
    pub pv: Vec<Move>,
    /// For every point, the average owner at the end of this search's playouts: +1 Black,
    /// -1 White (a stone's colour, or an empty point's surrounding colour where the family
    /// counts territory). All zeros without playouts.
    pub ownership: Vec<f64>,
    /// With [`Watch::ownership_stdev`], the standard deviation of every point's owner over
    /// this search's playouts (empty otherwise).
    pub ownership_stdev: Vec<f64>,
    /// The mean margin of `color` on the game's count at the end of the playouts through
    /// the root (points; those kept from earlier searches included): see
    /// [`MoveStats::score_mean`].
    pub score_mean: f64,
    /// The standard deviation of that margin.
    pub score_stdev: f64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl SearchResult {
    /// The playout moves per second of this search (0 without time).
    pub fn playout_moves_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.playout_moves as f64 / secs
        } else {
            0.0
        }
    }
}

/// Why no move was searched.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum SearchError {
    /// The game is over: no move can be played.
    #[error("the game is over")]
    GameOver,
    /// The budget given for this move has no limit.
    #[error(transparent)]
    Config(#[from] ConfigError),
}
