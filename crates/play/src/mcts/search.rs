//! The searchers: each thread repeats select, expand, play out and back up on the shared
//! tree until the budget is spent; what they share and what each returns.
//!
//! Everything a searcher needs is allocated once when it starts (its copy of the position,
//! the path, the move sequence, the AMAF table, the ownership sums): a playout allocates
//! nothing per move, and nothing at all with `GoPosition` once the buffers have grown. Each
//! searcher adds its sums to the search's [`Tally`] in batches, so that the analysis of a
//! running search reads them without stopping it.

use std::sync::atomic::{
    AtomicBool, AtomicI64, AtomicU32, AtomicU64, AtomicUsize, Ordering::Relaxed,
};
use std::sync::Mutex;

use goishi::playout::{move_cap, Prior};
use goishi::{Color, Move, PlayoutPosition, Point};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::tree::{add_racy, score_units, Formula, Node};
use super::Instant;
use super::MoveFilter;

/// What the searchers of one move share.
pub(crate) struct Shared<'a, P> {
    /// The position at the root, which every playout starts from.
    pub position: &'a P,
    /// The root node (its children are the moves of `color`).
    pub root: &'a Node,
    /// The player to move at the root.
    pub color: Color,
    /// The moves of the game played before the root (its history's length).
    pub root_moves: usize,
    /// The move number at which every playout stops and is counted ([`horizon`]).
    pub horizon: usize,
    pub formula: Formula,
    pub expand_after: u32,
    pub max_nodes: usize,
    /// The nodes in the tree.
    pub nodes: AtomicUsize,
    /// Playouts started, over every thread.
    pub claimed: AtomicU32,
    /// At most this many playouts (`u32::MAX` for no limit).
    pub max_playouts: u32,
    /// No playout starts at or after this time.
    pub deadline: Option<Instant>,
    /// Whether to add virtual losses (more than one thread).
    pub virtual_loss: bool,
    /// Set from outside to end the search: no playout starts once it is.
    pub stop: Option<&'a AtomicBool>,
    /// What the searchers' playouts add up to.
    pub tally: &'a Tally,
    /// Moves not explored near the root.
    pub filters: &'a [MoveFilter<'a>],
}

/// What the playouts of one search add up to, shared by its searchers: each adds its own
/// sums in batches of [`Tally::batch`] playouts (and at its end), so that a report made while
/// the search runs reads whole playouts.
pub(crate) struct Tally {
    /// Playouts completed and added.
    pub playouts: AtomicU64,
    /// Moves played inside them (the moves below the tree).
    pub playout_moves: AtomicU64,
    /// The owner of every point at the end of each playout, summed (+1 Black, -1 White).
    pub ownership: Box<[AtomicI64]>,
    /// For each root move, in the root's order, the same sums over the playouts through it
    /// (`points` entries a move); empty unless asked.
    pub moves_ownership: Box<[AtomicI64]>,
    /// For each root move, the playouts added to its sums; empty unless asked.
    pub moves_playouts: Box<[AtomicU64]>,
    /// For every point, the playouts at whose end someone owned it (the sum of the squares
    /// of its owner): the spread of the ownership; empty unless asked.
    pub owned: Box<[AtomicI64]>,
    /// Playouts a searcher runs before it adds its sums (`u64::MAX`: only at its end).
    pub batch: u64,
    /// Held while sums are added and while they are read, so that a reader finds the sums of
    /// whole batches and their playout count together.
    lock: Mutex<()>,
}

/// What a [`Tally`] held when it was read: averages over its playouts.
#[derive(Debug, Default)]
pub(crate) struct Totals {
    pub playouts: u64,
    pub playout_moves: u64,
    /// The average owner of every point (all zeros without playouts).
    pub ownership: Vec<f64>,
    /// The standard deviation of every point's owner, if asked for (else empty).
    pub ownership_stdev: Vec<f64>,
    /// For each root move, the average owner of every point over the playouts through it,
    /// if asked for (else empty).
    pub moves_ownership: Vec<Vec<f64>>,
}

