//! The legality judge: whether a play is legal and what it would do ([`Analysis`]), from
//! the neighbourhood of its point where that suffices, in full for captures and suicides,
//! with the ko and superko checks (a repetition confirmed by rebuilding the earlier board).

use std::cell::RefCell;

use goishi_board::{cell_of, Color, IllegalMove, Move, EMPTY};

use super::{side_key, GoPosition, CREATOR_KEYS};
use crate::config::{Ko, Suicide};
use crate::history::Probe;

/// What a play would do, found from the neighbours of its point alone.
#[derive(Clone, Copy, Debug)]
pub(super) struct Analysis {
    /// Opponent stones removed, or [`NOT_COUNTED`] when the local fast path decided the play
    /// without looking at captures (`do_play` then finds them itself).
    pub(super) captured: u32,
    /// Own stones removed (the new one included): not zero exactly when the play is suicide.
    pub(super) removed_own: u32,
    pub(super) hash_after: u64,
    /// Where the superko key of the board after the play is in the history, when judged.
    pub(super) probe: Probe,
}

/// `Analysis::captured` of a play judged legal without counting its captures.
pub(super) const NOT_COUNTED: u32 = u32::MAX;

impl Analysis {
    /// A play judged legal from its neighbourhood alone, captures not counted.
    pub(super) const UNCOUNTED: Analysis = Analysis {
        captured: NOT_COUNTED,
        removed_own: 0,
        hash_after: 0,
        probe: Probe::NONE,
    };

    /// Whether the play removes its own stone (and its chain).
    #[inline]
    pub(super) fn suicide(&self) -> bool {
        self.removed_own > 0
    }
}

