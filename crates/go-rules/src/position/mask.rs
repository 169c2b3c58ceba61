//! The legal points kept from move to move ([`GoPosition::legal_bits_cached`]): after a
//! move, only the points whose judgement it can have changed are judged again.
//!
//! The judgement of an empty point `p` for a colour, repetition aside, depends on its
//! neighbours' cells, on whether each chain around it is in atari (`p` is then its only
//! liberty), and under simple ko on the last move. A move at `m` that removes the stones
//! `R` (captures, or its own chain by suicide) changes the cells around `m` and around `R`
//! only; it changes the liberties of the chains around `m` and around `R` only; and a chain
//! around `m` that was in atari had `m` as its liberty, so that no point but `m` lost an
//! atari neighbour there, while one that is in atari now has one liberty, read from its
//! stats. A chain around captured stones and not around `m` gained them as liberties and
//! nothing else: its stats less those liberties are its stats before the move, which say
//! whether it was in atari, and where. (After a suicide, rare, the liberties of the chains
//! around the removed stones are all judged again.) The ko of the last move but one is
//! lifted. So the points judged again are `m`, its neighbours, `R` and their neighbours, the
//! liberty of each chain around `m` in atari now, that of each chain around `R` in atari
//! before, and the last ko.
//!
//! Both colours are kept (the judgement of the side to move is needed after every move):
//! whether the play is legal repetition aside (the ko rule's test under simple ko), and
//! whether it removes stones (a capture or a suicide). Under a superko rule, a play that
//! removes stones is judged in full when the mask is read, and a quiet play (one stone more
//! of the mover, nothing removed) can repeat an earlier board only if an earlier board had
//! those counts of stones: the counts of every board of the game are kept in a Bloom filter,
//! and the quiet plays are looked up in the history only when it says such a board may have
//! been seen.
//!
//! The cache's words: the legal points of Black, of White, the removing plays of Black, of
//! White, the points to judge again (`n` words each, `n` the words of the points), then the
//! filter.

use goishi_board::{cell_of, Color, LegalCache, Move, BLACK, EMPTY, WHITE};

use super::chains::ChainStats;
use super::GoPosition;
use crate::config::Suicide;

/// The words of the filter of stone counts: 4,096 bits.
const FILTER_WORDS: usize = 64;

/// The bit of the filter for `black` and `white` stones.
#[inline]
fn filter_bit(black: u32, white: u32) -> usize {
    let h = u64::from(black).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ u64::from(white).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (h >> 52) as usize
}

fn filter_insert(filter: &mut [u64], black: u32, white: u32) {
    let bit = filter_bit(black, white);
    filter[bit / 64] |= 1 << (bit % 64);
}

fn filter_has(filter: &[u64], black: u32, white: u32) -> bool {
    let bit = filter_bit(black, white);
    filter[bit / 64] >> (bit % 64) & 1 == 1
}

/// The points to judge again, as a bit set.
struct Marks<'a>(&'a mut [u64]);

impl Marks<'_> {
    #[inline(always)]
    fn push(&mut self, p: usize) {
        self.0[p / 64] |= 1 << (p % 64);
    }
}

impl GoPosition {
    /// The legal actions of the side to move as a bit set, as
    /// [`Position::legal_action_bits`](goishi_board::Position::legal_action_bits) gives them,
    /// judged again only where the moves since `cache` was written can have changed them
    /// (one move: the points around it; otherwise everything).
    pub fn legal_bits_cached(&self, cache: &mut LegalCache, out: &mut [u64]) -> usize {
        let n = self.geometry.num_points().div_ceil(64);
        let len = self.history.len();
        let hash = self.chains.board.hash();
        let sized = cache.words.len() == 5 * n + FILTER_WORDS;
        if !(sized && cache.moves == Some(len) && cache.hash == hash) {
            if sized
                && cache.moves == Some(len.wrapping_sub(1))
                && self.hash_before_last() == cache.hash
            {
                self.update_after_last(cache, n);
            } else {
                self.rebuild(cache, n);
            }
            cache.moves = Some(len);
            cache.hash = hash;
        }
        self.emit(cache, n, out)
    }

