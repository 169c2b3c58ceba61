//! The heavy playout policy of Go and the tree's prior knowledge
//! (a search's heavy policy, `goishi_play::mcts::PlayoutPolicy::Heavy`), after Michi and Pachi (Baudiš): answers to the
//! last two moves (captures, escapes from atari read with ladders, 3x3 shape patterns)
//! before a random move that avoids bad self-atari, and, when the tree grows a node, priors
//! for its moves from the same knowledge; [`HeavyGo`], the position a search runs on to use
//! both.
//!
//! One move of the policy, for the side to move; "near" is the last two stones played and
//! the points around each (their neighbours and, on grid boards, diagonal points):
//!
//! 1. **Captures and escapes** (tried in 90% of moves). For each chain near, the moves the
//!    tactical reader suggests (`tactics::fix_atari`): the liberty of a chain of the
//!    opponent in atari; the first move of a ladder that catches a chain of the opponent with
//!    two liberties on the first line; for a chain of the mover in atari, a capture of a
//!    chain next to it in atari, or its liberty if playing there gives it two liberties that
//!    no ladder takes away (or more).
//! 2. **Patterns** (tried in 95% of moves; square, rectangular and torus boards). An empty
//!    point near that is not a true eye of the mover and whose 3x3 neighbourhood matches one
//!    of MoGo's hane, cut and edge patterns ([`PATTERNS`], any rotation, reflection and
//!    colour).
//! 3. **Random.** A uniformly random legal point that is not a true eye of the mover (a
//!    single-point eye whose corners the opponent does not hold; a false eye may be filled).
//!
//! A suggested move of steps 1 and 2 that turns out a bad self-atari (the mover's chain of
//! two stones or more in atari, or caught in an edge ladder: `tactics::self_atari`) is
//! taken back and the next one tried, 90% of the time; a random move, 50% of the time
//! (lower, so that the playouts still play the nakade and throw-ins). The last random
//! self-atari refused is played when nothing else is left; a pass only when no point is.
//!
//! **Priors** (`priors`): when the tree expands a node, each of its moves starts with
//! prior visits and wins that count as playouts in the selection formula (not in the visit
//! counts reported or the choice of the move): an even 5 of 10, plus the captures and
//! escapes the reader suggests anywhere on the board (ladders read in full), the pattern
//! moves, the distance from the last move in the common-fate graph (chains contracted to
//! one point), and losses for the first and second lines of an empty area and for bad
//! self-atari; the figures are Michi's.
//!
//! Every play goes through the engine's `try_place` (every ko, superko and suicide rule),
//! and reading takes its moves back with `undo`. A playout allocates nothing per move: the
//! candidates sit in fixed arrays, the random step reuses the caller's buffer, and the
//! pattern table is built once per process. The random numbers come only from the caller's
//! generator, so a seed gives the same moves.

mod patterns;
mod priors;
mod tactics;

use crate::GoPosition;
use goishi_board::{Adjacency, Color, Geometry, Move, NeighborTable, Point, Position, Topology};
use rand::Rng;

use goishi_board::playout::{random_below, PassAlive, PlayoutPosition, PlayoutResult, Prior};

pub use patterns::PATTERNS;
pub(crate) use patterns::{matches_pattern, Grid};
pub(crate) use priors::tree_priors;
use tactics::{fix_atari, is_true_eye, self_atari, Reading, TwoLiberties};

/// How often the playouts try step 1 (captures and escapes).
const CAPTURE_RATE: f32 = 0.9;
/// How often the playouts try step 2 (patterns).
const PATTERN_RATE: f32 = 0.95;
/// How often a suggested move that is a bad self-atari is refused.
const REFUSE_SUGGESTED: f32 = 0.9;
/// How often a random move that is a bad self-atari is refused.
const REFUSE_RANDOM: f32 = 0.5;

/// A few points, on the stack.
pub(crate) struct Candidates {
    points: [Point; Candidates::CAP],
    len: usize,
}

impl Candidates {
    const CAP: usize = 24;

