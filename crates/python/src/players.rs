//! `goishi.MctsPlayer` and `goishi.RandomPlayer`: the players of `goishi-play`, each asked
//! for a move with `player.genmove(game)`; `goishi.estimate_dead(game)`, its dead-stone
//! judgement. A search runs with the GIL released, on a copy of the game's position taken
//! when it is called: the game stays free for other threads meanwhile. An `MctsPlayer`
//! searches one game at a time (its tree is kept from one move to the next): a `genmove`
//! while another thread's runs is a `RuntimeError` ([`crate::errors::lock`]).

use std::sync::Mutex;
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use goishi::{IllegalMove, Move, Position};
use goishi_play::mcts::{Budget, MctsConfig, PlayoutPolicy, SearchError};
use goishi_play::{estimate_dead_dyn, DeadConfig, MctsPlayer, Player, RandomPlayer};
use numpy::PyArray1;
use pyo3::types::PyDict;

use crate::args::{self, Arg};
use crate::errors::{illegal_move, lock};
use crate::game::score_dict;

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

/// A copy of the position of argument `game` (a `goishi.Game`), for a search that runs
/// without the GIL and without the game.
fn position_of(game: &Bound<'_, PyAny>) -> PyResult<Box<dyn Position>> {
    Ok(args::game("game", game)?.get().lock()?.position.clone_box())
}

/// The Monte Carlo tree search player (UCT + RAVE, tree reuse between moves; in Go with
/// heavy playouts and priors for the tree's moves, elsewhere over random playouts). `playouts` and `time` (seconds) bound each move, whichever comes first; with
/// neither, 10,000 playouts or 1 s. `playout_policy`: `"heavy"` (the default: in Go, Pachi's
/// and Michi's knowledge in the playouts and the tree's priors) or `"light"` (each family's
/// uniformly random playouts, no priors). With one thread and a playout budget its moves
/// depend on the seed alone.
#[pyclass(name = "MctsPlayer", module = "goishi", frozen)]
pub(crate) struct PyMctsPlayer {
    /// The player (its tree), one search at a time.
    player: Mutex<MctsPlayer>,
    /// Its settings, read without the player.
    config: MctsConfig,
}

impl PyMctsPlayer {
    /// The search of the side to move in a copy of `game`'s position, with the GIL released;
    /// the position searched and the result.
    fn search(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
    ) -> PyResult<(Box<dyn Position>, goishi_play::mcts::SearchResult)> {
        let position = position_of(game)?;
        if position.is_over() {
            return Err(game_over(py, &*position));
        }
        let color = position.side_to_move();
        let mut player = lock(&self.player, "MctsPlayer")?;
        let player = &mut *player;
        let searched: &dyn Position = &*position;
        match py.detach(|| player.search_dyn(searched, color)) {
            Ok(result) => Ok((position, result)),
            Err(SearchError::GameOver) => Err(game_over(py, &*position)),
            Err(e) => Err(PyValueError::new_err(e.to_string())),
        }
    }
}

#[pymethods]
impl PyMctsPlayer {
    #[new]
    #[pyo3(signature = (playouts = None, time = None, seed = None, threads = None, playout_policy = None))]
    fn new(
        playouts: Option<&Bound<'_, PyAny>>,
        time: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        playout_policy: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let playouts = args::optional("playouts", playouts, args::int)?
            .map(|p| {
                u32::try_from(p).map_err(|_| {
                    PyValueError::new_err(format!(
                        "invalid playouts {p}; expected a whole number from 0 to {}",
                        u32::MAX
                    ))
                })
            })
            .transpose()?;
        let time = match args::optional("time", time, args::number)? {
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
        let threads = match args::optional("threads", threads, args::int)? {
            None => 1,
            Some(t) => usize::try_from(t).map_err(|_| {
                PyValueError::new_err(format!(
                    "invalid number of search threads {t}; expected 1 to 256"
                ))
            })?,
        };
        let seed = args::optional("seed", seed, args::seed)?.unwrap_or(0);
        let policy = match args::optional("playout_policy", playout_policy, args::text)? {
            None => PlayoutPolicy::default(),
            Some(p) => p
                .parse::<PlayoutPolicy>()
                .map_err(|e| PyValueError::new_err(e.to_string()))?,
        };
        let config = MctsConfig::default()
            .with_budget(budget)
            .with_threads(threads)
            .with_seed(seed)
            .with_playout_policy(policy);
        let player = MctsPlayer::new(config).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyMctsPlayer {
            config: *player.config(),
            player: Mutex::new(player),
        })
    }

