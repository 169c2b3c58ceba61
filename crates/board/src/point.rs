//! Points and moves.

use std::fmt;

use crate::color::Color;
use crate::geometry::{Geometry, PointError};

/// A point of a geometry: an index from 0 to `num_points - 1`.
///
/// A point means nothing without its geometry; [`Geometry::point_name`] and
/// [`Geometry::parse_point`] convert to and from names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The point with this index. An index above `u16::MAX` gives the point `u16::MAX`,
    /// which is on no board (a board has at most 4,096 points), so that every function taking
    /// a point refuses it as off the board instead of wrapping it onto one.
    #[inline]
    pub const fn new(index: usize) -> Point {
        if index > u16::MAX as usize {
            Point(u16::MAX)
        } else {
            Point(index as u16)
        }
    }

    /// The index of the point.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The point with a `u16` index: every index of one is a point (on a board or not), so
/// engines that keep their indices as `u16` convert without [`Point::new`]'s clamp.
impl From<u16> for Point {
    #[inline]
    fn from(index: u16) -> Point {
        Point(index)
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A turn: put a stone on a point, pass, or resign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place a stone of the mover's colour.
    Place(Point),
    /// Pass.
    Pass,
    /// Resign: the game ends and the opponent wins.
    Resign,
}

impl Move {
    /// The point played, if any.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Place(p) => Some(p),
            _ => None,
        }
    }

    /// The move an action index names on a board of `points` points: the point of that index
    /// below `points`, pass from `points` on (the action spaces of the environment, the
    /// batched search and the Python package: one action a point, then pass).
    pub fn from_action(action: usize, points: usize) -> Move {
        if action < points {
            Move::Place(Point::new(action))
        } else {
            Move::Pass
        }
    }

    /// The action index of the move on a board of `points` points ([`Move::from_action`]'s
    /// inverse); `None` for resign, which is no action.
    pub fn action(self, points: usize) -> Option<usize> {
        match self {
            Move::Place(p) => Some(p.index()),
            Move::Pass => Some(points),
            Move::Resign => None,
        }
    }

    /// The GTP form: a vertex, `pass` or `resign`.
    pub fn name(self, geometry: &Geometry) -> String {
        match self {
            Move::Place(p) => geometry.point_name(p),
            Move::Pass => "pass".to_owned(),
            Move::Resign => "resign".to_owned(),
        }
    }

    /// [`Move::name`] kept inline, without allocating (what a [`PlayError`] carries).
    ///
    /// [`PlayError`]: crate::PlayError
    pub fn short_name(self, geometry: &Geometry) -> MoveName {
        let mut name = MoveName::EMPTY;
        // Every name fits: a vertex has at most 4 characters, a graph point's name at most
        // 16, an off-board index at most 6; a longer one would be cut.
        let _ = match self {
            Move::Place(p) => geometry.write_point_name(p, &mut name),
            Move::Pass => fmt::Write::write_str(&mut name, "pass"),
            Move::Resign => fmt::Write::write_str(&mut name, "resign"),
        };
        name
    }

    /// Parses the GTP form (case-insensitive).
    pub fn parse(geometry: &Geometry, text: &str) -> Result<Move, PointError> {
        if text.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else if text.eq_ignore_ascii_case("resign") {
            Ok(Move::Resign)
        } else {
            geometry.parse_point(text).map(Move::Place)
        }
    }
}

/// A move together with the colour that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The player who moved.
    pub color: Color,
    /// The move: a placement or a pass.
    pub mv: Move,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An index past `u16::MAX` becomes a point on no board, not one wrapped onto it.
    #[test]
    fn indices_past_u16_stay_off_every_board() {
        assert_eq!(Point::new(0).index(), 0);
        assert_eq!(Point::new(65_535).index(), 65_535);
        assert_eq!(Point::new(65_536).index(), 65_535);
        assert_eq!(Point::new(usize::MAX).index(), 65_535);
    }

    /// Actions and moves go both ways: every point's index, pass at the board's size.
    #[test]
    fn actions_name_points_then_pass() {
        for points in [1, 49, 361] {
            for action in 0..=points {
                let mv = Move::from_action(action, points);
                assert_eq!(mv.action(points), Some(action));
                assert_eq!(mv == Move::Pass, action == points);
            }
        }
        assert_eq!(Move::Resign.action(81), None);
    }
}

/// A move's name as the board writes it (`D4`, `pass`, a graph point's name), held inline in
/// 16 bytes so that a value that carries it stays `Copy` and costs no allocation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveName {
    len: u8,
    bytes: [u8; MoveName::CAPACITY],
}

impl MoveName {
    /// The longest name kept (a graph point's name has at most 16 characters).
    pub const CAPACITY: usize = 16;

    const EMPTY: MoveName = MoveName {
        len: 0,
        bytes: [0; MoveName::CAPACITY],
    };

    /// The name.
    pub fn as_str(&self) -> &str {
        // Only whole UTF-8 characters are ever written (see `write_str`).
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl fmt::Write for MoveName {
    /// Appends what fits, whole characters only.
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            let at = usize::from(self.len);
            if at + c.len_utf8() > MoveName::CAPACITY {
                return Err(fmt::Error);
            }
            c.encode_utf8(&mut self.bytes[at..]);
            self.len += c.len_utf8() as u8;
        }
        Ok(())
    }
}

impl fmt::Display for MoveName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for MoveName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}
