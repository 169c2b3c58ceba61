//! `goishi.Game`: one game of any variant, over the facade's `dyn Position`.
//!
//! Moves are GTP vertices (`"D4"`, `"pass"`, `"resign"`) or action indices (a point's index,
//! `num_points` for pass). The board and the legal mask are numpy arrays in point order
//! (`index = row * width + column`, row 0 the bottom row, `A1`); on a rectangle the board has
//! shape `(height, width)`, elsewhere one entry per point. The hot path (`play` with an
//! index, `legal_mask`) reuses the game's buffers: the only allocation per call is the numpy
//! array handed to Python. A new game is a copy of the last start position built for the
//! same rules and size (building a board's tables costs far more than copying them).

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use goishi::{
    Color, GameRecord, IllegalMove, Move, PlayError, Point, Position, Rules, Score, BLACK, WHITE,
};
use goishi_env::{planes, ObsKind};
use goishi_sgf::{Extras, RulesChoice, WriteOptions};

use crate::errors::{illegal_move, setup_error, sgf_error};
use crate::rules::PyRules;
use crate::vector::{count, env_error};

/// The rules of a record without `RU` when `Game.from_sgf` is given none: Go as SGF
/// assumes it (`GM[1]`), under Chinese rules.
const SGF_FALLBACK_RULES: &str = "go/chinese";

/// One game: a position of its variant, with the buffers its queries reuse.
#[pyclass(name = "Game", module = "goishi")]
pub(crate) struct PyGame {
    pub(crate) position: Box<dyn Position>,
    /// The properties of the SGF record the game was read from, written back by `to_sgf`.
    extras: Option<Extras>,
    /// The legal moves, as the engine lists them (reused).
    moves: Vec<Move>,
    /// One entry per action (reused by `legal_mask`).
    mask: Vec<bool>,
    /// The legal actions as bits (reused by `legal_mask`).
    bits: Vec<u64>,
}

/// The start position last built by `Game(rules, size)`, with its rules and size.
type Start = (Rules, Option<(u32, u32)>, Box<dyn Position>);

thread_local! {
    /// A game of the same rules and size as the last one built starts as a copy of it.
    static LAST_START: std::cell::RefCell<Option<Start>> = const { std::cell::RefCell::new(None) };
}

/// A new game of `rules` at `size`: a copy of the last one built for them, else built.
/// Graph boards are always built: their file is read again, as the rules say.
fn new_position(rules: Rules, size: Option<(u32, u32)>) -> PyResult<Box<dyn Position>> {
    if matches!(rules.board_kind(), goishi::BoardKind::Graph(_)) {
        return rules.new_game(size).map_err(|e| setup_error(&e));
    }
    let cached = LAST_START.with_borrow(|last| match last {
        Some((r, s, start)) if *s == size && *r == rules => Some(start.clone_box()),
        _ => None,
    });
    if let Some(position) = cached {
        return Ok(position);
    }
    let position = rules.new_game(size).map_err(|e| setup_error(&e))?;
    let start = position.clone_box();
    LAST_START.with_borrow_mut(|last| *last = Some((rules, size, start)));
    Ok(position)
}

impl PyGame {
    pub(crate) fn from_position(position: Box<dyn Position>) -> PyGame {
        let actions = position.geometry().num_points() + 1;
        PyGame {
            position,
            extras: None,
            moves: Vec::new(),
            mask: vec![false; actions],
            bits: Vec::new(),
        }
    }

    fn points(&self) -> usize {
        self.position.geometry().num_points()
    }

