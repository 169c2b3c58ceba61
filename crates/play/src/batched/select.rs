//! The formulas of the two algorithms, on a node and its children: PUCT with mctx's
//! `qtransform_by_parent_and_siblings`, and Gumbel MuZero's completed Q-values
//! (`qtransform_completed_by_mix_value`), its interior selection and its sequential halving.
//!
//! Values here are from the point of view of the player to move at the parent: `sign` is
//! +1 when Black is to move there, -1 when White is (a node's sums are Black's). A child's
//! visits count the leaves under way below it (virtual loss), each as a loss.

use super::config::{Gumbel, Puct};
use super::tree::Node;

/// The smallest gap of the min-max normalisations.
const EPSILON: f32 = 1e-8;

/// Visits of a child with those under way.
#[inline]
fn visits(kid: &Node) -> f32 {
    (kid.visits + u32::from(kid.pending)) as f32
}

/// The mean value of a child for the parent's player, the leaves under way counted as
/// losses; `None` before its first visit.
#[inline]
fn q(kid: &Node, sign: f32) -> Option<f32> {
    let n = kid.visits + u32::from(kid.pending);
    (n > 0).then(|| (sign * kid.value - f32::from(kid.pending)) / n as f32)
}

/// The value of a node for its own player to move (`sign`): its mean.
#[inline]
pub(crate) fn node_value(node: &Node, sign: f32) -> f32 {
    if node.visits == 0 {
        0.0
    } else {
        sign * node.value / node.visits as f32
    }
}

/// The index of the first largest entry of `scores` (`None` when empty or all `-inf`/NaN).
#[inline]
pub(crate) fn argmax(scores: impl Iterator<Item = f32>) -> Option<usize> {
    let mut best = None;
    let mut top = f32::NEG_INFINITY;
    for (i, s) in scores.enumerate() {
        if s > top {
            top = s;
            best = Some(i);
        }
    }
    best
}

/// AlphaZero's PUCT at `parent`: `Q + c * P * sqrt(N) / (1 + n)`, `c` growing with the
/// parent's visits, `Q` normalised between the lowest and the highest of the parent's value
/// and its visited children's (an unvisited child at the lowest), `P` the child's prior (or
/// the root's noisy prior from `priors`). Ties go to the first child.
pub(crate) fn puct(
    settings: &Puct,
    parent: &Node,
    sign: f32,
    kids: &[Node],
    priors: Option<&[f32]>,
) -> usize {
    let n_parent = (parent.visits + u32::from(parent.pending)) as f32;
    let c = settings.c_init + ((n_parent + settings.c_base + 1.0) / settings.c_base).ln();
    let explore = n_parent.sqrt() * c;
    let parent_value = node_value(parent, sign);
    let (mut lo, mut hi) = (parent_value, parent_value);
    for kid in kids {
        if let Some(v) = q(kid, sign) {
            lo = lo.min(v);
            hi = hi.max(v);
        }
    }
    let range = (hi - lo).max(EPSILON);
    let prior = |i: usize, kid: &Node| priors.map_or(kid.prior, |p| p[i]);
    argmax(kids.iter().enumerate().map(|(i, kid)| {
        let value = q(kid, sign).map_or(0.0, |v| (v - lo) / range);
        value + explore * prior(i, kid) / (visits(kid) + 1.0)
    }))
    .unwrap_or(0)
}

/// Gumbel MuZero's `sigma(completed Q)` of the children of a node, read child by child: a
/// visited child's mean value, an unvisited one's the mixed value (the network's value of the
/// parent averaged with the prior-weighted values of the visited children), normalised to
/// [0, 1] among the children, times `(maxvisit_init + the most visits of a child) *
/// value_scale`. Made in one pass over the children, without writing anything.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Completed {
    sign: f32,
    lo: f32,
    inv_range: f32,
    scale: f32,
    mixed: f32,
    /// The largest sigma of a child.
    pub top: f32,
}

impl Completed {
    /// The transform of `parent`'s children (`sign`: the parent's player to move).
    pub(crate) fn of(settings: &Gumbel, parent: &Node, sign: f32, kids: &[Node]) -> Completed {
        let mut total = 0.0;
        let mut most = 0.0f32;
        let mut weight = 0.0;
        let mut weighted = 0.0;
        let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
        let mut unvisited = false;
        for kid in kids {
            let n = visits(kid);
            total += n;
            most = most.max(n);
            match q(kid, sign) {
                Some(v) => {
                    let p = kid.prior.max(f32::MIN_POSITIVE);
                    weight += p;
                    weighted += p * v;
                    lo = lo.min(v);
                    hi = hi.max(v);
                }
                None => unvisited = true,
            }
        }
        let raw = sign * parent.raw;
        let mixed = if weight > 0.0 {
            (raw + total * weighted / weight) / (total + 1.0)
        } else {
            raw
        };
        if unvisited {
            lo = lo.min(mixed);
            hi = hi.max(mixed);
        }
        let inv_range = 1.0 / (hi - lo).max(EPSILON);
        let scale = (settings.maxvisit_init + most) * settings.value_scale;
        Completed {
            sign,
            lo,
            inv_range,
            scale,
            mixed,
            top: scale * (hi - lo) * inv_range,
        }
    }