    /// The move for the side to move in `game`, as a GTP vertex (`"D4"`, `"pass"`,
    /// `"resign"`); the game is not changed (play it with `game.play`). The search runs on a
    /// copy of the position, so the game may change meanwhile: the move is the answer to the
    /// position as it was when `genmove` was called.
    fn genmove(&self, py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<String> {
        let (position, result) = self.search(py, game)?;
        Ok(result.mv.name(position.geometry()))
    }

    /// The search of `genmove`, reported: a dict with `move` (the move `genmove` would
    /// play), `color`, `visits` (of the root), `winrate` (the mover's, of the most visited
    /// move), `playouts`, `moves` (the root's moves with a visit, most visited first, each a
    /// dict of `move`, `action`, `visits`, `winrate`, `prior`, `score_mean`, `pv`),
    /// `policy` (float32 `(num_actions,)`: the visits of each action over the root's, the
    /// policy target of self-play) and `ownership` (float32 `(num_points,)`: the average owner of
    /// each point at the end of the playouts, +1 Black, -1 White). The game is not changed.
    fn analyze<'py>(
        &self,
        py: Python<'py>,
        game: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let (position, result) = self.search(py, game)?;
        let color = result.color;
        let geometry = position.geometry();
        let points = geometry.num_points();
        let action = |mv: Move| mv.action(points).map_or(-1, |a| a as i64);
        let names = |moves: &[Move]| moves.iter().map(|m| m.name(geometry)).collect::<Vec<_>>();
        let moves = pyo3::types::PyList::empty(py);
        let mut policy = vec![0f32; points + 1];
        let total: u64 = result.moves.iter().map(|m| u64::from(m.visits)).sum();
        for m in &result.moves {
            let d = PyDict::new(py);
            d.set_item("move", m.mv.name(geometry))?;
            d.set_item("action", action(m.mv))?;
            d.set_item("visits", m.visits)?;
            d.set_item("winrate", m.win_rate)?;
            d.set_item("prior", m.prior)?;
            d.set_item("score_mean", m.score_mean)?;
            d.set_item("pv", names(&m.pv))?;
            moves.append(d)?;
            if let (Ok(a), true) = (usize::try_from(action(m.mv)), total > 0) {
                policy[a] = m.visits as f32 / total as f32;
            }
        }
        let out = PyDict::new(py);
        out.set_item("move", result.mv.name(geometry))?;
        out.set_item("color", color.name())?;
        out.set_item("visits", result.visits)?;
        out.set_item("winrate", result.win_rate)?;
        out.set_item("playouts", result.playouts)?;
        out.set_item("moves", moves)?;
        out.set_item("policy", PyArray1::from_vec(py, policy))?;
        let ownership: Vec<f32> = result.ownership.iter().map(|&x| x as f32).collect();
        out.set_item("ownership", PyArray1::from_vec(py, ownership))?;
        Ok(out)
    }

    fn __repr__(&self) -> String {
        let c = &self.config;
        format!(
            "goishi.MctsPlayer(playouts={}, time={}, seed={}, threads={}, playout_policy={:?})",
            c.budget
                .playouts
                .map_or_else(|| "None".to_owned(), |p| p.to_string()),
            c.budget
                .time
                .map_or_else(|| "None".to_owned(), |t| t.as_secs_f64().to_string()),
            c.seed,
            c.threads,
            c.playout_policy.name()
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
        let seed = args::optional("seed", seed, args::seed)?.unwrap_or(0);
        Ok(PyRandomPlayer {
            player: RandomPlayer::new(seed),
            seed,
        })
    }

    /// The move for the side to move in `game`, as a GTP vertex (`"D4"`, `"pass"`); the game
    /// is not changed.
    fn genmove(&mut self, py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<String> {
        let game = args::game("game", game)?.get().lock()?;
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
#[pyo3(
    signature = (game, playouts = None, seed = None, threshold = Arg::OMITTED),
    text_signature = "(game, playouts=None, seed=None, threshold=0.0)"
)]
pub(crate) fn estimate_dead<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    playouts: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    threshold: Arg<'py>,
) -> PyResult<Bound<'py, PyDict>> {
    let position = position_of(game)?;
    let playouts =
        args::optional("playouts", playouts, args::count)?.unwrap_or(DeadConfig::DEFAULT_PLAYOUTS);
    if playouts > DeadConfig::MAX_PLAYOUTS {
        return Err(PyValueError::new_err(format!(
            "invalid playouts {playouts}; expected at most {}",
            DeadConfig::MAX_PLAYOUTS
        )));
    }
    let threshold = threshold.read("threshold", 0.0, args::number)?;
    if !(threshold.is_finite() && (-1.0..=1.0).contains(&threshold)) {
        return Err(PyValueError::new_err(format!(
            "invalid threshold {threshold}; expected an ownership from -1 to 1"
        )));
    }
    let seed = args::optional("seed", seed, args::seed)?.unwrap_or(0);
    let config = DeadConfig {
        playouts,
        seed,
        threshold: threshold as f32,
    };
    let position: &dyn Position = &*position;
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
