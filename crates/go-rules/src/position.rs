//! The Go position: the play in three steps, incremental chains, every ko and superko rule,
//! and the end of the game.
//!
//! Chains are kept incrementally. Every stone knows the root of its chain (`chain_id`) and
//! the next stone of its chain (`next`, a circular list); the root holds the chain's size,
//! its Zobrist hash and its pseudo-liberties (each pair of a stone and an empty neighbour
//! counted once) as a count, a sum and a sum of squares of the liberty indices. A chain is in
//! atari (exactly one distinct liberty) exactly when `count * sum_sq == sum^2` (Cauchy-Schwarz),
//! so legality is decided from the neighbours of the point alone, without playing the move.
//!
//! Merges relabel the smaller chain and splice the two lists by swapping one `next` pointer
//! each, which is its own inverse; captures push the removed stones on a stack. Undo replays
//! both backwards, so `play` and `undo` allocate nothing once the stacks have grown.
//!
//! Repetition is checked by hash in a [`HistoryTable`]; a hash match is confirmed by
//! rebuilding the earlier board from the undo records and comparing it point by point with
//! the board the move would make. `check_move` and the legal-move list judge without playing;
//! `play` under a superko rule judges everything but repetition, makes the play, and takes it
//! back if its state was seen before (undo restores every internal list exactly, so a refused
//! play leaves no trace).
//!
//! The hot paths read the geometry through [`Layout`] (four neighbour slots per point, padded
//! with an off-board slot whose cell is [`OFF`], for the judge; flat lists for the writes), keep
//! each point's neighbour counts in one word ([`Around`]), and answer most plays from those
//! counts and the chains around the point: an opponent's eye is suicide unless a chain around
//! is in atari; a capture is legal unless the last move took a single stone on this very
//! point; the full analysis is left to ko candidates and suicides.

use std::any::Any;
use std::cell::RefCell;
use std::sync::Arc;

use goishi_board::{
    cell_of, Board, Color, GameResult, Geometry, IllegalMove, Margin, Move, MoveEffect, PlayError,
    Point, Position, Rules, Score, Setup, SetupError, SetupErrors, Turn, EMPTY, SIDE_TO_MOVE_KEY,
};

use crate::config::{Cycles, GoConfig, Ko, Suicide};
use crate::history::{HistoryTable, Probe};
use crate::layout::Layout;
use crate::scoring::{score, ScoreParams};

/// The cell value of the off slot (its index is the number of points), which pads the
/// neighbours of a point with fewer than four: neither empty nor a stone. Its chain is itself,
/// with stats no chain has ([`ChainStats::OFF`]), so that it is never in atari and never
/// captured.
const OFF: u8 = 3;

/// Keys that mark which colour created a board (natural situational superko).
const CREATOR_KEYS: [u64; 2] = [0x3C6E_F372_FE94_F82B, 0xA54F_F53A_5F1D_36F1];

/// The point of an internal index (always below the number of points, so a `u16`): without
/// the clamp of [`Point::new`], which the hot loops need not pay.
#[inline(always)]
fn point(index: usize) -> Point {
    Point::from(index as u16)
}

#[inline]
fn side_key(color: Color) -> u64 {
    match color {
        Color::Black => 0,
        Color::White => SIDE_TO_MOVE_KEY,
    }
}

/// What a chain's root knows about the chain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ChainStats {
    size: u32,
    libs: u32,
    lib_sum: u64,
    lib_sq: u64,
    hash: u64,
}

impl ChainStats {
    /// The stats of the off-board slot: one liberty whose index squared is not its sum, so
    /// that neither [`ChainStats::in_atari`] nor [`ChainStats::only_liberty_is`] holds.
    const OFF: ChainStats = ChainStats {
        size: 0,
        libs: 1,
        lib_sum: 0,
        lib_sq: 1,
        hash: 0,
    };

    #[inline]
    fn add_lib(&mut self, p: usize) {
        self.libs += 1;
        self.lib_sum += p as u64;
        self.lib_sq += (p * p) as u64;
    }

    #[inline]
    fn remove_lib(&mut self, p: usize) {
        self.libs -= 1;
        self.lib_sum -= p as u64;
        self.lib_sq -= (p * p) as u64;
    }

    /// Exactly one distinct liberty (one widening multiplication each side: no overflow on
    /// any board).
    #[inline]
    fn in_atari(&self) -> bool {
        self.libs > 0
            && u128::from(self.libs) * u128::from(self.lib_sq)
                == u128::from(self.lib_sum) * u128::from(self.lib_sum)
    }

    /// Whether the chain's every liberty is `p`, knowing `p` is one of them (the second
    /// product is taken only when `lib_sum == libs * p`, so neither can overflow).
    #[inline]
    fn only_liberty_is(&self, p: usize) -> bool {
        let p = p as u64;
        self.lib_sum == u64::from(self.libs) * p && self.lib_sq == self.lib_sum * p
    }

    #[inline]
    fn absorb(&mut self, other: &ChainStats) {
        self.size += other.size;
        self.libs += other.libs;
        self.lib_sum += other.lib_sum;
        self.lib_sq += other.lib_sq;
        self.hash ^= other.hash;
    }

    #[inline]
    fn release(&mut self, other: &ChainStats) {
        self.size -= other.size;
        self.libs -= other.libs;
        self.lib_sum -= other.lib_sum;
        self.lib_sq -= other.lib_sq;
        self.hash ^= other.hash;
    }
}

/// How many neighbours of a point are empty, black and white, in 16-bit fields of one word
/// indexed by cell value (no point has 65,536 neighbours), so that a stone put down or taken
/// away updates each neighbour with one addition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Around(u64);

impl Around {
    const FIELD: u64 = 0xFFFF;

