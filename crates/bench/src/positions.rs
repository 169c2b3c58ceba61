//! The fixed mid-game positions: the same move lists replayed into every engine.

use goishi::{Color, Move, Point, Position};

use crate::engine::{playout, playout_rng, Coord, Engine, KoRule, NeutralMove};
use crate::goishi_engine::Goishi;

/// The seed of the first position's game; position `i` uses `POSITION_SEED + i`.
pub const POSITION_SEED: u64 = 20_261_129;

/// How many fixed positions each board size has.
pub const fn position_count(size: u32) -> usize {
    if size <= 9 {
        8
    } else {
        4
    }
}

/// A mid-game position as the moves that lead to it from the empty board, Black first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedPosition {
    /// The board is `size` x `size`.
    pub size: u32,
    /// The seed of the game it was cut from.
    pub seed: u64,
    /// The moves, engine-neutral.
    pub moves: Vec<NeutralMove>,
}

/// goishi with its empty points in point order, so that the games that make the fixed
/// positions do not depend on the order of goishi's internal empty-point list.
#[derive(Clone, Debug)]
struct InPointOrder(Goishi);

impl Engine for InPointOrder {
    type Point = Point;
    type Legal = Move;

    fn side_to_move(&self) -> Color {
        self.0.side_to_move()
    }
    fn empty_points(&self, out: &mut Vec<Point>) {
        self.0.empty_points(out);
        out.sort_unstable();
    }
    fn is_own_eye(&self, p: Point, color: Color) -> bool {
        self.0.is_own_eye(p, color)
    }
    fn try_play(&mut self, color: Color, p: Point) -> bool {
        self.0.try_play(color, p)
    }
    fn pass(&mut self, color: Color) {
        self.0.pass(color);
    }
    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.0.legal_moves(out);
    }
    fn legal_coord(&self, m: Move) -> Option<Coord> {
        self.0.legal_coord(m)
    }
    fn point(&self, at: Coord) -> Point {
        self.0.point(at)
    }
    fn coord(&self, p: Point) -> Coord {
        self.0.coord(p)
    }
    fn stone_at(&self, at: Coord) -> Option<Color> {
        self.0.stone_at(at)
    }
    fn size(&self) -> (u32, u32) {
        self.0.size()
    }
}

/// The game of `seed` on a `size` x `size` board under `ko` (goishi's `go/chinese` or
/// `go/chinese-ogs`), played by the playout policy over the empty points in point order:
/// every move.
pub fn seeded_game(ko: KoRule, size: u32, seed: u64) -> Vec<NeutralMove> {
    let mut game = InPointOrder(Goishi::with_ko(ko, size));
    let mut rng = playout_rng(seed, 0);
    let mut candidates = Vec::new();
    playout(&mut game, &mut rng, &mut candidates);
    let pos = &game.0 .0;
    pos.history()
        .iter()
        .map(|t| t.mv.point().map(|p| pos.geometry().coords(p)))
        .collect()
}

/// The fixed positions of a board size: the first third of each seeded game.
pub fn fixed_positions(size: u32) -> Vec<FixedPosition> {
    (0..position_count(size) as u64)
        .map(|i| {
            let seed = POSITION_SEED + i;
            let mut moves = seeded_game(KoRule::Simple, size, seed);
            moves.truncate(moves.len() / 3);
            FixedPosition { size, seed, moves }
        })
        .collect()
}
