//! The `board=` value of a rules string: which kind of geometry to build, read and written.

use std::fmt;
use std::path::PathBuf;

use super::{Geometry, GeometryError, Topology};
use crate::suggest::{closest, Hint};

/// The `board=` value of a rules string: which kind of geometry to build.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// A grid with edges (square or rectangular).
    Square,
    /// A grid whose opposite edges are joined.
    Torus,
    /// A rhombus of hexagons.
    Hex,
    /// A graph read from a file (whose path has no comma: a rules string could not hold it).
    Graph(PathBuf),
}

impl BoardKind {
    /// The choices, for error messages.
    pub const CHOICES: &'static str = "square, torus, hex, graph:FILE";

    /// Builds the geometry of this kind at the given size (ignored by graphs).
    pub fn build(&self, width: u32, height: u32) -> Result<Geometry, GeometryError> {
        match self {
            BoardKind::Square => Geometry::rect(width, height),
            BoardKind::Torus => Geometry::torus(width, height),
            BoardKind::Hex => Geometry::hex(width, height),
            BoardKind::Graph(path) => Geometry::graph_file(path),
        }
    }

    /// The kind of an existing geometry.
    pub fn of(geometry: &Geometry) -> BoardKind {
        match geometry.topology() {
            Topology::Rect => BoardKind::Square,
            Topology::Torus => BoardKind::Torus,
            Topology::Hex => BoardKind::Hex,
            Topology::Graph => {
                BoardKind::Graph(PathBuf::from(geometry.graph_source().unwrap_or("")))
            }
        }
    }
}

impl fmt::Display for BoardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardKind::Square => f.write_str("square"),
            BoardKind::Torus => f.write_str("torus"),
            BoardKind::Hex => f.write_str("hex"),
            BoardKind::Graph(p) => write!(f, "graph:{}", p.display()),
        }
    }
}

/// A `board=` value that names no kind of board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseBoardKindError {
    /// A graph file path with a comma: a rules string, which separates its overrides with
    /// commas, could not hold it.
    #[error("graph file path {path:?} contains a comma, which separates the overrides of a rules string; rename the file")]
    CommaInPath {
        /// The path as given.
        path: String,
    },
    /// Not a kind of board.
    #[error("unknown board {text:?}{}; expected one of: {}", Hint(.suggestion), BoardKind::CHOICES)]
    Unknown {
        /// The text as given.
        text: String,
        /// The kind most like it, if one is like it ([`closest`](crate::closest)), written
        /// with the given path after `graph:`.
        suggestion: Option<String>,
    },
}

/// The kind most like a `board=` value that names none: `grpah:g.txt` suggests `graph:g.txt`.
fn suggest_kind(text: &str) -> Option<String> {
    let (kind, path) = match text.split_once(':') {
        Some((kind, path)) => (kind, Some(path)),
        None => (text, None),
    };
    match (closest(kind, ["square", "torus", "hex", "graph"])?, path) {
        ("graph", Some(path)) if !path.is_empty() => Some(format!("graph:{path}")),
        ("graph", _) => Some("graph:FILE".to_owned()),
        (kind, _) => Some(kind.to_owned()),
    }
}

impl std::str::FromStr for BoardKind {
    type Err = ParseBoardKindError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        match lower.as_str() {
            "square" | "rect" | "rectangular" | "grid" => Ok(BoardKind::Square),
            "torus" => Ok(BoardKind::Torus),
            "hex" => Ok(BoardKind::Hex),
            _ => match s.trim().split_once(':') {
                Some((kind, path)) if kind.eq_ignore_ascii_case("graph") && path.contains(',') => {
                    Err(ParseBoardKindError::CommaInPath {
                        path: path.to_owned(),
                    })
                }
                Some((kind, path)) if kind.eq_ignore_ascii_case("graph") && !path.is_empty() => {
                    Ok(BoardKind::Graph(PathBuf::from(path)))
                }
                _ => Err(ParseBoardKindError::Unknown {
                    text: s.to_owned(),
                    suggestion: suggest_kind(s.trim()),
                }),
            },
        }
    }
}
