//! `goishi.Game`: one game of any variant, over the facade's `dyn Position`.
//!
//! Moves are GTP vertices (`"D4"`, `"pass"`, `"resign"`) or action indices (a point's index,
//! `num_points` for pass). The board and the legal mask are numpy arrays in point order
//! (`index = row * width + column`, row 0 the bottom row, `A1`); on a rectangle the board has
//! shape `(height, width)`, elsewhere one entry per point. The hot path (`play` with an
//! index, `legal_mask`) reuses the game's buffers: the only allocation per call is the numpy
//! array handed to Python. A new game is a copy of the last start position built for the
//! same rules and size (building a board's tables costs far more than copying them).
//!
//! The game's state is behind a lock ([`crate::errors::lock`]): a call while another thread's
//! call holds it is a `RuntimeError`. The searches (`genmove`, `estimate_dead`) copy the
//! position and let go of the game before they release the GIL, so the game stays free
//! while they run.

use std::sync::{Mutex, MutexGuard};

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyFloat, PyInt, PyList, PyString};

use goishi::{
    Color, GameRecord, IllegalMove, LegalCache, Move, PlayError, Point, Position, Rules, Score,
    BLACK, WHITE,
};
use goishi_env::{planes, ObsKind};
use goishi_sgf::{Extras, RulesChoice, WriteOptions};

use crate::args::{self, Arg};
use crate::errors::{illegal_move, lock, setup_error, sgf_error};
use crate::rules::PyRules;
use crate::state;
use crate::vector::env_error;

/// The rules of a record without `RU` when `Game.from_sgf` is given none: Go as SGF
/// assumes it (`GM[1]`), under Chinese rules.
const SGF_FALLBACK_RULES: &str = "go/chinese";

/// One game: its state, one call at a time.
#[pyclass(name = "Game", module = "goishi", frozen)]
pub(crate) struct PyGame {
    state: Mutex<GameState>,
}

/// A position of its variant, with the buffers its queries reuse.
pub(crate) struct GameState {
    pub(crate) position: Box<dyn Position>,
    /// The properties of the SGF record the game was read from, written back by `to_sgf`.
    extras: Option<Extras>,
    /// The legal moves, as the engine lists them (reused).
    moves: Vec<Move>,
    /// One entry per action (reused by `legal_mask`).
    mask: Vec<bool>,
    /// The legal actions as bits (reused by `legal_mask`).
    bits: Vec<u64>,
    /// What the engine keeps of the last `legal_mask` (judged again where the moves since
    /// changed it).
    cache: LegalCache,
}

/// A new game of `rules` at `size` ([`goishi::Rules::new_game`]: a copy of the last one built
/// for them).
pub(crate) fn new_position(rules: Rules, size: Option<(u32, u32)>) -> PyResult<Box<dyn Position>> {
    // The caller's size against the rules' (a conflict, or a size with a graph board, whose
    // size is its graph's, is refused naming both), as every front end checks it.
    rules
        .board_size(size)
        .map_err(|e| setup_error(&goishi::SetupErrors::from(e)))?;
    rules.new_game(size).map_err(|e| setup_error(&e))
}

impl PyGame {
    pub(crate) fn from_position(position: Box<dyn Position>) -> PyGame {
        PyGame::of(GameState::new(position))
    }

    fn of(state: GameState) -> PyGame {
        PyGame {
            state: Mutex::new(state),
        }
    }

    /// The game's state for one call (`RuntimeError` while another thread's call has it).
    pub(crate) fn lock(&self) -> PyResult<MutexGuard<'_, GameState>> {
        lock(&self.state, "Game")
    }
}

impl GameState {
    fn new(position: Box<dyn Position>) -> GameState {
        let actions = position.geometry().num_points() + 1;
        GameState {
            position,
            extras: None,
            moves: Vec::new(),
            mask: vec![false; actions],
            bits: Vec::new(),
            cache: LegalCache::default(),
        }
    }

    fn points(&self) -> usize {
        self.position.geometry().num_points()
    }

