//! The capture engine: the board with incremental contact counts, and the removal rule.
//!
//! The rule as written tests, after each placement, every opponent stone (scope `global`).
//! The engine gets the same answer without a scan of the board:
//!
//! - `cnt[c][x]`: how many stones of colour `c` touch point `x`, kept up to date on every
//!   placement and removal (one pass over the changed point's neighbours);
//! - `ecnt[c][x]` (protection B only): how many *eligible* stones of colour `c` touch `x`,
//!   where a stone is eligible while fewer than `t` opponent stones touch it; a stone's
//!   eligibility flips only when a count around it crosses `t`, and only then are the
//!   counts around it adjusted;
//! - for scope `global`, the exact status of every stone (removable by the opponent's next
//!   placement or not), kept in a set per mover (`removable[c]`, with the XOR of their Zobrist
//!   keys). A stone's status is recomputed only when a count around it changed: when a stone
//!   within its contact neighbourhood appeared or vanished, or (with B) when a stone next to
//!   one of its attackers did.
//!
//! A placement of `c` at `p` only adds `p` to the board, which can only make more opponent
//! stones removable by `c`, and only those touching `p`: the removals of that placement are
//! `removable[c]` plus the stones touching `p` that `p` tips over. So the result of a
//! placement (its removals, the hash of the board after it) is known without changing
//! anything: legality checks (repetition) need no trial move.

use std::sync::Arc;

use goishi_board::{Board, Color, NeighborTable, Point, BLACK, EMPTY, WHITE};

use crate::config::{Model, Scope, Threshold};
use crate::position::BrokenInvariant;

const NONE: u32 = u32::MAX;

/// Data that depend only on the geometry and the model, shared by every copy of a position.
#[derive(Debug)]
struct Shared {
    table: NeighborTable,
    /// The threshold of each point (k, or min(k, degree) at least 1 when capped).
    kcap: Vec<u32>,
    /// Where each point's neighbour list starts in `masks`.
    starts: Vec<u32>,
    /// For protection C: for the i-th neighbour of a point (degree up to 64), the bit mask
    /// of the other neighbours of that point it touches.
    masks: Vec<u64>,
}

/// The board of a contact-capture game with the bookkeeping of the capture rule.
#[derive(Debug)]
pub struct Engine {
    model: Model,
    shared: Arc<Shared>,
    board: Board,
    has_b: bool,
    has_c: bool,
    global: bool,
    /// `cnt[c][x]`: stones of colour `c` touching `x`.
    cnt: [Vec<u16>; 2],
    /// `ecnt[c][x]`: eligible stones of colour `c` touching `x` (protection B only).
    ecnt: [Vec<u16>; 2],
    /// `slot[c][x]`: the index of `x` in `removable[c]`, or `NONE` (scope global only).
    slot: [Vec<u32>; 2],
    /// Opponent stones that `c` would remove if it placed a stone now, anywhere.
    removable: [Vec<Point>; 2],
    /// The XOR of the Zobrist keys of `removable[c]`.
    removable_hash: [u64; 2],
    /// Points whose status must be recomputed.
    marked: Vec<Point>,
    stamp: Vec<u32>,
    epoch: u32,
}

impl Clone for Engine {
    fn clone(&self) -> Self {
        Engine {
            model: self.model,
            shared: Arc::clone(&self.shared),
            board: self.board.clone(),
            has_b: self.has_b,
            has_c: self.has_c,
            global: self.global,
            cnt: self.cnt.clone(),
            ecnt: self.ecnt.clone(),
            slot: self.slot.clone(),
            removable: self.removable.clone(),
            removable_hash: self.removable_hash,
            marked: Vec::new(),
            stamp: self.stamp.clone(),
            epoch: self.epoch,
        }
    }