    pub(crate) fn new() -> Candidates {
        Candidates {
            points: [Point::new(0); Candidates::CAP],
            len: 0,
        }
    }

    /// Adds `p` unless it is there already or the list is full.
    #[inline]
    pub(crate) fn push(&mut self, p: Point) {
        if self.len < Candidates::CAP && !self.points[..self.len].contains(&p) {
            self.points[self.len] = p;
            self.len += 1;
        }
    }

    /// Adds `p`, known not to be there, unless the list is full.
    #[inline]
    fn push_new(&mut self, p: Point) {
        if self.len < Candidates::CAP {
            self.points[self.len] = p;
            self.len += 1;
        }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[Point] {
        &self.points[..self.len]
    }

    /// Puts the candidates in a random order.
    #[inline]
    fn shuffle<R: Rng>(&mut self, rng: &mut R) {
        for i in (1..self.len).rev() {
            let j = rng.random_range(0..=i);
            self.points.swap(i, j);
        }
    }
}

/// The points around a point: on square, rectangular and torus boards its eight neighbours
/// (orthogonal and diagonal), elsewhere its neighbours.
#[inline]
fn around(geometry: &Geometry) -> &NeighborTable {
    match geometry.topology() {
        // Asked only of the geometries that have it: the error would allocate its message.
        Topology::Rect | Topology::Torus => geometry
            .neighbors(Adjacency::King)
            .unwrap_or_else(|_| geometry.default_neighbors()),
        Topology::Hex | Topology::Graph => geometry.default_neighbors(),
    }
}

/// The points near the last two stones played: each stone and the points around it (its
/// neighbours and, on grid boards, diagonal points), the last stone's first, each group
/// from a random one of its points on (one random number a group, not a shuffle).
fn near_last_moves<R: Rng>(game: &GoPosition, rng: &mut R) -> Candidates {
    let table = around(game.geometry());
    let mut near = Candidates::new();
    for turn in game.history().iter().rev().take(2) {
        let Move::Place(last) = turn.mv else {
            continue;
        };
        let ring = table.of(last);
        let start = rng.random_range(0..=ring.len());
        // The stone is at place 0 of its group, its ring at places 1 and on.
        let at = |j: usize| if j == 0 { last } else { ring[j - 1] };
        // The points of the first group are distinct: only the second's are looked up.
        let first = near.is_empty();
        for j in (start..=ring.len()).chain(0..start) {
            if first {
                near.push_new(at(j));
            } else {
                near.push(at(j));
            }
        }
    }
    near
}

/// Plays the suggested `p` for `color` if it is legal and, most of the time, not a bad
/// self-atari; says whether it did.
#[inline]
fn play_suggested<R: Rng>(game: &mut GoPosition, color: Color, p: Point, rng: &mut R) -> bool {
    if !game.try_place(color, p) {
        return false;
    }
    if rng.random::<f32>() < REFUSE_SUGGESTED && self_atari(game, p, color, TwoLiberties::OnEdge) {
        game.undo();
        return false;
    }
    true
}

/// One move of the heavy policy for the side to move (see the module docs); a pass when no
/// point is left. `buf` is scratch space for the random step.
pub(crate) fn heavy_move<R: Rng>(game: &mut GoPosition, rng: &mut R, buf: &mut Vec<Point>) -> Move {
    let color = Position::side_to_move(game);
    let near = near_last_moves(game, rng);
    // 1. Captures and escapes.
    if !near.is_empty() && rng.random::<f32>() < CAPTURE_RATE {
        let (mut moves, mut chains) = (Candidates::new(), Candidates::new());
        for &c in near.as_slice() {
            // Each chain once: `chains` holds a stone of each chain read.
            if game.board().get(c).is_some()
                && !chains.as_slice().iter().any(|&d| game.same_chain(c, d))
            {
                chains.push(c);
                let mut found = Candidates::new();
                fix_atari(game, c, color, Reading::PLAYOUT, &mut found);
                found.shuffle(rng);
                for &p in found.as_slice() {
                    moves.push(p);
                }
            }
        }
        for &p in moves.as_slice() {
            if play_suggested(game, color, p, rng) {
                return Move::Place(p);
            }
        }
    }
    // 2. Patterns.
    if let Some(grid) = Grid::of(game.geometry()) {
        if !near.is_empty() && rng.random::<f32>() < PATTERN_RATE {
            for &p in near.as_slice() {
                if game.board().is_empty_at(p)
                    && !is_true_eye(game, p, color)
                    && matches_pattern(game, grid, p)
                    && play_suggested(game, color, p, rng)
                {
                    return Move::Place(p);
                }
            }
        }
    }
    // 3. Random.
    buf.clear();
    buf.extend_from_slice(game.empty_points());
    let mut refused = None;
    while !buf.is_empty() {
        let p = buf.swap_remove(random_below(rng, buf.len()));
        if is_true_eye(game, p, color) || !game.try_place(color, p) {
            continue;
        }
        if rng.random::<f32>() < REFUSE_RANDOM && self_atari(game, p, color, TwoLiberties::OnEdge) {
            game.undo();
            refused = Some(p);
            continue;
        }
        return Move::Place(p);
    }
    // Only refused self-ataris were left: the last of them (legal: it was played once).
    if let Some(p) = refused {
        if game.try_place(color, p) {
            return Move::Place(p);
        }
    }
    // A pass is legal while the game goes on.
    let _ = game.play_as(color, Move::Pass);
    Move::Pass
}

/// Go with its knowledge: what the search runs on under the heavy policy
/// (a search's heavy policy, `GoPosition`'s [`PlayoutPosition::Heavy`]). Its
/// playouts are the heavy policy's, its tree's moves leave out true eyes only (a false eye
/// may be filled), and they come with priors (see the module docs).
#[derive(Clone, Debug)]
pub struct HeavyGo(GoPosition);

impl HeavyGo {
    /// `position` with its knowledge.
    pub fn new(position: GoPosition) -> HeavyGo {
        HeavyGo(position)
    }