    /// The sigma of an unvisited child.
    #[inline]
    pub(crate) fn unvisited(&self) -> f32 {
        self.scale * (self.mixed - self.lo) * self.inv_range
    }

    /// The sigma of `kid`.
    #[inline]
    pub(crate) fn sigma(&self, kid: &Node) -> f32 {
        q(kid, self.sign).map_or_else(
            || self.unvisited(),
            |v| self.scale * (v - self.lo) * self.inv_range,
        )
    }
}

/// Gumbel MuZero's selection below the root: the child whose share of the visits lags most
/// behind the improved policy `softmax(log P + sigma)`. The unvisited children share one
/// factor `exp(sigma - top)`, so that only the visited ones take an exponential.
pub(crate) fn gumbel_interior(kids: &[Node], completed: &Completed) -> usize {
    let top = completed.top;
    let shared = (completed.unvisited() - top).exp();
    let factor = |kid: &Node| {
        if kid.visits + u32::from(kid.pending) == 0 {
            shared
        } else {
            (completed.sigma(kid) - top).exp()
        }
    };
    let mut norm = 0.0;
    let mut total = 0.0;
    for kid in kids {
        norm += kid.prior * factor(kid);
        total += visits(kid);
    }
    let norm = norm.max(f32::MIN_POSITIVE);
    argmax(
        kids.iter()
            .map(|kid| kid.prior * factor(kid) / norm - visits(kid) / (1.0 + total)),
    )
    .unwrap_or(0)
}

/// The root's score of Gumbel MuZero: `g + log P + sigma` for a child whose visits in this
/// search are `considered` (the sequential halving's count), `-inf` for the others.
pub(crate) fn gumbel_root(
    kids: &[Node],
    gumbel: &[f32],
    logp: &[f32],
    completed: &Completed,
    search_visits: &[u32],
    considered: u32,
) -> Option<usize> {
    let score = |i: usize| (gumbel[i] + logp[i] + completed.sigma(&kids[i])).max(-1e9);
    argmax((0..kids.len()).map(|i| {
        if search_visits[i] == considered {
            score(i)
        } else {
            f32::NEG_INFINITY
        }
    }))
    .or_else(|| argmax((0..kids.len()).map(score)))
}

/// The visits a considered child has when the root's `k`-th simulation of `simulations`
/// chooses among `considered` moves (mctx's `get_sequence_of_considered_visits`): each of the
/// considered moves once, then again, and so on, halving the considered moves after each
/// phase of `simulations / (log2(max) * considered)` rounds.
pub(crate) fn halving_sequence(considered: u32, simulations: u32, out: &mut Vec<u32>) {
    out.clear();
    let simulations = simulations as usize;
    if considered <= 1 {
        out.extend(0..simulations as u32);
        return;
    }
    let log2max = (considered as f64).log2().ceil() as usize;
    // The considered moves are visited in rounds: after a phase all `live` of them have
    // `visits` visits.
    let mut visits = 0;
    let mut live = considered as usize;
    while out.len() < simulations {
        let extra = (simulations / (log2max * live)).max(1);
        for _ in 0..extra {
            out.extend(std::iter::repeat_n(visits, live));
            visits += 1;
        }
        live = (live / 2).max(2);
    }
    out.truncate(simulations);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halving_matches_mctx() {
        // Four considered: log2max = 2, one round of four (10 // 8 = 1), then two live with
        // two rounds a phase (10 // 4 = 2), as mctx's sequence gives.
        let mut s = Vec::new();
        halving_sequence(4, 10, &mut s);
        assert_eq!(s, [0, 0, 0, 0, 1, 1, 2, 2, 3, 3]);
        halving_sequence(1, 3, &mut s);
        assert_eq!(s, [0, 1, 2]);
        halving_sequence(16, 16, &mut s);
        assert_eq!(s, [0; 16]);
        halving_sequence(2, 5, &mut s);
        assert_eq!(s, [0, 0, 1, 1, 2]);
    }

    #[test]
    fn argmax_takes_the_first_of_equals() {
        assert_eq!(argmax([1.0, 3.0, 3.0].into_iter()), Some(1));
        assert_eq!(argmax([f32::NEG_INFINITY].into_iter()), None);
    }
}
