//! The game around the captures: turns, repetition, the end, the score.

use std::any::Any;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use goishi_board::{
    Board, Color, FamilyError, FromSetup, GameResult, IllegalMove, Margin, Move, MoveEffect,
    PlayError, Point, Position, Rules, Score, Setup, SetupError, SetupErrors, Turn, EMPTY,
};

use crate::config::{ConfigError, ContactConfig, Ko, Model};
use crate::engine::Engine;

/// A hasher for keys that are already Zobrist hashes: it passes them through.
#[derive(Default, Clone, Copy, Debug)]
struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// One state of the game: the board after a turn (or the initial board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    /// The Zobrist hash of the board.
    hash: u64,
    /// Who moves next.
    to_move: Color,
    /// The colour whose placement created this board; `None` for the initial board, passes
    /// and resignations.
    creator: Option<Color>,
    /// The previous entry with the same hash, or `NO_ENTRY` (unless `ko=none`).
    same_hash: u32,
}

const NO_ENTRY: u32 = u32::MAX;

/// A contact-capture game: the board, the side to move, and the history the rules need.
///
/// Built from a [`Setup`] by [`FromSetup::from_setup`] (or through the registry,
/// [`Setup::into_position`]). Any arrangement of setup stones is accepted.
///
/// `clone_from` reuses the buffers of the position it overwrites (playout loops).
pub struct ContactPosition {
    setup: Setup,
    config: ContactConfig,
    engine: Engine,
    to_move: Color,
    turns: Vec<Turn>,
    /// The points each turn removed, one after the other.
    removed: Vec<Point>,
    /// `removed_end[i]`: where turn i's removed points end in `removed`.
    removed_end: Vec<u32>,
    /// Every state so far, the initial one first (one more than `turns`).
    entries: Vec<Entry>,
    /// The cells of each entry's board, one after the other (unless `ko=none`).
    snapshots: Vec<u8>,
    /// The latest entry with each board hash (unless `ko=none`); earlier ones are chained
    /// through `Entry::same_hash`.
    seen: HashMap<u64, u32, BuildHasherDefault<PassThrough>>,
    captures: [u32; 2],
    outcome: Option<GameResult>,
}

impl Clone for ContactPosition {
    fn clone(&self) -> Self {
        ContactPosition {
            setup: self.setup.clone(),
            config: self.config,
            engine: self.engine.clone(),
            to_move: self.to_move,
            turns: self.turns.clone(),
            removed: self.removed.clone(),
            removed_end: self.removed_end.clone(),
            entries: self.entries.clone(),
            snapshots: self.snapshots.clone(),
            seen: self.seen.clone(),
            captures: self.captures,
            outcome: self.outcome,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        if self.setup != source.setup {
            self.setup = source.setup.clone();
        }
        self.config = source.config;
        self.engine.clone_from(&source.engine);
        self.to_move = source.to_move;
        self.turns.clone_from(&source.turns);
        self.removed.clone_from(&source.removed);
        self.removed_end.clone_from(&source.removed_end);
        self.entries.clone_from(&source.entries);
        self.snapshots.clone_from(&source.snapshots);
        self.seen.clone_from(&source.seen);
        self.captures = source.captures;
        self.outcome = source.outcome;
    }
}

impl PartialEq for ContactPosition {
    fn eq(&self, other: &Self) -> bool {
        self.setup == other.setup
            && self.config == other.config
            && self.engine == other.engine
            && self.engine.board().hash() == other.engine.board().hash()
            && self.to_move == other.to_move
            && self.turns == other.turns
            && self.removed == other.removed
            && self.removed_end == other.removed_end
            && self.entries == other.entries
            && self.snapshots == other.snapshots
            && self.seen == other.seen
            && self.captures == other.captures
            && self.outcome == other.outcome
    }
}

impl fmt::Debug for ContactPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "ContactPosition({}, {} to move, {} moves, captures B {} W {}{})",
            self.setup.rules,
            self.to_move,
            self.turns.len(),
            self.captures[0],
            self.captures[1],
            self.outcome
                .map_or_else(String::new, |r| format!(", over: {r}"))
        )?;
        f.write_str(&self.engine.board().diagram())
    }
}