    /// The position.
    pub fn position(&self) -> &GoPosition {
        &self.0
    }
}

impl PlayoutPosition for HeavyGo {
    type Heavy = HeavyGo;

    fn heavy(&self) -> HeavyGo {
        self.clone()
    }

    fn as_position(&self) -> &dyn Position {
        &self.0
    }

    fn as_position_mut(&mut self) -> &mut dyn Position {
        &mut self.0
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        Position::side_to_move(&self.0)
    }

    #[inline]
    fn is_over(&self) -> bool {
        Position::is_over(&self.0)
    }

    fn num_points(&self) -> usize {
        self.0.geometry().num_points()
    }

    #[inline]
    fn play(&mut self, color: Color, mv: Move) -> bool {
        PlayoutPosition::play(&mut self.0, color, mv)
    }

    fn reset_from(&mut self, source: &Self) {
        self.0.reset_from(&source.0);
    }

    /// Every legal move but those that fill a true eye of the mover and, where suicide is
    /// allowed, a single stone's suicide; then a pass.
    fn tree_moves(&self, color: Color, out: &mut Vec<Move>) {
        let game = &self.0;
        super::tree_moves(game, color, out, |p| is_true_eye(game, p, color));
    }

    fn tree_priors(&mut self, color: Color, moves: &[Move], priors: &mut Vec<Prior>) {
        tree_priors(&mut self.0, color, moves, priors);
    }

    fn has_knowledge(&self) -> bool {
        true
    }

    #[inline]
    fn playout_move<R: Rng>(&mut self, rng: &mut R, buf: &mut Vec<Point>) -> Move {
        heavy_move(&mut self.0, rng, buf)
    }

    fn playout_result(&self) -> PlayoutResult {
        self.0.playout_result()
    }

    fn add_ownership(&self, sums: &mut [i32]) {
        self.0.add_ownership(sums);
    }

    fn pass_alive(&self, color: Color) -> Option<PassAlive> {
        self.0.pass_alive(color)
    }
}

#[cfg(test)]
mod tests;