    /// A point with `n` neighbours, all empty.
    fn empty(n: usize) -> Around {
        Around(n as u64)
    }

    /// The neighbours with cell value `cell`.
    #[inline(always)]
    fn get(self, cell: u8) -> u16 {
        ((self.0 >> (16 * u32::from(cell))) & Around::FIELD) as u16
    }

    /// Whether no neighbour has cell value `a` or `b`.
    #[inline(always)]
    fn none_of(self, a: u8, b: u8) -> bool {
        let mask = (Around::FIELD << (16 * u32::from(a))) | (Around::FIELD << (16 * u32::from(b)));
        self.0 & mask == 0
    }

    /// The change of one neighbour going from cell value `from` to `to`.
    #[inline(always)]
    fn delta(from: u8, to: u8) -> u64 {
        (1u64 << (16 * u32::from(to))).wrapping_sub(1u64 << (16 * u32::from(from)))
    }

    /// Applies a [`Around::delta`] (the field it takes one from is never zero).
    #[inline(always)]
    fn add(&mut self, delta: u64) {
        self.0 = self.0.wrapping_add(delta);
    }
}

/// A chain removed by a move: its stones are `stones[start..start + size]`, in list order.
#[derive(Clone, Copy, Debug)]
struct Group {
    root: u16,
    color: Color,
    start: u32,
    size: u32,
    hash: u64,
}

/// A merge of chain `absorbed` into chain `kept`.
#[derive(Clone, Copy, Debug)]
struct Merge {
    kept: u16,
    absorbed: u16,
    stats: ChainStats,
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Passes,
    NoResult,
    Resigned(Color),
}

/// Everything needed to take a move back.
#[derive(Clone, Copy, Debug)]
struct Undo {
    turn: Turn,
    prev_hash: u64,
    groups_start: u32,
    merges_start: u32,
    prev_side: Color,
    prev_passes: u32,
    prev_button: Option<Color>,
    prev_captures: [u32; 2],
    prev_end: Option<End>,
    superko_pushed: bool,
    prev_superko_floor: u32,
    cycles_pushed: bool,
    prev_cycles_floor: u32,
    pass_state_pushed: bool,
    /// Where the point played sat in the empty-point list (plays only).
    empty_index: u16,
}

/// What a play would do, found from the neighbours of its point alone.
#[derive(Clone, Copy, Debug)]
struct Analysis {
    /// Opponent stones removed, or [`NOT_COUNTED`] when the local fast path decided the play
    /// without looking at captures (`do_play` then finds them itself).
    captured: u32,
    /// Own stones removed (the new one included): not zero exactly when the play is suicide.
    removed_own: u32,
    hash_after: u64,
    /// Where the superko key of the board after the play is in the history, when judged.
    probe: Probe,
}

/// `Analysis::captured` of a play judged legal without counting its captures.
const NOT_COUNTED: u32 = u32::MAX;

impl Analysis {
    /// A play judged legal from its neighbourhood alone, captures not counted.
    const UNCOUNTED: Analysis = Analysis {
        captured: NOT_COUNTED,
        removed_own: 0,
        hash_after: 0,
        probe: Probe::NONE,
    };

    /// Whether the play removes its own stone (and its chain).
    #[inline]
    fn suicide(&self) -> bool {
        self.removed_own > 0
    }
}

