//! A small variant defined only for the runner's own tests: Go-like capture with suicide
//! forbidden, no repetition rule, two passes end the game, stones on the board count.
//!
//! It is registered with `inventory` in this test binary only (the runner's tests need
//! `Rules::parse` to find it for the game-record round trip); no library links it, so it
//! never shows in goishi's registry. The option `bug` injects faults, to prove that the
//! universal suites catch them.

use std::any::Any;

use goishi_board::{
    new_boxed, Board, Color, FamilyError, FromSetup, GameResult, IllegalMove, Margin, Move,
    MoveEffect, OptionKind, OptionSpec, PlayError, Point, Position, Score, Setup, SetupError,
    SetupErrors, Turn, VariantInfo,
};

const BUGS: &[&str] = &[
    "none",
    "undo-captures",
    "no-pass-listed",
    "pass-after-end",
    "refused-changes-turn",
    "refuse-hex",
    "no-undo-reopen",
];

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "bug",
        kind: OptionKind::Choice(BUGS),
        default: "none",
        help: "a fault to inject (runner tests only)",
    },
    OptionSpec {
        name: "komi",
        kind: OptionKind::Half {
            min: -100,
            max: 100,
        },
        default: "0",
        help: "added to White's score",
    },
];

const TOY_INFO: VariantInfo = VariantInfo {
    id: "toy/capture",
    family: "toy",
    family_title: "Toy",
    aliases: &["toy"],
    summary: "Go-like capture for the runner's tests",
    docs:
        "## What it is\n\nA test variant.\n\n## The rules\n\nGo-like capture, suicide forbidden, \
           no repetition rule.\n\n## An example\n\n`toy:komi=1`.\n\n## Where it comes from\n\n\
           The runner's tests.\n",
    options: OPTIONS,
    preset: &[],
    default_size: (5, 5),
    reasons: &[],
    new_position: new_boxed::<ToyPosition>,
    capabilities: goishi_board::Capabilities::NONE,
};

goishi_board::register_variant!(TOY_INFO);

pub static TOY: VariantInfo = TOY_INFO;

/// Not registered: a variant whose docs say it refuses hex boards.
pub static PICKY: VariantInfo = VariantInfo {
    id: "toy/picky",
    family: "toy",
    family_title: "Toy",
    aliases: &[],
    summary: "refuses hex boards",
    docs: "## What it is\n\nLike toy/capture, but it refuses hex boards.\n\n## The rules\n\n\
           Those of toy/capture.\n\n## An example\n\n`toy/picky`.\n\n## Where it comes from\n\n\
           The runner's tests.\n",
    options: OPTIONS,
    preset: &[("bug", "refuse-hex")],
    default_size: (5, 5),
    reasons: &[],
    new_position: new_boxed::<ToyPosition>,
    capabilities: goishi_board::Capabilities::NONE,
};

#[derive(Clone, Debug)]
struct Undo {
    removed: Vec<Point>,
    outcome: Option<GameResult>,
}

#[derive(Clone, Debug)]
pub struct ToyPosition {
    setup: Setup,
    board: Board,
    to_move: Color,
    history: Vec<Turn>,
    undo: Vec<Undo>,
    captures: [u32; 2],
    outcome: Option<GameResult>,
    bug: &'static str,
    komi: f64,
}

/// The toy's own setup error.
#[derive(Debug)]
pub struct NoHexBoards;

impl std::fmt::Display for NoHexBoards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("this variant does not play on hex boards")
    }
}

impl std::error::Error for NoHexBoards {}

impl FromSetup for ToyPosition {
    fn from_checked_setup(setup: Setup) -> Result<ToyPosition, SetupErrors> {
        let bug = BUGS
            .iter()
            .copied()
            .find(|b| *b == setup.rules.value("bug"))
            .unwrap_or("none");
        if bug == "refuse-hex" && setup.board.geometry().topology_name() == "hex" {
            return Err(SetupErrors(vec![SetupError::Family(FamilyError::new(
                NoHexBoards,
            ))]));
        }
        let komi = setup.rules.value("komi").parse().unwrap_or(0.0);
        Ok(ToyPosition {
            board: setup.board.clone(),
            to_move: setup.to_move,
            history: Vec::new(),
            undo: Vec::new(),
            captures: [0; 2],
            outcome: None,
            bug,
            komi,
            setup,
        })
    }
}

