//! The end of the game: how it ended ([`End`]), resignation, and the result and score of a
//! finished game.

use goishi_board::playout::{playout_result, PlayoutResult};
use goishi_board::{Color, Move, MoveEffect, Position, Turn};

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
        let mut rec = self.begin_undo();
        rec.extra = true;
        let extra = self.begin_extra();
        self.extras.push(extra);
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

    /// [`goishi_board::playout::playout_result`], with the board counted once: a game that
    /// two passes ended, or one that goes on, is counted by `score(&[])`, which gives both
    /// the winner and the margin (the outcome of a game ended by passes is that count's).
    pub(crate) fn counted_playout_result(&self) -> PlayoutResult {
        match self.end {
            None | Some(End::Passes) => {
                let s = self.score(&[]);
                PlayoutResult {
                    winner: s.result().winner(),
                    margin: s.black - s.white,
                }
            }
            Some(End::NoResult | End::Resigned(_)) => playout_result(self),
        }
    }
}