    /// The move a Python value (argument `name`) names: an action index or a GTP vertex. A
    /// value of another type is a `TypeError`; an index off the board or a text that names no
    /// point is an `IllegalMoveError` with reason `off board`.
    pub(crate) fn parse_move(
        &self,
        py: Python<'_>,
        name: &str,
        mv: &Bound<'_, PyAny>,
    ) -> PyResult<Move> {
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
        if args::is_bool(mv) || mv.is_instance_of::<PyFloat>() {
            return Err(move_type_error(name, mv));
        }
        // Any other integer (numpy's), through `__index__`.
        match mv.extract::<i64>() {
            Ok(index) => self.index_move(py, index),
            Err(_) if mv.call_method0("__index__").is_ok() => {
                Err(self.off_board(py, &mv.to_string()))
            }
            Err(_) => Err(move_type_error(name, mv)),
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
        mv.action(self.points())
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

/// `TypeError` for argument `name`, given `mv`, which is no move.
fn move_type_error(name: &str, mv: &Bound<'_, PyAny>) -> PyErr {
    args::wrong_type(
        name,
        "a GTP vertex (str, like \"D4\" or \"pass\") or an action index (int)",
        mv,
    )
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
        let rules = args::rules("rules", rules)?;
        let size = args::size(size)?;
        Ok(PyGame::from_position(new_position(rules, size)?))
    }

    /// The game's rules.
    #[getter]
    fn rules(&self) -> PyResult<PyRules> {
        Ok(PyRules {
            rules: self.lock()?.position.rules().clone(),
        })
    }

    /// The board's width (columns).
    #[getter]
    fn width(&self) -> PyResult<u32> {
        Ok(self.lock()?.position.geometry().width())
    }

    /// The board's height (rows).
    #[getter]
    fn height(&self) -> PyResult<u32> {
        Ok(self.lock()?.position.geometry().height())
    }

    /// The number of points; the pass action's index.
    #[getter]
    fn num_points(&self) -> PyResult<usize> {
        Ok(self.lock()?.points())
    }

    /// The number of actions: every point, then pass.
    #[getter]
    fn num_actions(&self) -> PyResult<usize> {
        Ok(self.lock()?.points() + 1)
    }

    /// The board's kind: `square`, `rectangular`, `torus`, `hex` or `graph`.
    #[getter]
    fn topology(&self) -> PyResult<&'static str> {
        Ok(self.lock()?.position.geometry().topology_name())
    }

    /// Plays a move for the side to move; `IllegalMoveError` (with `.reason`) when the rules
    /// refuse it, the game then unchanged.
    fn play(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut g = self.lock()?;
        let mv = g.parse_move(py, "move", r#move)?;
        g.play_move(py, mv)
    }

    /// Takes back the last move; `False` when there is none.
    fn undo(&self) -> PyResult<bool> {
        let mut g = self.lock()?;
        // The kept mask follows a game played forward.
        g.cache.clear();
        Ok(g.position.undo().is_some())
    }

    /// Whether the side to move may play `move` now (every rule applied, repetition
    /// included). A move that names no point is not legal.
    fn is_legal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let g = self.lock()?;
        match g.parse_move(py, "move", r#move) {
            Ok(mv) => Ok(g.position.is_legal(mv)),
            Err(e) if e.is_instance_of::<crate::errors::IllegalMoveError>(py) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The legal moves of the side to move, as action indices (points, then pass).
    fn legal_moves(&self) -> PyResult<Vec<usize>> {
        let mut guard = self.lock()?;
        let g = &mut *guard;
        g.moves.clear();
        g.position.legal_moves(&mut g.moves);
        let n = g.points();
        Ok(g.moves
            .iter()
            .filter_map(|&m| match m {
                Move::Place(p) => Some(p.index()),
                Move::Pass => Some(n),
                Move::Resign => None,
            })
            .collect())
    }

    /// The legal moves as a numpy bool array of `num_actions` entries (points, then pass).
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let mut guard = self.lock()?;
        let g = &mut *guard;
        let n = g.mask.len();
        g.bits.resize(n.div_ceil(64), 0);
        g.position
            .legal_action_bits_cached(&mut g.cache, &mut g.bits, &mut g.moves);
        g.mask.fill(false);
        for (w, &word) in g.bits.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                g.mask[64 * w + bits.trailing_zeros() as usize] = true;
                bits &= bits - 1;
            }
        }
        Ok(PyArray1::from_slice(py, &g.mask))
    }