impl FromSetup for ContactPosition {
    /// Validates a setup: the rules must be a contact-capture variant whose parameters fit the
    /// geometry of the setup's board. Every problem is reported: the options' as
    /// [`SetupError::Family`] holding a [`ConfigError`], rules of another family as
    /// [`SetupError::NotThisFamily`].
    fn from_checked_setup(setup: Setup) -> Result<ContactPosition, SetupErrors> {
        let config = ContactConfig::from_rules(&setup.rules).map_err(setup_errors)?;
        let model = config
            .capture
            .resolve(setup.board.geometry())
            .map_err(|errors| SetupErrors(errors.into_iter().map(setup_error).collect()))?;
        let engine = Engine::new(model, &setup.board);
        let mut position = ContactPosition {
            to_move: setup.to_move,
            setup,
            config,
            engine,
            turns: Vec::new(),
            removed: Vec::new(),
            removed_end: Vec::new(),
            entries: Vec::new(),
            snapshots: Vec::new(),
            seen: HashMap::default(),
            captures: [0; 2],
            outcome: None,
        };
        position.push_entry(None);
        position.outcome = position.evaluate_end();
        Ok(position)
    }
}

impl ContactPosition {
    /// A new game of `rules` (a rules string) on an empty board of its geometry, Black to
    /// move.
    pub fn from_rules_string(rules: &str) -> Result<ContactPosition, SetupErrors> {
        ContactPosition::from_rules(&Rules::parse(rules)?, None)
    }

    /// The typed options.
    pub fn config(&self) -> &ContactConfig {
        &self.config
    }

    /// The capture model as resolved on this geometry.
    pub fn model(&self) -> &Model {
        self.engine.model()
    }

    /// The stones a placement of `color` at the empty point `p` would remove, appended to
    /// `out` (in no particular order). Legality is not checked; nothing is appended for an
    /// occupied point or one off the board.
    pub fn removals_into(&self, color: Color, p: Point, out: &mut Vec<Point>) {
        let board = self.engine.board();
        if p.index() < board.geometry().num_points() && board.is_empty_at(p) {
            self.engine.for_each_removal(color, p, |v| out.push(v));
        }
    }

    /// The points the last turn removed (empty after a pass or at the start).
    pub fn last_removed(&self) -> &[Point] {
        let end = self.removed_end.last().map_or(0, |&e| e as usize);
        let start = if self.removed_end.len() >= 2 {
            self.removed_end[self.removed_end.len() - 2] as usize
        } else {
            0
        };
        &self.removed[start..end]
    }

