//! Setups: the unvalidated start of a game, validated into a position by its variant.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::color::Color;
use crate::diagram::{Diagram, DiagramError};
use crate::geometry::{parse_size, BoardKind, GeometryError, Topology};
use crate::point::{Move, Turn};
use crate::position::{PlayError, Position};
use crate::rules::{Rules, RulesError};

thread_local! {
    /// The position this thread built last from a setup, with the setup ([`Setup::with_start`]).
    static LAST_START: std::cell::RefCell<Option<(Setup, Box<dyn Position>)>> =
        const { std::cell::RefCell::new(None) };
}

/// The start of a game, before the variant has checked it: rules, stones, first player.
///
/// Fields are public; [`Setup::into_position`] hands it to the variant, which reports every
/// problem it finds at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The variant and its options.
    pub rules: Rules,
    /// The initial stones (their geometry is the game's geometry).
    pub board: Board,
    /// Who moves first.
    pub to_move: Color,
    /// How many of Black's setup stones are handicap stones (for the handicap bonus).
    pub handicap: u32,
}

impl Setup {
    /// An empty board, Black to move, no handicap.
    pub fn new(rules: Rules, geometry: crate::geometry::Geometry) -> Setup {
        Setup {
            rules,
            board: Board::new(geometry),
            to_move: Color::Black,
            handicap: 0,
        }
    }

    /// Validates the setup into a position of its variant: the variant's constructor, which
    /// is [`FromSetup::from_setup`] of its position type (see [`new_boxed`]), or a copy of
    /// the position it built last on this thread from the same setup ([`Setup::with_start`]).
    pub fn into_position(self) -> Result<Box<dyn Position>, SetupErrors> {
        if !self.is_kept() {
            return self.build();
        }
        let copy = match self.on_kept(|start| start.clone_box()) {
            Ok(copy) => return Ok(copy),
            Err(copy) => copy,
        };
        let position = self.clone().build()?;
        let answer = copy(position.as_ref());
        self.keep(position);
        Ok(answer)
    }

    /// Calls `f` with the position at this setup: the last one this thread built from the
    /// same setup (the same rules written the same way, the same stones, colour to move and
    /// handicap), else one built and kept for the next call. Copying the position `f` is
    /// given costs a tenth of validating and building one: GTP's `clear_board`, a stream of
    /// records on one setup, a Python `Game` pay the copy alone. Positions on graph boards
    /// are not kept (their graph, read from its file each time, is most of the cost and up to
    /// 4,096 points).
    pub fn with_start<R>(&self, f: impl FnOnce(&dyn Position) -> R) -> Result<R, SetupErrors> {
        let f = match self.on_kept(f) {
            Ok(answer) => return Ok(answer),
            Err(f) => f,
        };
        let position = self.clone().build()?;
        let answer = f(position.as_ref());
        if self.is_kept() {
            self.clone().keep(position);
        }
        Ok(answer)
    }

    /// The variant's constructor.
    fn build(self) -> Result<Box<dyn Position>, SetupErrors> {
        (self.rules.variant().new_position)(self)
    }

    /// Whether a position of this setup is kept for the next start (not on a graph board).
    fn is_kept(&self) -> bool {
        *self.board.geometry().topology() != Topology::Graph
    }

    /// `f` on the position this thread keeps for this setup, or `f` back when it keeps none.
    /// `f` runs on the kept position itself, under a shared borrow: a game started inside `f`
    /// reads the cell too, and only [`Setup::keep`] needs it alone (and keeps nothing while
    /// it is borrowed).
    fn on_kept<R, F: FnOnce(&dyn Position) -> R>(&self, f: F) -> Result<R, F> {
        LAST_START.with(|last| {
            if let Ok(kept) = last.try_borrow() {
                if let Some((_, position)) = kept.as_ref().filter(|(s, _)| s.same_start(self)) {
                    return Ok(f(position.as_ref()));
                }
            }
            Err(f)
        })
    }

    /// Keeps `position`, built from this setup, for the next start of the same setup.
    fn keep(self, position: Box<dyn Position>) {
        LAST_START.with(|last| {
            if let Ok(mut kept) = last.try_borrow_mut() {
                *kept = Some((self, position));
            }
        });
    }

    /// Whether a position built from `self` is the position of `other`: the same rules
    /// written the same way, the same stones, colour to move and handicap.
    fn same_start(&self, other: &Setup) -> bool {
        self.rules.identical(&other.rules)
            && self.to_move == other.to_move
            && self.handicap == other.handicap
            && self.board == other.board
    }