    /// Copies `source` into `self`, reusing `self`'s buffers (no allocation when both are on
    /// the same geometry).
    fn clone_from(&mut self, source: &Self) {
        if self.board.geometry() == source.board.geometry() {
            let g = source.board.geometry();
            for p in g.points() {
                let (mine, theirs) = (self.board.get(p), source.board.get(p));
                if mine != theirs {
                    self.board.set(p, theirs);
                }
            }
        } else {
            self.board = source.board.clone();
        }
        self.model = source.model;
        self.shared = Arc::clone(&source.shared);
        self.has_b = source.has_b;
        self.has_c = source.has_c;
        self.global = source.global;
        self.cnt.clone_from(&source.cnt);
        self.ecnt.clone_from(&source.ecnt);
        self.slot.clone_from(&source.slot);
        self.removable.clone_from(&source.removable);
        self.removable_hash = source.removable_hash;
        self.marked.clear();
        self.stamp.clone_from(&source.stamp);
        self.epoch = source.epoch;
    }
}

impl PartialEq for Engine {
    /// Two engines are equal when their model and board are: everything else follows.
    fn eq(&self, other: &Self) -> bool {
        self.model == other.model && self.board == other.board
    }
}

#[inline]
fn opp(c: Color) -> Color {
    c.opponent()
}

fn has_independent(cands: u64, need: u32, adj: &[u64]) -> bool {
    if need == 0 {
        return true;
    }
    if cands.count_ones() < need {
        return false;
    }
    let i = cands.trailing_zeros() as usize;
    let bit = 1u64 << i;
    has_independent(cands & !bit & !adj[i], need - 1, adj)
        || has_independent(cands & !bit, need, adj)
}

/// The general search for points of degree above 64 (graph boards only).
fn has_independent_slow(table: &NeighborTable, cands: &[Point], need: usize) -> bool {
    if need == 0 {
        return true;
    }
    if cands.len() < need {
        return false;
    }
    let first = cands[0];
    let rest: Vec<Point> = cands[1..]
        .iter()
        .copied()
        .filter(|&q| !table.of(first).contains(&q))
        .collect();
    has_independent_slow(table, &rest, need - 1) || has_independent_slow(table, &cands[1..], need)
}

impl Engine {
    /// An engine on the stones of `board` (any arrangement).
    pub fn new(model: Model, board: &Board) -> Engine {
        let geometry = board.geometry().clone();
        let table = geometry
            .neighbors(model.adjacency)
            .expect("a resolved model names an adjacency of its geometry")
            .clone();
        let n = geometry.num_points();
        let kcap = geometry
            .points()
            .map(|p| match model.threshold {
                Threshold::Absolute => model.k,
                Threshold::Capped => model.k.min(table.of(p).len() as u32).max(1),
            })
            .collect();
        let mut starts = Vec::with_capacity(n + 1);
        let mut masks = Vec::new();
        starts.push(0);
        for p in geometry.points() {
            let nb = table.of(p);
            for &a in nb {
                let mut m = 0u64;
                if model.protection.has_c() && nb.len() <= 64 {
                    for (j, &b) in nb.iter().enumerate() {
                        if table.of(a).contains(&b) {
                            m |= 1 << j;
                        }
                    }
                }
                masks.push(m);
            }
            starts.push(masks.len() as u32);
        }
        let global = model.scope == Scope::Global;
        let mut engine = Engine {
            model,
            shared: Arc::new(Shared {
                table,
                kcap,
                starts,
                masks,
            }),
            board: Board::new(geometry),
            has_b: model.protection.has_b(),
            has_c: model.protection.has_c(),
            global,
            cnt: [vec![0; n], vec![0; n]],
            ecnt: if model.protection.has_b() {
                [vec![0; n], vec![0; n]]
            } else {
                [Vec::new(), Vec::new()]
            },
            slot: if global {
                [vec![NONE; n], vec![NONE; n]]
            } else {
                [Vec::new(), Vec::new()]
            },
            removable: [Vec::new(), Vec::new()],
            removable_hash: [0; 2],
            marked: Vec::new(),
            stamp: vec![0; n],
            epoch: 1,
        };
        for p in board.geometry().points() {
            if let Some(c) = board.get(p) {
                engine.change(p, c, true);
            }
        }
        engine.settle();
        engine
    }

    /// The model.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The contact neighbours of `p`.
    #[inline]
    pub fn neighbors(&self, p: Point) -> &[Point] {
        self.shared.table.of(p)
    }

    #[inline]
    fn cell(&self, p: Point) -> u8 {
        self.board.cells()[p.index()]
    }

