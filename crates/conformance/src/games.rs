//! The universal suites: properties every variant must have, checked along seeded random
//! games on several geometries.
//!
//! At every position of a game: the legal move list of each colour agrees with
//! `check_move` at every point and for pass, is in point order with pass last, and is empty
//! once the game is over; an illegal `play` is refused with the reason `check_move` gave and
//! leaves the position bit for bit unchanged; after a move the incremental hash equals a
//! recomputed one, the history ends with the move, and `undo` restores the exact previous
//! position. At the end of a game (or after a resignation at the move cap, 3 x the number of
//! points): every play, pass and resignation is refused with `game over`; replaying the
//! moves from the setup, and replaying the game record after a serde round trip, reproduce
//! the position; undoing every move gets back to the setup.

use std::path::PathBuf;
use std::sync::OnceLock;

use goishi_board::{
    BoardKind, Color, GameRecord, GameResult, IllegalMove, Margin, Move, Point, Position, Rules,
    Setup, Turn,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::snapshot::{moves, outcome, turns, Snapshot};

/// A board the universal suites play on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestBoard {
    /// The name in reports: `square 9x9`, `torus 6x6`, `graph petersen`.
    pub name: String,
    /// The `board=` kind.
    pub kind: BoardKind,
    pub width: u32,
    pub height: u32,
}

impl TestBoard {
    fn grid(name: &str, kind: BoardKind, width: u32, height: u32) -> TestBoard {
        TestBoard {
            name: name.to_owned(),
            kind,
            width,
            height,
        }
    }
}

/// The graph board of the suites: the Petersen graph (ten points of degree three, no
/// triangle), a tail point hanging off `o0`, and an isolated point.
pub const PETERSEN_GRAPH: &str = "\
# The Petersen graph, a tail and an isolated point (goishi conformance suites).
o0 o1
o1 o2
o2 o3
o3 o4
o4 o0
o0 i0
o1 i1
o2 i2
o3 i3
o4 i4
i0 i2
i2 i4
i4 i1
i1 i3
i3 i0
o0 tail
lonely
";

/// Writes [`PETERSEN_GRAPH`] once per process to one path in the temporary directory that
/// every run shares (`goishi-conformance/petersen.graph`): each process writes its own copy
/// and renames it over the file, so concurrent runs never see half a file, and runs leave one
/// file behind, not one directory each.
fn graph_file() -> Result<PathBuf, String> {
    static PATH: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    PATH.get_or_init(|| {
        let dir = std::env::temp_dir().join("goishi-conformance");
        let path = dir.join("petersen.graph");
        let tmp = dir.join(format!("petersen.graph.{}.tmp", std::process::id()));
        std::fs::create_dir_all(&dir)
            .and_then(|()| std::fs::write(&tmp, PETERSEN_GRAPH))
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|e| format!("cannot write the graph board {}: {e}", path.display()))?;
        Ok(path)
    })
    .clone()
}

/// The boards of the universal suites: square 9x9 and 5x5, rectangular 7x5, torus 6x6, hex
/// 7x7 and the Petersen graph (written to a temporary file, as `board=graph:FILE` needs).
pub fn standard_boards() -> Result<Vec<TestBoard>, String> {
    Ok(vec![
        TestBoard::grid("square 9x9", BoardKind::Square, 9, 9),
        TestBoard::grid("square 5x5", BoardKind::Square, 5, 5),
        TestBoard::grid("rectangular 7x5", BoardKind::Square, 7, 5),
        TestBoard::grid("torus 6x6", BoardKind::Torus, 6, 6),
        TestBoard::grid("hex 7x7", BoardKind::Hex, 7, 7),
        TestBoard {
            name: "graph petersen".to_owned(),
            kind: BoardKind::Graph(graph_file()?),
            width: 0,
            height: 0,
        },
    ])
}

