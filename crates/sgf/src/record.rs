//! The game-record model: a [`Record`] is a setup (rules, board, side to move, handicap),
//! the moves of its main line as written, its stated result, and the properties the reader
//! did not interpret ([`Extras`]), kept so that [`write_game`](crate::write_game) writes them
//! back. A record replays through its variant's rules ([`Record::replay`]), which judge the
//! setup and every move.

use std::fmt;

use goishi::{Color, IllegalMove, Move, PlayError, PointError, Position, Rules, Setup, Turn};
use sgf_parse::go::Prop;

use crate::error::{ErrorKind, SgfError};

/// A move of a record, before it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// Who moves.
    pub color: Color,
    /// The move, or why its point is not on the board.
    pub mv: Result<Move, PointError>,
    /// The main-line node holding it (the root is node 0).
    pub node: usize,
    /// The property as written: `B[cc]`.
    pub text: MoveText,
}

/// A move property as written, `B[cc]` or `W[]`, kept inline (a record has a hundred of
/// them, and they are read only to name a refused move).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MoveText {
    len: u8,
    bytes: [u8; MoveText::MAX],
}

impl MoveText {
    /// The longest text: an identifier of one letter and a point of two.
    const MAX: usize = 5;

    /// `ID[value]`: `id` is `B` or `W` and `value` ASCII of at most two bytes (what the
    /// reader writes: an SGF point name, or nothing for a pass).
    pub(crate) fn new(id: &str, value: &[u8]) -> MoveText {
        // What the loop below makes of an identifier of one letter and a value of two or
        // none, written at once.
        match (id.as_bytes(), value) {
            (&[i], &[x, y]) if i.is_ascii() && x.is_ascii() && y.is_ascii() => {
                return MoveText {
                    len: 5,
                    bytes: [i, b'[', x, y, b']'],
                }
            }
            (&[i], []) if i.is_ascii() => {
                return MoveText {
                    len: 3,
                    bytes: [i, b'[', b']', 0, 0],
                }
            }
            _ => {}
        }
        let mut text = MoveText {
            len: 0,
            bytes: [0; MoveText::MAX],
        };
        for part in [id.as_bytes(), b"[", value, b"]"] {
            for &b in part {
                if usize::from(text.len) < MoveText::MAX && b.is_ascii() {
                    text.bytes[usize::from(text.len)] = b;
                    text.len += 1;
                }
            }
        }
        text
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Only ASCII bytes are stored.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("?")
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<&str> for MoveText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl RecordMove {
    /// The turn, when the point is on the board.
    pub fn turn(&self) -> Option<Turn> {
        self.mv.as_ref().ok().map(|&mv| Turn {
            color: self.color,
            mv,
        })
    }
}

/// A main-line node after the root, with the properties the reader does not interpret.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeExtras {
    /// The index of the node's move in [`Record::moves`], if it has one.
    pub move_index: Option<usize>,
    /// The node's move, if it is on the board.
    pub turn: Option<Turn>,
    /// Every other property, in file order.
    pub props: Vec<Prop>,
}

/// The properties of a record that are written back unchanged.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Extras {
    /// Root properties other than those the writer generates.
    pub root: Vec<Prop>,
    /// The nodes after the root, in main-line order.
    pub nodes: Vec<NodeExtras>,
    /// The record's `RE`, written back when the game written is the whole record.
    pub result: Option<String>,
}

/// A game record: the setup, the moves, the stated result.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The rules, the setup stones, the side to move and the handicap.
    pub setup: Setup,
    /// The moves of the main line, handicap stones written as moves excluded.
    pub moves: Vec<RecordMove>,
    /// The `RE` property, if any.
    pub result: Option<String>,
    /// What the writer writes back.
    pub extras: Extras,
    /// How many game trees the file holds (only the first is read).
    pub games: usize,
}

/// A move of a record that the rules refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalRecordMove {
    /// The move number, from 1.
    pub number: usize,
    /// The main-line node (the root is node 0).
    pub node: usize,
    /// The property as written: `B[cc]`.
    pub text: String,
    /// The GTP vertex, when the point is on the board.
    pub vertex: Option<String>,
    /// Why the rules refused it.
    pub reason: IllegalMove,
    /// Why, in words.
    pub detail: String,
}

impl fmt::Display for IllegalRecordMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "node {}: move {} {}", self.node, self.number, self.text)?;
        if let Some(v) = &self.vertex {
            write!(f, " ({v})")?;
        }
        write!(f, " is illegal: {}", self.detail)
    }
}

/// How the rules of a record are chosen.
#[derive(Clone, Debug)]
pub struct RulesChoice {
    /// Rules that replace the record's `RU`.
    pub force: Option<Forced>,
    /// The rules of a record without `RU`.
    pub fallback: Rules,
}