    /// Whether a stone of colour `c` at `u` (or a stone `c` would place there) may take part
    /// in a removal.
    #[inline]
    fn eligible(&self, u: Point, c: Color) -> bool {
        !self.has_b || u32::from(self.cnt[opp(c).index()][u.index()]) < self.model.t
    }

    /// Eligible stones of colour `c` touching `v`.
    #[inline]
    fn eligible_count(&self, v: Point, c: Color) -> u32 {
        if self.has_b {
            u32::from(self.ecnt[c.index()][v.index()])
        } else {
            u32::from(self.cnt[c.index()][v.index()])
        }
    }

    /// Whether the stone at `v` (of the opponent of `c`) is removed by `c`, on the board as it
    /// stands plus, if `extra` is given, a stone of `c` on the empty point `extra`, which
    /// touches `v`. With `must`, `extra` has to be one of the removing stones (scope local).
    fn test(&self, v: Point, c: Color, extra: Option<Point>, must: bool) -> bool {
        let need = self.shared.kcap[v.index()];
        let extra_ok = extra.is_some_and(|p| self.eligible(p, c));
        if must && !extra_ok {
            return false;
        }
        let have = self.eligible_count(v, c) + u32::from(extra_ok);
        if have < need {
            return false;
        }
        if !self.has_c {
            return true;
        }
        let cell = c as u8 + 1;
        let nb = self.neighbors(v);
        if nb.len() <= 64 {
            let start = self.shared.starts[v.index()] as usize;
            let adj = &self.shared.masks[start..start + nb.len()];
            let mut cands = 0u64;
            let mut forced = None;
            for (i, &u) in nb.iter().enumerate() {
                if Some(u) == extra {
                    if extra_ok {
                        cands |= 1 << i;
                        forced = Some(i);
                    }
                } else if self.cell(u) == cell && self.eligible(u, c) {
                    cands |= 1 << i;
                }
            }
            match (must, forced) {
                (true, Some(i)) => has_independent(cands & !(1 << i) & !adj[i], need - 1, adj),
                _ => has_independent(cands, need, adj),
            }
        } else {
            // Graph points with more than 64 neighbours: a plain search (allocates).
            let cands: Vec<Point> = nb
                .iter()
                .copied()
                .filter(|&u| {
                    if Some(u) == extra {
                        extra_ok
                    } else {
                        self.cell(u) == cell && self.eligible(u, c)
                    }
                })
                .collect();
            match (must, extra) {
                (true, Some(p)) => {
                    let rest: Vec<Point> = cands
                        .iter()
                        .copied()
                        .filter(|&q| q != p && !self.neighbors(p).contains(&q))
                        .collect();
                    has_independent_slow(&self.shared.table, &rest, need as usize - 1)
                }
                _ => has_independent_slow(&self.shared.table, &cands, need as usize),
            }
        }
    }

    /// Calls `f` with every stone a placement of `c` at the empty point `p` would remove.
    pub fn for_each_removal(&self, c: Color, p: Point, mut f: impl FnMut(Point)) {
        let target = opp(c) as u8 + 1;
        // A placed stone that may not take part changes nothing (protection B).
        let tips = self.eligible(p, c);
        if self.global {
            for &v in &self.removable[c.index()] {
                f(v);
            }
            if !tips {
                return;
            }
            let slots = &self.slot[c.index()];
            for &v in self.neighbors(p) {
                if self.cell(v) == target
                    && slots[v.index()] == NONE
                    && self.test(v, c, Some(p), false)
                {
                    f(v);
                }
            }
        } else if tips {
            for &v in self.neighbors(p) {
                if self.cell(v) == target && self.test(v, c, Some(p), true) {
                    f(v);
                }
            }
        }
    }

    /// Whether the placement of `c` at `p` would remove the stone at `x`.
    pub fn removes(&self, c: Color, p: Point, x: Point) -> bool {
        if self.cell(x) != opp(c) as u8 + 1 {
            return false;
        }
        if self.global && self.slot[c.index()][x.index()] != NONE {
            return true;
        }
        self.neighbors(p).contains(&x) && self.test(x, c, Some(p), !self.global)
    }