/// Why a game could not be checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The variant refused a setup on this board (allowed only where its docs say so).
    Refused(String),
    /// A property failed; the message names the seed and the moves so far.
    Failed(String),
}

/// The seed of game `index` of `variant` on `board`, derived from the run's seed.
pub fn game_seed(base: u64, variant: &str, board: &str, index: u32) -> u64 {
    // FNV-1a over the names, then splitmix64: stable across platforms and Rust versions.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in variant
        .bytes()
        .chain([0])
        .chain(board.bytes())
        .chain([0])
        .chain(index.to_le_bytes())
        .chain(base.to_le_bytes())
    {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h = h.wrapping_add(0x9E37_79B9_7F4A_7C15);
    h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^ (h >> 31)
}

/// The rules of `rules` put on `board`, and the setup of an empty board.
pub fn setup_on(rules: &Rules, board: &TestBoard) -> Result<Setup, String> {
    let mut rules = rules.clone();
    rules.set_size(None);
    if board.kind != BoardKind::Square {
        rules.set_board(Some(board.kind.clone()));
    } else {
        rules.set_board(None);
    }
    let geometry = board
        .kind
        .build(board.width, board.height)
        .map_err(|e| e.to_string())?;
    Ok(Setup::new(rules, geometry))
}

/// What a checked game was like.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameSummary {
    /// Moves played (the final resignation at the move cap not counted).
    pub moves: usize,
    /// Whether the game ended by its rules (not by a resignation at the move cap).
    pub ended: bool,
}

/// The universal checks of [`play_game`], for a caller that chooses the start position and
/// the moves itself (the property tests of `goishi-hardening` drive it with generated setups
/// and move sequences).
#[derive(Debug)]
pub struct Checker {
    game: Game,
    start: Snapshot,
}

impl Checker {
    /// Checks a game from `position` (any valid position: setup stones, moves already
    /// played); `seed` picks which refused plays are tried.
    pub fn new(position: Box<dyn Position>, seed: u64) -> Checker {
        let start = Snapshot::of(position.as_ref());
        Checker {
            game: Game {
                position,
                rng: ChaCha8Rng::seed_from_u64(seed),
                list: Vec::new(),
            },
            start,
        }
    }

    /// The position now.
    pub fn position(&self) -> &dyn Position {
        self.game.position.as_ref()
    }

    /// The checks of the current position: the legal move list of each colour agrees with
    /// `check_move`, and refused plays leave the position unchanged.
    pub fn check_position(&mut self) -> Result<(), String> {
        self.game.check_legal_lists()?;
        self.game.check_illegal_plays()
    }

    /// Plays `mv`, which must be a legal move of the side to move, checking the hash, the
    /// history, the end flag, its undo and its replay after the undo.
    pub fn play(&mut self, mv: Move) -> Result<(), String> {
        let before = Snapshot::of(self.game.position.as_ref());
        if !before.legal.contains(&mv) && mv != Move::Resign {
            let g = self.game.position.geometry().clone();
            return Err(format!("{} is not a legal move here", mv.name(&g)));
        }
        self.game.step_with(mv, &before)
    }

    /// Ends the game (the side to move resigns if it is not over), then checks the finished
    /// game, the replays from the setup and of the record, and that undoing every move gets
    /// back to the position the checker started from.
    pub fn finish(mut self) -> Result<(), String> {
        if !self.game.position.is_over() {
            self.game.check_legal_lists()?;
            self.game.resign()?;
        }
        self.game.check_finished()?;
        self.game.check_replays()?;
        // Undo only the moves played here: `start` may already have a history.
        let n = self.game.position.history().len() - self.start.history.len();
        for _ in 0..n {
            self.game.position.undo();
        }
        let diff = self.start.diff(&Snapshot::of(self.game.position.as_ref()));
        if diff.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "undoing the moves played does not give back the start:\n{diff}"
            ))
        }
    }
}

