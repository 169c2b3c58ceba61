//! The `go_game_board` crate (a port of libEGo's playout board) behind the [`Engine`]
//! adapter: simple ko, suicide forbidden, the only rules it has.

use go_game_board::fast_random::FastRandom;
use go_game_board::{Board, Color as EgoColor, Gammas, Player, Sampler, Vertex};
use goishi::Color;
use goishi_bench::engine::{Coord, Engine};
use goishi_bench::native::NativeEngine;

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
        color_of(self.board.act_player())
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

/// go_game_board through its own API, for the second harness: its empty-vertex list, its 3x3
/// pattern's eye test (`Hash3x3::is_eyelike`) and its `is_legal`.
impl NativeEngine for GoGameBoard {
    type Point = Vertex;

    #[inline(always)]
    fn to_move(&self) -> Color {
        self.side_to_move()
    }

    #[inline(always)]
    fn empty_count(&self) -> usize {
        self.board.empty_vertex_count()
    }

    #[inline(always)]
    fn empty_at(&self, i: usize) -> Vertex {
        self.board.empty_vertex(i)
    }

    #[inline(always)]
    fn copy_empties(&self, out: &mut Vec<Vertex>) {
        out.clear();
        out.extend((0..self.board.empty_vertex_count()).map(|i| self.board.empty_vertex(i)));
    }

    #[inline(always)]
    fn try_native(&mut self, color: Color, v: Vertex) -> bool {
        let pl = player(color);
        if self.board.hash3x3_at(v).is_eyelike(pl) || !self.board.is_legal(pl, v) {
            return false;
        }
        self.board.play_legal(pl, v);
        true
    }

    #[inline(always)]
    fn pass_native(&mut self, color: Color) {
        self.board.play_legal(player(color), Vertex::pass());
    }
}

/// go_game_board's own playout loop, for reference beside the second harness: libEGo's
/// sampler (`Sampler`, uniform over the moves its 3x3 patterns call legal and not an eye, the
/// neighbours of the last move ten times as likely) with its own generator (`FastRandom`),
/// from its empty board reloaded before each playout (`Board::load`). Ends after two passes
/// or `cap` moves.
pub struct SamplerPlayouts {
    empty: Board,
    board: Board,
    gammas: Gammas,
    sampler: Sampler,
}

impl SamplerPlayouts {
    /// Playouts on an empty `size` x `size` board.
    pub fn new(size: u32) -> SamplerPlayouts {
        let empty = Board::with_size(size as usize, size as usize);
        let gammas = Gammas::new();
        let sampler = Sampler::new(&empty, &gammas);
        SamplerPlayouts {
            board: empty.clone(),
            empty,
            gammas,
            sampler,
        }
    }

    /// Plays `count` playouts, playout `i` with the generator seeded `base + i`; returns the
    /// moves made in all, passes included. `seen` is told every move of every playout (the
    /// board after it, the colour, the vertex).
    pub fn batch(
        &mut self,
        base: u64,
        count: u64,
        cap: usize,
        mut seen: impl FnMut(&Board, Color, Vertex),
    ) -> usize {
        let mut moves = 0;
        for i in 0..count {
            self.board.load(&self.empty);
            self.sampler.new_playout(&self.board, &self.gammas);
            let mut random = FastRandom::new(base.wrapping_add(i) as u32 | 1);
            let mut made = 0;
            while made < cap && !self.board.both_player_pass() {
                let pl = self.board.act_player();
                let v = self.sampler.sample_move(&self.board, &mut random);
                self.board.play_legal(pl, v);
                self.sampler.move_played(&self.board, &self.gammas);
                made += 1;
                seen(&self.board, color_of(pl), v);
            }
            moves += made;
        }
        moves
    }
}

#[inline]
fn color_of(p: Player) -> Color {
    match p {
        Player::Black => Color::Black,
        Player::White => Color::White,
    }
}

/// go_game_board under the plain eye rule of the first harness (every neighbour the mover's,
/// the adapter's `Engine::is_own_eye`) in the second harness's loop: the same games as
/// goishi's own there, for the comparison of the two loops.
#[derive(Clone, Debug)]
pub struct PlainEyes(pub GoGameBoard);

impl NativeEngine for PlainEyes {
    type Point = Vertex;

    #[inline(always)]
    fn to_move(&self) -> Color {
        self.0.to_move()
    }

    #[inline(always)]
    fn empty_count(&self) -> usize {
        self.0.empty_count()
    }

    #[inline(always)]
    fn empty_at(&self, i: usize) -> Vertex {
        self.0.empty_at(i)
    }

    #[inline(always)]
    fn copy_empties(&self, out: &mut Vec<Vertex>) {
        self.0.copy_empties(out);
    }

    #[inline(always)]
    fn try_native(&mut self, color: Color, v: Vertex) -> bool {
        !Engine::is_own_eye(&self.0, v, color) && Engine::try_play(&mut self.0, color, v)
    }

    #[inline(always)]
    fn pass_native(&mut self, color: Color) {
        self.0.pass_native(color);
    }
}