    /// The board's hash before the last move.
    fn hash_before_last(&self) -> u64 {
        let (Some(turn), Some(rec)) = (self.history.last(), self.undo.last()) else {
            return self.chains.board.hash();
        };
        let Move::Place(m) = turn.mv else {
            return self.chains.board.hash();
        };
        let removed = self.chains.groups[rec.groups_start as usize..]
            .iter()
            .fold(0, |h, g| h ^ g.hash);
        self.chains.board.hash() ^ self.layout.key(m.index(), turn.color) ^ removed
    }

    /// Whether a play at the empty point `p` is legal repetition aside, and whether it removes
    /// stones (a capture or a suicide), for Black and White: bit `c` (a colour's index) says
    /// that the play is legal, bit `2 + c` that it removes stones. The neighbours are read once
    /// for both colours.
    #[inline]
    fn judge_point(&self, p: usize) -> u32 {
        let chains = &self.chains;
        // For each colour: a chain of the other in atari (a capture), one of its own with
        // another liberty (the stone keeps one).
        let (mut capture, mut alive) = (0u32, 0u32);
        self.layout.each(p, |q| {
            let cell = chains.cell[q];
            if cell == BLACK || cell == WHITE {
                let atari = chains.stats[chains.chain_id[q] as usize].only_liberty_is(p);
                let own = u32::from(cell == WHITE);
                capture |= u32::from(atari) << (1 - own);
                alive |= u32::from(!atari) << own;
            }
        });
        if chains.counts[p].get(EMPTY) > 0 {
            return 0b11 | capture << 2;
        }
        let mut bits = (capture | !alive & 0b11) << 2;
        for color in [Color::Black, Color::White] {
            let c = color.index();
            let legal = if capture >> c & 1 == 1 {
                !self.retakes_ko(p, color)
            } else {
                alive >> c & 1 == 1
                    || match self.config.suicide {
                        Suicide::Forbidden => false,
                        Suicide::MultiStone => chains.counts[p].get(cell_of(color)) > 0,
                        Suicide::Allowed => true,
                    }
            };
            bits |= u32::from(legal) << c;
        }
        bits
    }

    /// Judges point `p` again for both colours.
    #[inline]
    fn rejudge(&self, words: &mut [u64], n: usize, p: usize) {
        let judged = if self.chains.cell[p] != EMPTY {
            0
        } else if self.local_ko {
            // Only the legal bits are read: the engine's own judgement of each colour.
            let open = self.chains.counts[p].get(EMPTY) > 0;
            u32::from(open || self.crowded_is_legal(p, Color::Black))
                | u32::from(open || self.crowded_is_legal(p, Color::White)) << 1
        } else {
            self.judge_point(p)
        };
        let (w, k) = (p / 64, p % 64);
        let put =
            |word: &mut u64, j: u32| *word = *word & !(1 << k) | u64::from(judged >> j & 1) << k;
        put(&mut words[w], 0);
        put(&mut words[n + w], 1);
        if !self.local_ko {
            put(&mut words[2 * n + w], 2);
            put(&mut words[3 * n + w], 3);
        }
    }

    /// Judges every point, and fills the filter with the stone counts of every board of the
    /// game.
    fn rebuild(&self, cache: &mut LegalCache, n: usize) {
        let words = &mut cache.words;
        words.clear();
        words.resize(5 * n + FILTER_WORDS, 0);
        for p in 0..self.geometry.num_points() {
            self.rejudge(words, n, p);
        }
        words[4 * n..5 * n].fill(0);
        let filter = &mut words[5 * n..];
        let board = &self.chains.board;
        let mut counts = [board.count(Color::Black), board.count(Color::White)];
        filter_insert(filter, counts[0], counts[1]);
        for i in (0..self.undo.len()).rev() {
            let Move::Place(_) = self.history[i].mv else {
                continue;
            };
            let end = self
                .undo
                .get(i + 1)
                .map_or(self.chains.groups.len(), |r| r.groups_start as usize);
            for g in &self.chains.groups[self.undo[i].groups_start as usize..end] {
                counts[g.color.index()] += g.size;
            }
            counts[self.history[i].color.index()] -= 1;
            filter_insert(filter, counts[0], counts[1]);
        }
        cache.mark = self.single_capture();
    }