/// Plays one seeded random game under `rules` on `board`, checking every property.
pub fn play_game(rules: &Rules, board: &TestBoard, seed: u64) -> Result<GameSummary, GameError> {
    let setup = setup_on(rules, board).map_err(GameError::Refused)?;
    let position = setup
        .clone()
        .into_position()
        .map_err(|e| GameError::Refused(e.to_string()))?;
    let mut game = Game {
        position,
        rng: ChaCha8Rng::seed_from_u64(seed),
        list: Vec::new(),
    };
    let checked = crate::catch(|| game.run()).and_then(|r| r);
    checked.map_err(|message| {
        let g = game.position.geometry().clone();
        GameError::Failed(format!(
            "game of {} on {}, seed {seed}: {message}\n  moves so far: [{}]",
            rules,
            board.name,
            turns(&g, game.position.history())
        ))
    })
}

#[derive(Debug)]
struct Game {
    position: Box<dyn Position>,
    rng: ChaCha8Rng,
    list: Vec<Move>,
}

impl Game {
    fn run(&mut self) -> Result<GameSummary, String> {
        let start = Snapshot::of(self.position.as_ref());
        let cap = 3 * self.position.geometry().num_points();
        let mut moves = 0;
        while !self.position.is_over() && moves < cap {
            self.check_legal_lists()?;
            self.check_illegal_plays()?;
            self.step()?;
            moves += 1;
        }
        let ended = self.position.is_over();
        if !ended {
            self.check_legal_lists()?;
            self.resign()?;
        }
        self.check_finished()?;
        self.check_replays()?;
        self.check_undo_all(&start)?;
        Ok(GameSummary { moves, ended })
    }

    /// The legal move list of each colour against `check_move`.
    fn check_legal_lists(&mut self) -> Result<(), String> {
        let pos = self.position.as_ref();
        let g = pos.geometry().clone();
        let over = pos.is_over();
        for color in Color::ALL {
            pos.legal_moves_as(color, &mut self.list);
            let mut expected: Vec<Move> = g
                .points()
                .map(Move::Place)
                .chain([Move::Pass])
                .filter(|&m| pos.check_move(color, m).is_ok())
                .collect();
            if over {
                expected.clear();
            }
            if self.list != expected {
                return Err(format!(
                    "legal_moves_as({color}) disagrees with check_move (or is not in point order with pass last)\n  legal_moves_as: [{}]\n  check_move:     [{}]",
                    moves(&g, &self.list),
                    moves(&g, &expected)
                ));
            }
            let resign = pos.check_move(color, Move::Resign);
            let want = if over {
                Err(IllegalMove::GameOver)
            } else {
                Ok(())
            };
            if resign != want {
                return Err(format!(
                    "check_move({color}, resign) is {resign:?}, expected {want:?}"
                ));
            }
            if !over {
                let off = Move::Place(Point::new(g.num_points()));
                let r = pos.check_move(color, off);
                if r != Err(IllegalMove::OffBoard) {
                    return Err(format!(
                        "check_move({color}) of a point past the board is {r:?}, expected off board"
                    ));
                }
            }
        }
        Ok(())
    }

    /// A few refused plays of the side to move (one off the board, up to two chosen at
    /// random among the refused points) leave everything as it was.
    fn check_illegal_plays(&mut self) -> Result<(), String> {
        let before = Snapshot::of(self.position.as_ref());
        let color = before.to_move;
        let g = self.position.geometry().clone();
        let mut refused: Vec<(Move, IllegalMove)> = g
            .points()
            .map(Move::Place)
            .filter_map(|m| self.position.check_move(color, m).err().map(|r| (m, r)))
            .collect();
        let mut tries = vec![(
            Move::Place(Point::new(g.num_points())),
            IllegalMove::OffBoard,
        )];
        for _ in 0..2 {
            if refused.is_empty() {
                break;
            }
            let i = self.rng.random_range(0..refused.len());
            tries.push(refused.swap_remove(i));
        }
        for (mv, reason) in tries {
            match self.position.play_as(color, mv) {
                Ok(_) => {
                    return Err(format!(
                        "{color} {} was played although check_move refused it as {reason}",
                        mv.name(&g)
                    ))
                }
                Err(e) if e.reason != reason => {
                    return Err(format!(
                        "{color} {}: play_as refused it as {}, check_move as {reason}",
                        mv.name(&g),
                        e.reason
                    ))
                }
                Err(_) => {}
            }
            let after = Snapshot::of(self.position.as_ref());
            let diff = before.diff(&after);
            if !diff.is_empty() {
                return Err(format!(
                    "the refused play {color} {} ({reason}) changed the position:\n{diff}",
                    mv.name(&g)
                ));
            }
        }
        Ok(())
    }