    /// The hash of the board after a placement of `c` at `p`, and how many stones it removes.
    pub fn after(&self, c: Color, p: Point) -> (u64, u32) {
        let g = self.board.geometry();
        let mut hash = self.board.hash() ^ g.key(p, c.index());
        let mut count = 0;
        let o = opp(c).index();
        if self.global {
            hash ^= self.removable_hash[c.index()];
            count = self.removable[c.index()].len() as u32;
            if !self.eligible(p, c) {
                return (hash, count);
            }
            let target = opp(c) as u8 + 1;
            let slots = &self.slot[c.index()];
            for &v in self.neighbors(p) {
                if self.cell(v) == target
                    && slots[v.index()] == NONE
                    && self.test(v, c, Some(p), false)
                {
                    hash ^= g.key(v, o);
                    count += 1;
                }
            }
        } else {
            self.for_each_removal(c, p, |v| {
                hash ^= g.key(v, o);
                count += 1;
            });
        }
        (hash, count)
    }

    /// Whether the board after a placement of `c` at `p` has exactly the cells `snapshot`.
    /// `removed` is the number of stones the placement removes.
    pub fn after_equals(&self, c: Color, p: Point, removed: u32, snapshot: &[u8]) -> bool {
        let cells = self.board.cells();
        if snapshot.len() != cells.len() || snapshot[p.index()] != c as u8 + 1 {
            return false;
        }
        let target = opp(c) as u8 + 1;
        let mut vanished = 0;
        for (i, (&now, &then)) in cells.iter().zip(snapshot).enumerate() {
            if now == then || i == p.index() {
                continue;
            }
            if now == target && then == EMPTY && self.removes(c, p, Point::new(i)) {
                vanished += 1;
            } else {
                return false;
            }
        }
        vanished == removed
    }

    /// Places a stone of `c` on the empty point `p`, removes what it captures, and appends the
    /// removed points to `removed` (in point order). Returns how many were removed.
    pub fn play(&mut self, c: Color, p: Point, removed: &mut Vec<Point>) -> u32 {
        let start = removed.len();
        self.for_each_removal(c, p, |v| removed.push(v));
        let count = (removed.len() - start) as u32;
        // In point order, so that a replayed move records exactly the same thing.
        removed[start..].sort_unstable();
        self.change(p, c, true);
        for &v in &removed[start..] {
            self.change(v, opp(c), false);
        }
        self.settle();
        count
    }

    /// Takes back a placement of `c` at `p` that removed `removed`.
    pub fn unplay(&mut self, c: Color, p: Point, removed: &[Point]) {
        for &v in removed {
            self.change(v, opp(c), true);
        }
        self.change(p, c, false);
        self.settle();
    }

    /// Puts (`add`) or takes away a stone of `c` at `x`, updating the counts and marking the
    /// stones whose status may change.
    fn change(&mut self, x: Point, c: Color, add: bool) {
        if add {
            self.board.place(x, c);
        } else {
            self.board.remove(x, c);
        }
        let Engine {
            model,
            shared,
            board,
            has_b,
            global,
            cnt,
            ecnt,
            marked,
            stamp,
            epoch,
            ..
        } = self;
        let (has_b, global, t, epoch) = (*has_b, *global, model.t, *epoch);
        let table = &shared.table;
        let cells = board.cells();
        let nb = table.of(x);
        let (ci, oi) = (c.index(), opp(c).index());
        let own = c as u8 + 1;
        let other = opp(c) as u8 + 1;
        let mut mark = |p: Point| {
            if stamp[p.index()] != epoch {
                stamp[p.index()] = epoch;
                marked.push(p);
            }
        };
        // The stone at x as an attacker of the opponent's stones around it (its eligibility
        // depends on the opponent stones around x, which this change does not touch).
        let x_eligible = !has_b || u32::from(cnt[oi][x.index()]) < t;
        if has_b && x_eligible {
            for &q in nb {
                let e = &mut ecnt[ci][q.index()];
                *e = if add { *e + 1 } else { *e - 1 };
            }
        }
        for &q in nb {
            let old = u32::from(cnt[ci][q.index()]);
            let new = if add { old + 1 } else { old - 1 };
            cnt[ci][q.index()] = new as u16;
            if cells[q.index()] == other {
                if global && x_eligible {
                    mark(q);
                }
                // The opponent stone at q may stop or start being eligible.
                if has_b && ((old < t) != (new < t)) {
                    let now_eligible = new < t;
                    for &r in table.of(q) {
                        let e = &mut ecnt[oi][r.index()];
                        *e = if now_eligible { *e + 1 } else { *e - 1 };
                        if global && cells[r.index()] == own {
                            mark(r);
                        }
                    }
                }
            }
        }
        if global {
            mark(x);
        }
    }

