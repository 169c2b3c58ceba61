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
//!
//! The layers, after KataGo's split of `board.cpp` (the board and its chains) from
//! `boardhistory.cpp` (history, ko, the end of the game): the chain store (`chains`), the
//! legality judge (`judge`), move application and undo (`play`), the end of the game
//! (`end`); this module owns [`GoPosition`] itself, its public API and its [`Position`] impl.

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

mod chains;
mod count;
mod end;
mod judge;
mod mask;
#[cfg(test)]
mod memory;
mod play;
mod query;

use std::any::Any;

use std::sync::Arc;

use goishi_board::{
    cell_of, Board, Color, FromSetup, GameResult, Geometry, IllegalMove, LegalCache, Margin, Move,
    MoveEffect, PlayError, Point, Position, Score, Setup, SetupError, SetupErrors, Turn, EMPTY,
    SIDE_TO_MOVE_KEY,
};

use crate::config::{Cycles, GoConfig, Ko, Suicide, Tax};
use crate::history::{CycleTable, HistoryTable};
use crate::layout::Layout;
use crate::scoring::{score, score_counted, ScoreParams};

use chains::Chains;
use end::End;
use judge::{Analysis, NOT_COUNTED};
use play::{MoveExtra, Undo};
pub use query::ChainStones;

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
    /// The [`play::MoveExtra`] of the moves whose [`Undo`] says so, in order.
    extras: Vec<MoveExtra>,
    captures: [u32; 2],
    passes: u32,
    button: Option<Color>,
    end: Option<End>,
    superko: HistoryTable,
    cycles: CycleTable,
    /// Spight's rule: the states passed from (the board's hash, the side to move, the player
    /// who passed) and the number of moves before each pass.
    pass_states: Vec<(u64, Color, Color, u32)>,
    /// Whether legality is decided by the neighbourhood alone (ko none or simple).
    local_ko: bool,
}

clone_fields!(GoPosition {
    setup,
    config,
    geometry,
    layout,
    chains,
    side,
    history,
    undo,
    extras,
    captures,
    passes,
    button,
    end,
    superko,
    cycles,
    pass_states,
    local_ko,
});