    /// Plays a random legal move, then checks hash, history, undo and replay of the move.
    fn step(&mut self) -> Result<(), String> {
        let before = Snapshot::of(self.position.as_ref());
        if before.legal.is_empty() {
            return Err("no legal move (not even pass) while the game goes on".to_owned());
        }
        let mv = before.legal[self.rng.random_range(0..before.legal.len())];
        self.step_with(mv, &before)
    }

    /// Plays `mv` (a legal move of the side to move, whose snapshot is `before`), then
    /// checks hash, history, undo and replay of the move.
    fn step_with(&mut self, mv: Move, before: &Snapshot) -> Result<(), String> {
        let turn = Turn {
            color: before.to_move,
            mv,
        };
        self.play_checked(turn, before)?;
        let after = Snapshot::of(self.position.as_ref());
        let g = self.position.geometry().clone();
        let name = format!("{} {}", turn.color, mv.name(&g));
        match self.position.undo() {
            Some(t) if t == turn => {}
            other => {
                return Err(format!(
                    "undo after {name} returned {other:?}, expected that move"
                ))
            }
        }
        let undone = Snapshot::of(self.position.as_ref());
        let diff = before.diff(&undone);
        if !diff.is_empty() {
            return Err(format!(
                "undo of {name} did not restore the position:\n{diff}"
            ));
        }
        self.play_checked(turn, before)?;
        let again = Snapshot::of(self.position.as_ref());
        let diff = after.diff(&again);
        if !diff.is_empty() {
            return Err(format!(
                "{name} played again after undo gave another position:\n{diff}"
            ));
        }
        Ok(())
    }

    fn play_checked(&mut self, turn: Turn, before: &Snapshot) -> Result<(), String> {
        let g = self.position.geometry().clone();
        let name = format!("{} {}", turn.color, turn.mv.name(&g));
        let effect = self
            .position
            .play_as(turn.color, turn.mv)
            .map_err(|e| format!("{name}, listed as legal, was refused: {}", e.reason))?;
        let pos = self.position.as_ref();
        let (hash, fresh) = (pos.board().hash(), pos.board().recompute_hash());
        if hash != fresh {
            return Err(format!(
                "after {name} the incremental hash {hash:#018x} differs from the recomputed {fresh:#018x}"
            ));
        }
        let history = pos.history();
        if history.len() != before.history.len() + 1 || history.last() != Some(&turn) {
            return Err(format!(
                "after {name} the history is [{}]",
                turns(&g, history)
            ));
        }
        if effect.ended != pos.is_over() {
            return Err(format!(
                "{name} reported ended = {}, but the outcome is {}",
                effect.ended,
                outcome(&pos.outcome())
            ));
        }
        Ok(())
    }

    /// The side to move resigns: the game ends and the opponent wins by resignation.
    fn resign(&mut self) -> Result<(), String> {
        let color = self.position.side_to_move();
        let effect = self
            .position
            .play(Move::Resign)
            .map_err(|e| format!("{color} resign was refused: {}", e.reason))?;
        let want = GameResult::Win {
            winner: color.opponent(),
            margin: Margin::Resign,
        };
        if !effect.ended || self.position.outcome() != Some(want) {
            return Err(format!(
                "after {color} resigned: ended = {}, outcome {}, expected {want}",
                effect.ended,
                outcome(&self.position.outcome())
            ));
        }
        Ok(())
    }

