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
//! a board the rules refuse `SetupError`, a bad setting `ValueError`, an action array of
//! another type `TypeError`. A step that fails changes no environment.

use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::{PyOverflowError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use goishi_env::{Buffers, EnvConfig, EnvError, Illegal, ObsKind, VecEnv};

use crate::errors::{illegal_move, setup_error};
use crate::game::{rules_of, size_of, PyGame};
use crate::players::seed_of;
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
        EnvError::Internal { .. } => PyRuntimeError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// `num_envs` games of one variant, stepped together (Gymnasium 1.x vector-environment
/// conventions, next-step autoreset).
#[pyclass(name = "VectorEnv", module = "goishi")]
pub(crate) struct PyVectorEnv {
    env: VecEnv,
    /// The observations, `uint8`, `(num_envs, *single shape)`.
    obs: Py<PyArrayDyn<u8>>,
    /// The legal masks, `uint8`, `(num_envs, num_actions)`.
    mask: Py<PyArrayDyn<u8>>,
    rewards: Py<PyArray1<f32>>,
    terminations: Py<PyArray1<bool>>,
    truncations: Py<PyArray1<bool>>,
    /// What Python sees of `obs` and `mask`: `bool` views (the packed bytes as they are).
    obs_view: Py<PyAny>,
    mask_view: Py<PyAny>,
    /// The actions of a step, converted (reused).
    actions: Vec<u32>,
    copy: bool,
    rules: goishi::Rules,
}

impl PyVectorEnv {
    /// Runs `f` on the environment and the buffers with the GIL released.
    fn with_buffers<T: Send>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut VecEnv, &[u32], Buffers<'_>) -> Result<T, EnvError> + Send,
    ) -> PyResult<T> {
        let mut obs = self.obs.bind(py).try_readwrite()?;
        let mut mask = self.mask.bind(py).try_readwrite()?;
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
        let env = &mut self.env;
        let actions = &self.actions;
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

    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let info = PyDict::new(py);
        info.set_item("legal_mask", self.out(py, &self.mask_view)?)?;
        Ok(info)
    }

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
                "actions are integers (a numpy int array of shape ({},)), not {dtype}",
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

/// An integer argument from Python. Beyond 64 bits it is a `ValueError` that shows the value
/// (Python's `OverflowError` here is no `ValueError`, and says only that the int is too large).
pub(crate) struct Int(pub(crate) i64);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.extract::<i64>() {
            Ok(v) => Ok(Int(v)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                let text = obj.str()?.to_string();
                Err(PyValueError::new_err(format!(
                    "{} is out of range (a 64-bit integer is expected)",
                    goishi::shorten(&text)
                )))
            }
            Err(e) => Err(e),
        }
    }
}

/// A count given from Python: `ValueError` when it is negative.
pub(crate) fn count(name: &str, v: i64) -> PyResult<usize> {
    usize::try_from(v)
        .map_err(|_| PyValueError::new_err(format!("{name} is {v}; it cannot be negative")))
}

/// A new array of zeros of `shape`.
fn zeros<'py, T: numpy::Element>(py: Python<'py>, shape: &[usize]) -> Bound<'py, PyArrayDyn<T>> {
    PyArrayDyn::<T>::zeros(py, shape.to_vec(), false)
}