impl FromSetup for GoPosition {
    /// Validates a setup, reporting every problem: options that are not Go's
    /// ([`SetupError::NotThisFamily`]), chains without a liberty, more handicap stones than
    /// Black has ([`SetupError::HandicapExceedsStones`]).
    fn from_checked_setup(setup: Setup) -> Result<GoPosition, SetupErrors> {
        let mut errors = Vec::new();
        let config = match GoConfig::from_rules(&setup.rules) {
            Ok(c) => Some(c),
            Err(e) => {
                errors.push(e);
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
        if setup.handicap > board.count(Color::Black) {
            errors.push(SetupError::HandicapExceedsStones {
                handicap: setup.handicap,
                stones: board.count(Color::Black),
            });
        }
        match config {
            Some(config) if errors.is_empty() => Ok(GoPosition::build(setup, config)),
            _ => Err(SetupErrors(errors)),
        }
    }
}

impl GoPosition {
    fn build(setup: Setup, config: GoConfig) -> GoPosition {
        let geometry = setup.board.geometry().clone();
        let mut pos = GoPosition {
            config,
            chains: Chains::new(&geometry),
            layout: Layout::shared(&geometry),
            geometry,
            side: setup.to_move,
            history: Vec::new(),
            undo: Vec::new(),
            extras: Vec::new(),
            captures: [0; 2],
            passes: 0,
            button: None,
            end: None,
            superko: HistoryTable::default(),
            cycles: CycleTable::default(),
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

    /// Makes this position `start` again, both having the same setup: every field copied
    /// into the buffers this one has (nothing allocated once they have grown, and the
    /// repetition index kept at its size), but the setup, the rules and the board's
    /// layout, which are the same.
    pub(crate) fn restart_from(&mut self, start: &GoPosition) {
        let GoPosition {
            setup: _,
            config: _,
            geometry: _,
            layout: _,
            chains,
            side,
            history,
            undo,
            extras,
            captures,
            passes,
            button,
            end,
            superko,
            cycles,
            pass_states,
            local_ko: _,
        } = self;
        chains.clone_from(&start.chains);
        *side = start.side;
        history.clone_from(&start.history);
        undo.clone_from(&start.undo);
        extras.clone_from(&start.extras);
        *captures = start.captures;
        *passes = start.passes;
        *button = start.button;
        *end = start.end;
        superko.clone_from(&start.superko);
        cycles.clone_from(&start.cycles);
        pass_states.clone_from(&start.pass_states);
    }

    /// The typed rule options.
    pub fn config(&self) -> &GoConfig {
        &self.config
    }

    /// Reserves room for `moves` more moves in the records that undo replays (the history,
    /// the undo records and their extras, the chain merges, the repetition tables' entries;
    /// room not written takes no memory in a process), so that a game of
    /// that length neither grows nor moves them. For holders of many positions (a vector of
    /// environments): grown by doubling, each record would leave its earlier blocks behind.
    pub fn reserve_moves(&mut self, moves: usize) {
        self.history.reserve_exact(moves);
        self.undo.reserve_exact(moves);
        // Passes and plays after a pass: a few in a hundred moves of a random game, but the
        // room costs no memory until it is written.
        self.extras.reserve_exact(moves);
        self.chains.merges.reserve_exact(moves);
        if !self.local_ko {
            self.superko.reserve_entries(moves);
        }
    }

    /// The empty points, in no particular order (kept up to date on every move; a random
    /// playout picks from it without scanning the board).
    #[inline]
    pub fn empty_points(&self) -> &[Point] {
        &self.chains.empties
    }

    /// Whether `p` is a single-point eye of `color`: empty, and every neighbour a stone of
    /// `color` (the plain test, which every Go engine has; a random playout also fills such a
    /// point when a chain around it is in atari: [`GoPosition::is_playout_eye`]).
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

    /// Whether `p` is an eye of `color` that a random playout does not fill: a single-point
    /// eye ([`GoPosition::is_own_eye`]) none of whose chains around is in atari.
    ///
    /// A chain in atari around `p` has `p` as its last liberty: the opponent may capture
    /// there, so `p` is no eye, and filling it is a move like any other. That is what ends a
    /// ko in a random game: after a capture in a ko, the captured stone's point is surrounded
    /// by the capturer, whose capturing stone is in atari. With the plain test neither side
    /// ever fills it, and random games under a simple ko rule cycle through their last kos
    /// until a move cap (most 19x19 games, every game from 37x37 up). Always inlined, as
    /// [`GoPosition::try_place`] is: a playout loop asks it of most candidates.
    #[inline(always)]
    pub fn is_playout_eye(&self, p: Point, color: Color) -> bool {
        self.is_own_eye(p, color)
            && !self.layout.of(p.index()).iter().any(|&q| {
                let root = self.chains.chain_id[q as usize] as usize;
                self.chains.stats[root].in_atari()
            })
    }

    /// Plays a stone of `color` at `p` if that is legal, and says whether it did: what
    /// [`Position::play_as`] does with a [`Move::Place`], without building the error or the
    /// effect, for the hot loop of a random playout. An illegal play (off the board included)
    /// leaves the position as it was. Always inlined: a caller's loop (the playout example's,
    /// the self-play and search playouts of `goishi-play`) keeps the inline answer in itself.
    #[inline(always)]
    pub fn try_place(&mut self, color: Color, p: Point) -> bool {
        let i = p.index();
        let eye = self.chains.cell.get(i) == Some(&EMPTY)
            && self.chains.counts[i].none_of(EMPTY, cell_of(color))
            && self.config.suicide != Suicide::Allowed;
        if eye && !self.captures_around(i) {
            // An opponent's eye that captures nothing: a single stone's suicide, refused
            // here without a call (random playouts try these again and again).
            return false;
        }
        self.try_place_judged(i, color, eye)
    }

    /// [`GoPosition::try_place`] past its inline answer; `captures_in_eye` when it found the
    /// play to be a capture in an opponent's eye.
    #[inline(never)]
    fn try_place_judged(&mut self, p: usize, color: Color, captures_in_eye: bool) -> bool {
        self.play_checked(p, color, captures_in_eye).is_ok()
    }

    /// Makes a play if it is legal. Under simple ko (or none) the play is judged, then made.
    /// Under a superko rule it is judged on everything but repetition, made, and taken back
    /// if its board (or situation) was seen before: a repetition is rare, and the board the
    /// play makes is then known without working it out beforehand. Always inline, with the
    /// play of the simple-ko path: its two callers (`try_place`'s out-of-line part and
    /// `play_as`) then make a play in one function, without a call for the judge, the
    /// play and the stone (random playouts: 5% fewer instructions a move on 9x9, 2% on
    /// 19x19). `captures_in_eye` says that the caller found `p` empty, every neighbour
    /// the opponent's and a chain among them with no other liberty: a capture, which
    /// simple ko refuses only if it retakes a ko.
    #[inline(always)]
    fn play_checked(
        &mut self,
        p: usize,
        color: Color,
        captures_in_eye: bool,
    ) -> Result<MoveEffect, IllegalMove> {
        // A play next to an empty point keeps a liberty, and a capture in an opponent's eye
        // makes one: both legal but for a repetition, answered here without calling the
        // judge (most plays of a game, and the captures of a random one). Simple ko refuses
        // the capture that retakes a ko; a superko rule is asked after the play, below.
        let quick = self.end.is_none()
            && (captures_in_eye
                || (self.chains.cell.get(p) == Some(&EMPTY)
                    && self.chains.counts[p].get(EMPTY) > 0));
        if quick && captures_in_eye && self.retakes_ko(p, color) {
            return Err(IllegalMove::Ko);
        }
        if self.local_ko {
            let a = if quick {
                Analysis::UNCOUNTED
            } else {
                self.judge::<true>(p, color)?
            };
            return Ok(self.do_play_inline(p, color, &a));
        }
        let mut a = if quick {
            Analysis::UNCOUNTED
        } else {
            self.judge::<false>(p, color)?
        };
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
        self.superko
            .earlier_than_last()
            .any(|m| self.current_repeats(m))
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
        self.chain_stones(p).collect()
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
                if self.empty_is_legal(i, color) {
                    list.push(Move::Place(point(i)));
                }
            }
        }
        *out = list;
    }

    /// The legal board points of `color` as a bit set (hot path): bit `i % 64` of
    /// `out[i / 64]` is set exactly when [`GoPosition::push_legal_points`] lists point `i`,
    /// every other bit of `out` is cleared; returns the number of bits set. Points past the
    /// end of `out` are left out (`num_points.div_ceil(64)` words hold them all); pass is not
    /// a point and has no bit.
    #[inline]
    pub fn legal_point_bits(&self, color: Color, out: &mut [u64]) -> usize {
        out.fill(0);
        if self.end.is_some() {
            return 0;
        }
        let mut count = 0;
        for (w, (&word, slot)) in self
            .chains
            .empty_bits
            .iter()
            .zip(out.iter_mut())
            .enumerate()
        {
            let mut bits = word;
            let mut legal = 0u64;
            while bits != 0 {
                let k = bits.trailing_zeros();
                bits &= bits - 1;
                if self.empty_is_legal(64 * w + k as usize, color) {
                    legal |= 1 << k;
                }
            }
            *slot = legal;
            count += legal.count_ones() as usize;
        }
        count
    }

    /// Whether `color` may play on the empty point `i` while the game goes on: the judgement
    /// of each empty point behind [`GoPosition::push_legal_points`] and
    /// [`GoPosition::legal_point_bits`].
    #[inline(always)]
    fn empty_is_legal(&self, i: usize, color: Color) -> bool {
        if self.local_ko {
            // Under simple ko (or none) a point next to an empty point is legal.
            self.chains.counts[i].get(EMPTY) > 0 || self.crowded_is_legal(i, color)
        } else {
            self.judge_empty::<true>(i, color).is_ok()
        }
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

    /// The engine's bit set of legal points ([`GoPosition::legal_point_bits`]), then pass
    /// while the game goes on: no list in between.
    fn legal_action_bits(&self, out: &mut [u64], _scratch: &mut Vec<Move>) -> usize {
        let count = self.legal_point_bits(self.side, out);
        if self.end.is_some() {
            return count;
        }
        let pass = self.geometry.num_points();
        match out.get_mut(pass / 64) {
            Some(word) => {
                *word |= 1 << (pass % 64);
                count + 1
            }
            None => count,
        }
    }

    /// [`GoPosition::legal_bits_cached`]: the points the last move can have changed judged
    /// again.
    fn legal_action_bits_cached(
        &self,
        cache: &mut LegalCache,
        out: &mut [u64],
        _scratch: &mut Vec<Move>,
    ) -> usize {
        self.legal_bits_cached(cache, out)
    }

    fn play_as(&mut self, color: Color, mv: Move) -> Result<MoveEffect, PlayError> {
        match mv {
            Move::Place(p) => self
                .play_checked(p.index(), color, false)
                .map_err(|reason| PlayError::new(&self.geometry, color, mv, reason)),
            Move::Pass if self.end.is_none() => Ok(self.do_pass(color)),
            Move::Resign if self.end.is_none() => Ok(self.do_resign(color)),
            _ => Err(PlayError::new(
                &self.geometry,
                color,
                mv,
                IllegalMove::GameOver,
            )),
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
        let params = ScoreParams {
            board: &self.chains.board,
            dead: &dead,
            config: &self.config,
            prisoners: self.captures,
            handicap: self.setup.handicap,
            button: self.button,
        };
        if dead.is_empty() {
            // The count of every random game: from the engine's own lists.
            let count = self.count_board(self.config.tax != Tax::None);
            return score_counted(&params, self.captures, &count);
        }
        score(&params)
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

    fn clone_from_dyn(&mut self, source: &dyn Position) -> bool {
        match source.as_any().downcast_ref::<GoPosition>() {
            Some(source) => {
                self.clone_from(source);
                true
            }
            None => false,
        }
    }
}