thread_local! {
    /// Scratch boards for confirming hash matches (no allocation once grown).
    static SCRATCH: RefCell<(Vec<u8>, Vec<u8>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

impl GoPosition {
    /// Whether a play of `color` at the empty point `p` would capture: a chain of the
    /// opponent around has `p` as its only liberty.
    #[inline(always)]
    pub(super) fn captures_next_to(&self, p: usize, color: Color) -> bool {
        let chains = &self.chains;
        let opp = cell_of(color.opponent());
        self.layout.any(p, |q| {
            chains.cell[q] == opp && chains.stats[chains.chain_id[q] as usize].only_liberty_is(p)
        })
    }

    /// Whether a chain around the empty point `p` has `p` as its only liberty.
    #[inline(always)]
    pub(super) fn captures_around(&self, p: usize) -> bool {
        // The off slot's stats never pass.
        let chains = &self.chains;
        self.layout.any(p, |q| {
            chains.stats[chains.chain_id[q] as usize].only_liberty_is(p)
        })
    }

    /// Whether a play of `color` at the empty point `p` would capture (a chain of the
    /// opponent around has `p` as its only liberty), and whether the new stone would keep a
    /// liberty (an empty neighbour, or a chain of its own around with another liberty).
    #[inline(always)]
    pub(super) fn scan(&self, p: usize, color: Color) -> (bool, bool) {
        let chains = &self.chains;
        let me = cell_of(color);
        let mut capture = false;
        let mut alive = chains.counts[p].get(EMPTY) > 0;
        // The off slot is neither empty nor the mover's, and its stats never pass.
        self.layout.each(p, |q| {
            let cell = chains.cell[q];
            if cell != EMPTY {
                let in_atari = chains.stats[chains.chain_id[q] as usize].only_liberty_is(p);
                if cell == me {
                    alive |= !in_atari;
                } else {
                    capture |= in_atari;
                }
            }
        });
        (capture, alive)
    }

    /// What a play of `color` at the empty point `p` would do. Every chain around `p` has `p`
    /// as a liberty, so it is in atari exactly when `p` is its only one.
    #[inline]
    pub(super) fn analyze(&self, p: usize, color: Color) -> Analysis {
        let chains = &self.chains;
        let cells = chains.board.cells();
        let me = cell_of(color);
        let nb = self.layout.of(p);
        let key = self.layout.key(p, color);
        // First the common case, without telling chains apart: nothing captured, and the new
        // stone keeps a liberty of its own or joins a chain that keeps one.
        let (any_capture, own_alive) = self.scan(p, color);
        if !any_capture && own_alive {
            return Analysis {
                captured: 0,
                removed_own: 0,
                hash_after: chains.board.hash() ^ key,
                probe: Probe::NONE,
            };
        }
        // Captures or suicide: count each chain once, however many sides it touches `p` on.
        let mut captured = 0;
        let mut own_size = 0;
        let mut own_hash = 0;
        let mut hash = chains.board.hash() ^ key;
        let mut roots = [0u16; 8];
        let mut seen = 0;
        for (i, &q) in nb.iter().enumerate() {
            let q = q as usize;
            let cell = cells[q];
            if cell == EMPTY {
                continue;
            }
            let r = chains.chain_id[q];
            if roots[..seen].contains(&r) {
                continue;
            }
            if seen < roots.len() {
                roots[seen] = r;
                seen += 1;
            } else if nb[..i]
                .iter()
                .any(|&x| cells[x as usize] != EMPTY && chains.chain_id[x as usize] == r)
            {
                continue;
            }
            let st = &chains.stats[r as usize];
            if cell == me {
                own_size += st.size;
                own_hash ^= st.hash;
            } else if st.only_liberty_is(p) {
                captured += st.size;
                hash ^= st.hash;
            }
        }
        let suicide = !(own_alive || captured > 0);
        if suicide {
            hash ^= key ^ own_hash;
        }
        Analysis {
            captured,
            removed_own: if suicide { own_size + 1 } else { 0 },
            hash_after: hash,
            probe: Probe::NONE,
        }
    }

    /// Writes into `out` the board after the first `moves` moves of the game.
    pub(super) fn board_at(&self, moves: usize, out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(self.chains.board.cells());
        for i in (moves..self.undo.len()).rev() {
            let rec = &self.undo[i];
            let end = self
                .undo
                .get(i + 1)
                .map_or(self.chains.groups.len(), |r| r.groups_start as usize);
            for g in self.chains.groups[rec.groups_start as usize..end]
                .iter()
                .rev()
            {
                for &s in &self.chains.stones[g.start as usize..(g.start + g.size) as usize] {
                    out[s as usize] = cell_of(g.color);
                }
            }
            if let Move::Place(p) = self.history[i].mv {
                out[p.index()] = EMPTY;
            }
        }
    }

    /// Writes into `out` the board a play would make.
    pub(super) fn board_after(&self, p: usize, color: Color, a: &Analysis, out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(self.chains.board.cells());
        out[p] = cell_of(color);
        let cells = self.chains.board.cells();
        let me = cell_of(color);
        for &q in self.layout.of(p) {
            let q = q as usize;
            let cell = cells[q];
            if cell == EMPTY || out[q] == EMPTY {
                continue;
            }
            let root = self.chains.chain_id[q] as usize;
            let remove = if cell == me {
                a.suicide()
            } else {
                self.chains.stats[root].in_atari()
            };
            if remove {
                let mut s = root;
                loop {
                    out[s] = EMPTY;
                    s = self.chains.next[s] as usize;
                    if s == root {
                        break;
                    }
                }
            }
        }
        if a.suicide() {
            out[p] = EMPTY;
        }
    }

    /// Whether the play would make the same board as the game had after `moves` moves.
    pub(super) fn repeats(&self, p: usize, color: Color, a: &Analysis, moves: u32) -> bool {
        SCRATCH.with(|s| {
            let (earlier, after) = &mut *s.borrow_mut();
            self.board_at(moves as usize, earlier);
            self.board_after(p, color, a, after);
            earlier == after
        })
    }

    /// Whether the current board equals the board after `moves` moves.
    pub(super) fn current_repeats(&self, moves: u32) -> bool {
        SCRATCH.with(|s| {
            let (earlier, _) = &mut *s.borrow_mut();
            self.board_at(moves as usize, earlier);
            earlier.as_slice() == self.chains.board.cells()
        })
    }

    /// Whether a play of `color` at `p` retakes a ko, which simple ko forbids: the last move,
    /// the opponent's, put down a single stone at q, a neighbour of `p`, which took one stone,
    /// at `p`, and is in atari, so that a play at `p` takes it back and remakes the board of
    /// before that move. Decided from the records of the last move, without an analysis of
    /// the play, because such a play takes that one stone and nothing else: another chain of
    /// q's colour around `p` with no liberty but `p` would have had none before the last move
    /// (`p` held a stone then, and q, a chain of one stone, neither joined that chain nor
    /// filled one of its liberties). `false` under any other ko rule.
    #[inline(always)]
    pub(super) fn retakes_ko(&self, p: usize, color: Color) -> bool {
        if self.config.ko != Ko::Simple {
            return false;
        }
        let Some(last) = self.undo.last() else {
            return false;
        };
        // Most captures come after a move that took nothing, or not one stone at `p`: that
        // much inline, the rest out of line.
        let chains = &self.chains;
        let groups = &chains.groups[last.groups_start as usize..];
        groups.len() == 1
            && groups[0].size == 1
            && chains.stones[groups[0].start as usize] as usize == p
            && self.last_move_is_ko(p, color)
    }

    /// [`GoPosition::retakes_ko`] once the last move took one stone, at `p`: whether that
    /// move was the opponent's, with a single stone next to `p` now in atari.
    #[inline(never)]
    fn last_move_is_ko(&self, p: usize, color: Color) -> bool {
        let Some(turn) = self.history.last() else {
            return false;
        };
        let Move::Place(q) = turn.mv else {
            return false;
        };
        let q = q.index();
        let chains = &self.chains;
        let chain = &chains.stats[chains.chain_id[q] as usize];
        turn.color != color
            && chains.cell[q] != EMPTY
            && chain.size == 1
            && chain.in_atari()
            && self.layout.of(p).contains(&(q as u16))
    }

    /// Decides a play; on success, what it would do. With `REPEAT` false, a superko rule's
    /// repetition is not looked at (the play is made, then checked: see
    /// [`GoPosition::play_checked`]).
    #[inline]
    pub(super) fn judge<const REPEAT: bool>(
        &self,
        p: usize,
        color: Color,
    ) -> Result<Analysis, IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let Some(&cell) = self.chains.board.cells().get(p) else {
            return Err(IllegalMove::OffBoard);
        };
        if cell != EMPTY {
            return Err(IllegalMove::Occupied);
        }
        self.judge_empty::<REPEAT>(p, color)
    }

    /// Whether a play on the empty point `p` with no empty neighbour is legal, under simple
    /// ko or none: [`GoPosition::judge_empty`] as a yes or no, for the legal-move list.
    #[inline]
    pub(super) fn crowded_is_legal(&self, p: usize, color: Color) -> bool {
        let (capture, alive) = if self.chains.counts[p].get(cell_of(color)) == 0 {
            // An opponent's eye.
            (self.captures_around(p), false)
        } else {
            self.scan(p, color)
        };
        if capture {
            !self.retakes_ko(p, color)
        } else {
            alive
                || match self.config.suicide {
                    Suicide::Forbidden => false,
                    Suicide::MultiStone => self.chains.counts[p].get(cell_of(color)) > 0,
                    Suicide::Allowed => true,
                }
        }
    }

    /// A capture under simple ko (or none), judged: legal unless it retakes a ko.
    #[inline]
    fn unless_ko(&self, p: usize, color: Color) -> Result<Analysis, IllegalMove> {
        if self.retakes_ko(p, color) {
            Err(IllegalMove::Ko)
        } else {
            Ok(Analysis::UNCOUNTED)
        }
    }

    /// [`GoPosition::judge`] of a play on an empty point of the board, while the game goes on.
    #[inline]
    pub(super) fn judge_empty<const REPEAT: bool>(
        &self,
        p: usize,
        color: Color,
    ) -> Result<Analysis, IllegalMove> {
        // Legality decided by the neighbourhood alone: simple ko, no ko, or a superko rule
        // whose repetition is checked after the play.
        let local = self.local_ko || !REPEAT;
        let c = self.chains.counts[p];
        if c.get(EMPTY) > 0 {
            // Under simple ko (or none) a play next to an empty point is always legal: it
            // keeps a liberty, and a ko recapture has no empty neighbour.
            if local {
                return Ok(Analysis::UNCOUNTED);
            }
            return self.judge_open(p, color);
        }
        if c.get(cell_of(color)) == 0 {
            // An opponent's eye: legal only if it captures (a single stone put there removes
            // one stone by itself: never legal under forbidden or multi-stone).
            if self.config.suicide != Suicide::Allowed {
                if !self.captures_around(p) {
                    return Err(IllegalMove::Suicide);
                }
                if local {
                    // A capture: legal unless it retakes a ko.
                    return self.unless_ko(p, color);
                }
            }
        } else {
            return self.judge_crowded::<REPEAT>(p, color);
        }
        self.judge_in_full::<REPEAT>(p, color)
    }

    /// [`GoPosition::judge_empty`] of a point with no empty neighbour and a stone of the
    /// mover's next to it. Out of line, so that the common answers stay small.
    #[inline(never)]
    pub(super) fn judge_crowded<const REPEAT: bool>(
        &self,
        p: usize,
        color: Color,
    ) -> Result<Analysis, IllegalMove> {
        let local = self.local_ko || !REPEAT;
        let (capture, alive) = self.scan(p, color);
        if capture {
            if local {
                // A capture: legal unless it retakes a ko (its stone has a liberty).
                return self.unless_ko(p, color);
            }
        } else if alive {
            // Nothing captured: no ko either.
            if local {
                return Ok(Analysis::UNCOUNTED);
            }
            return self.judge_quiet(p, color);
        } else if self.config.suicide == Suicide::Forbidden {
            // Suicide (multi-stone suicide is allowed: a stone of its own is around).
            return Err(IllegalMove::Suicide);
        }
        self.judge_in_full::<REPEAT>(p, color)
    }

    /// [`GoPosition::judge_empty`] of a play next to an empty point under a superko rule: it
    /// keeps a liberty, so only a repetition can refuse it. Out of line, so that the simple
    /// ko path stays small.
    #[inline(never)]
    pub(super) fn judge_open(&self, p: usize, color: Color) -> Result<Analysis, IllegalMove> {
        let c = self.chains.counts[p];
        if c.get(cell_of(color.opponent())) == 0 || !self.captures_next_to(p, color) {
            return self.judge_quiet(p, color);
        }
        self.judge_in_full::<true>(p, color)
    }

    /// [`GoPosition::judge`] past the quick answers: `p` is an empty point on the board.
    pub(super) fn judge_in_full<const REPEAT: bool>(
        &self,
        p: usize,
        color: Color,
    ) -> Result<Analysis, IllegalMove> {
        // The quiet plays (a liberty, no opponent around) were answered before.
        let mut a = self.analyze(p, color);
        if a.suicide() {
            match self.config.suicide {
                Suicide::Forbidden => return Err(IllegalMove::Suicide),
                Suicide::MultiStone if a.removed_own < 2 => return Err(IllegalMove::Suicide),
                _ => {}
            }
        }
        match self.config.ko {
            Ko::None => {}
            Ko::Simple => {
                if !a.suicide() && self.retakes_ko(p, color) {
                    return Err(IllegalMove::Ko);
                }
            }
            Ko::Positional | Ko::Spight | Ko::Situational | Ko::NaturalSituational => {
                if REPEAT && self.repeats_earlier(p, color, &mut a) {
                    return Err(IllegalMove::Superko);
                }
            }
        }
        Ok(a)
    }

    /// The history key of the board a play (judged by `a`) would make.
    #[inline]
    pub(super) fn superko_key(&self, color: Color, hash_after: u64) -> u64 {
        match self.config.ko {
            Ko::Situational => hash_after ^ side_key(color.opponent()),
            Ko::NaturalSituational => hash_after ^ CREATOR_KEYS[color.index()],
            _ => hash_after,
        }
    }

    /// Whether a play (judged by `a`) would recreate a state the superko rule forbids;
    /// records in `a` where its key goes in the history.
    #[inline(always)]
    pub(super) fn repeats_earlier(&self, p: usize, color: Color, a: &mut Analysis) -> bool {
        let probe = self
            .superko
            .probe_for(self.superko_key(color, a.hash_after));
        // The board comparisons only when the key is there: `a` stays in registers otherwise.
        let repeats = probe.found() && self.repeats_any(p, color, *a, probe);
        a.probe = probe;
        repeats
    }

    /// Whether an earlier state with the probed key is the board the play would make.
    #[inline(never)]
    pub(super) fn repeats_any(&self, p: usize, color: Color, a: Analysis, probe: Probe) -> bool {
        self.superko
            .matches_probed(probe)
            .any(|m| self.repeats(p, color, &a, m))
    }

    /// A play that captures nothing and keeps a liberty: only a superko rule can refuse it.
    /// Reached only from the out-of-line superko paths (`judge_open`, `judge_crowded`).
    #[inline(always)]
    pub(super) fn judge_quiet(&self, p: usize, color: Color) -> Result<Analysis, IllegalMove> {
        let mut a = Analysis {
            captured: 0,
            removed_own: 0,
            hash_after: self.chains.board.hash() ^ self.layout.key(p, color),
            probe: Probe::NONE,
        };
        if !self.local_ko && self.repeats_earlier(p, color, &mut a) {
            return Err(IllegalMove::Superko);
        }
        Ok(a)
    }
}