    fn set_status(&mut self, m: usize, v: Point, on: bool) {
        let slot = self.slot[m][v.index()];
        let key = |s: &Self| s.board.geometry().key(v, 1 - m);
        if on && slot == NONE {
            self.slot[m][v.index()] = self.removable[m].len() as u32;
            self.removable[m].push(v);
            self.removable_hash[m] ^= key(self);
        } else if !on && slot != NONE {
            let last = *self.removable[m].last().expect("a set slot is in the list");
            self.removable[m].swap_remove(slot as usize);
            if last != v {
                self.slot[m][last.index()] = slot;
            }
            self.slot[m][v.index()] = NONE;
            self.removable_hash[m] ^= key(self);
        }
    }

    /// Recomputes the status of the marked stones.
    fn settle(&mut self) {
        let mut marked = std::mem::take(&mut self.marked);
        for &v in &marked {
            match self.cell(v) {
                EMPTY => {
                    self.set_status(0, v, false);
                    self.set_status(1, v, false);
                }
                cell => {
                    let color = if cell == BLACK {
                        Color::Black
                    } else {
                        debug_assert_eq!(cell, WHITE);
                        Color::White
                    };
                    let m = opp(color);
                    let on = self.test(v, m, None, false);
                    self.set_status(m.index(), v, on);
                    self.set_status(color.index(), v, false);
                }
            }
        }
        marked.clear();
        self.marked = marked;
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
    }