    /// Checks the incremental bookkeeping against a recomputation (for tests).
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), BrokenInvariant> {
        self.engine.check_invariants()?;
        let n = self.engine.board().geometry().num_points();
        if self.entries.len() != self.turns.len() + 1 {
            return Err(BrokenInvariant::HistoryLength {
                entries: self.entries.len(),
                turns: self.turns.len(),
            });
        }
        if self.config.ko != Ko::None && self.snapshots.len() != self.entries.len() * n {
            return Err(BrokenInvariant::SnapshotLength {
                snapshots: self.snapshots.len(),
                expected: self.entries.len() * n,
            });
        }
        Ok(())
    }

    fn snapshot(&self, i: usize) -> &[u8] {
        let n = self.engine.board().geometry().num_points();
        &self.snapshots[i * n..(i + 1) * n]
    }

    fn push_entry(&mut self, creator: Option<Color>) {
        let hash = self.engine.board().hash();
        let mut same_hash = NO_ENTRY;
        if self.config.ko != Ko::None {
            self.snapshots
                .extend_from_slice(self.engine.board().cells());
            same_hash = self
                .seen
                .insert(hash, self.entries.len() as u32)
                .unwrap_or(NO_ENTRY);
        }
        self.entries.push(Entry {
            hash,
            to_move: self.to_move,
            creator,
            same_hash,
        });
    }

    fn pop_entry(&mut self) {
        let Some(entry) = self.entries.pop() else {
            return;
        };
        if self.config.ko != Ko::None {
            let n = self.engine.board().geometry().num_points();
            self.snapshots.truncate(self.entries.len() * n);
            if entry.same_hash == NO_ENTRY {
                self.seen.remove(&entry.hash);
            } else {
                self.seen.insert(entry.hash, entry.same_hash);
            }
        }
    }

    /// Whether a placement of `c` at the empty point `p` breaks the repetition rule.
    fn repetition(&self, c: Color, p: Point) -> Result<(), IllegalMove> {
        match self.config.ko {
            Ko::None => Ok(()),
            Ko::Simple => {
                let Some(last) = self.turns.last() else {
                    return Ok(());
                };
                if last.color != c.opponent() || !matches!(last.mv, Move::Place(_)) {
                    return Ok(());
                }
                let i = self.entries.len() - 2;
                let (hash, count) = self.engine.after(c, p);
                if self.entries[i].hash == hash
                    && self.engine.after_equals(c, p, count, self.snapshot(i))
                {
                    Err(IllegalMove::Ko)
                } else {
                    Ok(())
                }
            }
            ko => {
                let (hash, count) = self.engine.after(c, p);
                let Some(&latest) = self.seen.get(&hash) else {
                    return Ok(());
                };
                let next = c.opponent();
                let mut i = latest;
                while i != NO_ENTRY {
                    let e = &self.entries[i as usize];
                    let relevant = match ko {
                        Ko::Situational => e.to_move == next,
                        Ko::NaturalSituational => e.creator == Some(c),
                        _ => true,
                    };
                    if relevant
                        && self
                            .engine
                            .after_equals(c, p, count, self.snapshot(i as usize))
                    {
                        return Err(IllegalMove::Superko);
                    }
                    i = e.same_hash;
                }
                Ok(())
            }
        }
    }

    /// Whether `c` has a legal placement (the game not being over).
    fn has_legal_placement(&self, c: Color) -> bool {
        let board = self.engine.board();
        let n = board.geometry().num_points() as u32;
        if board.count(Color::Black) + board.count(Color::White) == n {
            return false;
        }
        if self.config.ko == Ko::None {
            return true;
        }
        board
            .cells()
            .iter()
            .enumerate()
            .filter(|(_, &cell)| cell == EMPTY)
            .any(|(i, _)| self.repetition(c, Point::new(i)).is_ok())
    }

    fn stone_score(&self) -> Score {
        let board = self.engine.board();
        Score {
            black: f64::from(board.count(Color::Black)),
            white: f64::from(board.count(Color::White)) + self.config.komi(),
        }
    }

    /// The outcome of the current state: resignation, a goal reached, two passes, or no
    /// legal placement for the side to move.
    fn evaluate_end(&self) -> Option<GameResult> {
        if let Some(last) = self.turns.last() {
            if last.mv == Move::Resign {
                return Some(GameResult::Win {
                    winner: last.color.opponent(),
                    margin: Margin::Resign,
                });
            }
            let goal = self.config.capture_goal;
            if goal > 0 {
                if let Some(winner) = Color::ALL
                    .into_iter()
                    .find(|c| self.captures[c.index()] >= goal)
                {
                    return Some(GameResult::Win {
                        winner,
                        margin: Margin::Goal,
                    });
                }
            }
            let minimum = self.config.min_stones;
            if minimum > 0 && !self.last_removed().is_empty() {
                let loser = last.color.opponent();
                if self.engine.board().count(loser) < minimum {
                    return Some(GameResult::Win {
                        winner: last.color,
                        margin: Margin::Goal,
                    });
                }
            }
            let k = self.turns.len();
            if k >= 2 && self.turns[k - 1].mv == Move::Pass && self.turns[k - 2].mv == Move::Pass {
                return Some(self.stone_score().result());
            }
        }
        if !self.has_legal_placement(self.to_move) {
            return Some(self.stone_score().result());
        }
        None
    }
}

/// What [`ContactPosition::check_invariants`] found out of step with a recomputation from the
/// board: a bug in the incremental bookkeeping.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BrokenInvariant {
    /// The contact counts of the points differ from a recomputation.
    #[error("contact counts differ from a recomputation")]
    ContactCounts,
    /// The eligible counts of the points differ from a recomputation.
    #[error("eligible counts differ from a recomputation")]
    EligibleCounts,
    /// The stones of a colour that a placement would remove differ from a recomputation.
    #[error("removable set of {color} differs: {found:?}, expected {expected:?}")]
    RemovableSet {
        /// Whose stones.
        color: Color,
        /// The set kept, sorted.
        found: Vec<Point>,
        /// The set recomputed, sorted.
        expected: Vec<Point>,
    },
    /// The hash of a colour's removable set differs from a recomputation.
    #[error("removable hash of {0} differs")]
    RemovableHash(Color),
    /// The board's hash differs from a recomputation.
    #[error("board hash differs from a recomputation")]
    BoardHash,
    /// The history holds another number of entries than one per turn and one for the start.
    #[error("history length mismatch: {entries} entries for {turns} turns")]
    HistoryLength {
        /// The entries held.
        entries: usize,
        /// The turns played.
        turns: usize,
    },
    /// The ko snapshots do not hold one board per history entry.
    #[error("snapshot length mismatch: {snapshots} cells, expected {expected}")]
    SnapshotLength {
        /// The cells held.
        snapshots: usize,
        /// One board's cells per history entry.
        expected: usize,
    },
}