    /// The move a Python value names: an action index or a GTP vertex. A value of another
    /// type is a `TypeError`; an index off the board or a text that names no point is an
    /// `IllegalMoveError` with reason `off board`.
    pub(crate) fn parse_move(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<Move> {
        // The hot path first: a Python int (an exact `int`, never `bool`).
        if mv.is_exact_instance_of::<PyInt>() {
            return match mv.extract::<i64>() {
                Ok(index) => self.index_move(py, index),
                // Beyond 64 bits: off the board all the same.
                Err(_) => Err(self.off_board(py, &mv.to_string())),
            };
        }
        if let Ok(s) = mv.cast::<PyString>() {
            let text = s.to_cow()?;
            return Move::parse(self.position.geometry(), text.trim()).map_err(|e| {
                illegal_move(
                    py,
                    format!(
                        "illegal move: {} {text}: {}: {e}",
                        self.position.side_to_move().letter(),
                        IllegalMove::OffBoard
                    ),
                    IllegalMove::OffBoard.name(),
                )
            });
        }
        if mv.is_instance_of::<PyBool>() || mv.is_instance_of::<PyFloat>() {
            return Err(move_type_error(mv));
        }
        // Any other integer (numpy's), through `__index__`.
        match mv.extract::<i64>() {
            Ok(index) => self.index_move(py, index),
            Err(_) if mv.call_method0("__index__").is_ok() => {
                Err(self.off_board(py, &mv.to_string()))
            }
            Err(_) => Err(move_type_error(mv)),
        }
    }

    /// The move of an action index: a point, or pass for `num_points`.
    fn index_move(&self, py: Python<'_>, index: i64) -> PyResult<Move> {
        let n = self.points();
        match usize::try_from(index) {
            Ok(i) if i < n => Ok(Move::Place(Point::new(i))),
            Ok(i) if i == n => Ok(Move::Pass),
            _ => Err(self.off_board(py, &index.to_string())),
        }
    }

    /// `IllegalMoveError` for an action index that names no move.
    fn off_board(&self, py: Python<'_>, index: &str) -> PyErr {
        let n = self.points();
        illegal_move(
            py,
            format!(
                "illegal move: {} action {index}: {}; an action is a point index from 0 to {} \
                 or {n} for pass",
                self.position.side_to_move().letter(),
                IllegalMove::OffBoard,
                n - 1
            ),
            IllegalMove::OffBoard.name(),
        )
    }

    /// The action index of a move (`None` for resign, which has none).
    fn action(&self, mv: Move) -> Option<usize> {
        match mv {
            Move::Place(p) => Some(p.index()),
            Move::Pass => Some(self.points()),
            Move::Resign => None,
        }
    }

    fn play_move(&mut self, py: Python<'_>, mv: Move) -> PyResult<()> {
        match self.position.play(mv) {
            Ok(_) => Ok(()),
            Err(e) => Err(play_error(py, &e)),
        }
    }
}

/// A score as Python reads it: `{"black": ..., "white": ..., "result": "B+3.5"}`.
pub(crate) fn score_dict(py: Python<'_>, score: Score) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("black", score.black)?;
    d.set_item("white", score.white)?;
    d.set_item("result", score.result().to_string())?;
    Ok(d)
}

/// `IllegalMoveError` for an engine refusal, with the engine's sentence and reason word.
pub(crate) fn play_error(py: Python<'_>, e: &PlayError) -> PyErr {
    illegal_move(py, e.to_string(), e.reason.name())
}

fn move_type_error(mv: &Bound<'_, PyAny>) -> PyErr {
    let type_name = mv
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string());
    PyTypeError::new_err(format!(
        "a move is a GTP vertex (str, like \"D4\" or \"pass\") or an action index (int), not {type_name}"
    ))
}

/// The rules a Python value names: a `Rules` or a rules string.
pub(crate) fn rules_of(rules: &Bound<'_, PyAny>) -> PyResult<Rules> {
    if let Ok(r) = rules.cast::<PyRules>() {
        return Ok(r.get().rules.clone());
    }
    if let Ok(s) = rules.cast::<PyString>() {
        return crate::rules::parse(&s.to_cow()?);
    }
    Err(PyTypeError::new_err(
        "rules are a rules string (like \"japanese:komi=0\") or a goishi.Rules",
    ))
}

