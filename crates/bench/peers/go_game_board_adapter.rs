//! The `go_game_board` crate (a port of libEGo's playout board) behind the [`Engine`]
//! adapter: simple ko, suicide forbidden, the only rules it has.

use go_game_board::{Board, Color as EgoColor, Player, Vertex};
use goishi::Color;
use goishi_bench::engine::{Coord, Engine};

/// A go_game_board board. Its vertices are built from `(row, column)`, row 0 at the top.
#[derive(Clone)]
pub struct GoGameBoard {
    pub board: Board,
    size: u32,
}

impl std::fmt::Debug for GoGameBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GoGameBoard({0}x{0})", self.size)
    }
}

impl GoGameBoard {
    /// An empty `size` x `size` board (at most 19).
    pub fn new(size: u32) -> GoGameBoard {
        GoGameBoard {
            board: Board::with_size(size as usize, size as usize),
            size,
        }
    }
}

#[inline]
fn player(c: Color) -> Player {
    match c {
        Color::Black => Player::Black,
        Color::White => Player::White,
    }
}

impl Engine for GoGameBoard {
    type Point = Vertex;
    type Legal = Vertex;

    #[inline]
    fn side_to_move(&self) -> Color {
        match self.board.act_player() {
            Player::Black => Color::Black,
            Player::White => Color::White,
        }
    }

    #[inline]
    fn empty_points(&self, out: &mut Vec<Vertex>) {
        out.clear();
        out.extend((0..self.board.empty_vertex_count()).map(|i| self.board.empty_vertex(i)));
    }

    #[inline]
    fn is_own_eye(&self, v: Vertex, color: Color) -> bool {
        let own = EgoColor::from(player(color));
        self.board.color_at(v) == EgoColor::Empty
            && [v.up(), v.down(), v.left(), v.right()]
                .into_iter()
                .all(|n| {
                    let c = self.board.color_at(n);
                    c == own || c == EgoColor::OffBoard
                })
    }

    #[inline]
    fn try_play(&mut self, color: Color, v: Vertex) -> bool {
        let pl = player(color);
        if self.board.is_legal(pl, v) {
            self.board.play_legal(pl, v);
            true
        } else {
            false
        }
    }

    #[inline]
    fn pass(&mut self, color: Color) {
        self.board.play_legal(player(color), Vertex::pass());
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<Vertex>) {
        out.clear();
        let pl = self.board.act_player();
        for i in 0..self.board.empty_vertex_count() {
            let v = self.board.empty_vertex(i);
            if self.board.is_legal(pl, v) {
                out.push(v);
            }
        }
    }

    fn legal_coord(&self, v: Vertex) -> Option<Coord> {
        Some(self.coord(v))
    }

    fn point(&self, (x, y): Coord) -> Vertex {
        Vertex::from_coords((self.size - 1 - y) as isize, x as isize)
    }

    fn coord(&self, v: Vertex) -> Coord {
        (v.column() as u32, self.size - 1 - v.row() as u32)
    }

    fn stone_at(&self, at: Coord) -> Option<Color> {
        match self.board.color_at(self.point(at)) {
            EgoColor::Black => Some(Color::Black),
            EgoColor::White => Some(Color::White),
            _ => None,
        }
    }

    fn size(&self) -> (u32, u32) {
        (self.size, self.size)
    }
}
