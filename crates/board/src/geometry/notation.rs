//! The notation of points: GTP vertices (`D4`, `AB12`), column names, board sizes (`19`,
//! `19x13`) and SGF coordinates (`dd`), read and written, with the errors of a bad name.

use super::{Geometry, GeometryError, Topology, MAX_SIDE};
use crate::point::Point;

/// Column letters of GTP vertices: `A` to `Z` without `I`.
const GTP_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
/// Letters of SGF coordinates, in order: `a` to `z`, then `A` to `Z`.
pub const SGF_LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Why a point's name (a GTP vertex, an SGF coordinate, a graph point's name) names no point
/// of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PointError {
    /// Text that is not a GTP vertex at all (the text as given).
    #[error("invalid vertex {0:?}; expected a column letter (A to Z without I, then AA, AB, ...) and a row number, like D4")]
    BadVertex(String),
    /// A well-formed vertex or SGF coordinate beyond the board's columns or rows.
    #[error("vertex {text} is off the {width}x{height} board")]
    OffBoard {
        /// The GTP vertex as written out (`K10`, whatever its case as read), or the SGF
        /// coordinate as read.
        text: String,
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
    },
    /// A name that no point of the graph board has.
    #[error("unknown point {0:?} on this graph board")]
    UnknownGraphPoint(String),
    /// Text that is not an SGF coordinate (two letters) at all.
    #[error("invalid SGF coordinate {0:?}; expected two letters a-z or A-Z")]
    BadSgf(String),
}
impl Geometry {
    /// a point off the board (index N), so that a message refusing it can name it.
    pub fn point_name(&self, p: Point) -> String {
        let mut name = String::new();
        // Writing into a String cannot fail.
        let _ = self.write_point_name(p, &mut name);
        name
    }

    /// Writes [`Geometry::point_name`] into `out` without allocating.
    pub fn write_point_name(&self, p: Point, out: &mut impl std::fmt::Write) -> std::fmt::Result {
        if p.index() >= self.num_points() {
            // Off the board (in the message that refuses it): its index.
            return write!(out, "#{}", p.index());
        }
        if self.0.topology == Topology::Graph {
            return out.write_str(&self.0.graph_names[p.index()]);
        }
        let (x, y) = self.coords(p);
        let x = x as usize;
        if x >= 25 {
            out.write_char(GTP_LETTERS[(x / 25 - 1) % 25] as char)?;
        }
        out.write_char(GTP_LETTERS[x % 25] as char)?;
        write!(out, "{}", y + 1)
    }

    /// Parses a GTP vertex (case-insensitive) or a graph point name.
    pub fn parse_point(&self, text: &str) -> Result<Point, PointError> {
        if self.0.topology == Topology::Graph {
            return self
                .0
                .graph_index
                .get(text)
                .copied()
                .ok_or_else(|| PointError::UnknownGraphPoint(text.to_owned()));
        }
        let bad = || PointError::BadVertex(text.to_owned());
        let split = text
            .find(|c: char| !c.is_ascii_alphabetic())
            .ok_or_else(bad)?;
        let (letters, digits) = text.split_at(split);
        let x = parse_column(letters).ok_or_else(bad)?;
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: u32 = digits.parse().map_err(|_| bad())?;
        if row == 0 {
            return Err(bad());
        }
        self.at(x, row - 1).ok_or_else(|| PointError::OffBoard {
            // Named as vertices are written: `k010` is K10.
            text: format!("{}{row}", letters.to_ascii_uppercase()),
            width: self.0.width,
            height: self.0.height,
        })
    }

    /// The SGF coordinate of a grid point (`aa` is the top-left corner), or of a graph point
    /// by its index in the single row; `None` for a point off the board or past the 52
    /// letters SGF has (a graph of more than 52 points).
    pub fn sgf_coord(&self, p: Point) -> Option<String> {
        let letters = self.sgf_letters(p)?;
        Some(letters.iter().map(|&b| char::from(b)).collect())
    }

    /// The two ASCII letters of [`Geometry::sgf_coord`], without a string.
    pub fn sgf_letters(&self, p: Point) -> Option<[u8; 2]> {
        if p.index() >= self.num_points() {
            return None;
        }
        let (x, y) = self.coords(p);
        let sy = self.0.height - 1 - y;
        let letter = |i: u32| SGF_LETTERS.get(i as usize).copied();
        Some([letter(x)?, letter(sy)?])
    }

    /// Parses an SGF coordinate; `None` is not returned for `tt`: the caller decides whether
    /// `tt` means a pass.
    pub fn parse_sgf_coord(&self, text: &str) -> Result<Point, PointError> {
        let bad = || PointError::BadSgf(text.to_owned());
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(bad());
        }
        let pos = |b: u8| SGF_LETTERS.iter().position(|&l| l == b).map(|i| i as u32);
        let (x, sy) = (
            pos(bytes[0]).ok_or_else(bad)?,
            pos(bytes[1]).ok_or_else(bad)?,
        );
        if x >= self.0.width || sy >= self.0.height {
            return Err(PointError::OffBoard {
                text: text.to_owned(),
                width: self.0.width,
                height: self.0.height,
            });
        }
        Ok(Point::new(
            ((self.0.height - 1 - sy) * self.0.width + x) as usize,
        ))
    }
}

/// The GTP column name of column `x` (0-based): `A`..`Z` without `I`, then `AA`, `AB`, ...
pub fn column_name(x: u32) -> String {
    let (letters, len) = column_letters(x);
    letters[..len].iter().map(|&b| char::from(b)).collect()
}

/// The letters of [`column_name`] (one or two), without allocating.
pub(crate) fn column_letters(x: u32) -> ([u8; 2], usize) {
    let x = x as usize;
    if x < 25 {
        ([GTP_LETTERS[x], 0], 1)
    } else {
        ([GTP_LETTERS[(x / 25 - 1) % 25], GTP_LETTERS[x % 25]], 2)
    }
}

fn parse_column(letters: &str) -> Option<u32> {
    let pos = |b: u8| {
        GTP_LETTERS
            .iter()
            .position(|&l| l == b.to_ascii_uppercase())
            .map(|i| i as u32)
    };
    match letters.as_bytes() {
        [a] => pos(*a),
        [a, b] => Some((pos(*a)? + 1) * 25 + pos(*b)?),
        _ => None,
    }
}

/// A size as rules strings and GTP write it (what [`parse_size`] reads): `19`
/// for a square, `19x13` otherwise.
pub fn size_text((w, h): (u32, u32)) -> String {
    if w == h {
        w.to_string()
    } else {
        format!("{w}x{h}")
    }
}

/// Parses a board size: `19` or `19x13` (width x height).
pub fn parse_size(text: &str) -> Result<(u32, u32), GeometryError> {
    let bad = || GeometryError::BadSize(text.to_owned());
    let t = text.trim();
    let (w, h) = match t.split_once(['x', 'X', ':']) {
        Some((w, h)) => (w.trim(), h.trim()),
        None => (t, t),
    };
    let num = |s: &str| -> Result<u64, GeometryError> {
        if s.is_empty() || s.len() > 12 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse::<u64>().map_err(|_| bad())
    };
    let (w, h) = (num(w)?, num(h)?);
    if !(1..=u64::from(MAX_SIDE)).contains(&w) || !(1..=u64::from(MAX_SIDE)).contains(&h) {
        return Err(GeometryError::SizeOutOfRange {
            width: w,
            height: h,
        });
    }
    Ok((w as u32, h as u32))
}