impl Tally {
    /// Empty sums for `points` points; with `root_moves` > 0, for each of that many root moves
    /// too. A searcher adds its sums every `batch` playouts.
    pub fn new(points: usize, root_moves: usize, spread: bool, batch: u64) -> Tally {
        let zeros = |n: usize| (0..n).map(|_| AtomicI64::new(0)).collect();
        Tally {
            playouts: AtomicU64::new(0),
            playout_moves: AtomicU64::new(0),
            ownership: zeros(points),
            moves_ownership: zeros(points * root_moves),
            moves_playouts: (0..root_moves).map(|_| AtomicU64::new(0)).collect(),
            owned: zeros(if spread { points } else { 0 }),
            batch: batch.max(1),
            lock: Mutex::new(()),
        }
    }

    /// What the searchers have added so far, read whole.
    pub fn read(&self) -> Totals {
        let _whole = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        let n = self.ownership.len();
        Totals {
            playouts: self.playouts.load(Relaxed),
            playout_moves: self.playout_moves.load(Relaxed),
            ownership: self.ownership(),
            ownership_stdev: self.ownership_stdev(),
            moves_ownership: (0..self.moves_playouts.len())
                .map(|i| {
                    average(
                        &self.moves_ownership[i * n..(i + 1) * n],
                        self.moves_playouts[i].load(Relaxed),
                    )
                })
                .collect(),
        }
    }

    /// The average owner of every point over the playouts added (all zeros without any).
    fn ownership(&self) -> Vec<f64> {
        average(&self.ownership, self.playouts.load(Relaxed))
    }

    /// The standard deviation of every point's owner over the playouts added, if asked
    /// for (empty otherwise).
    fn ownership_stdev(&self) -> Vec<f64> {
        let n = self.playouts.load(Relaxed);
        let squares = average(&self.owned, n);
        squares
            .iter()
            .zip(average(&self.ownership, n))
            .map(|(q, m)| (q - m * m).max(0.0).sqrt())
            .collect()
    }
}

/// `sums` divided by `count` (zeros when it is 0).
fn average(sums: &[AtomicI64], count: u64) -> Vec<f64> {
    let count = count.max(1) as f64;
    sums.iter()
        .map(|s| s.load(Relaxed) as f64 / count)
        .collect()
}

/// One searcher's sums since it last added them to the [`Tally`].
struct Local {
    playouts: u64,
    playout_moves: u64,
    ownership: Vec<i32>,
    moves_ownership: Vec<i32>,
    moves_playouts: Vec<u64>,
    owned: Vec<i32>,
    /// One playout's ownership, when the spread is asked for.
    scratch: Vec<i32>,
}

impl Local {
    fn new(tally: &Tally) -> Local {
        Local {
            playouts: 0,
            playout_moves: 0,
            ownership: vec![0; tally.ownership.len()],
            moves_ownership: vec![0; tally.moves_ownership.len()],
            moves_playouts: vec![0; tally.moves_playouts.len()],
            owned: vec![0; tally.owned.len()],
            scratch: vec![0; tally.owned.len()],
        }
    }

    /// Adds these sums to `tally` and starts again from zero.
    fn flush(&mut self, tally: &Tally) {
        let _whole = tally.lock.lock().unwrap_or_else(|e| e.into_inner());
        fn add(to: &[AtomicI64], from: &mut [i32]) {
            for (t, f) in to.iter().zip(from.iter_mut()) {
                if *f != 0 {
                    t.fetch_add(i64::from(*f), Relaxed);
                    *f = 0;
                }
            }
        }
        add(&tally.ownership, &mut self.ownership);
        add(&tally.moves_ownership, &mut self.moves_ownership);
        add(&tally.owned, &mut self.owned);
        for (t, f) in tally
            .moves_playouts
            .iter()
            .zip(self.moves_playouts.iter_mut())
        {
            t.fetch_add(std::mem::take(f), Relaxed);
        }
        tally
            .playout_moves
            .fetch_add(std::mem::take(&mut self.playout_moves), Relaxed);
        tally
            .playouts
            .fetch_add(std::mem::take(&mut self.playouts), Relaxed);
    }
}

/// Half points of a result for `player`: 2 for a win, 1 for a draw, 0 for a loss.
#[inline]
fn points(winner: Option<Color>, player: Color) -> u32 {
    match winner {
        Some(c) if c == player => 2,
        Some(_) => 0,
        None => 1,
    }
}