/// Rules given instead of a record's `RU` (`--rules`).
#[derive(Clone, Debug)]
pub struct Forced {
    /// The rules. A komi they set explicitly ([`Rules::is_explicit`]) wins over the record's
    /// `KM`.
    pub rules: Rules,
}

impl Forced {
    /// Parses rules given on the command line.
    pub fn parse(text: &str) -> Result<Forced, goishi::RulesError> {
        Ok(Forced {
            rules: goishi::registry().parse_rules(text)?,
        })
    }
}

impl Record {
    /// The position at the setup (the variant validates the setup stones).
    ///
    /// A copy of the last position this thread started, when its setup is the same: a
    /// position at its setup is a function of the setup, and building one (its tables) costs
    /// more than replaying a small record.
    pub fn start(&self) -> Result<Box<dyn Position>, SgfError> {
        self.with_start(|start| start.clone_box())
    }

    /// [`Record::start`] into `position`, which is left holding the position at the setup:
    /// overwritten in place when it is of the variant's type ([`Position::clone_from_dyn`]),
    /// so that its buffers are reused, else replaced. A loop that replays many records keeps
    /// one position and allocates nothing per record for it once its buffers have grown. On
    /// an error `position` is unchanged.
    pub fn start_into(&self, position: &mut Box<dyn Position>) -> Result<(), SgfError> {
        let fresh =
            self.with_start(|start| (!position.clone_from_dyn(start)).then(|| start.clone_box()))?;
        if let Some(fresh) = fresh {
            *position = fresh;
        }
        Ok(())
    }

    /// Calls `f` with the position at the setup ([`Setup::with_start`]).
    fn with_start<R>(&self, f: impl FnOnce(&dyn Position) -> R) -> Result<R, SgfError> {
        self.setup
            .with_start(f)
            .map_err(|e| SgfError::at(ErrorKind::Setup, 0, format!("invalid setup: {e}")))
    }

    /// Plays the first `count` moves (all of them when `count` is larger) on `position`,
    /// which must be at the record's setup. A pass after the end of the game is accepted and
    /// changes nothing (go-rules.md section 4: game controllers forward one, and the records
    /// they write end with it); the colours of such passes are returned, in order.
    pub fn play(
        &self,
        position: &mut dyn Position,
        count: usize,
    ) -> Result<Vec<Color>, IllegalRecordMove> {
        let mut after_end = Vec::new();
        for (i, m) in self.moves.iter().take(count).enumerate() {
            let illegal =
                |reason: IllegalMove, vertex: Option<String>, detail: String| IllegalRecordMove {
                    number: i + 1,
                    node: m.node,
                    text: m.text.to_string(),
                    vertex,
                    reason,
                    detail,
                };
            match &m.mv {
                Err(why) => {
                    return Err(illegal(IllegalMove::OffBoard, None, why.to_string()));
                }
                Ok(Move::Pass) if position.is_over() => after_end.push(m.color),
                Ok(mv) => {
                    // The vertex is named only for a refused move (naming costs more than
                    // playing).
                    let vertex = |position: &dyn Position| Some(mv.name(position.geometry()));
                    if !after_end.is_empty() {
                        // Only passes follow a pass after the end.
                        let reason = IllegalMove::GameOver;
                        let v = vertex(position);
                        return Err(illegal(reason, v, reason.name().to_owned()));
                    }
                    if let Err(PlayError { reason, .. }) = position.play_as(m.color, *mv) {
                        let v = vertex(position);
                        return Err(illegal(reason, v, reason.name().to_owned()));
                    }
                }
            }
        }
        Ok(after_end)
    }

    /// The position after the first `count` moves.
    pub fn replay(&self, count: usize) -> Result<Box<dyn Position>, ReplayError> {
        self.replay_game(count).map(|(position, _)| position)
    }

    /// The position after the first `count` moves, and the colours of the passes among them
    /// that came after the end of the game (see [`Record::play`]).
    pub fn replay_game(
        &self,
        count: usize,
    ) -> Result<(Box<dyn Position>, Vec<Color>), ReplayError> {
        let mut position = self.start().map_err(ReplayError::Setup)?;
        let after_end = self
            .play(position.as_mut(), count)
            .map_err(ReplayError::Illegal)?;
        Ok((position, after_end))
    }
}

/// Why a record does not replay.
#[derive(Clone, Debug)]
pub enum ReplayError {
    /// The setup is not a valid position of the variant.
    Setup(SgfError),
    /// A move was refused.
    Illegal(IllegalRecordMove),
}

impl std::error::Error for IllegalRecordMove {}

impl std::error::Error for ReplayError {}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Setup(e) => e.fmt(f),
            ReplayError::Illegal(e) => e.fmt(f),
        }
    }
}
