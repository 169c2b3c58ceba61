//! Everything observable about a position, to check that a refused move or an undo changed
//! nothing.

use std::fmt::Write as _;

use goishi_board::{Board, Color, GameResult, Move, Position, Score, Turn};

/// The observable state of a position: board (with its hash), side to move, history,
/// prisoners, outcome, score with no dead stones, and the legal moves of the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub board: Board,
    pub hash: u64,
    pub to_move: Color,
    pub history: Vec<Turn>,
    pub captures: [u32; 2],
    pub outcome: Option<GameResult>,
    pub score: Score,
    pub legal: Vec<Move>,
}

impl Snapshot {
    /// Takes the snapshot of `position`.
    pub fn of(position: &dyn Position) -> Snapshot {
        let mut legal = Vec::new();
        position.legal_moves(&mut legal);
        Snapshot {
            board: position.board().clone(),
            hash: position.board().hash(),
            to_move: position.side_to_move(),
            history: position.history().to_vec(),
            captures: [
                position.captures(Color::Black),
                position.captures(Color::White),
            ],
            outcome: position.outcome(),
            score: position.score(&[]),
            legal,
        }
    }

    /// What differs between `self` (expected) and `other` (actual), one line per field, with
    /// both diagrams when the boards differ; empty when they are equal.
    pub fn diff(&self, other: &Snapshot) -> String {
        let mut out = String::new();
        let g = self.board.geometry();
        if self.board != other.board {
            let _ = write!(
                out,
                "board differs\n  expected:\n{}  actual:\n{}",
                indent(&self.board.diagram()),
                indent(&other.board.diagram())
            );
        }
        if self.hash != other.hash {
            let _ = writeln!(
                out,
                "hash differs: expected {:#018x}, actual {:#018x}",
                self.hash, other.hash
            );
        }
        if self.to_move != other.to_move {
            let _ = writeln!(
                out,
                "side to move differs: expected {}, actual {}",
                self.to_move, other.to_move
            );
        }
        if self.history != other.history {
            let _ = writeln!(
                out,
                "history differs: expected [{}], actual [{}]",
                turns(g, &self.history),
                turns(g, &other.history)
            );
        }
        if self.captures != other.captures {
            let _ = writeln!(
                out,
                "captures differ: expected {:?}, actual {:?}",
                self.captures, other.captures
            );
        }
        if self.outcome != other.outcome {
            let _ = writeln!(
                out,
                "outcome differs: expected {}, actual {}",
                outcome(&self.outcome),
                outcome(&other.outcome)
            );
        }
        if self.score != other.score {
            let _ = writeln!(
                out,
                "score differs: expected [{}, {}], actual [{}, {}]",
                self.score.black, self.score.white, other.score.black, other.score.white
            );
        }
        if self.legal != other.legal {
            let _ = writeln!(
                out,
                "legal moves differ: expected [{}], actual [{}]",
                moves(g, &self.legal),
                moves(g, &other.legal)
            );
        }
        out
    }
}

/// Indents every line of a diagram by four spaces.
pub fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

/// `B D4, W pass`.
pub fn turns(g: &goishi_board::Geometry, turns: &[Turn]) -> String {
    turns
        .iter()
        .map(|t| format!("{} {}", t.color, t.mv.name(g)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `D4, pass`.
pub fn moves(g: &goishi_board::Geometry, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.name(g))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The outcome in SGF `RE` form, or `none` while the game goes on.
pub fn outcome(o: &Option<GameResult>) -> String {
    o.map_or_else(|| "none (game goes on)".to_owned(), |r| r.to_string())
}
