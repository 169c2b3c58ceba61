//! Setups: the unvalidated start of a game, validated into a position by its variant.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::color::Color;
use crate::diagram::{Diagram, DiagramError};
use crate::geometry::{parse_size, BoardKind, GeometryError, Topology};
use crate::point::{Move, Turn};
use crate::position::{PlayError, Position};
use crate::rules::{Rules, RulesError};

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

    /// Validates the setup into a position of its variant (and its board against the rules'
    /// `board=` and `size=`, see [`Setup::geometry_mismatch`]).
    pub fn into_position(self) -> Result<Box<dyn Position>, SetupErrors> {
        let mismatch = self.geometry_mismatch();
        match ((self.rules.variant().new_position)(self), mismatch) {
            (Ok(position), None) => Ok(position),
            (Ok(_), Some(e)) => Err(SetupErrors(vec![e])),
            (Err(mut errors), Some(e)) => {
                if !errors.0.contains(&e) {
                    errors.0.insert(0, e);
                }
                Err(errors)
            }
            (Err(errors), None) => Err(errors),
        }
    }

    /// The problem, if any, with a board that is not the one the rules name: another kind
    /// than their `board=`, or another size than their `size=` (a record of the game would
    /// then replay on another board). Rules that name neither fit any board.
    /// [`Setup::into_position`] checks it for every variant; a variant whose constructor can be
    /// called directly checks it there too (Go, contact capture and capture Go do).
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
        (!(kind_matches && size_matches)).then(|| {
            let mut said = Vec::new();
            if self.rules.sets_board() {
                said.push(format!("board={}", self.rules.board_kind()));
            }
            if let Some((w, h)) = self.rules.size() {
                said.push(format!("size={w}x{h}"));
            }
            SetupError::Invalid(format!(
                "the board is a {} board, but the rules say {}",
                geometry.describe(),
                said.join(", ")
            ))
        })
    }
}

/// One problem with a setup.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error(transparent)]
    Diagram(#[from] DiagramError),
    #[error("the chain at {points} has no liberty")]
    ChainWithoutLiberty { points: String },
    #[error("{0}")]
    Invalid(String),
}

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
    pub setup: Setup,
    pub moves: Vec<String>,
}

/// Why a game record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("invalid setup: {0}")]
    Setup(#[from] SetupErrors),
    #[error("move {number} {text:?}: expected a colour and a move, like \"B D4\" or \"W pass\"")]
    BadMove { number: usize, text: String },
    #[error("move {number} {text:?}: {error}")]
    Illegal {
        number: usize,
        text: String,
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
