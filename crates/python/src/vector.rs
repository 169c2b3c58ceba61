//! `goishi.VectorEnv`: `num_envs` games of one variant stepped together in Rust (the
//! `goishi-env` crate), into numpy buffers allocated once, with the GIL released.
//!
//! The buffers are the environment's own: `reset` and `step` return the same arrays every
//! time, overwritten by the next call (no copy per step); `copy=True` returns copies
//! instead. The observation and the legal mask are written as bytes and shown to Python as
//! `bool` views of them (`numpy.packbits` bytes, `uint8`, with `obs="packed"`).
//!
//! Errors cross as the package's exceptions: an illegal action (`illegal="raise"`) or one
//! out of range is `IllegalMoveError` (with `.reason`, and `.env` the environment's index),
//! a board the rules refuse `SetupError`, a bad setting `ValueError`, a setting or an action
//! array of another type `TypeError`. A step that fails changes no environment.
//!
//! The environments serve one call at a time: `reset`, `step`, `sample_actions` and `game`
//! while another thread's call runs are a `RuntimeError` ([`crate::errors::lock`]); the
//! properties (`num_envs`, `size`, ...) are fixed when the environment is made and answer at
//! any time.

use std::sync::Mutex;

use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyTuple};

use goishi_env::{Buffers, EnvConfig, EnvError, Illegal, ObsKind, Seeds, VecEnv};

use crate::args::{self, Arg};
use crate::errors::{illegal_move, lock, setup_error};
use crate::game::PyGame;
use crate::rules::PyRules;

/// Registers `VectorEnv` in the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVectorEnv>()
}