/// The move number at which the playouts of a search from a game of `moves` moves on a
/// board of `points` points stop: the game's move cap ([`move_cap`](goishi::playout::move_cap)), where `goishi match`
/// and `goishi selfplay` stop a game and count the board, so that the search plays for the
/// position at the cap. A game already at or past the cap (a controller that does not stop
/// it) is searched for the next multiple of the cap.
pub(crate) fn horizon(moves: usize, points: usize) -> usize {
    let cap = move_cap(points).max(1);
    (moves / cap + 1) * cap
}

/// "Not played" in the AMAF table, whose entries are otherwise one more than a place in
/// the sequence (so that "played at or after place `i`" is one comparison, `> i`).
const UNPLAYED: u32 = 0;

impl<P: PlayoutPosition> Shared<'_, P> {
    /// Whether one more playout may start (and claims it).
    #[inline]
    fn claim(&self) -> bool {
        if self.stop.is_some_and(|s| s.load(Relaxed)) {
            return false;
        }
        if let Some(deadline) = self.deadline {
            if Instant::now() >= deadline {
                return false;
            }
        }
        self.claimed.fetch_add(1, Relaxed) < self.max_playouts
    }

    /// Runs playouts until the budget is spent (or the search is stopped), adding what they
    /// found to the tally; `seed` seeds this searcher's random numbers.
    pub fn run(&self, seed: u64) {
        let n = self.position.num_points();
        let cap = self.horizon - self.root_moves;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut local = self.position.clone();
        let mut path: Vec<&Node> = Vec::with_capacity(64);
        let mut sequence: Vec<(Color, Move)> = Vec::with_capacity(cap + 64);
        let mut first = vec![UNPLAYED; 2 * n];
        let mut moves: Vec<Move> = Vec::with_capacity(n + 1);
        let mut priors: Vec<Prior> = Vec::with_capacity(n + 1);
        let mut buf: Vec<Point> = Vec::with_capacity(n);
        let mut sums = Local::new(self.tally);
        let by_move = !sums.moves_playouts.is_empty();
        while self.claim() {
            local.reset_from(self.position);
            path.clear();
            sequence.clear();
            self.descend(
                &mut local,
                &mut path,
                &mut sequence,
                &mut moves,
                &mut priors,
            );
            // The playout, from the leaf to the horizon (nothing to do if the game is over
            // there, or the leaf is at the horizon).
            let limit = cap.saturating_sub(path.len() - 1);
            let mut played = 0;
            if limit > 0 {
                if let Some(mover) = Self::answer_pass(&mut local, &sequence) {
                    sequence.push((mover, Move::Pass));
                    played += 1;
                }
            }
            while played < limit && !local.is_over() {
                let color = local.side_to_move();
                let mv = local.playout_move(&mut rng, &mut buf);
                sequence.push((color, mv));
                played += 1;
            }
            let result = local.playout_result();
            if sums.owned.is_empty() {
                local.add_ownership(&mut sums.ownership);
            } else {
                sums.scratch.fill(0);
                local.add_ownership(&mut sums.scratch);
                for ((s, o), &x) in sums
                    .ownership
                    .iter_mut()
                    .zip(sums.owned.iter_mut())
                    .zip(&sums.scratch)
                {
                    *s += x;
                    *o += x * x;
                }
            }
            if by_move {
                if let Some(i) = path
                    .get(1)
                    .and_then(|&child| self.root.kids().iter().position(|k| std::ptr::eq(k, child)))
                {
                    local.add_ownership(&mut sums.moves_ownership[i * n..(i + 1) * n]);
                    sums.moves_playouts[i] += 1;
                }
            }
            self.back_up(
                &path,
                &sequence,
                result.winner,
                score_units(result.margin),
                &mut first,
                n,
            );
            sums.playouts += 1;
            sums.playout_moves += played as u64;
            if sums.playouts >= self.tally.batch {
                sums.flush(self.tally);
            }
        }
        sums.flush(self.tally);
    }

    /// After a pass of the tree's (the last of `sequence`), the side to move's answer when a
    /// pass of its own ends the game and wins it, as the player itself would answer
    /// (`pass_wins`, on the game's own count): that pass is played on `local`, and its colour
    /// returned. Without this answer a pass looked as good as any move to the random playouts,
    /// which never pass while a point is left, and the search passed in the opening of games
    /// that two passes end on a count (contact and capture Go), so that the opponent passed
    /// and won.
    #[inline]
    fn answer_pass(local: &mut P, sequence: &[(Color, Move)]) -> Option<Color> {
        let &(passer, Move::Pass) = sequence.last()? else {
            return None;
        };
        let mover = passer.opponent();
        if local.is_over() || !local.play(mover, Move::Pass) {
            return None;
        }
        if local.is_over() && local.playout_result().winner == Some(mover) {
            return Some(mover);
        }
        local.as_position_mut().undo();
        None
    }

    /// Selects a path from the root to a leaf, playing its moves on `local`, and expands the
    /// leaf when it has been visited often enough.
    #[inline]
    fn descend<'t>(
        &'t self,
        local: &mut P,
        path: &mut Vec<&'t Node>,
        sequence: &mut Vec<(Color, Move)>,
        moves: &mut Vec<Move>,
        priors: &mut Vec<Prior>,
    ) {
        let mut node = self.root;
        let mut color = self.color;
        path.push(node);
        loop {
            // A node at the horizon is a leaf: the game is counted there.
            let depth = path.len() - 1;
            if self.root_moves + depth >= self.horizon {
                return;
            }
            if node.kids().is_empty() {
                let ripe =
                    std::ptr::eq(node, self.root) || node.visits.load(Relaxed) >= self.expand_after;
                if !ripe || local.is_over() || self.nodes.load(Relaxed) >= self.max_nodes {
                    return;
                }
                local.tree_moves(color, moves);
                if !self.filters.is_empty() {
                    moves.retain(|&m| MoveFilter::keeps(self.filters, color, depth, m));
                }
                if moves.is_empty() {
                    return;
                }
                local.tree_priors(color, moves, priors);
                node.expand(moves, priors, &self.nodes);
            }
            let Some(i) = node.select(&self.formula) else {
                return;
            };
            let child = &node.kids()[i];
            if !local.play(color, child.mv) {
                // The tree's moves are the legal moves of the node's position: unreachable,
                // but a playout from here is still a playout.
                debug_assert!(false, "the tree holds an illegal move");
                return;
            }
            if self.virtual_loss {
                child.virtual_loss.fetch_add(1, Relaxed);
            }
            sequence.push((color, child.mv));
            path.push(child);
            node = child;
            color = color.opponent();
        }
    }

    /// Adds the playout's result to the nodes of the path, and its moves to the AMAF
    /// statistics of their siblings.
    #[inline]
    fn back_up(
        &self,
        path: &[&Node],
        sequence: &[(Color, Move)],
        winner: Option<Color>,
        score: i64,
        first: &mut [u32],
        n: usize,
    ) {
        // first[c * n + p]: one more than where in the sequence colour c first played p.
        for (j, &(c, mv)) in sequence.iter().enumerate() {
            if let Move::Place(p) = mv {
                let slot = &mut first[c.index() * n + p.index()];
                if *slot == UNPLAYED {
                    *slot = j as u32 + 1;
                }
            }
        }
        let mut mover = self.color;
        for (i, node) in path.iter().enumerate() {
            // The node's move was made by the opponent of its mover.
            node.visits.fetch_add(1, Relaxed);
            node.wins
                .fetch_add(points(winner, mover.opponent()), Relaxed);
            node.add_score(score);
            if self.virtual_loss && i > 0 {
                node.virtual_loss.fetch_sub(1, Relaxed);
            }
            let result = points(winner, mover);
            let table = &first[mover.index() * n..(mover.index() + 1) * n];
            for kid in node.kids() {
                if let Move::Place(p) = kid.mv {
                    // Played at place i or later (never, for UNPLAYED).
                    if table[p.index()] as usize > i {
                        add_racy(&kid.amaf_visits, 1);
                        add_racy(&kid.amaf_wins, result);
                    }
                }
            }
            mover = mover.opponent();
        }
        first.fill(UNPLAYED);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_horizon_is_the_move_cap_then_its_next_multiple() {
        let cap = move_cap(81);
        assert_eq!(horizon(0, 81), cap);
        assert_eq!(horizon(cap - 1, 81), cap);
        assert_eq!(horizon(cap, 81), 2 * cap);
        assert_eq!(horizon(2 * cap + 5, 81), 3 * cap);
        // A board with no point still gives a horizon past the moves played.
        assert_eq!(horizon(7, 0), 8);
    }
}
