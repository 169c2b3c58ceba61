//! The search tree: nodes with their statistics in atomics, the selection formula (UCT +
//! RAVE + first-play urgency + virtual loss), expansion, and moving the root down for reuse.
//!
//! A node is the position after its move. Its statistics count from the point of view of
//! the player who made that move. Its children are created once, all together, by the first
//! thread that expands it (`OnceLock`), and are never removed while a search runs; a search
//! shares the tree by reference (`&Node`) among its threads.
//!
//! Counters on the path of a playout (visits, wins, virtual losses) are updated with atomic
//! read-modify-write operations. The AMAF counters of the siblings along the path, many per
//! playout, are updated by a relaxed load and a store: with several threads an update can be
//! lost when two threads write the same counter at the same moment (a statistical nuisance,
//! never a wrong move or a broken invariant; lock-free searchers such as Fuego's make the same
//! trade). With one thread every update is exact.

use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::OnceLock;

use goishi::playout::Prior;
use goishi::Move;

/// One node of the tree.
#[derive(Debug)]
pub(crate) struct Node {
    /// The move that leads here from the parent.
    pub mv: Move,
    /// Playouts through this node.
    pub visits: AtomicU32,
    /// Their results for the player of `mv`, in half points (win 2, draw 1, loss 0).
    pub wins: AtomicU32,
    /// Playouts through the parent in which the player of `mv` played `mv`'s point later
    /// (all moves as first).
    pub amaf_visits: AtomicU32,
    /// Their results for the player of `mv`, in half points.
    pub amaf_wins: AtomicU32,
    /// Playouts through this node under way in other threads, each counted as a loss until
    /// it is back.
    pub virtual_loss: AtomicU32,
    /// The final counts of the playouts through this node, Black's margin in
    /// [`SCORE_UNIT`]ths of a point, summed (the score statistics of analysis).
    pub score: AtomicI64,
    /// Their squares, summed (in [`SCORE_UNIT`]ths of a point, squared).
    pub score_squares: AtomicU64,
    /// The moves from here, once expanded.
    pub children: OnceLock<Box<[Node]>>,
    /// What the tree knew of `mv` when it made the node: playouts that the selection formula
    /// counts with the node's own (never reported as visits).
    pub prior: Prior,
}

impl Default for Node {
    fn default() -> Node {
        Node::new(Move::Pass, Prior::default())
    }
}

/// The settings of the selection formula, in the form the formula uses.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Formula {
    pub exploration: f32,
    pub rave_equivalence: f32,
    pub first_play_urgency: f32,
}

/// The fixed point of the score statistics: a margin is counted in 16ths of a point.
pub(crate) const SCORE_UNIT: f64 = 16.0;

/// The largest margin counted, in points, either way: a count beyond it (a komi of
/// thousands) is counted as it, so that the sums of squares cannot overflow.
const MAX_MARGIN: f64 = 4096.0;

/// A margin (Black's, in points) in the fixed point of the score statistics.
#[inline]
pub(crate) fn score_units(margin: f64) -> i64 {
    let clamped = if margin.is_nan() {
        0.0
    } else {
        margin.clamp(-MAX_MARGIN, MAX_MARGIN)
    };
    (clamped * SCORE_UNIT).round() as i64
}

/// Adds `delta` to a counter by a load and a store (see the module docs).
#[inline]
pub(crate) fn add_racy(counter: &AtomicU32, delta: u32) {
    counter.store(counter.load(Relaxed).wrapping_add(delta), Relaxed);
}

impl Node {
    /// A fresh node for `mv`, with its prior statistics.
    pub fn new(mv: Move, prior: Prior) -> Node {
        Node {
            mv,
            prior,
            visits: AtomicU32::new(0),
            wins: AtomicU32::new(0),
            amaf_visits: AtomicU32::new(0),
            amaf_wins: AtomicU32::new(0),
            virtual_loss: AtomicU32::new(0),
            score: AtomicI64::new(0),
            score_squares: AtomicU64::new(0),
            children: OnceLock::new(),
        }
    }