    /// The stones: numpy int8, 1 black, -1 white, 0 empty; shape `(height, width)` on a
    /// rectangle (`board[row, column]`, row 0 the bottom row), one entry per point otherwise.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let g = self.lock()?;
        let cells: Vec<i8> = g
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
        let geometry = g.position.geometry();
        if geometry.is_rect() {
            Ok(array
                .reshape([geometry.height() as usize, geometry.width() as usize])?
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
    /// is White, then, for a variant whose end depends on the captures (`captures=N`,
    /// `capture-goal`), constant planes of `color`'s captures and the opponent's in binary.
    /// `history` is at most 32; 0 is read as 1 (the current position only: 3 planes). numpy
    /// bool of shape `(height, width, planes)` on a rectangle, `(num_points, planes)`
    /// elsewhere (`planes` is `2 * history + 1` and the count planes); with `packed=True`
    /// uint8 `(ceil(points * planes / 8),)`, the `numpy.packbits` of those planes.
    #[pyo3(
        signature = (history = Arg::OMITTED, packed = Arg::OMITTED, color = None),
        text_signature = "($self, history=8, packed=False, color=None)"
    )]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        history: Arg<'py>,
        packed: Arg<'py>,
        color: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let history = history.read("history", 8, args::count)?;
        let history = planes::positions(history).map_err(|e| env_error(py, &e))?;
        let packed = packed.read("packed", false, args::flag)?;
        let color = args::optional("color", color, args::text)?
            .map(|c| {
                c.parse::<Color>()
                    .map_err(|e| PyValueError::new_err(e.to_string()))
            })
            .transpose()?;
        let g = self.lock()?;
        let observer = color.unwrap_or_else(|| g.position.side_to_move());
        let kind = if packed {
            ObsKind::Packed
        } else {
            ObsKind::Bool
        };
        let count_bits = planes::count_bits(g.position.capture_goal());
        let channels = planes::channels(history, count_bits);
        let shape = planes::shape(g.position.geometry(), channels, kind);
        let mut bytes = vec![0u8; planes::obs_bytes(g.points(), channels, kind)];
        planes::write_position(&*g.position, observer, history, kind, &mut bytes)
            .map_err(|e| env_error(py, &e))?;
        drop(g);
        let array = PyArray1::from_vec(py, bytes).reshape(shape)?.into_any();
        if packed {
            Ok(array)
        } else {
            array.call_method1("view", (py.import("numpy")?.getattr("bool_")?,))
        }
    }

    /// The side to move: `"black"` or `"white"`.
    #[getter]
    fn to_move(&self) -> PyResult<&'static str> {
        Ok(self.lock()?.position.side_to_move().name())
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> PyResult<bool> {
        Ok(self.lock()?.position.is_over())
    }

    /// The result as SGF's `RE` writes it (`B+3.5`, `W+R`, `0`, `Void`); `None` while the
    /// game goes on.
    #[getter]
    fn result(&self) -> PyResult<Option<String>> {
        Ok(self.lock()?.position.outcome().map(|r| r.to_string()))
    }

    /// The winner of a finished game: `"black"`, `"white"`, or `None` (no winner yet, or
    /// none at all).
    #[getter]
    fn winner(&self) -> PyResult<Option<&'static str>> {
        Ok(self
            .lock()?
            .position
            .outcome()
            .and_then(|r| r.winner())
            .map(Color::name))
    }

    /// The score under the variant's rule, with the points of `dead` (vertices or action
    /// indices) counted as dead: `{"black": ..., "white": ..., "result": "B+3.5"}`.
    #[pyo3(signature = (dead = None))]
    fn score<'py>(
        &self,
        py: Python<'py>,
        dead: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        // The points read before the game is taken: iterating runs Python code.
        let items = match dead.filter(|d| !d.is_none()) {
            None => Vec::new(),
            Some(d) if d.is_instance_of::<PyString>() => {
                return Err(args::wrong_type(
                    "dead",
                    "an iterable of points (vertices or action indices), not one string",
                    d,
                ))
            }
            Some(d) => d
                .try_iter()
                .map_err(|_| {
                    args::wrong_type(
                        "dead",
                        "an iterable of points (vertices or action indices)",
                        d,
                    )
                })?
                .collect::<PyResult<Vec<_>>>()?,
        };
        let g = self.lock()?;
        let mut points = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            match g.parse_move(py, &format!("dead[{i}]"), item)? {
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
        score_dict(py, g.position.score(&points))
    }

    /// The stones each player has captured: `{"black": ..., "white": ...}`.
    #[getter]
    fn captures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let g = self.lock()?;
        let d = PyDict::new(py);
        d.set_item("black", g.position.captures(Color::Black))?;
        d.set_item("white", g.position.captures(Color::White))?;
        Ok(d)
    }

    /// The moves played: a list of `(colour, vertex)`, like `("B", "D4")`, `("W", "pass")`.
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let g = self.lock()?;
        let geometry = g.position.geometry();
        let list = PyList::empty(py);
        for t in g.position.history() {
            list.append((color_letter(t.color), t.mv.name(geometry)))?;
        }
        Ok(list)
    }

    /// The moves played as action indices (a resignation, which has none, is left out).
    #[getter]
    fn actions(&self) -> PyResult<Vec<usize>> {
        let g = self.lock()?;
        Ok(g.position
            .history()
            .iter()
            .filter_map(|t| g.action(t.mv))
            .collect())
    }

    /// The GTP vertex of an action index (`"pass"` for `num_points`).
    fn vertex(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let g = self.lock()?;
        let mv = g.parse_move(py, "action", action)?;
        Ok(mv.name(g.position.geometry()))
    }

    /// The action index of a move (a vertex or an index); a `ValueError` for `"resign"`,
    /// which is a move but no action.
    fn action_of(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        let g = self.lock()?;
        let mv = g.parse_move(py, "move", r#move)?;
        g.action(mv).ok_or_else(|| {
            let n = g.points();
            PyValueError::new_err(format!(
                "resign has no action index: an action is a point index from 0 to {} or {n} \
                 for pass",
                n - 1
            ))
        })
    }

    /// An independent copy of the game.
    fn copy(&self) -> PyResult<PyGame> {
        let g = self.lock()?;
        Ok(PyGame::of(GameState {
            position: g.position.clone_box(),
            extras: g.extras.clone(),
            moves: Vec::new(),
            mask: g.mask.clone(),
            bits: Vec::new(),
            cache: g.cache.clone(),
        }))
    }

    fn __copy__(&self) -> PyResult<PyGame> {
        self.copy()
    }

    fn __deepcopy__(&self, memo: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let _ = memo;
        self.copy()
    }

    /// Pickles as the game's state (`to_state`), replayed when unpickled.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let py = slf.py();
        let bytes = state::encode(slf.get().lock()?.position.as_ref())?;
        let restore = py.import("goishi._goishi")?.getattr("_game_from_state")?;
        Ok((restore, (PyBytes::new(py, &bytes),)))
    }

    /// The game's state as bytes: its rules, board, setup and moves (the format is
    /// versioned); `Game.from_state` and `VectorEnv.set_state` restore it exactly (ko and
    /// superko included), as pickling does.
    fn to_state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = state::encode(self.lock()?.position.as_ref())?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// The game of a state (`Game.to_state()`, `VectorEnv.get_state(i)`); a `ValueError`
    /// for bytes that are not one.
    #[staticmethod]
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let bytes = state::read("state", state)?;
        Ok(PyGame::from_position(state::decode(&bytes)?))
    }

    /// The position's 64-bit Zobrist key (an int from 0 to 2^64 - 1): the stones and the
    /// side to move, kept up to date by the engine move by move. Equal positions give equal
    /// keys whatever the moves that reached them; the ko and superko state, the captures and
    /// the moves played do not count (a transposition table keyed on it shares entries
    /// between such positions).
    #[getter]
    fn hash(&self) -> PyResult<u64> {
        let g = self.lock()?;
        let side = match g.position.side_to_move() {
            Color::Black => 0,
            Color::White => goishi::SIDE_TO_MOVE_KEY,
        };
        Ok(g.position.board().hash() ^ side)
    }

    /// The board's adjacency for graph networks: numpy int32 of shape `(num_points,
    /// max_degree)`, row `p` the neighbours of point `p` in point order, padded with -1 (the
    /// board's own adjacency: orthogonal on a grid or torus, the six neighbours on hex, the
    /// edges of a graph).
    fn neighbors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let geometry = self.lock()?.position.geometry().clone();
        crate::geometry::neighbors(py, &geometry)
    }

    /// The game as SGF text (`RE` once the game is over).
    fn to_sgf(&self) -> PyResult<String> {
        let g = self.lock()?;
        let options = WriteOptions {
            extras: g.extras.as_ref(),
            result: g.position.outcome().map(|r| r.to_string()),
            comment: None,
            // A game here refuses every move after its end.
            after_end: &[],
        };
        goishi_sgf::write_game(g.position.as_ref(), &options).map_err(|e| sgf_error(&e))
    }

    /// The game of an SGF record (its main line): `rules`, when given, replace the
    /// record's `RU` (a komi they name wins over its `KM`); a record without `RU` is Go
    /// under Chinese rules.
    #[staticmethod]
    #[pyo3(signature = (text, rules = None))]
    fn from_sgf(text: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
        let text = args::text("text", text)?;
        let force =
            args::optional("rules", rules, args::rules)?.map(|rules| goishi_sgf::Forced { rules });
        let choice = RulesChoice {
            force,
            fallback: crate::rules::parse(SGF_FALLBACK_RULES)?,
        };
        let record = goishi_sgf::parse_record(&text, &choice).map_err(|e| sgf_error(&e))?;
        let position = record.replay(usize::MAX).map_err(|e| sgf_error(&e))?;
        let mut game = GameState::new(position);
        game.extras = Some(record.extras);
        Ok(PyGame::of(game))
    }

    fn __repr__(&self) -> PyResult<String> {
        let g = self.lock()?;
        let p = &g.position;
        Ok(format!(
            "goishi.Game({:?}, size=({}, {}), moves={}, to_move={:?}{})",
            p.rules().to_string(),
            p.geometry().width(),
            p.geometry().height(),
            p.history().len(),
            p.side_to_move().name(),
            p.outcome()
                .map_or_else(String::new, |r| format!(", result={r:?}"))
        ))
    }

    /// The board as text, as the CLI's `show` draws it.
    fn __str__(&self) -> PyResult<String> {
        Ok(self.lock()?.position.board().diagram_with_coordinates())
    }
}

/// Rebuilds a pickled game (see `Game.__reduce__`).
#[pyfunction]
pub(crate) fn _game_from_state(state: &Bound<'_, PyAny>) -> PyResult<PyGame> {
    PyGame::from_state(state)
}

/// Rebuilds a game pickled by goishi 0.x before states (its record as JSON).
#[pyfunction]
pub(crate) fn _game_from_record(json: &str) -> PyResult<PyGame> {
    let record: GameRecord =
        serde_json::from_str(json).map_err(|e| setup_error(&format!("bad pickled game: {e}")))?;
    let position = record.replay().map_err(|e| setup_error(&e))?;
    Ok(PyGame::from_position(position))
}
