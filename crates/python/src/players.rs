//! `goishi.MctsPlayer` and `goishi.RandomPlayer`: the players of `goishi-play`, each asked
//! for a move with `player.genmove(game)`; `goishi.estimate_dead(game)`, its dead-stone
//! judgement. A search runs with the GIL released.

use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use goishi::{IllegalMove, Move, Position};
use goishi_play::mcts::{Budget, MctsConfig, SearchError};
use goishi_play::{estimate_dead_dyn, DeadConfig, MctsPlayer, Player, RandomPlayer};
use numpy::PyArray1;
use pyo3::types::PyDict;

use crate::errors::illegal_move;
use crate::game::{score_dict, PyGame};

/// `IllegalMoveError` (reason `game over`) for a move asked in a finished game.
fn game_over(py: Python<'_>, position: &dyn Position) -> PyErr {
    illegal_move(
        py,
        format!(
            "no move for {}: {}",
            position.side_to_move().name(),
            IllegalMove::GameOver
        ),
        IllegalMove::GameOver.name(),
    )
}

/// The seed of a player: a whole number from 0 to 2^64 - 1.
pub(crate) fn seed_of(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    seed.extract::<u64>().map_err(|_| {
        PyValueError::new_err(format!(
            "invalid seed {}; expected a whole number from 0 to 2^64 - 1",
            seed.repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string())
        ))
    })
}

/// The Monte Carlo tree search player (UCT + RAVE, tree reuse between moves; in Go with
/// heavy playouts and priors for the tree's moves, elsewhere over random playouts). `playouts` and `time` (seconds) bound each move, whichever comes first; with
/// neither, 10,000 playouts or 1 s. With one thread and a playout budget its moves depend on
/// the seed alone.
#[pyclass(name = "MctsPlayer", module = "goishi")]
pub(crate) struct PyMctsPlayer {
    player: MctsPlayer,
}

#[pymethods]
impl PyMctsPlayer {
    #[new]
    #[pyo3(signature = (playouts = None, time = None, seed = None, threads = None))]
    fn new(
        playouts: Option<&Bound<'_, PyAny>>,
        time: Option<f64>,
        seed: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let playouts = match playouts.filter(|p| !p.is_none()) {
            None => None,
            Some(p) => Some(p.extract::<u32>().map_err(|_| {
                PyValueError::new_err(format!(
                    "invalid playouts {}; expected a whole number from 0 to 4294967295",
                    p.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string())
                ))
            })?),
        };
        let time = match time {
            None => None,
            Some(t) if t.is_finite() && (0.0..=1e9).contains(&t) => {
                Some(Duration::from_secs_f64(t))
            }
            Some(t) => {
                return Err(PyValueError::new_err(format!(
                    "invalid time {t}; expected a number of seconds, 0 or more"
                )))
            }
        };
        let budget = if playouts.is_none() && time.is_none() {
            Budget::DEFAULT
        } else {
            Budget { playouts, time }
        };
        let threads = match threads.filter(|t| !t.is_none()) {
            None => 1,
            Some(t) => t.extract::<usize>().map_err(|_| {
                PyValueError::new_err(format!(
                    "invalid number of search threads {}; expected 1 to 256",
                    t.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string())
                ))
            })?,
        };
        let seed = match seed.filter(|s| !s.is_none()) {
            None => 0,
            Some(s) => seed_of(s)?,
        };
        let config = MctsConfig::default()
            .with_budget(budget)
            .with_threads(threads)
            .with_seed(seed);
        let player = MctsPlayer::new(config).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyMctsPlayer { player })
    }

    /// The move for the side to move in `game`, as a GTP vertex (`"D4"`, `"pass"`,
    /// `"resign"`); the game is not changed (play it with `game.play`).
    fn genmove(&mut self, py: Python<'_>, game: PyRef<'_, PyGame>) -> PyResult<String> {
        let position: &dyn Position = game.position.as_ref();
        if position.is_over() {
            return Err(game_over(py, position));
        }
        let color = position.side_to_move();
        let player = &mut self.player;
        match py.detach(|| player.genmove_dyn(position, color)) {
            Ok(mv) => Ok(mv.name(position.geometry())),
            Err(SearchError::GameOver) => Err(game_over(py, position)),
            Err(e) => Err(PyValueError::new_err(e.to_string())),
        }
    }

    fn __repr__(&self) -> String {
        let c = self.player.config();
        format!(
            "goishi.MctsPlayer(playouts={}, time={}, seed={}, threads={})",
            c.budget
                .playouts
                .map_or_else(|| "None".to_owned(), |p| p.to_string()),
            c.budget
                .time
                .map_or_else(|| "None".to_owned(), |t| t.as_secs_f64().to_string()),
            c.seed,
            c.threads
        )
    }
}