    /// The problem, if any, with a board that is not the one the rules name: another kind
    /// than their `board=`, or another size than their `size=` (a record of the game would
    /// then replay on another board). Rules that name neither fit any board.
    /// [`FromSetup::from_setup`] checks it once, for every family.
    pub fn geometry_mismatch(&self) -> Option<SetupError> {
        let geometry = self.board.geometry();
        let kind_matches = !self.rules.sets_board()
            || match self.rules.board_kind() {
                BoardKind::Square => *geometry.topology() == Topology::Rect,
                BoardKind::Torus => *geometry.topology() == Topology::Torus,
                BoardKind::Hex => *geometry.topology() == Topology::Hex,
                BoardKind::Graph(_) => *geometry.topology() == Topology::Graph,
            };
        let size_matches = *geometry.topology() == Topology::Graph
            || self
                .rules
                .size()
                .is_none_or(|size| size == (geometry.width(), geometry.height()));
        (!(kind_matches && size_matches)).then(|| SetupError::BoardMismatch {
            board: geometry.describe(),
            rules_board: self.rules.sets_board().then(|| self.rules.board_kind()),
            rules_size: self.rules.size(),
        })
    }
}

/// A position type validated from a [`Setup`]: the one constructor of every family.
///
/// A family implements [`FromSetup::from_checked_setup`], which validates what is its own
/// (the options, the stones under its rules) and never the board against the rules; callers
/// use [`FromSetup::from_setup`], which checks the board against the rules
/// ([`Setup::geometry_mismatch`]) the same way for every family, and reports every problem
/// at once (so the family's part is validated even when the board does not fit). The registry's constructor of a variant is [`new_boxed`] of its type.
pub trait FromSetup: Position + Sized {
    /// Validates the family's part of a setup (the board's fit to the rules is
    /// [`FromSetup::from_setup`]'s to check); reports every problem found.
    fn from_checked_setup(setup: Setup) -> Result<Self, SetupErrors>;

    /// Validates a setup: its board against its rules, then the family's part. A board that
    /// does not fit is reported first, with the family's problems after it.
    fn from_setup(setup: Setup) -> Result<Self, SetupErrors> {
        match (setup.geometry_mismatch(), Self::from_checked_setup(setup)) {
            (None, result) => result,
            (Some(e), Ok(_)) => Err(SetupErrors(vec![e])),
            (Some(e), Err(SetupErrors(mut errors))) => {
                errors.retain(|other| *other != e);
                errors.insert(0, e);
                Err(SetupErrors(errors))
            }
        }
    }

    /// A new game on an empty board: the rules' geometry at `size` (else the rules' `size=`,
    /// else the variant's default), Black to move.
    fn from_rules(rules: &Rules, size: Option<(u32, u32)>) -> Result<Self, SetupErrors> {
        let geometry = rules.geometry(size)?;
        Self::from_setup(Setup::new(rules.clone(), geometry))
    }
}

/// The registry's constructor of a variant whose position type is `P`: [`FromSetup::from_setup`],
/// boxed. [`declare_variants!`](crate::declare_variants) puts it in every `VariantInfo`.
pub fn new_boxed<P: FromSetup>(setup: Setup) -> Result<Box<dyn Position>, SetupErrors> {
    P::from_setup(setup).map(|p| Box::new(p) as Box<dyn Position>)
}

/// One problem with a setup.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The board cannot be built.
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    /// The rules are wrong.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The diagram of the stones is wrong.
    #[error(transparent)]
    Diagram(#[from] DiagramError),
    /// A chain of the setup has no liberty (the Go families).
    #[error("the chain at {points} has no liberty")]
    ChainWithoutLiberty {
        /// The chain's points (at most eight, then `...`).
        points: String,
    },
    /// The board is not the one the rules name ([`Setup::geometry_mismatch`]).
    #[error(
        "the board is a {board} board, but the rules say {}",
        said(rules_board, rules_size)
    )]
    BoardMismatch {
        /// The board, described: `9x9`, `torus 9x9`.
        board: String,
        /// The rules' `board=`, if they set one.
        rules_board: Option<BoardKind>,
        /// The rules' `size=`, if they set one.
        rules_size: Option<(u32, u32)>,
    },
    /// More handicap stones than black stones on the board.
    #[error("handicap {handicap} is more than the {stones} black stones on the board")]
    HandicapExceedsStones {
        /// The setup's handicap.
        handicap: u32,
        /// Black's stones on the board.
        stones: u32,
    },
    /// The rules are another family's: they lack an option this family reads.
    #[error("{variant} is not a {family} variant (it has no {option} option)")]
    NotThisFamily {
        /// The rules' variant.
        variant: &'static str,
        /// The family that was asked, in words: `Go`, `capture-go`.
        family: &'static str,
        /// The first option it lacks.
        option: &'static str,
    },
    /// A problem only the family knows (its own typed error inside).
    #[error(transparent)]
    Family(FamilyError),
}