    /// Checks the incremental bookkeeping against a recomputation from the board (tests).
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), BrokenInvariant> {
        let fresh = Engine::new(self.model, &self.board);
        if fresh.cnt != self.cnt {
            return Err(BrokenInvariant::ContactCounts);
        }
        if fresh.ecnt != self.ecnt {
            return Err(BrokenInvariant::EligibleCounts);
        }
        for color in Color::ALL {
            let mut expected = fresh.removable[color.index()].clone();
            let mut found = self.removable[color.index()].clone();
            expected.sort();
            found.sort();
            if expected != found {
                return Err(BrokenInvariant::RemovableSet {
                    color,
                    found,
                    expected,
                });
            }
            if fresh.removable_hash[color.index()] != self.removable_hash[color.index()] {
                return Err(BrokenInvariant::RemovableHash(color));
            }
        }
        if self.board.hash() != self.board.recompute_hash() {
            return Err(BrokenInvariant::BoardHash);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use goishi_board::{Adjacency, Diagram, Geometry};

    use super::*;
    use crate::config::{Model, Protection, Scope, Threshold};

    fn model(k: u32, protection: Protection, adjacency: Adjacency, scope: Scope) -> Model {
        Model {
            k,
            protection,
            t: k.max(2),
            adjacency,
            scope,
            threshold: Threshold::Absolute,
        }
    }

    fn engine(model: Model, diagram: &str) -> Engine {
        let d = Diagram::parse(diagram, Color::Black).unwrap();
        let g = Geometry::rect(d.width, d.height).unwrap();
        Engine::new(model, &d.to_board(&g).unwrap())
    }

    fn at(e: &Engine, name: &str) -> Point {
        e.board().geometry().parse_point(name).unwrap()
    }

    #[test]
    fn the_king_ring_holds_four_stones_that_stand_apart() {
        let e = engine(
            model(1, Protection::C, Adjacency::King, Scope::Global),
            ". . .\n. . .\n. . .",
        );
        let centre = at(&e, "B2");
        let start = e.shared.starts[centre.index()] as usize;
        let adj = &e.shared.masks[start..start + 8];
        assert!(has_independent(0xFF, 4, adj));
        assert!(!has_independent(0xFF, 5, adj));
        // Three in a row along one side: only the two ends stand apart.
        let side: u64 = e
            .neighbors(centre)
            .iter()
            .enumerate()
            .filter(|(_, &q)| e.board().geometry().coords(q).1 == 0)
            .map(|(i, _)| 1u64 << i)
            .sum();
        assert_eq!(side.count_ones(), 3);
        assert!(has_independent(side, 2, adj));
        assert!(!has_independent(side, 3, adj));
    }

    #[test]
    fn orthogonal_neighbours_never_touch_each_other() {
        let e = engine(
            model(4, Protection::C, Adjacency::Orthogonal, Scope::Global),
            ". . .\n. . .\n. . .",
        );
        assert!(e.shared.masks.iter().all(|&m| m == 0));
    }

    #[test]
    fn the_result_of_a_placement_is_known_before_it_is_played() {
        let diagrams = [
            ". O X O .\n. X O . .\nO . X . O\nX O . O X\n. X . X .",
            "X O X O X\nO . O . O\nX O . O X\n. . X . .\nO X O X O",
        ];
        for protection in Protection::ALL {
            for scope in [Scope::Global, Scope::Local] {
                for k in 1..=4 {
                    for diagram in diagrams {
                        let e = engine(model(k, protection, Adjacency::King, scope), diagram);
                        for p in e.board().geometry().points() {
                            if !e.board().is_empty_at(p) {
                                continue;
                            }
                            for c in Color::ALL {
                                let (hash, count) = e.after(c, p);
                                let mut listed = Vec::new();
                                e.for_each_removal(c, p, |v| listed.push(v));
                                for x in e.board().geometry().points() {
                                    assert_eq!(e.removes(c, p, x), listed.contains(&x));
                                }
                                let mut played = e.clone();
                                let mut removed = Vec::new();
                                let n = played.play(c, p, &mut removed);
                                assert_eq!(n, count);
                                assert_eq!(played.board().hash(), hash);
                                assert!(e.after_equals(c, p, count, played.board().cells()));
                                played.check_invariants().unwrap();
                                played.unplay(c, p, &removed);
                                assert!(played == e);
                                played.check_invariants().unwrap();
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_board_that_differs_is_not_taken_for_the_result() {
        let e = engine(
            model(1, Protection::A, Adjacency::King, Scope::Global),
            ". . .\n. O .\n. . .",
        );
        let a1 = at(&e, "A1");
        let (_, count) = e.after(Color::Black, a1);
        assert_eq!(count, 1);
        // The board after A1 is "X at A1, nothing else"; the current board is not it, and
        // neither is a board that kept the O stone.
        let mut kept = e.board().cells().to_vec();
        kept[a1.index()] = BLACK;
        assert!(!e.after_equals(Color::Black, a1, count, &kept));
        let mut result = vec![EMPTY; 9];
        result[a1.index()] = BLACK;
        assert!(e.after_equals(Color::Black, a1, count, &result));
        result[at(&e, "C3").index()] = WHITE;
        assert!(!e.after_equals(Color::Black, a1, count, &result));
    }

    #[test]
    fn a_broken_invariant_names_the_bookkeeping_out_of_step() {
        let fresh = engine(
            model(1, Protection::C, Adjacency::King, Scope::Global),
            ". X .\n. O .\n. . .",
        );
        assert_eq!(fresh.check_invariants(), Ok(()));
        let mut broken = fresh.clone();
        broken.cnt[0][0] += 1;
        let error = broken.check_invariants().unwrap_err();
        assert_eq!(error, BrokenInvariant::ContactCounts);
        assert_eq!(
            error.to_string(),
            "contact counts differ from a recomputation"
        );
        let mut broken = fresh.clone();
        broken.removable_hash[1] ^= 1;
        let error = broken.check_invariants().unwrap_err();
        assert_eq!(error, BrokenInvariant::RemovableHash(Color::White));
        assert_eq!(error.to_string(), "removable hash of W differs");
    }
}
