//! The end of the game: how it ended ([`End`]), resignation, and the result and score of a
//! finished game.

use goishi_board::{Color, Move, MoveEffect, Turn};

use super::GoPosition;

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End {
    Passes,
    NoResult,
    Resigned(Color),
}

impl GoPosition {
    pub(super) fn do_resign(&mut self, color: Color) -> MoveEffect {
        let rec = self.begin_undo();
        self.end = Some(End::Resigned(color));
        self.side = color.opponent();
        self.history.push(Turn {
            color,
            mv: Move::Resign,
        });
        self.undo.push(rec);
        MoveEffect {
            ended: true,
            ..MoveEffect::default()
        }
    }
}