fn said(board: &Option<BoardKind>, size: &Option<(u32, u32)>) -> String {
    let mut said = Vec::new();
    if let Some(b) = board {
        said.push(format!("board={b}"));
    }
    if let Some((w, h)) = size {
        said.push(format!("size={w}x{h}"));
    }
    said.join(", ")
}

/// An error a rule family defines, carried through the core's errors ([`SetupError::Family`],
/// [`RulesError::Foreign`]) as itself: [`FamilyError::downcast_ref`] gives it back typed.
/// Two are equal when they are the same value or print the same message.
#[derive(Clone, Debug)]
pub struct FamilyError(Arc<dyn std::error::Error + Send + Sync>);

impl FamilyError {
    /// Wraps a family's error.
    pub fn new<E: std::error::Error + Send + Sync + 'static>(error: E) -> FamilyError {
        FamilyError(Arc::new(error))
    }

    /// The family's error, if it is an `E`.
    pub fn downcast_ref<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.0.downcast_ref()
    }
}

impl fmt::Display for FamilyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for FamilyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl PartialEq for FamilyError {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.to_string() == other.0.to_string()
    }
}

impl Eq for FamilyError {}

/// Every problem found with a setup (never empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupErrors(pub Vec<SetupError>);

impl fmt::Display for SetupErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&parts.join("; "))
    }
}

impl std::error::Error for SetupErrors {}

impl<E: Into<SetupError>> From<E> for SetupErrors {
    fn from(e: E) -> Self {
        SetupErrors(vec![e.into()])
    }
}

/// The serialized form of a setup.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupData {
    rules: Rules,
    size: String,
    board: String,
    to_move: Color,
    #[serde(default)]
    handicap: u32,
}

impl Serialize for Setup {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let g = self.board.geometry();
        SetupData {
            rules: self.rules.clone(),
            size: format!("{}x{}", g.width(), g.height()),
            board: self.board.diagram(),
            to_move: self.to_move,
            handicap: self.handicap,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let data = SetupData::deserialize(d)?;
        let size = parse_size(&data.size).ok();
        let geometry = data.rules.geometry(size).map_err(D::Error::custom)?;
        let board = Diagram::parse(&data.board, Color::Black)
            .and_then(|dia| dia.to_board(&geometry))
            .map_err(D::Error::custom)?;
        Ok(Setup {
            rules: data.rules,
            board,
            to_move: data.to_move,
            handicap: data.handicap,
        })
    }
}

/// A game: its setup and the moves played, each written `B D4`, `W pass`, `B resign`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The rules, the board and the stones the game started from.
    pub setup: Setup,
    /// The moves in order, each written `B D4`, `W pass` or `B resign`.
    pub moves: Vec<String>,
}

/// Why a game record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The setup gives no position: every problem found with it.
    #[error("invalid setup: {0}")]
    Setup(#[from] SetupErrors),
    /// A move that is not written as a colour and a move.
    #[error("move {number} {text:?}: expected a colour and a move, like \"B D4\" or \"W pass\"")]
    BadMove {
        /// The move's number, from 1.
        number: usize,
        /// The move as written.
        text: String,
    },
    /// A move the rules refuse.
    #[error("move {number} {text:?}: illegal move: {}", error.reason)]
    Illegal {
        /// The move's number, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// The refusal, with the reason.
        error: PlayError,
    },
}

impl GameRecord {
    /// The record of a position's game so far.
    pub fn of(position: &dyn Position) -> GameRecord {
        let g = position.geometry();
        GameRecord {
            setup: position.setup().clone(),
            moves: position
                .history()
                .iter()
                .map(|t| format!("{} {}", t.color, t.mv.name(g)))
                .collect(),
        }
    }

    /// Replays the record: the position after its last move.
    pub fn replay(&self) -> Result<Box<dyn Position>, RecordError> {
        let mut position = self.setup.clone().into_position()?;
        for (i, text) in self.moves.iter().enumerate() {
            let number = i + 1;
            let turn =
                parse_turn(position.geometry(), text).ok_or_else(|| RecordError::BadMove {
                    number,
                    text: text.clone(),
                })?;
            position
                .play_as(turn.color, turn.mv)
                .map_err(|error| RecordError::Illegal {
                    number,
                    text: text.clone(),
                    error,
                })?;
        }
        Ok(position)
    }
}

/// Parses `B D4`, `white pass`, `b resign`.
pub fn parse_turn(geometry: &crate::geometry::Geometry, text: &str) -> Option<Turn> {
    let mut words = text.split_whitespace();
    let color: Color = words.next()?.parse().ok()?;
    let mv = Move::parse(geometry, words.next()?).ok()?;
    words.next().is_none().then_some(Turn { color, mv })
}