/// The size a Python value names: `None`, an int, or `(width, height)`.
pub(crate) fn size_of(size: Option<&Bound<'_, PyAny>>) -> PyResult<Option<(u32, u32)>> {
    let Some(size) = size.filter(|s| !s.is_none()) else {
        return Ok(None);
    };
    let side = |v: &Bound<'_, PyAny>| -> PyResult<u32> {
        if v.is_instance_of::<PyBool>() {
            return Err(bad_size(size));
        }
        let n: i64 = v.extract().map_err(|_| bad_size(size))?;
        u32::try_from(n).map_err(|_| bad_size(size))
    };
    if let Ok(t) = size.cast::<PyTuple>() {
        if t.len() != 2 {
            return Err(bad_size(size));
        }
        return Ok(Some((side(&t.get_item(0)?)?, side(&t.get_item(1)?)?)));
    }
    let n = side(size)?;
    Ok(Some((n, n)))
}

fn bad_size(size: &Bound<'_, PyAny>) -> PyErr {
    let shown = size
        .repr()
        .map_or_else(|_| "?".to_owned(), |r| r.to_string());
    crate::errors::SetupError::new_err(format!(
        "invalid size {shown}; expected a whole number or (width, height)"
    ))
}

fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

#[pymethods]
impl PyGame {
    /// A new game: `Game("japanese:komi=0", size=9)`. `size` is an int, `(width, height)`,
    /// or `None` for the rules' `size=` or the variant's default size.
    #[new]
    #[pyo3(signature = (rules, size = None))]
    fn new(rules: &Bound<'_, PyAny>, size: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let rules = rules_of(rules)?;
        let size = size_of(size)?;
        Ok(PyGame::from_position(new_position(rules, size)?))
    }