    /// The children, empty if the node is not expanded.
    #[inline]
    pub fn kids(&self) -> &[Node] {
        self.children.get().map_or(&[], |c| &c[..])
    }

    /// Expands the node with `moves` and their `priors` (none when `priors` is empty)
    /// unless a thread did already, and counts the nodes made in `nodes`.
    pub fn expand(&self, moves: &[Move], priors: &[Prior], nodes: &AtomicUsize) -> &[Node] {
        self.children.get_or_init(|| {
            nodes.fetch_add(moves.len(), Relaxed);
            moves
                .iter()
                .enumerate()
                .map(|(i, &mv)| Node::new(mv, priors.get(i).copied().unwrap_or_default()))
                .collect()
        })
    }

    /// The win rate of the player of `mv` over the visits (0.5 with none).
    pub fn win_rate(&self) -> f64 {
        let n = self.visits.load(Relaxed);
        if n == 0 {
            0.5
        } else {
            f64::from(self.wins.load(Relaxed)) / (2.0 * f64::from(n))
        }
    }

    /// Adds a playout's final count (Black's margin, [`score_units`]).
    #[inline]
    pub fn add_score(&self, units: i64) {
        self.score.fetch_add(units, Relaxed);
        self.score_squares
            .fetch_add(units.unsigned_abs() * units.unsigned_abs(), Relaxed);
    }

    /// The mean and the standard deviation of Black's margin over the playouts through this
    /// node, in points ((0, 0) with none).
    pub fn score_stats(&self) -> (f64, f64) {
        let n = self.visits.load(Relaxed);
        if n == 0 {
            return (0.0, 0.0);
        }
        let n = f64::from(n);
        let mean = self.score.load(Relaxed) as f64 / n;
        let square = self.score_squares.load(Relaxed) as f64 / n;
        let variance = (square - mean * mean).max(0.0);
        (mean / SCORE_UNIT, variance.sqrt() / SCORE_UNIT)
    }

    /// The AMAF win rate (0.5 with none).
    pub fn amaf_win_rate(&self) -> f64 {
        let n = self.amaf_visits.load(Relaxed);
        if n == 0 {
            0.5
        } else {
            f64::from(self.amaf_wins.load(Relaxed)) / (2.0 * f64::from(n))
        }
    }

    /// The index of the child to descend to: the highest
    /// `(1 - b) q + b q' + c sqrt(ln N / (n + 1))` (see the module docs of `mcts`; `q` and `b`
    /// count the prior playouts with the node's own), the first of equal ones. `None` when
    /// there is no child.
    ///
    /// The children are read [`LANES`] at a time into arrays, and their values worked out
    /// over the arrays with no branch (the first-play urgency chosen by a select), so that
    /// the compiler does the divisions and square roots of several children in one vector
    /// instruction: the same values as one child at a time (IEEE division and square root
    /// are exact in either form), at a fraction of their latency, which the descent of
    /// every playout waited on.
    #[inline]
    pub fn select(&self, f: &Formula) -> Option<usize> {
        let kids = self.kids();
        if kids.is_empty() {
            return None;
        }
        let parent = self.visits.load(Relaxed) + self.virtual_loss.load(Relaxed);
        let explore = f.exploration * (parent.max(1) as f32).ln().sqrt();
        let inv_k = 1.0 / f.rave_equivalence;
        let mut best = 0;
        let mut best_value = f32::NEG_INFINITY;
        for (c, chunk) in kids.chunks(LANES).enumerate() {
            let mut values = [f32::NEG_INFINITY; LANES];
            chunk_values(chunk, f, explore, inv_k, &mut values);
            for (j, &value) in values.iter().enumerate().take(chunk.len()) {
                if value > best_value {
                    best_value = value;
                    best = c * LANES + j;
                }
            }
        }
        Some(best)
    }

    /// The number of nodes in this subtree, this one included.
    pub fn count(&self) -> usize {
        1 + self.kids().iter().map(Node::count).sum::<usize>()
    }