/// The Python exception of an environment error, with the crate's sentence.
pub(crate) fn env_error(py: Python<'_>, e: &EnvError) -> PyErr {
    let with_env = |err: PyErr, env: usize| {
        // Setting an attribute on a fresh exception fails only when memory runs out.
        let _ = err.value(py).setattr("env", env);
        err
    };
    match e {
        EnvError::Illegal { env, error } => {
            with_env(illegal_move(py, e.to_string(), error.reason.name()), *env)
        }
        EnvError::ActionOutOfRange { env, .. } => with_env(
            illegal_move(py, e.to_string(), goishi::IllegalMove::OffBoard.name()),
            *env,
        ),
        EnvError::Setup(_) => setup_error(e),
        EnvError::NoSuchEnv { .. } => PyIndexError::new_err(e.to_string()),
        EnvError::Internal { .. } => PyRuntimeError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// `num_envs` games of one variant, stepped together (Gymnasium 1.x vector-environment
/// conventions, next-step autoreset).
#[pyclass(name = "VectorEnv", module = "goishi", frozen)]
pub(crate) struct PyVectorEnv {
    /// The environments and the actions of a step, one call at a time.
    pub(crate) state: Mutex<EnvState>,
    /// The observations and legal masks, a row an environment.
    planes: PlaneBuffers,
    rewards: Py<PyArray1<f32>>,
    terminations: Py<PyArray1<bool>>,
    truncations: Py<PyArray1<bool>>,
    copy: bool,
    rules: goishi::Rules,
    /// The board (for `adjacency`).
    geometry: goishi::Geometry,
    /// What the properties answer, fixed when the environment is made.
    facts: Facts,
}

/// The environments and what a call changes.
pub(crate) struct EnvState {
    pub(crate) env: VecEnv,
    /// The actions of a step, converted (reused).
    actions: Vec<u32>,
    /// Calls that changed the games (reset, step, set_state): a `BatchedSearch` of this
    /// environment starts again from its games when it sees another count.
    pub(crate) generation: u64,
}

/// What never changes after `VectorEnv(...)`: the properties.
struct Facts {
    num_envs: usize,
    num_actions: usize,
    num_points: usize,
    history: usize,
    planes: usize,
    obs_shape: Vec<usize>,
    obs_kind: ObsKind,
    size: (u32, u32),
    threads: usize,
}

impl Facts {
    fn of(env: &VecEnv) -> Facts {
        let g = env.geometry();
        Facts {
            num_envs: env.num_envs(),
            num_actions: env.num_actions(),
            num_points: env.num_points(),
            history: env.history(),
            planes: env.planes(),
            obs_shape: env.obs_shape(),
            obs_kind: env.obs_kind(),
            size: (g.width(), g.height()),
            threads: env.threads(),
        }
    }
}

impl PyVectorEnv {
    /// Runs `f` on the environments and the buffers with the GIL released.
    fn with_buffers<T: Send>(
        &self,
        py: Python<'_>,
        state: &mut EnvState,
        f: impl FnOnce(&mut VecEnv, &[u32], Buffers<'_>) -> Result<T, EnvError> + Send,
    ) -> PyResult<T> {
        let mut obs = self.planes.obs.bind(py).try_readwrite()?;
        let mut mask = self.planes.mask.bind(py).try_readwrite()?;
        let mut rewards = self.rewards.bind(py).try_readwrite()?;
        let mut terminations = self.terminations.bind(py).try_readwrite()?;
        let mut truncations = self.truncations.bind(py).try_readwrite()?;
        let not_contiguous = |_| PyRuntimeError::new_err("a buffer is not contiguous");
        let buffers = Buffers {
            obs: obs.as_slice_mut().map_err(not_contiguous)?,
            mask: mask.as_slice_mut().map_err(not_contiguous)?,
            rewards: rewards.as_slice_mut().map_err(not_contiguous)?,
            terminations: terminations.as_slice_mut().map_err(not_contiguous)?,
            truncations: truncations.as_slice_mut().map_err(not_contiguous)?,
        };
        state.generation += 1;
        let env = &mut state.env;
        let actions = &state.actions;
        py.detach(move || f(env, actions, buffers))
            .map_err(|e| env_error(py, &e))
    }

    /// An array as returned: the buffer itself, or a copy with `copy=True`.
    fn out<'py>(&self, py: Python<'py>, array: &Py<PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let array = array.bind(py).clone();
        if self.copy {
            array.call_method0("copy")
        } else {
            Ok(array)
        }
    }

    /// `IndexError` for environment `i`, which does not exist.
    fn no_such_env(&self, i: i64) -> PyErr {
        PyIndexError::new_err(format!(
            "environment {i} does not exist; there are {}",
            self.facts.num_envs
        ))
    }

    /// An environment's index (argument `i`): an int from 0 to `num_envs - 1`.
    fn index(&self, i: &Bound<'_, PyAny>) -> PyResult<usize> {
        let i = args::int("i", i)?;
        usize::try_from(i)
            .ok()
            .filter(|&i| i < self.facts.num_envs)
            .ok_or_else(|| self.no_such_env(i))
    }

    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let info = PyDict::new(py);
        info.set_item("legal_mask", self.out(py, &self.planes.mask_view)?)?;
        Ok(info)
    }
}

impl EnvState {
    /// Converts `array`, a numpy integer array of the right shape, to `T` (numpy's rules)
    /// and reads it into `self.actions`.
    fn convert_as<T: numpy::Element + Copy + Into<i128>>(
        &mut self,
        py: Python<'_>,
        array: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let dtype = numpy::dtype::<T>(py);
        let array = py
            .import("numpy")?
            .call_method1("ascontiguousarray", (array, dtype))?;
        let array = array.cast::<PyArray1<T>>()?.try_readonly()?;
        let slice = array
            .as_slice()
            .map_err(|_| PyRuntimeError::new_err("the actions are not contiguous"))?;
        self.env
            .convert_actions(slice, &mut self.actions)
            .map_err(|e| env_error(py, &e))
    }

    /// Reads `actions` into `self.actions`: a numpy integer array (or a sequence numpy reads
    /// as one) of shape `(num_envs,)`.
    fn read_actions(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(a) = actions.cast::<PyArray1<u32>>() {
            let a = a.try_readonly()?;
            if let Ok(slice) = a.as_slice() {
                return self
                    .env
                    .convert_actions(slice, &mut self.actions)
                    .map_err(|e| env_error(py, &e));
            }
        }
        let numpy = py.import("numpy")?;
        let array = numpy.call_method1("asarray", (actions,))?;
        let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
        if kind != "i" && kind != "u" {
            let dtype = array.getattr("dtype")?.str()?.to_string();
            return Err(PyTypeError::new_err(format!(
                "actions must be integers (a numpy int array of shape ({},)), not {dtype}",
                self.env.num_envs()
            )));
        }
        let shape: Vec<usize> = array.getattr("shape")?.extract()?;
        if shape != [self.env.num_envs()] {
            return Err(PyValueError::new_err(format!(
                "actions have shape {shape:?}; this environment needs ({},)",
                self.env.num_envs()
            )));
        }
        // Unsigned arrays as uint64, signed as int64: each value as given, none wrapped.
        if kind == "u" {
            self.convert_as::<u64>(py, &array)
        } else {
            self.convert_as::<i64>(py, &array)
        }
    }
}

/// The seeds of a reset, read from Python.
enum ReadSeeds {
    Keep,
    All(u64),
    Each(Vec<Option<u64>>),
}

/// `reset`'s `seed`: `None`, an int, or a sequence of `num_envs` ints or `None`s.
fn read_seeds(seed: Option<&Bound<'_, PyAny>>, n: usize) -> PyResult<ReadSeeds> {
    let Some(seed) = seed.filter(|s| !s.is_none()) else {
        return Ok(ReadSeeds::Keep);
    };
    let expected = "an int, a list of ints (one per environment) or None";
    if args::is_bool(seed) || seed.is_instance_of::<PyString>() || seed.is_instance_of::<PyBytes>()
    {
        return Err(args::wrong_type("seed", expected, seed));
    }
    // An int (numpy's too), but not an array (whose `__index__` takes one element).
    if seed.hasattr("__index__")? && !seed.hasattr("__len__")? {
        return Ok(ReadSeeds::All(args::seed("seed", seed)?));
    }
    let Ok(items) = seed.try_iter() else {
        return Err(args::wrong_type("seed", expected, seed));
    };
    let items = items.collect::<PyResult<Vec<_>>>()?;
    if items.len() != n {
        return Err(PyValueError::new_err(format!(
            "seed has {} entries; this environment needs {n} (one per environment), or one int",
            items.len()
        )));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, s)| args::optional(&format!("seed[{i}]"), Some(s), args::seed))
        .collect::<PyResult<Vec<_>>>()
        .map(ReadSeeds::Each)
}

