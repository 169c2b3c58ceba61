//! The errors of the crate: [`SgfError`] for a record that cannot be read (which node, which
//! property, what kind of problem, and the words for it) and [`WriteError`] for a game that
//! cannot be written as SGF.

use std::fmt;

use crate::record::Record;

/// What kind of problem a record has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The file cannot be read: an I/O error, a directory.
    File,
    /// The bytes are in a character set goishi does not read (UTF-16, or another than
    /// ISO-8859-1 named by `CA`).
    Charset,
    /// Not valid SGF: the syntax, or the structure of the game tree.
    Syntax,
    /// Over a limit of the reader: the size of a file or of a game tree
    /// ([`crate::MAX_FILE_BYTES`]), the number of nodes ([`crate::MAX_NODES`]).
    Limit,
    /// Not a record of the Go family (`GM` other than 1).
    NotGo,
    /// A property value that is not valid: `KM[abc]`, `B[a]`, a size out of range, a point
    /// off the board.
    BadValue,
    /// A property where it cannot be: two moves in a node, setup stones after the first
    /// move or on a move node, a root property outside the root.
    Misplaced,
    /// The rules (`RU`, or `KM` applied to them) are not valid.
    Rules,
    /// The setup is not a valid position of the variant.
    Setup,
}

/// What is wrong with a record: its kind, the main-line node it is about (the root is node
/// 0) and the property (its identifier, `KM`) when there are such, and the words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// What kind of problem it is.
    pub kind: ErrorKind,
    /// The main-line node, when the problem is in one.
    pub node: Option<usize>,
    /// The identifier of the property at fault, when one is.
    pub property: Option<String>,
    /// The problem in words (without the node, which [`fmt::Display`] adds).
    pub message: String,
}

impl SgfError {
    /// A problem in node `node`.
    pub(crate) fn at(kind: ErrorKind, node: usize, message: impl Into<String>) -> SgfError {
        SgfError {
            kind,
            node: Some(node),
            property: None,
            message: message.into(),
        }
    }

    /// A problem with the property `id` of node `node`.
    pub(crate) fn in_property(
        kind: ErrorKind,
        node: usize,
        id: &str,
        message: impl Into<String>,
    ) -> SgfError {
        SgfError {
            kind,
            node: Some(node),
            property: Some(id.to_owned()),
            message: message.into(),
        }
    }

    /// A problem of the whole file.
    pub(crate) fn general(kind: ErrorKind, message: impl Into<String>) -> SgfError {
        SgfError {
            kind,
            node: None,
            property: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.node {
            Some(0) => write!(f, "root node: {}", self.message),
            Some(n) => write!(f, "node {n}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for SgfError {}

/// Why a game cannot be written as SGF.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// SGF names at most 52 points a side (`a`-`z`, `A`-`Z`).
    #[error("a {board} board cannot be written as SGF (at most 52 points a side)")]
    BoardTooLarge {
        /// The board, as `Geometry::describe` gives it: `53x53`.
        board: String,
    },
    /// A point of the game has no SGF coordinate.
    #[error("point {point} has no SGF coordinate")]
    NoCoordinate {
        /// The point's name.
        point: String,
    },
    /// The rules of the game cannot be written as `RU` (their komi cannot be reset to the
    /// variant's default).
    #[error(transparent)]
    Rules(#[from] goishi::RulesError),
}

/// How the reader's two paths read one text differently ([`crate::read::fast_path_mismatch`]):
/// the plain main line and `sgf-parse`'s tree gave other records or other errors. A bug of the
/// plain main line; not an error of the text.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{text:?}\nthe plain main line reads {fast:?}\nsgf-parse reads {slow:?}")]
pub struct FastPathMismatch {
    /// The text read.
    pub text: String,
    /// What the plain main line read.
    pub fast: Box<Result<Vec<Result<Record, SgfError>>, SgfError>>,
    /// What `sgf-parse`'s tree read.
    pub slow: Box<Result<Vec<Result<Record, SgfError>>, SgfError>>,
}
