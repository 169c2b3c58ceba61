//! The capture-go position: a Go position whose game ends when a player's prisoners reach
//! the goal.

use std::any::Any;

use goishi_board::{
    Board, Color, FromSetup, GameResult, IllegalMove, Margin, Move, MoveEffect, PlayError, Point,
    Position, Score, Setup, SetupErrors, Turn,
};
use goishi_go_rules::GoPosition;

use crate::config::CaptureConfig;

/// A game of capture Go: Go under the variant's ko and suicide rules, won by the first
/// player whose prisoners reach `captures` (a suicide hands its stones to the opponent as
/// prisoners, as in Go). Two passes end the game without a winner by capture; it is then
/// counted by area with the variant's komi.
#[derive(Debug)]
pub struct CapturePosition {
    /// The Go game underneath, under Go rules built from this variant's options.
    go: GoPosition,
    /// The setup as given (this variant's rules).
    setup: Setup,
    /// The typed options (the goal, the Go options underneath).
    config: CaptureConfig,
    /// The player whose prisoners reached the goal, if any.
    winner: Option<Color>,
}

/// `clone_from` reuses the buffers of the Go game underneath.
impl Clone for CapturePosition {
    fn clone(&self) -> Self {
        CapturePosition {
            go: self.go.clone(),
            setup: self.setup.clone(),
            config: self.config,
            winner: self.winner,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.go.clone_from(&source.go);
        self.setup.clone_from(&source.setup);
        self.config = source.config;
        self.winner = source.winner;
    }
}

impl FromSetup for CapturePosition {
    /// Validates a setup: the options, and every Go rule on the stones (no chain without a
    /// liberty, no more handicap stones than black stones).
    fn from_checked_setup(setup: Setup) -> Result<CapturePosition, SetupErrors> {
        let config = CaptureConfig::from_rules(&setup.rules)?;
        // The board's fit to the rules is checked once, by `from_setup`.
        let go = GoPosition::from_checked_setup(Setup {
            rules: config.go_rules()?,
            board: setup.board.clone(),
            to_move: setup.to_move,
            handicap: setup.handicap,
        })?;
        Ok(CapturePosition {
            go,
            setup,
            config,
            winner: None,
        })
    }
}

impl CapturePosition {
    /// The typed options.
    pub fn config(&self) -> &CaptureConfig {
        &self.config
    }

    /// The number of prisoners that wins.
    pub fn goal(&self) -> u32 {
        self.config.goal
    }

    /// The player who reached the goal, if the game ended that way.
    pub fn winner_by_capture(&self) -> Option<Color> {
        self.winner
    }

    /// The Go game underneath (its rules are Go rules built from this variant's options).
    pub fn go(&self) -> &GoPosition {
        &self.go
    }

    /// The player whose prisoners have reached the goal. At most one move changes the counts
    /// at a time and only one player's, and no move is accepted once one has, so at most one
    /// player can be there.
    fn reached(&self) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.go.captures(c) >= self.config.goal)
    }
}

impl Position for CapturePosition {
    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn board(&self) -> &Board {
        self.go.board()
    }

    fn side_to_move(&self) -> Color {
        self.go.side_to_move()
    }

    fn history(&self) -> &[Turn] {
        self.go.history()
    }

    fn check_move(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        if self.winner.is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.go.check_move(color, mv)
    }

    fn legal_moves_as(&self, color: Color, out: &mut Vec<Move>) {
        if self.winner.is_some() {
            out.clear();
            return;
        }
        self.go.legal_moves_as(color, out);
    }

    fn play_as(&mut self, color: Color, mv: Move) -> Result<MoveEffect, PlayError> {
        if self.winner.is_some() {
            return Err(PlayError::new(
                self.go.geometry(),
                color,
                mv,
                IllegalMove::GameOver,
            ));
        }
        let mut effect = self.go.play_as(color, mv)?;
        if effect.captured > 0 || effect.self_captured > 0 {
            self.winner = self.reached();
            effect.ended |= self.winner.is_some();
        }
        Ok(effect)
    }

    fn undo(&mut self) -> Option<Turn> {
        let turn = self.go.undo()?;
        self.winner = self.reached();
        Some(turn)
    }

    fn outcome(&self) -> Option<GameResult> {
        match self.winner {
            Some(winner) => Some(GameResult::Win {
                winner,
                margin: Margin::Goal,
            }),
            None => self.go.outcome(),
        }
    }

    fn score(&self, dead: &[Point]) -> Score {
        self.go.score(dead)
    }

    fn captures(&self, color: Color) -> u32 {
        self.go.captures(color)
    }

    fn capture_goal(&self) -> Option<u32> {
        Some(self.config.goal)
    }

    fn is_over(&self) -> bool {
        self.winner.is_some() || self.go.is_over()
    }

    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn clone_from_dyn(&mut self, source: &dyn Position) -> bool {
        match source.as_any().downcast_ref::<CapturePosition>() {
            Some(source) => {
                self.clone_from(source);
                true
            }
            None => false,
        }
    }
}