/// `reset`'s `options`: `None` or a dict whose only key is `reset_mask`, a bool array of
/// shape `(num_envs,)`.
fn read_options(
    py: Python<'_>,
    options: Option<&Bound<'_, PyAny>>,
    n: usize,
) -> PyResult<Option<Vec<bool>>> {
    let Some(options) = options.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let options = options
        .cast::<PyDict>()
        .map_err(|_| args::wrong_type("options", "a dict (or None)", options))?;
    let mut mask = None;
    for (key, value) in options.iter() {
        match key.extract::<String>().as_deref() {
            Ok("reset_mask") => mask = Some(value),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "unknown reset option {}; the only option is \"reset_mask\"",
                    args::shown(&key)
                )))
            }
        }
    }
    let Some(mask) = mask.filter(|m| !m.is_none()) else {
        return Ok(None);
    };
    let array = py.import("numpy")?.call_method1("asarray", (&mask,))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "b" {
        let dtype = array.getattr("dtype")?.str()?.to_string();
        return Err(PyTypeError::new_err(format!(
            "options[\"reset_mask\"] must be a numpy bool array of shape ({n},), not of dtype {dtype}"
        )));
    }
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    if shape != [n] {
        return Err(PyValueError::new_err(format!(
            "options[\"reset_mask\"] has shape {}; this environment needs ({n},)",
            args::shown(&array.getattr("shape")?)
        )));
    }
    array.extract::<Vec<bool>>().map(Some)
}

/// Observations and legal masks of `rows` games (an environment's, or a search's leaves):
/// the `uint8` arrays Rust writes, allocated once, and the views Python is given of them.
pub(crate) struct PlaneBuffers {
    /// `uint8`, `(rows, *single shape)` (`(rows, 0)` for `obs="none"`).
    pub(crate) obs: Py<PyArrayDyn<u8>>,
    /// `uint8`, `(rows, num_actions)`.
    pub(crate) mask: Py<PyArrayDyn<u8>>,
    /// What Python sees of `obs` and `mask`: `bool` views (the packed bytes as they are).
    pub(crate) obs_view: Py<PyAny>,
    pub(crate) mask_view: Py<PyAny>,
}

