//! Handicap stones: the fixed placement of GTP v2's `fixed_handicap`, and the range of a free
//! placement.
//!
//! GTP v2 (draft 2, section 4.1.1) places fixed handicap stones on square boards of size 7 or
//! more: at most 4 stones on 7x7 and on even sizes (they have no centre point), at most 9 on
//! odd sizes from 9x9. The stones go on the third line on boards up to 12x12 and on the fourth
//! line from 13x13, in this order (19x19 names):
//!
//! | stones | points |
//! |---|---|
//! | 2 | D4 Q16 |
//! | 3 | D4 Q16 D16 |
//! | 4 | D4 Q16 D16 Q4 |
//! | 5 | D4 Q16 D16 Q4 K10 |
//! | 6 | D4 Q16 D16 Q4 D10 Q10 |
//! | 7 | D4 Q16 D16 Q4 D10 Q10 K10 |
//! | 8 | D4 Q16 D16 Q4 D10 Q10 K4 K16 |
//! | 9 | D4 Q16 D16 Q4 D10 Q10 K4 K16 K10 |
//!
//! GTP stops at 25x25; goishi's boards go to 52x52 and keep the same rule. Rectangular, torus,
//! hex and graph boards have no standard points: use free placement there.
//!
//! A free placement (`place_free_handicap`, `set_free_handicap`) takes 2 stones up to the
//! number of points minus one.

use goishi_board::{Geometry, Point, Topology};

/// Why a handicap cannot be placed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandicapError {
    /// The board has no standard handicap points.
    #[error("the {board} board has no standard handicap points; fixed handicap needs a square board of size 7 or more (use free placement)")]
    NoStandardPoints {
        /// The board, as [`Geometry::describe`] names it.
        board: String,
    },
    /// Fixed placement of this many stones is not defined on this board.
    #[error("invalid fixed handicap {stones} on the {board} board; expected 2 to {max} stones")]
    FixedOutOfRange {
        /// The stones asked for.
        stones: u32,
        /// The most stones fixed placement puts on this board.
        max: u32,
        /// The board, as [`Geometry::describe`] names it.
        board: String,
    },
    /// A free placement of this many stones is not possible on this board.
    #[error("invalid free handicap {stones} on the {board} board; expected 2 to {max} stones")]
    FreeOutOfRange {
        /// The stones asked for.
        stones: u32,
        /// The most stones a free placement may put on this board.
        max: u64,
        /// The board, as [`Geometry::describe`] names it.
        board: String,
    },
    /// A board of this size leaves no room for a free handicap at all.
    #[error(
        "the {board} board has no room for a handicap; free placement needs at least 3 points"
    )]
    NoRoom {
        /// The board, as [`Geometry::describe`] names it.
        board: String,
    },
}

/// The most stones `fixed_handicap` places on `geometry` (an error if it places none).
pub fn max_fixed_handicap(geometry: &Geometry) -> Result<u32, HandicapError> {
    let size = geometry.width();
    if *geometry.topology() != Topology::Rect || geometry.height() != size || size < 7 {
        return Err(HandicapError::NoStandardPoints {
            board: geometry.describe(),
        });
    }
    Ok(if size == 7 || size % 2 == 0 { 4 } else { 9 })
}

/// The points of GTP's `fixed_handicap` for `stones` stones, in GTP's order.
pub fn fixed_handicap(geometry: &Geometry, stones: u32) -> Result<Vec<Point>, HandicapError> {
    let max = max_fixed_handicap(geometry)?;
    if !(2..=max).contains(&stones) {
        return Err(HandicapError::FixedOutOfRange {
            stones,
            max,
            board: geometry.describe(),
        });
    }
    let size = geometry.width();
    let low = if size >= 13 { 3 } else { 2 };
    let high = size - 1 - low;
    let mid = size / 2;
    // (column, row), 0-based from the bottom left.
    let corners = [(low, low), (high, high), (low, high), (high, low)];
    let sides = [(low, mid), (high, mid), (mid, low), (mid, high)];
    let centre = (mid, mid);
    let mut coords: Vec<(u32, u32)> = corners
        .iter()
        .take(stones.min(4) as usize)
        .copied()
        .collect();
    match stones {
        5 => coords.push(centre),
        6 => coords.extend_from_slice(&sides[..2]),
        7 => {
            coords.extend_from_slice(&sides[..2]);
            coords.push(centre);
        }
        8 => coords.extend_from_slice(&sides),
        9 => {
            coords.extend_from_slice(&sides);
            coords.push(centre);
        }
        _ => {}
    }
    Ok(coords
        .into_iter()
        .filter_map(|(x, y)| geometry.at(x, y))
        .collect())
}