    /// A finished game refuses every play, pass and resignation with `game over`, and lists
    /// no legal move.
    fn check_finished(&mut self) -> Result<(), String> {
        self.check_legal_lists()?;
        let before = Snapshot::of(self.position.as_ref());
        let g = self.position.geometry().clone();
        let all: Vec<Move> = g
            .points()
            .map(Move::Place)
            .chain([Move::Pass, Move::Resign])
            .collect();
        for color in Color::ALL {
            for &mv in &all {
                let checked = self.position.check_move(color, mv);
                let played = self
                    .position
                    .play_as(color, mv)
                    .map(|_| ())
                    .map_err(|e| e.reason);
                for (what, r) in [("check_move", checked), ("play_as", played)] {
                    if r != Err(IllegalMove::GameOver) {
                        return Err(format!(
                            "after the end ({}), {what}({color}, {}) is {r:?}, expected game over",
                            outcome(&before.outcome),
                            mv.name(&g)
                        ));
                    }
                }
            }
        }
        let after = Snapshot::of(self.position.as_ref());
        let diff = before.diff(&after);
        if diff.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "refused plays after the end changed the position:\n{diff}"
            ))
        }
    }

    /// Replaying the moves from the setup, and the game record after a JSON round trip,
    /// give the same position.
    fn check_replays(&mut self) -> Result<(), String> {
        let pos = self.position.as_ref();
        let now = Snapshot::of(pos);
        let mut replayed = pos
            .setup()
            .clone()
            .into_position()
            .map_err(|e| format!("the setup of the game no longer validates: {e}"))?;
        for (i, t) in pos.history().iter().enumerate() {
            replayed
                .play_as(t.color, t.mv)
                .map_err(|e| format!("replaying move {} from the setup: {e}", i + 1))?;
        }
        let diff = now.diff(&Snapshot::of(replayed.as_ref()));
        if !diff.is_empty() {
            return Err(format!(
                "replaying the moves from the setup gives another position:\n{diff}"
            ));
        }
        let record = GameRecord::of(pos);
        let json = serde_json::to_string(&record)
            .map_err(|e| format!("the game record does not serialize: {e}"))?;
        let back: GameRecord = serde_json::from_str(&json)
            .map_err(|e| format!("the game record does not read back: {e}\n  {json}"))?;
        if back != record {
            return Err(format!(
                "the game record changed in a JSON round trip\n  before: {record:?}\n  after:  {back:?}"
            ));
        }
        let replayed = back
            .replay()
            .map_err(|e| format!("the game record does not replay: {e}"))?;
        let diff = now.diff(&Snapshot::of(replayed.as_ref()));
        if diff.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "the replayed game record gives another position:\n{diff}"
            ))
        }
    }

    /// Undoing every move reopens the game and gets back to the setup exactly.
    fn check_undo_all(&mut self, start: &Snapshot) -> Result<(), String> {
        let n = self.position.history().len();
        for i in 0..n {
            let last = self.position.history().last().copied();
            let undone = self.position.undo();
            if undone.is_none() || undone != last {
                return Err(format!(
                    "undo {} of {n} returned {undone:?}, expected {last:?}",
                    i + 1
                ));
            }
            if i == 0 && self.position.is_over() {
                return Err(format!(
                    "undoing the last move did not reopen the game (outcome {})",
                    outcome(&self.position.outcome())
                ));
            }
        }
        if let Some(t) = self.position.undo() {
            return Err(format!("undo at the setup returned {t:?}, expected None"));
        }
        let diff = start.diff(&Snapshot::of(self.position.as_ref()));
        if diff.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "undoing every move does not give back the setup:\n{diff}"
            ))
        }
    }
}