    /// Takes the child whose move is `mv` out of this node (dropping the other children),
    /// if the node is expanded and has it.
    pub fn take_child(&mut self, mv: Move) -> Option<Node> {
        let mut kids = self.children.take()?;
        let i = kids.iter().position(|k| k.mv == mv)?;
        Some(std::mem::take(&mut kids[i]))
    }

    /// The index of the most visited child (the first of equals; the higher win rate breaks
    /// ties), if any child has a visit.
    pub fn most_visited(&self) -> Option<usize> {
        let kids = self.kids();
        let mut best: Option<(usize, u32, f64)> = None;
        for (i, k) in kids.iter().enumerate() {
            let n = k.visits.load(Relaxed);
            if n == 0 {
                continue;
            }
            let w = k.win_rate();
            if best.is_none_or(|(_, bn, bw)| n > bn || (n == bn && w > bw)) {
                best = Some((i, n, w));
            }
        }
        best.map(|(i, _, _)| i)
    }
}

/// Children whose selection values are worked out together ([`Node::select`]).
const LANES: usize = 8;

/// The selection values of `kids` (at most [`LANES`]) into the first entries of `values`:
/// `first_play_urgency` for a child with neither visits, nor prior playouts, nor AMAF
/// statistics, else `(1 - b) q + b q'` (in one division: with `q = w / 2m`, `q' = w' / 2n'`
/// and `b = n' / d`, `d = n' + m + m n' / k`, it is `((1 + n' / k) w + w') / 2d`, `w` and
/// `w'` in half points; `q` alone when `n' = 0`, `q'` alone when `m = 0`) plus the
/// exploration term `explore / sqrt(n + 1)` (0 when `explore` is).
#[inline]
fn chunk_values(kids: &[Node], f: &Formula, explore: f32, inv_k: f32, values: &mut [f32; LANES]) {
    let mut n = [0.0f32; LANES];
    let mut np = [0.0f32; LANES];
    let mut na = [0.0f32; LANES];
    let mut w = [0.0f32; LANES];
    let mut wa = [0.0f32; LANES];
    for (j, kid) in kids.iter().enumerate().take(LANES) {
        let visits = kid.visits.load(Relaxed) + kid.virtual_loss.load(Relaxed);
        n[j] = visits as f32;
        // With the prior playouts.
        np[j] = n[j] + kid.prior.visits as f32;
        na[j] = kid.amaf_visits.load(Relaxed) as f32;
        w[j] = (kid.wins.load(Relaxed) + kid.prior.wins) as f32;
        wa[j] = kid.amaf_wins.load(Relaxed) as f32;
    }
    for j in 0..LANES {
        let d = na[j] + np[j] + np[j] * na[j] * inv_k;
        let v = ((1.0 + na[j] * inv_k) * w[j] + wa[j]) / (2.0 * d);
        let value = v + explore / (n[j] + 1.0).sqrt();
        let unseen = np[j] == 0.0 && na[j] == 0.0;
        values[j] = if unseen { f.first_play_urgency } else { value };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_node_takes_72_bytes() {
        // The figure of `MctsConfig::max_nodes`' docs and the play crate's README.
        assert_eq!(std::mem::size_of::<Node>(), 72);
    }

    #[test]
    fn the_score_statistics_are_a_mean_and_a_spread_in_points() {
        let node = Node::default();
        assert_eq!(node.score_stats(), (0.0, 0.0));
        for margin in [2.5, -1.5, 7.0, 0.0] {
            node.visits.fetch_add(1, Relaxed);
            node.add_score(score_units(margin));
        }
        let (mean, stdev) = node.score_stats();
        assert_eq!(mean, 2.0);
        // Population standard deviation of 2.5, -1.5, 7, 0 around 2.
        let expected = ((0.25 + 12.25 + 25.0 + 4.0) / 4.0_f64).sqrt();
        assert!((stdev - expected).abs() < 1e-9, "{stdev}");
        // A komi of thousands is counted at the largest margin, not overflowed.
        assert_eq!(score_units(1e12), score_units(MAX_MARGIN));
        assert_eq!(score_units(f64::NAN), 0);
    }
}
