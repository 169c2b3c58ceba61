//! Text diagrams: `X` black, `O` white, `.` empty, top row first.
//!
//! The one board notation of goishi: tests, case files, docs and the CLI all read and write
//! it. Cells may be separated by spaces or not. A header line of column letters (starting with
//! `A`) is skipped, and row numbers at either end of a row are ignored, so a diagram printed
//! with coordinates reads back. `+` is read as an empty point (a star point), and `*` as a
//! stone of the marked colour (the one just played, in the contact-capture cases).

use std::fmt::Write as _;

use crate::board::color_of;
use crate::board::Board;
use crate::color::Color;
use crate::geometry::{column_letters, Geometry, Topology};
use crate::point::Point;

/// A parsed diagram, before it is put on a geometry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// Number of columns.
    pub width: u32,
    /// Number of rows.
    pub height: u32,
    /// Cells in point order: index `y * width + x`, `y = 0` the bottom row.
    pub cells: Vec<Option<Color>>,
    /// The points drawn as `*`, in point order.
    pub marks: Vec<Point>,
}

/// What is wrong with a diagram.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// The text has no row of points (only blank or coordinate lines).
    #[error("the diagram has no row")]
    Empty,
    /// A row has another number of points than the first.
    #[error("diagram row {row} has {found} points, the first row has {expected}")]
    Ragged {
        /// The row, counted from 1 at the top of the text.
        row: usize,
        /// The points of that row.
        found: usize,
        /// The points of the first row.
        expected: usize,
    },
    /// A row holds a character that is neither a point nor a mark.
    #[error("diagram row {row}: unexpected character {ch:?}; expected X, O, . (or + and *)")]
    BadChar {
        /// The row, counted from 1 at the top of the text.
        row: usize,
        /// The character.
        ch: char,
    },
    /// More rows or columns than a board may have (52, or a graph's point limit for a
    /// diagram of one row).
    #[error("the diagram is {width}x{height}, larger than 52x52")]
    TooLarge {
        /// The points of a row.
        width: usize,
        /// The rows.
        height: usize,
    },
    /// The diagram's size is not the board's it is put on ([`Diagram::to_board`]).
    #[error("the diagram is {found}, the board is {expected}")]
    SizeMismatch {
        /// The diagram's size, `WxH`.
        found: String,
        /// The board, as [`Geometry::describe`] names it.
        expected: String,
    },
}

impl Diagram {
    /// Parses a diagram; `*` cells become stones of `mark_color`.
    pub fn parse(text: &str, mark_color: Color) -> Result<Diagram, DiagramError> {
        let mut rows: Vec<Vec<char>> = Vec::new();
        for line in text.lines() {
            let t = line.trim();
            if t.is_empty()
                || (t.starts_with('A') && t.chars().all(|c| c.is_ascii_alphabetic() || c == ' '))
            {
                continue;
            }
            let t = t.trim_matches(|c: char| c.is_ascii_digit() || c.is_whitespace());
            let row: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).collect();
            for &ch in &row {
                if !matches!(ch, 'X' | 'O' | '.' | '+' | '*') {
                    return Err(DiagramError::BadChar {
                        row: rows.len() + 1,
                        ch,
                    });
                }
            }
            rows.push(row);
        }
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if height == 0 || width == 0 {
            return Err(DiagramError::Empty);
        }
        if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
            return Err(DiagramError::Ragged {
                row: i + 1,
                found: r.len(),
                expected: width,
            });
        }
        // A graph board draws as one row of up to 4096 points; a grid is at most 52x52.
        if height > 52 || (height > 1 && width > 52) || width > crate::geometry::MAX_GRAPH_POINTS {
            return Err(DiagramError::TooLarge { width, height });
        }
        let mut cells = vec![None; width * height];
        let mut marks = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let y = height - 1 - r;
            for (x, &ch) in row.iter().enumerate() {
                let i = y * width + x;
                cells[i] = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    '*' => {
                        marks.push(Point::new(i));
                        Some(mark_color)
                    }
                    _ => None,
                };
            }
        }
        marks.sort();
        Ok(Diagram {
            width: width as u32,
            height: height as u32,
            cells,
            marks,
        })
    }

    /// Puts the diagram's stones on an empty board of `geometry`, whose size must match.
    pub fn to_board(&self, geometry: &Geometry) -> Result<Board, DiagramError> {
        if geometry.width() != self.width
            || geometry.height() != self.height
            || self.cells.len() != geometry.num_points()
        {
            return Err(DiagramError::SizeMismatch {
                found: format!("{}x{}", self.width, self.height),
                expected: geometry.describe(),
            });
        }
        let mut board = Board::new(geometry.clone());
        for (i, &c) in self.cells.iter().enumerate() {
            if c.is_some() {
                board.set(Point::new(i), c);
            }
        }
        Ok(board)
    }
}

pub(crate) fn render(board: &Board, coordinates: bool) -> String {
    let g = board.geometry();
    let (w, h) = (g.width(), g.height());
    let cells = board.cells();
    let mut out = String::with_capacity(((2 * w + 8) * (h + 2)) as usize);
    let coordinates = coordinates && *g.topology() != Topology::Graph;
    let col_width = if w > 25 { 2 } else { 1 };
    if coordinates {
        push_header(&mut out, w, col_width);
    }
    for y in (0..h).rev() {
        if coordinates {
            // The row number right-aligned in two characters, then a space.
            push_number(&mut out, y + 1, 2);
            out.push(' ');
        }
        for x in 0..w {
            if x > 0 {
                out.push(' ');
            }
            if col_width == 2 {
                out.push(' ');
            }
            out.push(match color_of(cells[(y * w + x) as usize]) {
                Some(c) => c.diagram_char(),
                None => '.',
            });
        }
        if coordinates {
            out.push(' ');
            push_number(&mut out, y + 1, 0);
        }
        out.push('\n');
    }
    if coordinates {
        push_header(&mut out, w, col_width);
    }
    out
}