    /// The game's rules.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: self.position.rules().clone(),
        }
    }

    /// The board's width (columns).
    #[getter]
    fn width(&self) -> u32 {
        self.position.geometry().width()
    }

    /// The board's height (rows).
    #[getter]
    fn height(&self) -> u32 {
        self.position.geometry().height()
    }

    /// The number of points; the pass action's index.
    #[getter]
    fn num_points(&self) -> usize {
        self.points()
    }

    /// The number of actions: every point, then pass.
    #[getter]
    fn num_actions(&self) -> usize {
        self.points() + 1
    }

    /// The board's kind: `square`, `rectangular`, `torus`, `hex` or `graph`.
    #[getter]
    fn topology(&self) -> &'static str {
        self.position.geometry().topology_name()
    }

    /// Plays a move for the side to move; `IllegalMoveError` (with `.reason`) when the rules
    /// refuse it, the game then unchanged.
    fn play(&mut self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = self.parse_move(py, mv)?;
        self.play_move(py, mv)
    }

    /// Takes back the last move; `False` when there is none.
    fn undo(&mut self) -> bool {
        self.position.undo().is_some()
    }

    /// Whether the side to move may play `mv` now (every rule applied, repetition included).
    /// A move that names no point is not legal.
    fn is_legal(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        match self.parse_move(py, mv) {
            Ok(mv) => Ok(self.position.is_legal(mv)),
            Err(e) if e.is_instance_of::<crate::errors::IllegalMoveError>(py) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The legal moves of the side to move, as action indices (points, then pass).
    fn legal_moves(&mut self) -> Vec<usize> {
        self.moves.clear();
        self.position.legal_moves(&mut self.moves);
        let n = self.points();
        self.moves
            .iter()
            .filter_map(|&m| match m {
                Move::Place(p) => Some(p.index()),
                Move::Pass => Some(n),
                Move::Resign => None,
            })
            .collect()
    }

    /// The legal moves as a numpy bool array of `num_actions` entries (points, then pass).
    fn legal_mask<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.mask.fill(false);
        let n = self.mask.len() - 1;
        self.bits.resize((n + 1).div_ceil(64), 0);
        self.position
            .legal_action_bits(&mut self.bits, &mut self.moves);
        for (w, &word) in self.bits.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                self.mask[64 * w + bits.trailing_zeros() as usize] = true;
                bits &= bits - 1;
            }
        }
        PyArray1::from_slice(py, &self.mask)
    }

    /// The stones: numpy int8, 1 black, -1 white, 0 empty; shape `(height, width)` on a
    /// rectangle (`board[row, column]`, row 0 the bottom row), one entry per point otherwise.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let cells: Vec<i8> = self
            .position
            .board()
            .cells()
            .iter()
            .map(|&c| match c {
                BLACK => 1,
                WHITE => -1,
                _ => 0,
            })
            .collect();
        let array = PyArray1::from_vec(py, cells);
        let g = self.position.geometry();
        if g.is_rect() {
            Ok(array
                .reshape([g.height() as usize, g.width() as usize])?
                .into_any())
        } else {
            Ok(array.into_any())
        }
    }

    /// `observation(history=8, packed=False, color=None)`: the AlphaGo Zero planes of the
    /// game, exactly as `VectorEnv` writes them for an environment that played the same moves
    /// (the same Rust writer): for each point, the stones of `color` (default: the side to
    /// move) and the opponent's over the last `history` positions (plane `2k` and `2k + 1` are
    /// `k` moves ago; positions before the start are empty), then a plane of ones when `color`
    /// is White. `history` is at most 32; 0 is read as 1 (the current position only: 3
    /// planes). numpy bool of shape `(height, width, 2 * history + 1)` on a rectangle,
    /// `(num_points, 2 * history + 1)` elsewhere; with `packed=True` uint8
    /// `(ceil(points * planes / 8),)`, the `numpy.packbits` of those planes.
    #[pyo3(
        signature = (history = crate::vector::Int(8), packed = false, color = None),
        text_signature = "($self, history=8, packed=False, color=None)"
    )]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        history: crate::vector::Int,
        packed: bool,
        color: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let history =
            planes::positions(count("history", history.0)?).map_err(|e| env_error(py, &e))?;
        let observer = match color {
            None => self.position.side_to_move(),
            Some(c) => c
                .parse::<Color>()
                .map_err(|e| PyValueError::new_err(e.to_string()))?,
        };
        let kind = if packed {
            ObsKind::Packed
        } else {
            ObsKind::Bool
        };
        let shape = planes::shape(self.position.geometry(), history, kind);
        let mut bytes = vec![0u8; planes::obs_bytes(self.points(), history, kind)];
        planes::write_position(&*self.position, observer, history, kind, &mut bytes)
            .map_err(|e| env_error(py, &e))?;
        let array = PyArray1::from_vec(py, bytes).reshape(shape)?.into_any();
        if packed {
            Ok(array)
        } else {
            array.call_method1("view", (py.import("numpy")?.getattr("bool_")?,))
        }
    }

    /// The side to move: `"black"` or `"white"`.
    #[getter]
    fn to_move(&self) -> &'static str {
        self.position.side_to_move().name()
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.position.is_over()
    }

    /// The result as SGF's `RE` writes it (`B+3.5`, `W+R`, `0`, `Void`); `None` while the
    /// game goes on.
    #[getter]
    fn result(&self) -> Option<String> {
        self.position.outcome().map(|r| r.to_string())
    }

    /// The winner of a finished game: `"black"`, `"white"`, or `None` (no winner yet, or
    /// none at all).
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.position
            .outcome()
            .and_then(|r| r.winner())
            .map(Color::name)
    }

    /// The score under the variant's rule, with the points of `dead` (vertices or action
    /// indices) counted as dead: `{"black": ..., "white": ..., "result": "B+3.5"}`.
    #[pyo3(signature = (dead = None))]
    fn score<'py>(
        &self,
        py: Python<'py>,
        dead: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let mut points = Vec::new();
        if let Some(dead) = dead.filter(|d| !d.is_none()) {
            if dead.is_instance_of::<PyString>() {
                return Err(PyTypeError::new_err(
                    "dead is a list of points (vertices or indices), not one string",
                ));
            }
            for item in dead.try_iter()? {
                match self.parse_move(py, &item?)? {
                    Move::Place(p) => points.push(p),
                    _ => {
                        return Err(illegal_move(
                            py,
                            "a dead stone is a point, not pass or resign".to_owned(),
                            IllegalMove::OffBoard.name(),
                        ))
                    }
                }
            }
        }
        score_dict(py, self.position.score(&points))
    }

    /// The stones each player has captured: `{"black": ..., "white": ...}`.
    #[getter]
    fn captures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("black", self.position.captures(Color::Black))?;
        d.set_item("white", self.position.captures(Color::White))?;
        Ok(d)
    }

    /// The moves played: a list of `(colour, vertex)`, like `("B", "D4")`, `("W", "pass")`.
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let g = self.position.geometry();
        let list = PyList::empty(py);
        for t in self.position.history() {
            list.append((color_letter(t.color), t.mv.name(g)))?;
        }
        Ok(list)
    }

    /// The moves played as action indices (a resignation, which has none, is left out).
    #[getter]
    fn actions(&self) -> Vec<usize> {
        self.position
            .history()
            .iter()
            .filter_map(|t| self.action(t.mv))
            .collect()
    }

    /// The GTP vertex of an action index (`"pass"` for `num_points`).
    fn vertex(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let mv = self.parse_move(py, action)?;
        Ok(mv.name(self.position.geometry()))
    }

    /// The action index of a move (a vertex or an index).
    fn action_of(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<usize> {
        let mv = self.parse_move(py, mv)?;
        self.action(mv)
            .ok_or_else(|| PyTypeError::new_err("resign has no action index"))
    }

    /// An independent copy of the game.
    fn copy(&self) -> PyGame {
        PyGame {
            position: self.position.clone_box(),
            extras: self.extras.clone(),
            moves: Vec::new(),
            mask: self.mask.clone(),
            bits: Vec::new(),
        }
    }

    fn __copy__(&self) -> PyGame {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.copy()
    }

    /// Pickles as the game's record (its setup and moves, JSON), replayed when unpickled.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let py = slf.py();
        let record = GameRecord::of(slf.borrow().position.as_ref());
        let json = serde_json::to_string(&record)
            .map_err(|e| setup_error(&format!("cannot pickle the game: {e}")))?;
        let restore = py.import("goishi._goishi")?.getattr("_game_from_record")?;
        Ok((restore, (json,)))
    }

    /// The game as SGF text (`RE` once the game is over).
    fn to_sgf(&self) -> PyResult<String> {
        let options = WriteOptions {
            extras: self.extras.as_ref(),
            result: self.position.outcome().map(|r| r.to_string()),
            comment: None,
            // A game here refuses every move after its end.
            after_end: &[],
        };
        goishi_sgf::write_game(self.position.as_ref(), &options).map_err(|e| sgf_error(&e))
    }

    /// The game of an SGF record (its main line): `rules`, when given, replace the
    /// record's `RU` (a komi they name wins over its `KM`); a record without `RU` is Go
    /// under Chinese rules.
    #[staticmethod]
    #[pyo3(signature = (text, rules = None))]
    fn from_sgf(text: &str, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
        let force = match rules {
            Some(r) if !r.is_none() => Some(goishi_sgf::Forced {
                rules: rules_of(r)?,
            }),
            _ => None,
        };
        let choice = RulesChoice {
            force,
            fallback: crate::rules::parse(SGF_FALLBACK_RULES)?,
        };
        let record = goishi_sgf::parse_record(text, &choice).map_err(|e| sgf_error(&e))?;
        let position = record.replay(usize::MAX).map_err(|e| sgf_error(&e))?;
        let mut game = PyGame::from_position(position);
        game.extras = Some(record.extras);
        Ok(game)
    }

    fn __repr__(&self) -> String {
        format!(
            "goishi.Game({:?}, size=({}, {}), moves={}, to_move={:?}{})",
            self.position.rules().to_string(),
            self.position.geometry().width(),
            self.position.geometry().height(),
            self.position.history().len(),
            self.position.side_to_move().name(),
            self.position
                .outcome()
                .map_or_else(String::new, |r| format!(", result={r:?}"))
        )
    }

    /// The board as text, as the CLI's `show` draws it.
    fn __str__(&self) -> String {
        self.position.board().diagram_with_coordinates()
    }
}

/// Rebuilds a pickled game (see `Game.__reduce__`).
#[pyfunction]
pub(crate) fn _game_from_record(json: &str) -> PyResult<PyGame> {
    let record: GameRecord =
        serde_json::from_str(json).map_err(|e| setup_error(&format!("bad pickled game: {e}")))?;
    let position = record.replay().map_err(|e| setup_error(&e))?;
    Ok(PyGame::from_position(position))
}