    /// The stones a play of `color` at the empty point `p` would capture (each chain of the
    /// other colour around with `p` as its only liberty, counted once) and the hash of the
    /// board it would make; `None` if it captures nothing.
    fn captured_by(&self, p: usize, color: Color) -> Option<(u32, u64)> {
        let chains = &self.chains;
        let other = cell_of(color.opponent());
        let around = self.layout.of(p);
        let mut taken = 0;
        let mut hash = chains.board.hash() ^ self.layout.key(p, color);
        for (i, &q) in around.iter().enumerate() {
            let q = q as usize;
            if chains.cell[q] != other {
                continue;
            }
            let root = chains.chain_id[q];
            let st = &chains.stats[root as usize];
            let counted = around[..i]
                .iter()
                .any(|&x| chains.cell[x as usize] == other && chains.chain_id[x as usize] == root);
            if st.only_liberty_is(p) && !counted {
                taken += st.size;
                hash ^= st.hash;
            }
        }
        (taken > 0).then_some((taken, hash))
    }

    /// The point of the one stone the last move captured, if it captured one stone.
    fn single_capture(&self) -> u32 {
        let (Some(turn), Some(rec)) = (self.history.last(), self.undo.last()) else {
            return u32::MAX;
        };
        let groups = &self.chains.groups[rec.groups_start as usize..];
        match groups {
            [g] if g.size == 1 && g.color != turn.color => {
                self.chains.stones[g.start as usize].into()
            }
            _ => u32::MAX,
        }
    }

    /// Judges again the points the last move can have changed (see the module's
    /// documentation).
    fn update_after_last(&self, cache: &mut LegalCache, n: usize) {
        let (judged, rest) = cache.words.split_at_mut(4 * n);
        let (marks, filter) = rest.split_at_mut(n);
        let mut dirty = Marks(marks);
        if cache.mark != u32::MAX {
            dirty.push(cache.mark as usize);
        }
        self.mark_last_move(&mut dirty);
        for (w, mark) in dirty.0.iter_mut().enumerate() {
            let mut bits = std::mem::take(mark);
            while bits != 0 {
                let p = 64 * w + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.rejudge(judged, n, p);
            }
        }
        let board = &self.chains.board;
        filter_insert(filter, board.count(Color::Black), board.count(Color::White));
        cache.mark = self.single_capture();
    }

    /// Marks the points the last move can have changed, but for the last ko.
    #[inline]
    fn mark_last_move(&self, dirty: &mut Marks<'_>) {
        let chains = &self.chains;
        let (Some(turn), Some(rec)) = (self.history.last(), self.undo.last()) else {
            return;
        };
        let Move::Place(m) = turn.mv else {
            return;
        };
        let m = m.index();
        dirty.push(m);
        // The chains around `m` (and its own) in atari: their one liberty.
        for &q in std::iter::once(&(m as u16)).chain(self.layout.of(m)) {
            let q = q as usize;
            dirty.push(q);
            if chains.cell[q] != EMPTY {
                let st = &chains.stats[chains.chain_id[q] as usize];
                if st.in_atari() {
                    dirty.push((st.lib_sum / u64::from(st.libs)) as usize);
                }
            }
        }
        // The removed stones, their neighbours and the chains around them.
        let removed = &chains.groups[rec.groups_start as usize..];
        if removed.iter().any(|g| g.color == turn.color) {
            self.mark_removed_by_suicide(dirty, removed);
        } else if !removed.is_empty() {
            self.mark_captured(dirty, removed, m);
        }
    }

