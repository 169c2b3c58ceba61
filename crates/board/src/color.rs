//! Colours of stones and players.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The colour of a stone, and of the player who plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    /// Black, who moves first in an even game (`B` in text and JSON).
    #[serde(rename = "B")]
    Black,
    /// White (`W` in text and JSON).
    #[serde(rename = "W")]
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in diagrams: `X` for Black, `O` for White.
    pub const fn diagram_char(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// The letter used by SGF and GTP results: `B` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// The lower-case name, `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A colour name that is not `b`, `w`, `black` or `white`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid color {0:?}; expected one of: b, w, black, white")]
pub struct ParseColorError(pub String);

impl FromStr for Color {
    type Err = ParseColorError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Color::Black),
            "w" | "white" => Ok(Color::White),
            _ => Err(ParseColorError(s.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_display() {
        for (text, color) in [
            ("b", Color::Black),
            ("BLACK", Color::Black),
            ("w", Color::White),
        ] {
            assert_eq!(text.parse::<Color>().unwrap(), color);
        }
        assert_eq!(Color::Black.opponent(), Color::White);
        assert_eq!(Color::White.to_string(), "W");
        let err = "red".parse::<Color>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid color \"red\"; expected one of: b, w, black, white"
        );
    }
}