#[pymethods]
impl PyVectorEnv {
    /// `VectorEnv(rules, size=None, num_envs=1, *, history=8, threads=None, seed=None,
    /// max_moves=None, illegal="raise", obs="bool", copy=False)`.
    ///
    /// `rules` is a rules string or a `goishi.Rules`; `size` an int, `(width, height)` or
    /// `None` (the rules' or the variant's size); `history` the positions the observation
    /// keeps (`2 * history + 1` planes; 0 reads as 1); `threads` the OS threads a step uses
    /// (`None`: the machine's cores); `seed` the seed of the environments' random streams
    /// (`sample_actions`); `max_moves` the truncation (default 3 x points); `illegal`
    /// `"raise"` or `"lose"`; `obs` `"bool"`, `"packed"` (`numpy.packbits` of each
    /// environment's planes) or `"none"`; `copy` whether `reset` and `step` return copies of
    /// the buffers rather than the buffers themselves.
    #[new]
    #[pyo3(
        signature = (rules, size = None, num_envs = Int(1), *, history = Int(8), threads = None, seed = None, max_moves = None, illegal = "raise", obs = "bool", copy = false),
        text_signature = "(rules, size=None, num_envs=1, *, history=8, threads=None, seed=None, max_moves=None, illegal=\"raise\", obs=\"bool\", copy=False)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        rules: &Bound<'_, PyAny>,
        size: Option<&Bound<'_, PyAny>>,
        num_envs: Int,
        history: Int,
        threads: Option<Int>,
        seed: Option<&Bound<'_, PyAny>>,
        max_moves: Option<Int>,
        illegal: &str,
        obs: &str,
        copy: bool,
    ) -> PyResult<Self> {
        let rules = rules_of(rules)?;
        let size = size_of(size)?;
        let mut config = EnvConfig::new(rules.clone(), count("num_envs", num_envs.0)?);
        config.size = size;
        config.history = count("history", history.0)?;
        config.threads = match threads.map(|t| t.0) {
            Some(t) if t < 1 => {
                return Err(PyValueError::new_err(format!(
                    "threads is {t}; it must be at least 1 (or None for the machine's cores)"
                )))
            }
            Some(t) => count("threads", t)?,
            None => 0,
        };
        config.seed = match seed.filter(|s| !s.is_none()) {
            Some(s) => seed_of(s)?,
            None => 0,
        };
        config.max_moves = match max_moves.map(|m| m.0) {
            Some(m) if m < 1 => {
                return Err(PyValueError::new_err(format!(
                    "max_moves is {m}; it must be at least 1 (or None for 3 x the points)"
                )))
            }
            Some(m) => Some(count("max_moves", m)?),
            None => None,
        };
        config.illegal = illegal.parse::<Illegal>().map_err(|e| env_error(py, &e))?;
        config.obs = obs.parse::<ObsKind>().map_err(|e| env_error(py, &e))?;
        let env = VecEnv::new(config).map_err(|e| env_error(py, &e))?;
        let n = env.num_envs();
        let mut obs_shape = vec![n];
        obs_shape.extend(env.obs_shape());
        if env.obs_kind() == ObsKind::None {
            obs_shape.push(0);
        }
        let obs_array = zeros::<u8>(py, &obs_shape);
        let mask_array = zeros::<u8>(py, &[n, env.num_actions()]);
        let bool_ = py.import("numpy")?.getattr("bool_")?;
        let obs_view = if env.obs_kind() == ObsKind::Packed {
            obs_array.clone().into_any()
        } else {
            obs_array.call_method1("view", (&bool_,))?
        };
        let mask_view = mask_array.call_method1("view", (&bool_,))?;
        Ok(PyVectorEnv {
            obs: obs_array.unbind(),
            mask: mask_array.unbind(),
            rewards: PyArray1::<f32>::zeros(py, n, false).unbind(),
            terminations: PyArray1::<bool>::zeros(py, n, false).unbind(),
            truncations: PyArray1::<bool>::zeros(py, n, false).unbind(),
            obs_view: obs_view.unbind(),
            mask_view: mask_view.unbind(),
            actions: vec![0; n],
            copy,
            rules,
            env,
        })
    }

    /// Starts every game again: `(obs, info)`, `info["legal_mask"]` the legal actions. With
    /// a seed, environment `i`'s random stream restarts as stream `i` of the seed.
    #[pyo3(signature = (*, seed = None, options = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
        options: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let _ = options;
        let seed = match seed.filter(|s| !s.is_none()) {
            Some(s) => Some(seed_of(s)?),
            None => None,
        };
        self.with_buffers(py, move |env, _, buffers| env.reset(seed, buffers))?;
        let obs = self.out(py, &self.obs_view)?;
        (obs, self.info(py)?).into_pyobject(py)
    }

    /// Steps every environment with `actions` (shape `(num_envs,)`: a point's index, or
    /// `num_points` for pass): `(obs, rewards, terminations, truncations, info)`. An
    /// environment whose game ended at the last step resets instead (its action ignored).
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        self.read_actions(py, actions)?;
        self.with_buffers(py, |env, actions, buffers| env.step(actions, buffers))?;
        let rewards = self.rewards.bind(py).clone().into_any().unbind();
        let terminations = self.terminations.bind(py).clone().into_any().unbind();
        let truncations = self.truncations.bind(py).clone().into_any().unbind();
        (
            self.out(py, &self.obs_view)?,
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
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u32>>> {
        let out = PyArray1::<u32>::zeros(py, self.env.num_envs(), false);
        {
            let mut rw = out.try_readwrite()?;
            let slice = rw
                .as_slice_mut()
                .map_err(|_| PyRuntimeError::new_err("a buffer is not contiguous"))?;
            let env = &mut self.env;
            py.detach(|| env.sample_actions(slice))
                .map_err(|e| env_error(py, &e))?;
        }
        Ok(out)
    }

    /// A copy of environment `i`'s game, as a `goishi.Game`.
    fn game(&self, i: Int) -> PyResult<PyGame> {
        let Int(i) = i;
        usize::try_from(i)
            .ok()
            .and_then(|i| self.env.position(i))
            .map(|p| PyGame::from_position(p.clone_box()))
            .ok_or_else(|| {
                pyo3::exceptions::PyIndexError::new_err(format!(
                    "environment {i} does not exist; there are {}",
                    self.env.num_envs()
                ))
            })
    }

    /// Does nothing: the environments hold no resource beyond their memory.
    fn close(&self) {}

    /// The number of environments.
    #[getter]
    fn num_envs(&self) -> usize {
        self.env.num_envs()
    }

    /// The number of actions: the points, then pass.
    #[getter]
    fn num_actions(&self) -> usize {
        self.env.num_actions()
    }

    /// The number of points of the board.
    #[getter]
    fn num_points(&self) -> usize {
        self.env.num_points()
    }

    /// The positions the observation keeps.
    #[getter]
    fn history(&self) -> usize {
        self.env.history()
    }

    /// The planes of an observation (`2 * history + 1`).
    #[getter]
    fn planes(&self) -> usize {
        self.env.planes()
    }

    /// The shape of one environment's observation: `(H, W, planes)` on a rectangle,
    /// `(points, planes)` elsewhere, `(bytes,)` packed, `(0,)` with none.
    #[getter]
    fn single_observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut shape = self.env.obs_shape();
        if shape.is_empty() {
            shape.push(0);
        }
        PyTuple::new(py, shape)
    }

    /// `"bool"`, `"packed"` or `"none"`.
    #[getter]
    fn obs_kind(&self) -> &'static str {
        match self.env.obs_kind() {
            ObsKind::Bool => "bool",
            ObsKind::Packed => "packed",
            ObsKind::None => "none",
        }
    }

    /// The board's width and height (`(points, 1)` on a graph).
    #[getter]
    fn size(&self) -> (u32, u32) {
        let g = self.env.geometry();
        (g.width(), g.height())
    }

    /// The number of OS threads a step uses.
    #[getter]
    fn threads(&self) -> usize {
        self.env.threads()
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
            self.env.num_envs(),
            self.env.history(),
            self.obs_kind(),
            self.env.threads()
        )
    }
}
