//! The `goban` crate behind the [`Engine`] adapter: a `Game` with the `JAPANESE` preset
//! (simple ko, suicide forbidden) or the `CHINESE` preset (superko, suicide forbidden).

use goban::pieces::stones::Color as GobanColor;
use goban::rules::game::Game;
use goban::rules::{GobanSizes, Move, CHINESE, JAPANESE};
use goishi::Color;
use goishi_bench::engine::{Coord, Engine, KoRule};

/// A goban game. Its points are goban's `(row, column)` pairs, row 0 at the top.
#[derive(Clone, Debug)]
pub struct Goban {
    pub game: Game,
    size: u32,
}

impl Goban {
    /// A new game on a `size` x `size` board (at most 19) under the preset closest to `ko`.
    pub fn with_ko(ko: KoRule, size: u32) -> Goban {
        let rule = match ko {
            KoRule::Simple => JAPANESE,
            KoRule::Positional => CHINESE,
        };
        let side = size as usize;
        Goban {
            game: Game::new(GobanSizes::Custom(side, side), rule),
            size,
        }
    }
}

fn to_goishi(c: GobanColor) -> Color {
    match c {
        GobanColor::Black => Color::Black,
        GobanColor::White => Color::White,
    }
}

impl Engine for Goban {
    type Point = (u8, u8);
    type Legal = (u8, u8);

    #[inline]
    fn side_to_move(&self) -> Color {
        to_goishi(self.game.turn())
    }

    #[inline]
    fn empty_points(&self, out: &mut Vec<(u8, u8)>) {
        out.clear();
        out.extend(self.game.pseudo_legals());
    }

    #[inline]
    fn is_own_eye(&self, p: (u8, u8), color: Color) -> bool {
        self.game.goban().get_color(p).is_none()
            && self
                .game
                .goban()
                .get_connected_points(p)
                .all(|n| n.color.map(to_goishi) == Some(color))
    }

    #[inline]
    fn try_play(&mut self, color: Color, p: (u8, u8)) -> bool {
        debug_assert_eq!(color, self.side_to_move());
        self.game.try_play(Move::Play(p.0, p.1)).is_ok()
    }

    #[inline]
    fn pass(&mut self, color: Color) {
        debug_assert_eq!(color, self.side_to_move());
        self.game.play(Move::Pass);
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<(u8, u8)>) {
        out.clear();
        out.extend(self.game.legals());
    }

    fn legal_coord(&self, m: (u8, u8)) -> Option<Coord> {
        Some(self.coord(m))
    }

    fn point(&self, (x, y): Coord) -> (u8, u8) {
        ((self.size - 1 - y) as u8, x as u8)
    }

    fn coord(&self, (row, column): (u8, u8)) -> Coord {
        (u32::from(column), self.size - 1 - u32::from(row))
    }

    fn stone_at(&self, at: Coord) -> Option<Color> {
        self.game.goban().get_color(self.point(at)).map(to_goishi)
    }

    fn size(&self) -> (u32, u32) {
        (self.size, self.size)
    }
}