/// The setup's error for a problem with the options: rules of another family are the core's
/// [`SetupError::NotThisFamily`]; every other problem is the family's own.
fn setup_error(e: ConfigError) -> SetupError {
    match e {
        ConfigError::NotContact { variant, option } => SetupError::NotThisFamily {
            variant,
            family: "contact-capture",
            option,
        },
        e => SetupError::Family(FamilyError::new(e)),
    }
}

fn setup_errors(e: ConfigError) -> SetupErrors {
    SetupErrors(vec![setup_error(e)])
}

impl Position for ContactPosition {
    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn board(&self) -> &Board {
        self.engine.board()
    }

    fn side_to_move(&self) -> Color {
        self.to_move
    }

    fn history(&self) -> &[Turn] {
        &self.turns
    }

    fn check_move(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        match mv {
            Move::Pass | Move::Resign => Ok(()),
            Move::Place(p) => {
                let board = self.engine.board();
                if p.index() >= board.geometry().num_points() {
                    return Err(IllegalMove::OffBoard);
                }
                if !board.is_empty_at(p) {
                    return Err(IllegalMove::Occupied);
                }
                self.repetition(color, p)
            }
        }
    }

    fn legal_moves_as(&self, color: Color, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let check = self.config.ko != Ko::None;
        for (i, &cell) in self.engine.board().cells().iter().enumerate() {
            if cell == EMPTY {
                let p = Point::new(i);
                if !check || self.repetition(color, p).is_ok() {
                    out.push(Move::Place(p));
                }
            }
        }
        out.push(Move::Pass);
    }

    fn play_as(&mut self, color: Color, mv: Move) -> Result<MoveEffect, PlayError> {
        self.check_move(color, mv)
            .map_err(|reason| PlayError::new(self.engine.board().geometry(), color, mv, reason))?;
        let mut effect = MoveEffect::default();
        let creator = match mv {
            Move::Place(p) => {
                let n = self.engine.play(color, p, &mut self.removed);
                effect.captured = n;
                self.captures[color.index()] += n;
                Some(color)
            }
            Move::Pass | Move::Resign => None,
        };
        self.removed_end.push(self.removed.len() as u32);
        self.turns.push(Turn { color, mv });
        self.to_move = color.opponent();
        self.push_entry(creator);
        self.outcome = self.evaluate_end();
        effect.ended = self.outcome.is_some();
        Ok(effect)
    }

    fn undo(&mut self) -> Option<Turn> {
        let turn = self.turns.pop()?;
        let end = self.removed_end.pop().map_or(0, |e| e as usize);
        let start = self.removed_end.last().map_or(0, |&e| e as usize);
        if let Move::Place(p) = turn.mv {
            self.engine.unplay(turn.color, p, &self.removed[start..end]);
            self.captures[turn.color.index()] -= (end - start) as u32;
        }
        self.removed.truncate(start);
        self.pop_entry();
        self.to_move = self.entries.last().map_or(turn.color, |e| e.to_move);
        self.outcome = self.evaluate_end();
        Some(turn)
    }

    fn outcome(&self) -> Option<GameResult> {
        self.outcome
    }

    fn score(&self, dead: &[Point]) -> Score {
        let board = self.engine.board();
        let n = board.geometry().num_points();
        let mut score = self.stone_score();
        for (i, &p) in dead.iter().enumerate() {
            if p.index() >= n || dead[..i].contains(&p) {
                continue;
            }
            match board.get(p) {
                Some(Color::Black) => score.black -= 1.0,
                Some(Color::White) => score.white -= 1.0,
                None => {}
            }
        }
        score
    }

    fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    fn capture_goal(&self) -> Option<u32> {
        let goal = self.config.capture_goal;
        (goal > 0).then_some(goal)
    }

    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn clone_from_dyn(&mut self, source: &dyn Position) -> bool {
        match source.as_any().downcast_ref::<ContactPosition>() {
            Some(source) => {
                self.clone_from(source);
                true
            }
            None => false,
        }
    }
}