/// The line of column letters: three spaces, then each column's letters right-aligned in
/// `col_width` characters and a space, the trailing spaces cut, then a new line.
fn push_header(out: &mut String, w: u32, col_width: usize) {
    let start = out.len();
    out.push_str("   ");
    for x in 0..w {
        let (letters, len) = column_letters(x);
        for _ in len..col_width {
            out.push(' ');
        }
        for &b in &letters[..len] {
            out.push(char::from(b));
        }
        out.push(' ');
    }
    let kept = out[start..].trim_end().len();
    out.truncate(start + kept);
    out.push('\n');
}

/// `n` in decimal, right-aligned in `width` characters.
fn push_number(out: &mut String, n: u32, width: usize) {
    if n < 10 {
        if width > 1 {
            out.push(' ');
        }
        out.push(char::from(b'0' + n as u8));
    } else {
        let _ = write!(out, "{n:>width$}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::column_name;

    /// The diagram as it was first written (`format!` per column and row): [`render`] writes
    /// the same text without them.
    fn render_plainly(board: &Board, coordinates: bool) -> String {
        let g = board.geometry();
        let (w, h) = (g.width(), g.height());
        let cell = |x: u32, y: u32| {
            board
                .get(Point::new((y * w + x) as usize))
                .map_or('.', Color::diagram_char)
        };
        let mut out = String::new();
        let coordinates = coordinates && *g.topology() != Topology::Graph;
        let col_width = if w > 25 { 2 } else { 1 };
        let header = if coordinates {
            let mut s = String::from("   ");
            for x in 0..w {
                let _ = write!(s, "{:>col_width$} ", column_name(x));
            }
            s.truncate(s.trim_end().len());
            s.push('\n');
            s
        } else {
            String::new()
        };
        out.push_str(&header);
        for y in (0..h).rev() {
            if coordinates {
                let _ = write!(out, "{:>2} ", y + 1);
            }
            for x in 0..w {
                if x > 0 {
                    out.push(' ');
                }
                if col_width == 2 {
                    out.push(' ');
                }
                out.push(cell(x, y));
            }
            if coordinates {
                let _ = write!(out, " {}", y + 1);
            }
            out.push('\n');
        }
        out.push_str(&header);
        out
    }

    #[test]
    fn diagrams_are_written_as_the_plain_formatting_writes_them() {
        let mut seed = 18u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        for (w, h) in [
            (1, 1),
            (2, 7),
            (9, 9),
            (13, 5),
            (19, 19),
            (25, 3),
            (26, 26),
            (52, 52),
        ] {
            for g in [
                Geometry::rect(w, h),
                Geometry::torus(w, h),
                Geometry::hex(w, h),
            ]
            .into_iter()
            .flatten()
            {
                let mut board = Board::new(g.clone());
                for p in g.points() {
                    board.set(
                        p,
                        [None, Some(Color::Black), Some(Color::White)][(next() % 3) as usize],
                    );
                }
                for coordinates in [false, true] {
                    assert_eq!(
                        render(&board, coordinates),
                        render_plainly(&board, coordinates),
                        "{w}x{h} {}, coordinates {coordinates}",
                        g.describe()
                    );
                }
            }
        }
    }

    #[test]
    fn cells_that_do_not_fill_the_board_are_refused() {
        let g = Geometry::rect(3, 2).unwrap();
        for len in [5, 7] {
            let d = Diagram {
                width: 3,
                height: 2,
                cells: vec![Some(Color::Black); len],
                marks: Vec::new(),
            };
            assert!(d.to_board(&g).is_err(), "{len} cells");
        }
    }

    #[test]
    fn round_trip() {
        let text = ". . X\nO . .\n";
        let d = Diagram::parse(text, Color::Black).unwrap();
        assert_eq!((d.width, d.height), (3, 2));
        let g = Geometry::rect(3, 2).unwrap();
        let board = d.to_board(&g).unwrap();
        assert_eq!(board.get(g.parse_point("C2").unwrap()), Some(Color::Black));
        assert_eq!(board.get(g.parse_point("A1").unwrap()), Some(Color::White));
        assert_eq!(board.diagram(), text);
        let with = board.diagram_with_coordinates();
        assert_eq!(with, "   A B C\n 2 . . X 2\n 1 O . . 1\n   A B C\n");
        assert_eq!(Diagram::parse(&with, Color::Black).unwrap(), d);
    }

    #[test]
    fn compact_rows_and_marks() {
        let d = Diagram::parse("X*O\n+..", Color::White).unwrap();
        assert_eq!(d.marks, vec![Point::new(4)]);
        assert_eq!(d.cells[4], Some(Color::White));
    }

    #[test]
    fn errors() {
        assert_eq!(Diagram::parse("", Color::Black), Err(DiagramError::Empty));
        assert_eq!(
            Diagram::parse(". .\n.", Color::Black)
                .unwrap_err()
                .to_string(),
            "diagram row 2 has 1 points, the first row has 2"
        );
        assert!(matches!(
            Diagram::parse(". Q", Color::Black),
            Err(DiagramError::BadChar { row: 1, ch: 'Q' })
        ));
        let d = Diagram::parse("..", Color::Black).unwrap();
        assert!(d.to_board(&Geometry::square(2).unwrap()).is_err());
    }
}
