//! The capture-go position: a Go position whose game ends when a player's prisoners reach
//! the goal.

use std::any::Any;

use goishi_board::{
    Board, Color, GameResult, IllegalMove, Margin, Move, MoveEffect, PlayError, Point, Position,
    Rules, Score, Setup, SetupError, SetupErrors, Turn,
};
use goishi_go_rules::{GoPosition, TROMP_TAYLOR};

/// A game of capture Go: Go under the variant's ko and suicide rules, won by the first
/// player whose prisoners reach `captures` (a suicide hands its stones to the opponent as
/// prisoners, as in Go). Two passes end the game without a winner by capture; it is then
/// counted by area with the variant's komi.
#[derive(Clone, Debug)]
pub struct CapturePosition {
    /// The Go game underneath, under Go rules built from this variant's options.
    go: GoPosition,
    /// The setup as given (this variant's rules).
    setup: Setup,
    /// The number of prisoners that wins.
    goal: u32,
    /// The player whose prisoners reached the goal, if any.
    winner: Option<Color>,
}

/// The Go options a capture-go variant passes on to the Go game underneath; the other Go
/// options keep fixed values (area scoring, no pass stones, no button, no cycle rule).
const PASSED_ON: [&str; 3] = ["ko", "suicide", "komi"];

impl CapturePosition {
    /// Validates a setup: the options, and every Go rule on the stones (no chain without a
    /// liberty, no more handicap stones than black stones).
    pub fn new(setup: Setup) -> Result<CapturePosition, SetupErrors> {
        // The Go rules built below name no board: the check is made here, on the variant's.
        let mut errors: Vec<_> = setup.geometry_mismatch().into_iter().collect();
        let goal = match setup.rules.get("captures").map(str::parse::<u32>) {
            Some(Ok(n)) if n >= 1 => Some(n),
            _ => {
                errors.push(SetupError::Invalid(format!(
                    "{} is not a capture-go variant (it has no captures option of 1 or more)",
                    setup.rules.variant().id
                )));
                None
            }
        };
        let go_rules = match go_rules(&setup.rules) {
            Ok(r) => Some(r),
            Err(e) => {
                errors.push(e);
                None
            }
        };
        let (Some(goal), Some(go_rules)) = (goal, go_rules) else {
            return Err(SetupErrors(errors));
        };
        let go = GoPosition::new(Setup {
            rules: go_rules,
            board: setup.board.clone(),
            to_move: setup.to_move,
            handicap: setup.handicap,
        });
        match go {
            Ok(go) if errors.is_empty() => Ok(CapturePosition {
                go,
                setup,
                goal,
                winner: None,
            }),
            Ok(_) => Err(SetupErrors(errors)),
            Err(more) => {
                errors.extend(more.0);
                Err(SetupErrors(errors))
            }
        }
    }

    /// A new game on an empty board: the rules' geometry at `size` (or the variant's default).
    pub fn from_rules(
        rules: &Rules,
        size: Option<(u32, u32)>,
    ) -> Result<CapturePosition, SetupErrors> {
        let geometry = rules.geometry(size)?;
        CapturePosition::new(Setup::new(rules.clone(), geometry))
    }

    /// The number of prisoners that wins.
    pub fn goal(&self) -> u32 {
        self.goal
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
            .find(|&c| self.go.captures(c) >= self.goal)
    }
}

/// The Go rules of the game underneath: Tromp-Taylor's (area scoring, no pass stones, no
/// button, cycles ignored) with this variant's ko, suicide and komi.
fn go_rules(rules: &Rules) -> Result<Rules, SetupError> {
    let mut go = TROMP_TAYLOR_RULES.default_rules();
    for name in PASSED_ON {
        let value = rules.get(name).ok_or_else(|| {
            SetupError::Invalid(format!(
                "{} is not a capture-go variant (it has no {name} option)",
                rules.variant().id
            ))
        })?;
        go.set(name, value)?;
    }
    Ok(go)
}

/// The Go variant whose options the game underneath starts from.
static TROMP_TAYLOR_RULES: &goishi_board::VariantInfo = &TROMP_TAYLOR;

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
            return Err(PlayError {
                color,
                mv,
                reason: IllegalMove::GameOver,
            });
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

    fn is_over(&self) -> bool {
        self.winner.is_some() || self.go.is_over()
    }

    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