/// The uniform random player (in Go it does not fill its own eyes, single-point eyes no
/// chain around which is in atari, and passes when nothing else is left): the same seed
/// gives the same moves in the same positions.
#[pyclass(name = "RandomPlayer", module = "goishi")]
pub(crate) struct PyRandomPlayer {
    player: RandomPlayer,
    seed: u64,
}

#[pymethods]
impl PyRandomPlayer {
    #[new]
    #[pyo3(signature = (seed = None))]
    fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let seed = match seed.filter(|s| !s.is_none()) {
            None => 0,
            Some(s) => seed_of(s)?,
        };
        Ok(PyRandomPlayer {
            player: RandomPlayer::new(seed),
            seed,
        })
    }

    /// The move for the side to move in `game`, as a GTP vertex (`"D4"`, `"pass"`); the game
    /// is not changed.
    fn genmove(&mut self, py: Python<'_>, game: PyRef<'_, PyGame>) -> PyResult<String> {
        let position: &dyn Position = game.position.as_ref();
        if position.is_over() {
            return Err(game_over(py, position));
        }
        let mv: Move = self.player.choose(position, position.side_to_move());
        Ok(mv.name(position.geometry()))
    }

    fn __repr__(&self) -> String {
        format!("goishi.RandomPlayer(seed={})", self.seed)
    }
}

/// The dead stones of `game` as the engine judges them (Benson's pass-alive chains and
/// territory, seki, then the ownership of `playouts` random playouts; nothing is dead in the
/// families that are not Go): a dict with `dead` and `seki` (point indices, in point order),
/// `ownership` (numpy float32 per point, +1 Black, -1 White), `certain` (numpy bool per point:
/// decided by Benson's algorithm), `playouts` and `score` (`Game.score` with the dead stones
/// taken off). The playouts run with the GIL released.
#[pyfunction]
#[pyo3(signature = (game, playouts = None, seed = None, threshold = 0.0))]
pub(crate) fn estimate_dead<'py>(
    py: Python<'py>,
    game: PyRef<'py, PyGame>,
    playouts: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    threshold: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let playouts = match playouts.filter(|p| !p.is_none()) {
        None => DeadConfig::DEFAULT_PLAYOUTS,
        Some(p) => p.extract::<usize>().map_err(|_| {
            PyValueError::new_err(format!(
                "invalid playouts {}; expected a whole number, 0 or more",
                p.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string())
            ))
        })?,
    };
    if playouts > DeadConfig::MAX_PLAYOUTS {
        return Err(PyValueError::new_err(format!(
            "invalid playouts {playouts}; expected at most {}",
            DeadConfig::MAX_PLAYOUTS
        )));
    }
    if !(threshold.is_finite() && (-1.0..=1.0).contains(&threshold)) {
        return Err(PyValueError::new_err(format!(
            "invalid threshold {threshold}; expected an ownership from -1 to 1"
        )));
    }
    let seed = match seed.filter(|s| !s.is_none()) {
        None => 0,
        Some(s) => seed_of(s)?,
    };
    let config = DeadConfig {
        playouts,
        seed,
        threshold: threshold as f32,
    };
    let position: &dyn Position = game.position.as_ref();
    let judgement = py.detach(|| estimate_dead_dyn(position, &config));
    let indices = |points: Vec<goishi::Point>| -> Vec<usize> {
        points.into_iter().map(|p| p.index()).collect()
    };
    let d = PyDict::new(py);
    d.set_item("dead", indices(judgement.dead_points()))?;
    d.set_item("seki", indices(judgement.seki_points()))?;
    d.set_item("ownership", PyArray1::from_slice(py, judgement.ownership()))?;
    let certain: Vec<bool> = position
        .geometry()
        .points()
        .map(|p| judgement.is_certain(p))
        .collect();
    d.set_item("certain", PyArray1::from_vec(py, certain))?;
    d.set_item("playouts", judgement.playouts())?;
    d.set_item("score", score_dict(py, judgement.score(position))?)?;
    Ok(d)
}