impl ToyPosition {
    /// The opponent chains next to `p` left without a liberty on `board`.
    fn dead_neighbours(board: &Board, p: Point, color: Color) -> Vec<Point> {
        let g = board.geometry().clone();
        let adj = g.default_adjacency();
        let mut dead = Vec::new();
        for &q in g.default_neighbors().of(p) {
            if board.get(q) == Some(color.opponent()) && !dead.contains(&q) {
                let chain = board.chain_at(adj, q);
                if board.liberties_of(adj, &chain) == 0 {
                    dead.extend(chain);
                }
            }
        }
        dead.sort();
        dead.dedup();
        dead
    }

    fn final_score(&self) -> GameResult {
        self.score(&[]).result()
    }
}

impl Position for ToyPosition {
    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn board(&self) -> &Board {
        &self.board
    }

    fn side_to_move(&self) -> Color {
        self.to_move
    }

    fn history(&self) -> &[Turn] {
        &self.history
    }

    fn check_move(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() && !(self.bug == "pass-after-end" && mv == Move::Pass) {
            return Err(IllegalMove::GameOver);
        }
        let Move::Place(p) = mv else {
            return Ok(());
        };
        if p.index() >= self.board.geometry().num_points() {
            return Err(IllegalMove::OffBoard);
        }
        if !self.board.is_empty_at(p) {
            return Err(IllegalMove::Occupied);
        }
        let mut board = self.board.clone();
        board.place(p, color);
        if !Self::dead_neighbours(&board, p, color).is_empty() {
            return Ok(());
        }
        let adj = board.geometry().default_adjacency();
        let own = board.chain_at(adj, p);
        if board.liberties_of(adj, &own) == 0 {
            return Err(IllegalMove::Suicide);
        }
        Ok(())
    }

    fn legal_moves_as(&self, color: Color, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        out.extend(
            self.board
                .geometry()
                .points()
                .map(Move::Place)
                .filter(|&m| self.check_move(color, m).is_ok()),
        );
        if self.bug != "no-pass-listed" {
            out.push(Move::Pass);
        }
    }

    fn play_as(&mut self, color: Color, mv: Move) -> Result<MoveEffect, PlayError> {
        if let Err(reason) = self.check_move(color, mv) {
            if self.bug == "refused-changes-turn" {
                self.to_move = self.to_move.opponent();
            }
            return Err(PlayError::new(self.board.geometry(), color, mv, reason));
        }
        let mut removed = Vec::new();
        let previous = self.outcome;
        match mv {
            Move::Place(p) => {
                self.board.place(p, color);
                removed = Self::dead_neighbours(&self.board, p, color);
                for &q in &removed {
                    self.board.remove(q, color.opponent());
                }
                self.captures[color.index()] += removed.len() as u32;
            }
            Move::Pass => {
                if self.history.last().is_some_and(|t| t.mv == Move::Pass) {
                    self.outcome = Some(self.final_score());
                }
            }
            Move::Resign => {
                self.outcome = Some(GameResult::Win {
                    winner: color.opponent(),
                    margin: Margin::Resign,
                });
            }
        }
        self.to_move = color.opponent();
        self.history.push(Turn { color, mv });
        self.undo.push(Undo {
            removed: removed.clone(),
            outcome: previous,
        });
        Ok(MoveEffect {
            captured: removed.len() as u32,
            self_captured: 0,
            ended: self.outcome.is_some(),
        })
    }

    fn undo(&mut self) -> Option<Turn> {
        let turn = self.history.pop()?;
        let undo = self.undo.pop()?;
        if let Move::Place(p) = turn.mv {
            self.board.remove(p, turn.color);
            for &q in &undo.removed {
                self.board.place(q, turn.color.opponent());
            }
            if self.bug != "undo-captures" {
                self.captures[turn.color.index()] -= undo.removed.len() as u32;
            }
        }
        if self.bug != "no-undo-reopen" {
            self.outcome = undo.outcome;
        }
        self.to_move = turn.color;
        Some(turn)
    }

    fn outcome(&self) -> Option<GameResult> {
        self.outcome
    }

    fn score(&self, dead: &[Point]) -> Score {
        let mut board = self.board.clone();
        for &p in dead {
            if p.index() < board.geometry().num_points() {
                board.set(p, None);
            }
        }
        Score {
            black: f64::from(board.count(Color::Black)),
            white: f64::from(board.count(Color::White)) + self.komi,
        }
    }

    fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