impl PlaneBuffers {
    pub(crate) fn new(
        py: Python<'_>,
        rows: usize,
        single: &[usize],
        kind: ObsKind,
        num_actions: usize,
    ) -> PyResult<Self> {
        let mut shape = vec![rows];
        shape.extend(single);
        if kind == ObsKind::None {
            shape.push(0);
        }
        let obs = PyArrayDyn::<u8>::zeros(py, shape, false);
        let mask = PyArrayDyn::<u8>::zeros(py, vec![rows, num_actions], false);
        let bool_ = py.import("numpy")?.getattr("bool_")?;
        let obs_view = if kind == ObsKind::Packed {
            obs.clone().into_any()
        } else {
            obs.call_method1("view", (&bool_,))?
        };
        let mask_view = mask.call_method1("view", (&bool_,))?;
        Ok(PlaneBuffers {
            obs: obs.unbind(),
            mask: mask.unbind(),
            obs_view: obs_view.unbind(),
            mask_view: mask_view.unbind(),
        })
    }
}

#[pymethods]
impl PyVectorEnv {
    /// `VectorEnv(rules, size=None, num_envs=1, *, history=8, threads=None, seed=None,
    /// max_moves=None, illegal="raise", obs="bool", copy=False)`.
    ///
    /// `rules` is a rules string or a `goishi.Rules`; `size` an int, `(width, height)` or
    /// `None` (the rules' or the variant's size); `history` the positions the observation
    /// keeps (`2 * history + 1` planes, and the count planes of a variant won by captures; 0 reads as 1); `threads` the OS threads a step uses
    /// (`None`: the machine's cores); `seed` the seed of the environments' random streams
    /// (`sample_actions`); `max_moves` the truncation (default 3 x points); `illegal`
    /// `"raise"` or `"lose"`; `obs` `"bool"`, `"packed"` (`numpy.packbits` of each
    /// environment's planes) or `"none"`; `copy` whether `reset` and `step` return copies of
    /// the buffers rather than the buffers themselves.
    #[new]
    #[pyo3(
        signature = (rules, size = None, num_envs = Arg::OMITTED, *, history = Arg::OMITTED, threads = None, seed = None, max_moves = None, illegal = Arg::OMITTED, obs = Arg::OMITTED, copy = Arg::OMITTED),
        text_signature = "(rules, size=None, num_envs=1, *, history=8, threads=None, seed=None, max_moves=None, illegal=\"raise\", obs=\"bool\", copy=False)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new<'py>(
        py: Python<'py>,
        rules: &Bound<'py, PyAny>,
        size: Option<&Bound<'py, PyAny>>,
        num_envs: Arg<'py>,
        history: Arg<'py>,
        threads: Option<&Bound<'py, PyAny>>,
        seed: Option<&Bound<'py, PyAny>>,
        max_moves: Option<&Bound<'py, PyAny>>,
        illegal: Arg<'py>,
        obs: Arg<'py>,
        copy: Arg<'py>,
    ) -> PyResult<Self> {
        let rules = args::rules("rules", rules)?;
        let size = args::size(size)?;
        let num_envs = num_envs.read("num_envs", 1, args::count)?;
        let mut config = EnvConfig::new(rules.clone(), num_envs);
        config.size = size;
        config.history = history.read("history", 8, args::count)?;
        config.threads = match args::optional("threads", threads, args::int)? {
            None => 0,
            Some(t) => usize::try_from(t).ok().filter(|&t| t >= 1).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "invalid threads {t}; expected a whole number, 1 or more (or None for the machine's cores)"
                ))
            })?,
        };
        config.seed = args::optional("seed", seed, args::seed)?.unwrap_or(0);
        config.max_moves = match args::optional("max_moves", max_moves, args::int)? {
            None => None,
            Some(m) => Some(usize::try_from(m).ok().filter(|&m| m >= 1).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "invalid max_moves {m}; expected a whole number, 1 or more (or None for 3 x the points)"
                ))
            })?),
        };
        config.illegal = illegal
            .read("illegal", "raise".to_owned(), args::text)?
            .parse::<Illegal>()
            .map_err(|e| env_error(py, &e))?;
        config.obs = obs
            .read("obs", "bool".to_owned(), args::text)?
            .parse::<ObsKind>()
            .map_err(|e| env_error(py, &e))?;
        let copy = copy.read("copy", false, args::flag)?;
        let env = VecEnv::new(config).map_err(|e| env_error(py, &e))?;
        let facts = Facts::of(&env);
        let geometry = env.geometry().clone();
        let n = facts.num_envs;
        let planes = PlaneBuffers::new(py, n, &facts.obs_shape, facts.obs_kind, facts.num_actions)?;
        Ok(PyVectorEnv {
            state: Mutex::new(EnvState {
                env,
                actions: vec![0; n],
                generation: 0,
            }),
            planes,
            rewards: PyArray1::<f32>::zeros(py, n, false).unbind(),
            terminations: PyArray1::<bool>::zeros(py, n, false).unbind(),
            truncations: PyArray1::<bool>::zeros(py, n, false).unbind(),
            copy,
            rules,
            geometry,
            facts,
        })
    }

    /// Starts games again: `(obs, info)`, `info["legal_mask"]` the legal actions.
    ///
    /// `seed`: `None` (every stream goes on), an int (environment `i`'s random stream restarts
    /// as stream `i` of it), or one seed per environment (a list, tuple or numpy array of
    /// `num_envs` ints, `None` for an environment whose stream goes on; `[s] * num_envs` is
    /// `s`). `options={"reset_mask": mask}` (a numpy bool array of shape `(num_envs,)`) resets
    /// only the environments where `mask` is true (Gymnasium's partial reset; the seeds of
    /// the others are not used): the others, and their rows of the returned arrays, stay as
    /// they were. A partial reset needs a full reset first.
    #[pyo3(signature = (*, seed = None, options = None))]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
        options: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.facts.num_envs;
        let seeds = read_seeds(seed, n)?;
        let only = read_options(py, options, n)?;
        let mut state = lock(&self.state, "VectorEnv")?;
        self.with_buffers(py, &mut state, move |env, _, buffers| {
            let seeds = match &seeds {
                ReadSeeds::Keep => Seeds::Keep,
                ReadSeeds::All(s) => Seeds::All(*s),
                ReadSeeds::Each(each) => Seeds::Each(each),
            };
            env.reset_with(seeds, only.as_deref(), buffers)
        })?;
        drop(state);
        let obs = self.out(py, &self.planes.obs_view)?;
        (obs, self.info(py)?).into_pyobject(py)
    }

    /// Environment `i`'s game as bytes, the same as `Game.to_state()` of `game(i)`: its
    /// rules, board and moves (see `set_state`).
    fn get_state<'py>(
        &self,
        py: Python<'py>,
        i: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let i = self.index(i)?;
        let state = lock(&self.state, "VectorEnv")?;
        let position = state
            .env
            .position(i)
            .ok_or_else(|| self.no_such_env(i as i64))?;
        let bytes = crate::state::encode(position)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Makes environment `i`'s game the one `state` holds (`get_state` of any environment of
    /// the same rules and board, or `Game.to_state()`): its moves are replayed from the start,
    /// so ko, superko, the planes' history and the count towards `max_moves` are the game's.
    /// Rewrites environment `i`'s rows of the observation, `legal_mask`, rewards (0),
    /// terminations (whether the game is over: the next step then resets it) and truncations
    /// (false); the other environments stay as they were. A `ValueError` for bytes that are
    /// not a state or a game of other rules or another board.
    fn set_state(
        &self,
        py: Python<'_>,
        i: &Bound<'_, PyAny>,
        state: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let i = self.index(i)?;
        let bytes = crate::state::read("state", state)?;
        let position = py.detach(|| crate::state::decode(&bytes))?;
        let mut env_state = lock(&self.state, "VectorEnv")?;
        self.with_buffers(py, &mut env_state, move |env, _, buffers| {
            env.set_position(i, &*position, buffers)
        })
    }

    /// The board's adjacency for graph networks: numpy int32 of shape `(num_points,
    /// max_degree)`, row `p` the neighbours of point `p`, padded with -1 (as
    /// `Game.neighbors()`).
    #[getter]
    fn adjacency<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::geometry::neighbors(py, &self.geometry)
    }

    /// Steps every environment with `actions` (shape `(num_envs,)`: a point's index, or
    /// `num_points` for pass): `(obs, rewards, terminations, truncations, info)`. An
    /// environment whose game ended at the last step resets instead (its action ignored).
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mut state = lock(&self.state, "VectorEnv")?;
        state.read_actions(py, actions)?;
        self.with_buffers(py, &mut state, |env, actions, buffers| {
            env.step(actions, buffers)
        })?;
        drop(state);
        let rewards = self.rewards.bind(py).clone().into_any().unbind();
        let terminations = self.terminations.bind(py).clone().into_any().unbind();
        let truncations = self.truncations.bind(py).clone().into_any().unbind();
        (
            self.out(py, &self.planes.obs_view)?,
            self.out(py, &rewards)?,
            self.out(py, &terminations)?,
            self.out(py, &truncations)?,
            self.info(py)?,
        )
            .into_pyobject(py)
    }

    /// A uniformly random legal action for every environment (numpy `uint32`, shape
    /// `(num_envs,)`), environment `i` drawing from its own random stream; pass for an
    /// environment the next step resets.
    fn sample_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u32>>> {
        let out = PyArray1::<u32>::zeros(py, self.facts.num_envs, false);
        {
            let mut state = lock(&self.state, "VectorEnv")?;
            let mut rw = out.try_readwrite()?;
            let slice = rw
                .as_slice_mut()
                .map_err(|_| PyRuntimeError::new_err("a buffer is not contiguous"))?;
            let env = &mut state.env;
            py.detach(|| env.sample_actions(slice))
                .map_err(|e| env_error(py, &e))?;
        }
        Ok(out)
    }

    /// A copy of environment `i`'s game, as a `goishi.Game`.
    fn game(&self, i: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let i = self.index(i)?;
        let state = lock(&self.state, "VectorEnv")?;
        state
            .env
            .position(i)
            .map(|p| PyGame::from_position(p.clone_box()))
            .ok_or_else(|| self.no_such_env(i as i64))
    }

    /// Does nothing: the environments hold no resource beyond their memory.
    fn close(&self) {}

    /// The number of environments.
    #[getter]
    fn num_envs(&self) -> usize {
        self.facts.num_envs
    }

    /// The number of actions: the points, then pass.
    #[getter]
    fn num_actions(&self) -> usize {
        self.facts.num_actions
    }

    /// The number of points of the board.
    #[getter]
    fn num_points(&self) -> usize {
        self.facts.num_points
    }

    /// The positions the observation keeps.
    #[getter]
    fn history(&self) -> usize {
        self.facts.history
    }

    /// The planes of an observation (`2 * history + 1`, and the capture count planes of a
    /// variant whose end depends on the captures).
    #[getter]
    fn planes(&self) -> usize {
        self.facts.planes
    }

    /// The shape of one environment's observation: `(H, W, planes)` on a rectangle,
    /// `(points, planes)` elsewhere, `(bytes,)` packed, `(0,)` with none.
    #[getter]
    fn single_observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let shape: &[usize] = if self.facts.obs_shape.is_empty() {
            &[0]
        } else {
            &self.facts.obs_shape
        };
        PyTuple::new(py, shape)
    }

    /// `"bool"`, `"packed"` or `"none"`.
    #[getter]
    fn obs_kind(&self) -> &'static str {
        match self.facts.obs_kind {
            ObsKind::Bool => "bool",
            ObsKind::Packed => "packed",
            ObsKind::None => "none",
        }
    }

    /// The board's width and height (`(points, 1)` on a graph).
    #[getter]
    fn size(&self) -> (u32, u32) {
        self.facts.size
    }

    /// The number of OS threads a step uses.
    #[getter]
    fn threads(&self) -> usize {
        self.facts.threads
    }

    /// The rules of every environment.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: self.rules.clone(),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "goishi.VectorEnv({:?}, num_envs={}, history={}, obs={:?}, threads={})",
            self.rules.to_string(),
            self.facts.num_envs,
            self.facts.history,
            self.obs_kind(),
            self.facts.threads
        )
    }
}