/// Checks that `stones` handicap stones can be placed freely on `geometry`: 2 up to the number
/// of points minus one.
pub fn check_free_handicap(geometry: &Geometry, stones: u32) -> Result<(), HandicapError> {
    let max = geometry.num_points() as u64 - 1;
    if max < 2 {
        return Err(HandicapError::NoRoom {
            board: geometry.describe(),
        });
    }
    if stones < 2 || u64::from(stones) > max {
        return Err(HandicapError::FreeOutOfRange {
            stones,
            max,
            board: geometry.describe(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(size: u32, stones: u32) -> String {
        let g = Geometry::square(size).unwrap();
        fixed_handicap(&g, stones)
            .unwrap()
            .iter()
            .map(|&p| g.point_name(p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn gtp_table_on_19x19() {
        let expected = [
            "D4 Q16",
            "D4 Q16 D16",
            "D4 Q16 D16 Q4",
            "D4 Q16 D16 Q4 K10",
            "D4 Q16 D16 Q4 D10 Q10",
            "D4 Q16 D16 Q4 D10 Q10 K10",
            "D4 Q16 D16 Q4 D10 Q10 K4 K16",
            "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10",
        ];
        for (stones, want) in (2..=9).zip(expected) {
            assert_eq!(names(19, stones), want, "{stones} stones");
        }
    }

    #[test]
    fn smaller_boards() {
        assert_eq!(names(13, 9), "D4 K10 D10 K4 D7 K7 G4 G10 G7");
        assert_eq!(names(9, 2), "C3 G7");
        assert_eq!(names(9, 5), "C3 G7 C7 G3 E5");
        assert_eq!(names(9, 9), "C3 G7 C7 G3 C5 G5 E3 E7 E5");
        assert_eq!(names(7, 4), "C3 E5 C5 E3");
        assert_eq!(names(8, 3), "C3 F6 C6");
        assert_eq!(names(12, 4), "C3 K10 C10 K3");
        assert_eq!(names(25, 9), "D4 W22 D22 W4 D13 W13 N4 N22 N13");
    }

    #[test]
    fn fixed_errors() {
        let g = Geometry::square(19).unwrap();
        for n in [0, 1, 10, 400] {
            assert_eq!(
                fixed_handicap(&g, n),
                Err(HandicapError::FixedOutOfRange {
                    stones: n,
                    max: 9,
                    board: "19x19".into()
                })
            );
        }
        let err = fixed_handicap(&Geometry::square(8).unwrap(), 5).unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid fixed handicap 5 on the 8x8 board; expected 2 to 4 stones"
        );
        assert!(fixed_handicap(&Geometry::square(7).unwrap(), 5).is_err());
        for g in [
            Geometry::square(6).unwrap(),
            Geometry::square(1).unwrap(),
            Geometry::rect(19, 13).unwrap(),
            Geometry::torus(19, 19).unwrap(),
            Geometry::hex(11, 11).unwrap(),
        ] {
            let err = fixed_handicap(&g, 2).unwrap_err();
            assert!(
                matches!(err, HandicapError::NoStandardPoints { .. }),
                "{g:?}"
            );
        }
        assert_eq!(
            fixed_handicap(&Geometry::torus(9, 9).unwrap(), 2)
                .unwrap_err()
                .to_string(),
            "the torus 9x9 board has no standard handicap points; fixed handicap needs a square board of size 7 or more (use free placement)"
        );
    }

    #[test]
    fn free_range() {
        let g = Geometry::square(9).unwrap();
        assert_eq!(check_free_handicap(&g, 2), Ok(()));
        assert_eq!(check_free_handicap(&g, 80), Ok(()));
        assert_eq!(
            check_free_handicap(&g, 81).unwrap_err().to_string(),
            "invalid free handicap 81 on the 9x9 board; expected 2 to 80 stones"
        );
        assert!(check_free_handicap(&g, 1).is_err());
        assert!(check_free_handicap(&g, u32::MAX).is_err());
        assert_eq!(
            check_free_handicap(&Geometry::rect(3, 1).unwrap(), 2),
            Ok(())
        );
        for g in [Geometry::square(1).unwrap(), Geometry::rect(2, 1).unwrap()] {
            assert!(matches!(
                check_free_handicap(&g, 2),
                Err(HandicapError::NoRoom { .. })
            ));
        }
        let graph = Geometry::parse_graph("a b\nb c\nc d\n", "g").unwrap();
        assert_eq!(check_free_handicap(&graph, 3), Ok(()));
        assert!(check_free_handicap(&graph, 4).is_err());
    }
}