    /// Marks the liberties of the chains around the stones a suicide removed.
    #[inline(never)]
    fn mark_removed_by_suicide(&self, dirty: &mut Marks<'_>, removed: &[super::chains::Group]) {
        let chains = &self.chains;
        for g in removed {
            for &s in &chains.stones[g.start as usize..(g.start + g.size) as usize] {
                dirty.push(s.into());
                for &t in self.layout.of(s as usize) {
                    dirty.push(t.into());
                    if chains.cell[t as usize] == EMPTY {
                        continue;
                    }
                    let root = chains.chain_id[t as usize] as usize;
                    let mut x = root;
                    loop {
                        for &y in self.layout.of(x) {
                            if chains.cell[y as usize] == EMPTY {
                                dirty.push(y.into());
                            }
                        }
                        x = chains.next[x] as usize;
                        if x == root {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Marks the captured stones, their neighbours, and the liberty of each chain around them
    /// (not `m`'s, whose parts in atari had `m` as their liberty) that was in atari before.
    fn mark_captured(&self, dirty: &mut Marks<'_>, removed: &[super::chains::Group], m: usize) {
        let chains = &self.chains;
        let own = chains.chain_id[m];
        // Each chain around, with the liberties it gained (counted as the stats count them:
        // once for each stone of the chain next to the freed point).
        let mut gained = [(0u16, ChainStats::default()); 16];
        let mut seen = 0;
        for g in removed {
            for &s in &chains.stones[g.start as usize..(g.start + g.size) as usize] {
                dirty.push(s.into());
                for &t in self.layout.of(s as usize) {
                    dirty.push(t.into());
                    let t = t as usize;
                    if chains.cell[t] == EMPTY || chains.chain_id[t] == own {
                        continue;
                    }
                    let root = chains.chain_id[t];
                    let at = match gained[..seen].iter().position(|(r, _)| *r == root) {
                        Some(at) => at,
                        None if seen < gained.len() => {
                            gained[seen].0 = root;
                            seen += 1;
                            seen - 1
                        }
                        None => {
                            // More chains than the table holds: all their liberties again.
                            self.mark_removed_by_suicide(dirty, removed);
                            return;
                        }
                    };
                    gained[at].1.add_lib(s as usize);
                }
            }
        }
        for (root, gain) in &gained[..seen] {
            let mut before = chains.stats[*root as usize];
            before.release(gain);
            if before.in_atari() {
                dirty.push((before.lib_sum / u64::from(before.libs)) as usize);
            }
        }
    }

    /// Writes the legal actions of the side to move: the kept points, less the repetitions
    /// a superko rule forbids, and pass.
    fn emit(&self, cache: &LegalCache, n: usize, out: &mut [u64]) -> usize {
        out.fill(0);
        if self.end.is_some() {
            return 0;
        }
        let color = self.side;
        let c = color.index();
        let words = &cache.words;
        let legal = &words[c * n..(c + 1) * n];
        for (o, &w) in out.iter_mut().zip(legal) {
            *o = w;
        }
        if !self.local_ko {
            let removes = &words[(2 + c) * n..(3 + c) * n];
            let board = &self.chains.board;
            let mut counts = [board.count(Color::Black), board.count(Color::White)];
            counts[c] += 1;
            let quiet = filter_has(&words[5 * n..], counts[0], counts[1]);
            for (w, (o, &r)) in out.iter_mut().zip(removes).enumerate() {
                let mut bits = if quiet { *o } else { *o & r };
                while bits != 0 {
                    let k = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let p = 64 * w + k;
                    let ok = if r >> k & 1 == 1 {
                        // A capture can repeat a board only if a board of the stones it
                        // leaves was seen, and if the history has the key of the board it
                        // makes; a suicide is judged in full.
                        match self.captured_by(p, color) {
                            Some((taken, hash_after)) => {
                                let mut after = counts;
                                after[1 - c] -= taken;
                                !filter_has(&words[5 * n..], after[0], after[1])
                                    || !self
                                        .superko
                                        .probe_for(self.superko_key(color, hash_after))
                                        .found()
                                    || self.judge_empty::<true>(p, color).is_ok()
                            }
                            None => self.judge_empty::<true>(p, color).is_ok(),
                        }
                    } else {
                        self.judge_quiet(p, color).is_ok()
                    };
                    if !ok {
                        *o &= !(1 << k);
                    }
                }
            }
        }
        let pass = self.geometry.num_points();
        if let Some(word) = out.get_mut(pass / 64) {
            *word |= 1 << (pass % 64);
        }
        out.iter().map(|w| w.count_ones() as usize).sum()
    }
}