thread_local! {
    /// Scratch boards for confirming hash matches (no allocation once grown).
    static SCRATCH: RefCell<(Vec<u8>, Vec<u8>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// The stones and their chains, with the stacks that undo replays.
#[derive(Debug)]
struct Chains {
    board: Board,
    /// The board's cells and one more, [`OFF`], at the off slot: what the hot loops
    /// read. `chain_id` and `stats` have that slot too.
    cell: Vec<u8>,
    chain_id: Vec<u16>,
    next: Vec<u16>,
    stats: Vec<ChainStats>,
    groups: Vec<Group>,
    stones: Vec<u16>,
    merges: Vec<Merge>,
    /// The empty points, in no particular order, and where each sits in that list.
    empties: Vec<Point>,
    empty_pos: Vec<u16>,
    /// The empty points as a bit set, for the lists in point order.
    empty_bits: Vec<u64>,
    /// For every point, how many of its neighbours are empty, black and white (indexed by
    /// cell value); and a zero entry for the off slot.
    counts: Vec<Around>,
}

/// A Go position under one ruleset, on any geometry.
///
/// `clone_from` reuses the target's buffers: a search or playout loop that resets a
/// position from a saved one with `game.clone_from(&start)` allocates nothing.
#[derive(Debug)]
pub struct GoPosition {
    setup: Arc<Setup>,
    config: GoConfig,
    geometry: Geometry,
    layout: Arc<Layout>,
    chains: Chains,
    side: Color,
    history: Vec<Turn>,
    undo: Vec<Undo>,
    captures: [u32; 2],
    passes: u32,
    button: Option<Color>,
    end: Option<End>,
    superko: HistoryTable,
    cycles: HistoryTable,
    /// Spight's rule: the states passed from (the board's hash, the side to move, the player
    /// who passed) and the number of moves before each pass.
    pass_states: Vec<(u64, Color, Color, u32)>,
    /// Whether legality is decided by the neighbourhood alone (ko none or simple).
    local_ko: bool,
}

/// Clones field by field, so that `clone_from` reuses every buffer.
macro_rules! clone_fields {
    ($ty:ident { $($field:ident),* $(,)? }) => {
        impl Clone for $ty {
            fn clone(&self) -> Self {
                $ty { $($field: self.$field.clone()),* }
            }

            fn clone_from(&mut self, source: &Self) {
                $(self.$field.clone_from(&source.$field);)*
            }
        }
    };
}

clone_fields!(Chains {
    board,
    cell,
    chain_id,
    next,
    stats,
    groups,
    stones,
    merges,
    empties,
    empty_pos,
    empty_bits,
    counts,
});

clone_fields!(GoPosition {
    setup,
    config,
    geometry,
    layout,
    chains,
    side,
    history,
    undo,
    captures,
    passes,
    button,
    end,
    superko,
    cycles,
    pass_states,
    local_ko,
});

impl Chains {
    fn new(geometry: &Geometry) -> Chains {
        let n = geometry.num_points();
        Chains {
            board: Board::new(geometry.clone()),
            cell: (0..=n).map(|i| if i < n { EMPTY } else { OFF }).collect(),
            // The off slot is a chain of its own.
            chain_id: (0..=n as u16)
                .map(|i| if (i as usize) < n { 0 } else { i })
                .collect(),
            next: vec![0; n],
            stats: (0..=n)
                .map(|i| {
                    if i < n {
                        ChainStats::default()
                    } else {
                        ChainStats::OFF
                    }
                })
                .collect(),
            groups: Vec::new(),
            stones: Vec::new(),
            merges: Vec::new(),
            empties: geometry.points().collect(),
            empty_bits: (0..n.div_ceil(64))
                .map(|w| {
                    let bits = (n - 64 * w).min(64);
                    if bits == 64 {
                        u64::MAX
                    } else {
                        (1u64 << bits) - 1
                    }
                })
                .collect(),
            empty_pos: (0..n as u16).collect(),
            // The off slot counts no neighbour (nothing reads it: its cell is never empty).
            counts: geometry
                .points()
                .map(|p| Around::empty(geometry.default_neighbors().of(p).len()))
                .chain([Around::empty(0)])
                .collect(),
        }
    }

    /// Moves the neighbours' counts of `p` from cell value `from` to `to`.
    #[inline]
    fn recount(&mut self, lay: &Layout, p: usize, from: u8, to: u8) {
        let delta = Around::delta(from, to);
        for &q in lay.of(p) {
            self.counts[q as usize].add(delta);
        }
    }

    /// Puts a stone on the board (both copies of the cells).
    #[inline(always)]
    fn set_stone(&mut self, p: usize, color: Color, key: u64) {
        self.board.place_keyed(point(p), color, key);
        self.cell[p] = cell_of(color);
    }

    /// Takes a stone off the board (both copies of the cells).
    #[inline(always)]
    fn clear_stone(&mut self, p: usize, color: Color, key: u64) {
        self.board.remove_keyed(point(p), color, key);
        self.cell[p] = EMPTY;
    }

    #[inline]
    fn fill(&mut self, p: usize) {
        self.empty_bits[p / 64] &= !(1u64 << (p % 64));
        let i = self.empty_pos[p] as usize;
        if let Some(last) = self.empties.pop() {
            if last.index() != p {
                self.empties[i] = last;
                self.empty_pos[last.index()] = i as u16;
            }
        }
    }

    /// Undoes [`Chains::fill`] of `p` (everything since undone): `p` goes back to the place
    /// `i` it had in the empty-point list, and the point moved there goes back to the end,
    /// so that play and undo leave the list as it was.
    #[inline]
    fn unfill(&mut self, p: usize, i: usize) {
        self.empty_bits[p / 64] |= 1u64 << (p % 64);
        self.empty_pos[p] = i as u16;
        if let Some(&moved) = self.empties.get(i) {
            self.empty_pos[moved.index()] = self.empties.len() as u16;
            self.empties.push(moved);
            self.empties[i] = point(p);
        } else {
            self.empties.push(point(p));
        }
    }

    #[inline]
    fn vacate(&mut self, p: usize) {
        self.empty_bits[p / 64] |= 1u64 << (p % 64);
        self.empty_pos[p] = self.empties.len() as u16;
        self.empties.push(point(p));
    }

    /// Places a stone and merges it with its own neighbours; no capture. Returns which
    /// neighbours (bit `k` for the `k`-th, modulo 64) hold a chain of the opponent left
    /// without a liberty.
    #[inline]
    fn put_stone(&mut self, lay: &Layout, p: usize, color: Color) -> u64 {
        let me = cell_of(color);
        let key = lay.key(p, color);
        self.set_stone(p, color, key);
        self.fill(p);
        self.chain_id[p] = p as u16;
        self.next[p] = p as u16;
        let mut st = ChainStats {
            size: 1,
            hash: key,
            ..ChainStats::default()
        };
        let mut own = false;
        let mut dead = 0u64;
        let delta = Around::delta(EMPTY, me);
        for (k, &q) in lay.of(p).iter().enumerate() {
            let q = q as usize;
            self.counts[q].add(delta);
            let cell = self.cell[q];
            if cell == EMPTY {
                st.add_lib(q);
            } else {
                let chain = &mut self.stats[self.chain_id[q] as usize];
                chain.remove_lib(p);
                own |= cell == me;
                dead |= u64::from(cell != me && chain.libs == 0) << (k % 64);
            }
        }
        self.stats[p] = st;
        if own {
            for &q in lay.of(p) {
                let q = q as usize;
                if self.cell[q] == me {
                    let (a, b) = (self.chain_id[p] as usize, self.chain_id[q] as usize);
                    if a != b {
                        self.merge(a, b);
                    }
                }
            }
        }
        dead
    }

    fn merge(&mut self, a: usize, b: usize) {
        let (kept, absorbed) = if self.stats[a].size >= self.stats[b].size {
            (a, b)
        } else {
            (b, a)
        };
        let stats = self.stats[absorbed];
        self.merges.push(Merge {
            kept: kept as u16,
            absorbed: absorbed as u16,
            stats,
        });
        let mut s = absorbed;
        loop {
            self.chain_id[s] = kept as u16;
            s = self.next[s] as usize;
            if s == absorbed {
                break;
            }
        }
        self.next.swap(kept, absorbed);
        self.stats[kept].absorb(&stats);
    }

    fn unmerge(&mut self, m: Merge) {
        let (kept, absorbed) = (m.kept as usize, m.absorbed as usize);
        self.next.swap(kept, absorbed);
        let mut s = absorbed;
        loop {
            self.chain_id[s] = absorbed as u16;
            s = self.next[s] as usize;
            if s == absorbed {
                break;
            }
        }
        self.stats[kept].release(&m.stats);
        self.stats[absorbed] = m.stats;
    }

    /// Removes the chain rooted at `root`, giving its points back as liberties to the chains
    /// of the other colour around it.
    fn remove_chain(&mut self, lay: &Layout, root: usize, color: Color) -> u32 {
        let other = cell_of(color.opponent());
        let st = self.stats[root];
        self.groups.push(Group {
            root: root as u16,
            color,
            start: self.stones.len() as u32,
            size: st.size,
            hash: st.hash,
        });
        let delta = Around::delta(cell_of(color), EMPTY);
        let mut s = root;
        loop {
            self.clear_stone(s, color, lay.key(s, color));
            self.vacate(s);
            self.stones.push(s as u16);
            for &t in lay.of(s) {
                let t = t as usize;
                self.counts[t].add(delta);
                if self.cell[t] == other {
                    let r = self.chain_id[t] as usize;
                    self.stats[r].add_lib(s);
                }
            }
            s = self.next[s] as usize;
            if s == root {
                break;
            }
        }
        st.size
    }

    fn restore_chain(&mut self, lay: &Layout, g: Group) {
        let other = cell_of(g.color.opponent());
        let root = g.root as usize;
        let (start, end) = (g.start as usize, (g.start + g.size) as usize);
        // Last removed, first put back: each stone comes off the end of the empty-point list,
        // which is then exactly as it was before the capture.
        for i in (start..end).rev() {
            let s = self.stones[i] as usize;
            self.set_stone(s, g.color, lay.key(s, g.color));
            self.fill(s);
            self.recount(lay, s, EMPTY, cell_of(g.color));
            self.chain_id[s] = g.root;
            self.next[s] = if i + 1 < end {
                self.stones[i + 1]
            } else {
                g.root
            };
            for &t in lay.of(s) {
                let t = t as usize;
                if self.cell[t] == other {
                    let r = self.chain_id[t] as usize;
                    self.stats[r].remove_lib(s);
                }
            }
        }
        self.stats[root] = ChainStats {
            size: g.size,
            hash: g.hash,
            ..ChainStats::default()
        };
        self.stones.truncate(start);
    }

    /// Takes back a stone put down by `put_stone` (after its merges were undone).
    fn take_stone(&mut self, lay: &Layout, p: usize, color: Color, empty_index: u16) {
        self.clear_stone(p, color, lay.key(p, color));
        self.unfill(p, empty_index as usize);
        self.recount(lay, p, cell_of(color), EMPTY);
        for &q in lay.of(p) {
            let q = q as usize;
            if self.cell[q] != EMPTY {
                let r = self.chain_id[q] as usize;
                self.stats[r].add_lib(p);
            }
        }
    }
}

impl GoPosition {
    /// Validates a setup, reporting every problem: options that are not Go's, chains without
    /// a liberty, more handicap stones than Black has.
    pub fn new(setup: Setup) -> Result<GoPosition, SetupErrors> {
        let mut errors = Vec::new();
        let config = match GoConfig::from_rules(&setup.rules) {
            Ok(c) => Some(c),
            Err(e) => {
                errors.push(SetupError::Rules(e));
                None
            }
        };
        let board = &setup.board;
        let geometry = board.geometry().clone();
        let adjacency = geometry.default_adjacency();
        let mut seen = vec![false; geometry.num_points()];
        for p in geometry.points() {
            if seen[p.index()] || board.is_empty_at(p) {
                continue;
            }
            let chain = board.chain_at(adjacency, p);
            for q in &chain {
                seen[q.index()] = true;
            }
            if board.liberties_of(adjacency, &chain) == 0 {
                let mut names: Vec<String> =
                    chain.iter().map(|&q| geometry.point_name(q)).collect();
                names.truncate(8);
                if chain.len() > 8 {
                    names.push("...".to_owned());
                }
                errors.push(SetupError::ChainWithoutLiberty {
                    points: names.join(" "),
                });
            }
        }
        errors.extend(setup.geometry_mismatch());
        if setup.handicap > board.count(Color::Black) {
            errors.push(SetupError::Invalid(format!(
                "handicap {} is more than the {} black stones on the board",
                setup.handicap,
                board.count(Color::Black)
            )));
        }
        match config {
            Some(config) if errors.is_empty() => Ok(GoPosition::build(setup, config)),
            _ => Err(SetupErrors(errors)),
        }
    }

    /// A new game on an empty board: the rules' geometry at `size` (or the variant's default).
    pub fn from_rules(rules: &Rules, size: Option<(u32, u32)>) -> Result<GoPosition, SetupErrors> {
        let geometry = rules.geometry(size)?;
        GoPosition::new(Setup::new(rules.clone(), geometry))
    }

    fn build(setup: Setup, config: GoConfig) -> GoPosition {
        let geometry = setup.board.geometry().clone();
        let mut pos = GoPosition {
            config,
            chains: Chains::new(&geometry),
            layout: Arc::new(Layout::new(&geometry)),
            geometry,
            side: setup.to_move,
            history: Vec::new(),
            undo: Vec::new(),
            captures: [0; 2],
            passes: 0,
            button: None,
            end: None,
            superko: HistoryTable::default(),
            cycles: HistoryTable::default(),
            pass_states: Vec::new(),
            local_ko: matches!(config.ko, Ko::None | Ko::Simple),
            setup: Arc::new(setup),
        };
        // Put the setup stones down one by one; no chain is captured (each has a liberty).
        let stones: Vec<(Point, Color)> = pos
            .setup
            .board
            .geometry()
            .points()
            .filter_map(|p| pos.setup.board.get(p).map(|c| (p, c)))
            .collect();
        let lay = Arc::clone(&pos.layout);
        for (p, c) in stones {
            // No chain is left without a liberty: the setup was checked.
            let _ = pos.chains.put_stone(&lay, p.index(), c);
        }
        pos.chains.merges.clear();
        let (hash, side) = (pos.chains.board.hash(), pos.side);
        match pos.config.ko {
            Ko::Positional | Ko::Spight => pos.superko.push(hash, 0),
            Ko::Situational => pos.superko.push(hash ^ side_key(side), 0),
            Ko::None | Ko::Simple | Ko::NaturalSituational => {}
        }
        if pos.config.cycles == Cycles::NoResult {
            pos.cycles.push(hash, 0);
        }
        pos
    }

    /// The typed rule options.
    pub fn config(&self) -> &GoConfig {
        &self.config
    }

    /// The empty points, in no particular order (kept up to date on every move; a random
    /// playout picks from it without scanning the board).
    #[inline]
    pub fn empty_points(&self) -> &[Point] {
        &self.chains.empties
    }

    /// Whether `p` is a single-point eye of `color`: empty, and every neighbour a stone of
    /// `color` (the points a random playout does not fill).
    #[inline]
    pub fn is_own_eye(&self, p: Point, color: Color) -> bool {
        // No early exit: a playout asks this of random points. (The off slot is not empty;
        // a point further off is not on the board.)
        let p = p.index();
        let Some(&cell) = self.chains.cell.get(p) else {
            return false;
        };
        // `counts` has the off slot too.
        (cell == EMPTY) & self.chains.counts[p].none_of(EMPTY, cell_of(color.opponent()))
    }

    /// Plays a stone of `color` at `p` if that is legal, and says whether it did: what
    /// [`Position::play_as`] does with a [`Move::Place`], without building the error or the
    /// effect, for the hot loop of a random playout. An illegal play (off the board included)
    /// leaves the position as it was.
    #[inline]
    pub fn try_place(&mut self, color: Color, p: Point) -> bool {
        let i = p.index();
        if self.chains.cell.get(i) == Some(&EMPTY)
            && self.chains.counts[i].none_of(EMPTY, cell_of(color))
            && self.config.suicide != Suicide::Allowed
            && !self.captures_around(i)
        {
            // An opponent's eye that captures nothing: a single stone's suicide, refused
            // here without a call (random playouts try these again and again).
            return false;
        }
        self.try_place_judged(i, color)
    }

    /// [`GoPosition::try_place`] past its inline answer.
    #[inline(never)]
    fn try_place_judged(&mut self, p: usize, color: Color) -> bool {
        self.play_checked(p, color).is_ok()
    }

    /// Makes a play if it is legal. Under simple ko (or none) the play is judged, then made.
    /// Under a superko rule it is judged on everything but repetition, made, and taken back
    /// if its board (or situation) was seen before: a repetition is rare, and the board the
    /// play makes is then known without working it out beforehand.
    #[inline]
    fn play_checked(&mut self, p: usize, color: Color) -> Result<MoveEffect, IllegalMove> {
        if self.local_ko {
            let a = self.judge::<true>(p, color)?;
            return Ok(self.do_play(p, color, &a));
        }
        let mut a = self.judge::<false>(p, color)?;
        if a.captured != NOT_COUNTED {
            // Judged in full (a capture or a suicide): the board it makes is known, so look
            // it up first (a suicide of one stone repeats the board, and random play tries
            // many).
            if self.repeats_earlier(p, color, &mut a) {
                return Err(IllegalMove::Superko);
            }
            return Ok(self.do_play(p, color, &a));
        }
        let effect = self.do_play(p, color, &a);
        if self.last_play_repeats() {
            self.undo_move();
            return Err(IllegalMove::Superko);
        }
        Ok(effect)
    }

    /// Whether the play just made recreated a state its superko rule forbids: an earlier
    /// entry of the history has the key the play pushed, and its board is the board now.
    #[inline(never)]
    fn last_play_repeats(&self) -> bool {
        let Some((key, at)) = self.superko.last() else {
            return false;
        };
        self.superko
            .matches(key)
            .any(|m| m != at && self.current_repeats(m))
    }

    /// Who took the button, if anyone.
    pub fn button(&self) -> Option<Color> {
        self.button
    }

    /// The number of distinct liberties of the chain through `p` (0 for an empty point or a
    /// point off the board).
    pub fn liberties(&self, p: Point) -> usize {
        if p.index() >= self.geometry.num_points() || self.chains.board.is_empty_at(p) {
            return 0;
        }
        let chain = self.chain_points(p);
        self.chains
            .board
            .liberties_of(self.geometry.default_adjacency(), &chain)
    }

    /// The stones of the chain through `p`, in list order (empty for an empty point or a
    /// point off the board).
    pub fn chain_points(&self, p: Point) -> Vec<Point> {
        if p.index() >= self.geometry.num_points() || self.chains.board.is_empty_at(p) {
            return Vec::new();
        }
        let start = p.index() as u16;
        let mut out = vec![p];
        let mut s = self.chains.next[p.index()];
        while s != start {
            out.push(Point::new(s as usize));
            s = self.chains.next[s as usize];
        }
        out
    }

    /// Whether a play of `color` at the empty point `p` would capture: a chain of the
    /// opponent around has `p` as its only liberty.
    #[inline(always)]
    fn captures_next_to(&self, p: usize, color: Color) -> bool {
        let chains = &self.chains;
        let opp = cell_of(color.opponent());
        self.layout.any(p, |q| {
            chains.cell[q] == opp && chains.stats[chains.chain_id[q] as usize].only_liberty_is(p)
        })
    }

    /// Whether a chain around the empty point `p` has `p` as its only liberty.
    #[inline(always)]
    fn captures_around(&self, p: usize) -> bool {
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
    fn scan(&self, p: usize, color: Color) -> (bool, bool) {
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
    fn analyze(&self, p: usize, color: Color) -> Analysis {
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
    fn board_at(&self, moves: usize, out: &mut Vec<u8>) {
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
            if let Move::Place(p) = rec.turn.mv {
                out[p.index()] = EMPTY;
            }
        }
    }

    /// Writes into `out` the board a play would make.
    fn board_after(&self, p: usize, color: Color, a: &Analysis, out: &mut Vec<u8>) {
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
    fn repeats(&self, p: usize, color: Color, a: &Analysis, moves: u32) -> bool {
        SCRATCH.with(|s| {
            let (earlier, after) = &mut *s.borrow_mut();
            self.board_at(moves as usize, earlier);
            self.board_after(p, color, a, after);
            earlier == after
        })
    }

    /// Whether the current board equals the board after `moves` moves.
    fn current_repeats(&self, moves: u32) -> bool {
        SCRATCH.with(|s| {
            let (earlier, _) = &mut *s.borrow_mut();
            self.board_at(moves as usize, earlier);
            earlier.as_slice() == self.chains.board.cells()
        })
    }

    /// Whether a play at `p` (that captures and removes none of its own stones) recreates the
    /// board as it stood before the opponent's last move `last`. The last move put a stone at
    /// q and removed a set C of stones; this play adds p and removes a set D. The boards are
    /// equal exactly when C is the single stone at p and D the single stone at q, which is
    /// checked here on the records, without comparing boards.
    fn retakes_ko(&self, p: usize, last: &Undo) -> bool {
        let Move::Place(q) = last.turn.mv else {
            return false;
        };
        let groups = &self.chains.groups[last.groups_start as usize..];
        let q = q.index();
        let chains = &self.chains;
        groups.len() == 1
            && groups[0].size == 1
            && chains.stones[groups[0].start as usize] as usize == p
            && chains.board.cells()[q] != EMPTY
            && chains.stats[chains.chain_id[q] as usize].size == 1
            && chains.stats[chains.chain_id[q] as usize].in_atari()
            && self.layout.of(p).contains(&(q as u16))
    }

    /// Whether a play at `p` might retake a ko under simple ko: the last move captured one
    /// stone, at `p` ([`GoPosition::retakes_ko`] decides).
    #[inline]
    fn may_retake_ko(&self, p: usize) -> bool {
        if self.config.ko != Ko::Simple {
            return false;
        }
        let Some(last) = self.undo.last() else {
            return false;
        };
        let chains = &self.chains;
        let groups = &chains.groups[last.groups_start as usize..];
        groups.len() == 1
            && groups[0].size == 1
            && chains.stones[groups[0].start as usize] as usize == p
    }

    /// Decides a play; on success, what it would do. With `REPEAT` false, a superko rule's
    /// repetition is not looked at (the play is made, then checked: see
    /// [`GoPosition::play_checked`]).
    #[inline]
    fn judge<const REPEAT: bool>(&self, p: usize, color: Color) -> Result<Analysis, IllegalMove> {
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
    fn crowded_is_legal(&self, p: usize, color: Color) -> bool {
        let (capture, alive) = if self.chains.counts[p].get(cell_of(color)) == 0 {
            // An opponent's eye.
            (self.captures_around(p), false)
        } else {
            self.scan(p, color)
        };
        if capture {
            !self.may_retake_ko(p) || self.judge_in_full::<true>(p, color).is_ok()
        } else {
            alive
                || match self.config.suicide {
                    Suicide::Forbidden => false,
                    Suicide::MultiStone => self.chains.counts[p].get(cell_of(color)) > 0,
                    Suicide::Allowed => true,
                }
        }
    }

    /// [`GoPosition::judge`] of a play on an empty point of the board, while the game goes on.
    #[inline]
    fn judge_empty<const REPEAT: bool>(
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
                if local && !self.may_retake_ko(p) {
                    // A capture that cannot be a ko recapture: legal.
                    return Ok(Analysis::UNCOUNTED);
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
    fn judge_crowded<const REPEAT: bool>(
        &self,
        p: usize,
        color: Color,
    ) -> Result<Analysis, IllegalMove> {
        let local = self.local_ko || !REPEAT;
        let (capture, alive) = self.scan(p, color);
        if capture {
            if local && !self.may_retake_ko(p) {
                // A capture that cannot be a ko recapture: legal (its stone has a liberty).
                return Ok(Analysis::UNCOUNTED);
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
    fn judge_open(&self, p: usize, color: Color) -> Result<Analysis, IllegalMove> {
        let c = self.chains.counts[p];
        if c.get(cell_of(color.opponent())) == 0 || !self.captures_next_to(p, color) {
            return self.judge_quiet(p, color);
        }
        self.judge_in_full::<true>(p, color)
    }

    /// [`GoPosition::judge`] past the quick answers: `p` is an empty point on the board.
    fn judge_in_full<const REPEAT: bool>(
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
                if let Some(last) = self.undo.last() {
                    if !a.suicide()
                        && last.turn.color != color
                        && a.captured == 1
                        && a.hash_after == last.prev_hash
                        && self.retakes_ko(p, last)
                    {
                        return Err(IllegalMove::Ko);
                    }
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
    fn superko_key(&self, color: Color, hash_after: u64) -> u64 {
        match self.config.ko {
            Ko::Situational => hash_after ^ side_key(color.opponent()),
            Ko::NaturalSituational => hash_after ^ CREATOR_KEYS[color.index()],
            _ => hash_after,
        }
    }

    /// Whether a play (judged by `a`) would recreate a state the superko rule forbids;
    /// records in `a` where its key goes in the history.
    #[inline(always)]
    fn repeats_earlier(&self, p: usize, color: Color, a: &mut Analysis) -> bool {
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
    fn repeats_any(&self, p: usize, color: Color, a: Analysis, probe: Probe) -> bool {
        self.superko
            .matches_probed(probe)
            .any(|m| self.repeats(p, color, &a, m))
    }

    /// A play that captures nothing and keeps a liberty: only a superko rule can refuse it.
    /// Reached only from the out-of-line superko paths (`judge_open`, `judge_crowded`).
    #[inline(always)]
    fn judge_quiet(&self, p: usize, color: Color) -> Result<Analysis, IllegalMove> {
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

    #[inline(always)]
    fn begin_undo(&self, turn: Turn) -> Undo {
        Undo {
            turn,
            prev_hash: self.chains.board.hash(),
            groups_start: self.chains.groups.len() as u32,
            merges_start: self.chains.merges.len() as u32,
            prev_side: self.side,
            prev_passes: self.passes,
            prev_button: self.button,
            prev_captures: self.captures,
            prev_end: self.end,
            superko_pushed: false,
            prev_superko_floor: self.superko.floor,
            cycles_pushed: false,
            prev_cycles_floor: self.cycles.floor,
            pass_state_pushed: false,
            empty_index: 0,
        }
    }

    /// Plays a legal play (already judged).
    fn do_play(&mut self, p: usize, color: Color, a: &Analysis) -> MoveEffect {
        let mut rec = self.begin_undo(Turn {
            color,
            mv: Move::Place(point(p)),
        });
        rec.empty_index = self.chains.empty_pos[p];
        let lay = &*self.layout;
        let chains = &mut self.chains;
        let mut dead = chains.put_stone(lay, p, color);
        let opp = cell_of(color.opponent());
        let mut captured = 0;
        let nb = lay.of(p);
        if nb.len() > 64 {
            // More neighbours than bits (graph boards): look at every one.
            dead = if dead != 0 { u64::MAX } else { 0 };
        }
        while dead != 0 {
            let k = dead.trailing_zeros() as usize;
            dead &= dead - 1;
            for &q in nb.iter().skip(k).step_by(64) {
                let q = q as usize;
                // A chain touching the point on several sides is removed at the first.
                if chains.cell[q] == opp {
                    let r = chains.chain_id[q] as usize;
                    if chains.stats[r].libs == 0 {
                        captured += chains.remove_chain(lay, r, color.opponent());
                    }
                }
            }
        }
        let mut self_captured = 0;
        if a.suicide() {
            let root = chains.chain_id[p] as usize;
            self_captured = chains.remove_chain(lay, root, color);
        }
        debug_assert!(a.captured == NOT_COUNTED || captured == a.captured);
        debug_assert!(a.captured == NOT_COUNTED || self.chains.board.hash() == a.hash_after);
        self.captures[color.index()] += captured;
        self.captures[color.opponent().index()] += self_captured;
        self.passes = 0;
        self.side = color.opponent();
        if !self.local_ko {
            // The judge looked the key up already: push where it found its place.
            let key = self.superko_key(color, self.chains.board.hash());
            self.superko
                .push_probed(key, self.undo.len() as u32 + 1, a.probe);
            rec.superko_pushed = true;
        }
        self.finish_move(rec);
        MoveEffect {
            captured,
            self_captured,
            ended: self.end.is_some(),
        }
    }

    fn do_pass(&mut self, color: Color) -> MoveEffect {
        let mut rec = self.begin_undo(Turn {
            color,
            mv: Move::Pass,
        });
        let moves_after = self.undo.len() as u32 + 1;
        if self.config.pass_stones {
            self.captures[color.opponent().index()] += 1;
        }
        let takes_button = self.config.button && self.button.is_none();
        if takes_button {
            self.button = Some(color);
        } else {
            self.passes += 1;
        }
        let hash = self.chains.board.hash();
        self.side = color.opponent();
        match self.config.ko {
            Ko::Spight => {
                // The state is the board and the side to move (the passer's, unless it
                // passed out of turn); the same player must have passed from it before.
                let from = (hash, rec.prev_side, color);
                let repeated = self
                    .pass_states
                    .iter()
                    .any(|&(h, s, c, at)| (h, s, c) == from && self.current_repeats(at));
                self.pass_states
                    .push((hash, rec.prev_side, color, moves_after - 1));
                rec.pass_state_pushed = true;
                self.superko.floor = self.superko.len();
                self.superko.push(hash, moves_after);
                rec.superko_pushed = true;
                if repeated {
                    self.end = Some(End::Passes);
                }
            }
            Ko::Situational => {
                self.superko.push(hash ^ side_key(self.side), moves_after);
                rec.superko_pushed = true;
            }
            _ => {}
        }
        if self.config.ko != Ko::Spight
            && self.passes >= 2
            && (!self.config.pass_stones || color == Color::White)
        {
            self.end = Some(End::Passes);
        }
        if self.config.cycles == Cycles::NoResult {
            self.cycles.floor = self.cycles.len();
        }
        self.finish_move(rec);
        MoveEffect {
            ended: self.end.is_some(),
            ..MoveEffect::default()
        }
    }

    /// Bookkeeping shared by plays and passes: history, undo record, cycle counting. Inlined,
    /// so that the record is put together in registers and written once.
    #[inline(always)]
    fn finish_move(&mut self, mut rec: Undo) {
        let moves_after = self.undo.len() as u32 + 1;
        let mut cycle_key = None;
        if self.config.cycles == Cycles::NoResult {
            let key = self.chains.board.hash();
            self.cycles.push(key, moves_after);
            rec.cycles_pushed = true;
            cycle_key = Some(key);
        }
        self.history.push(rec.turn);
        self.undo.push(rec);
        if let (Some(key), None) = (cycle_key, self.end) {
            let occurrences = self
                .cycles
                .matches(key)
                .filter(|&m| m == moves_after || self.current_repeats(m))
                .take(3)
                .count();
            if occurrences >= 3 {
                self.end = Some(End::NoResult);
            }
        }
    }

    fn do_resign(&mut self, color: Color) -> MoveEffect {
        let rec = self.begin_undo(Turn {
            color,
            mv: Move::Resign,
        });
        self.end = Some(End::Resigned(color));
        self.side = color.opponent();
        self.history.push(rec.turn);
        self.undo.push(rec);
        MoveEffect {
            ended: true,
            ..MoveEffect::default()
        }
    }

    fn undo_move(&mut self) -> Option<Turn> {
        let rec = self.undo.pop()?;
        self.history.pop();
        if rec.cycles_pushed {
            self.cycles.pop();
        }
        if rec.superko_pushed {
            self.superko.pop();
        }
        if rec.pass_state_pushed {
            self.pass_states.pop();
        }
        self.superko.floor = rec.prev_superko_floor;
        self.cycles.floor = rec.prev_cycles_floor;
        if let Move::Place(p) = rec.turn.mv {
            let lay = &*self.layout;
            let chains = &mut self.chains;
            while chains.groups.len() > rec.groups_start as usize {
                if let Some(g) = chains.groups.pop() {
                    chains.restore_chain(lay, g);
                }
            }
            while chains.merges.len() > rec.merges_start as usize {
                if let Some(m) = chains.merges.pop() {
                    chains.unmerge(m);
                }
            }
            chains.take_stone(lay, p.index(), rec.turn.color, rec.empty_index);
        }
        self.side = rec.prev_side;
        self.passes = rec.prev_passes;
        self.button = rec.prev_button;
        self.captures = rec.prev_captures;
        self.end = rec.prev_end;
        debug_assert_eq!(self.chains.board.hash(), rec.prev_hash);
        Some(rec.turn)
    }

    /// The legal board points of `color`, appended to `out` as moves in point order (hot
    /// path): the empty points, in order from their bit set, each judged.
    #[inline]
    pub fn push_legal_points(&self, color: Color, out: &mut Vec<Move>) {
        if self.end.is_some() {
            return;
        }
        let chains = &self.chains;
        // A local vector while it is filled: its length stays in a register (through `out`
        // it would be reloaded after every write, which might alias it).
        let mut list = std::mem::take(out);
        list.reserve(chains.empties.len());
        for (w, &word) in chains.empty_bits.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = 64 * w + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let ok = if self.local_ko {
                    // Under simple ko (or none) a point next to an empty point is legal.
                    chains.counts[i].get(EMPTY) > 0 || self.crowded_is_legal(i, color)
                } else {
                    self.judge_empty::<true>(i, color).is_ok()
                };
                if ok {
                    list.push(Move::Place(point(i)));
                }
            }
        }
        *out = list;
    }
}

impl Position for GoPosition {
    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn board(&self) -> &Board {
        &self.chains.board
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn history(&self) -> &[Turn] {
        &self.history
    }

    fn check_move(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            Move::Place(p) => self.judge::<true>(p.index(), color).map(|_| ()),
            Move::Pass | Move::Resign => {
                if self.end.is_some() {
                    Err(IllegalMove::GameOver)
                } else {
                    Ok(())
                }
            }
        }
    }

    fn legal_moves_as(&self, color: Color, out: &mut Vec<Move>) {
        out.clear();
        if self.end.is_some() {
            return;
        }
        self.push_legal_points(color, out);
        out.push(Move::Pass);
    }

    fn play_as(&mut self, color: Color, mv: Move) -> Result<MoveEffect, PlayError> {
        let refuse = |reason| PlayError { color, mv, reason };
        match mv {
            Move::Place(p) => self.play_checked(p.index(), color).map_err(refuse),
            Move::Pass if self.end.is_none() => Ok(self.do_pass(color)),
            Move::Resign if self.end.is_none() => Ok(self.do_resign(color)),
            _ => Err(refuse(IllegalMove::GameOver)),
        }
    }

    fn undo(&mut self) -> Option<Turn> {
        self.undo_move()
    }

    fn outcome(&self) -> Option<GameResult> {
        match self.end? {
            End::Passes => Some(self.score(&[]).result()),
            End::NoResult => Some(GameResult::NoResult),
            End::Resigned(loser) => Some(GameResult::Win {
                winner: loser.opponent(),
                margin: Margin::Resign,
            }),
        }
    }

    fn score(&self, dead: &[Point]) -> Score {
        let n = self.geometry.num_points();
        let dead: Vec<Point> = dead
            .iter()
            .copied()
            .filter(|p| p.index() < n && !self.chains.board.is_empty_at(*p))
            .collect();
        score(&ScoreParams {
            board: &self.chains.board,
            dead: &dead,
            config: &self.config,
            prisoners: self.captures,
            handicap: self.setup.handicap,
            button: self.button,
        })
    }

    fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    fn is_over(&self) -> bool {
        self.end.is_some()
    }

    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The off slot pads the neighbours of every edge point: its chain must never look
    /// capturable, whatever point asks (up to the largest graph board).
    #[test]
    fn the_off_slot_is_never_in_atari() {
        assert!(!ChainStats::OFF.in_atari());
        for p in 0..=goishi_board::MAX_GRAPH_POINTS {
            assert!(!ChainStats::OFF.only_liberty_is(p), "point {p}");
        }
    }
}
