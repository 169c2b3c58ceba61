//! `goishi.BatchedSearch`: `goishi-play`'s batched search over a `VectorEnv`'s games
//! (`goishi_env::EnvSearch`), its leaves written into numpy buffers allocated once, each call
//! run with the GIL released.
//!
//! The search follows its environment: it starts from the environments' games when it is
//! made, and again (keeping each game's subtree when its environment played one move) the
//! first time it is used after a `reset`, `step` or `set_state` of the environment. The
//! arrays `leaves` returns are views of the search's own buffers, overwritten by the next
//! call, as `VectorEnv.step`'s are.

use std::sync::Mutex;

use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PySlice, PyTuple};

use goishi_env::EnvSearch;
use goishi_play::batched::{Algorithm, BatchedConfig, Gumbel, Puct};

use crate::args;
use crate::errors::lock;
use crate::vector::{env_error, PlaneBuffers, PyVectorEnv};

/// The search and the environment's count of changes it last started from.
struct SearchState {
    search: EnvSearch,
    generation: u64,
}

/// A tree search over a batch of games whose leaves the caller evaluates (AlphaZero's PUCT
/// or Gumbel MuZero's root); see docs/learning.md.
#[pyclass(name = "BatchedSearch", module = "goishi", frozen)]
pub(crate) struct PyBatchedSearch {
    env: Py<PyVectorEnv>,
    state: Mutex<SearchState>,
    /// The leaves' observations and masks, `max_leaves` rows.
    planes: PlaneBuffers,
    config: BatchedConfig,
    num_games: usize,
    num_actions: usize,
}

/// The settings that belong to one algorithm, as given (`None`: not given).
struct Settings<'a, 'py> {
    puct: [(&'static str, Option<&'a Bound<'py, PyAny>>); 5],
    gumbel: [(&'static str, Option<&'a Bound<'py, PyAny>>); 4],
}

impl Settings<'_, '_> {
    /// The algorithm `name` with the settings given, each checked; a setting of the other
    /// algorithm is a `ValueError`.
    fn algorithm(&self, name: &str) -> PyResult<Algorithm> {
        let (own, other, other_name) = match name {
            "puct" => (&self.puct[..], &self.gumbel[..], "gumbel"),
            "gumbel" => (&self.gumbel[..], &self.puct[..], "puct"),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "invalid algorithm {name:?}; expected \"puct\" or \"gumbel\""
                )))
            }
        };
        if let Some((setting, _)) = other.iter().find(|(_, v)| v.is_some()) {
            return Err(PyValueError::new_err(format!(
                "{setting} is a setting of algorithm=\"{other_name}\", not of algorithm=\"{name}\""
            )));
        }
        let number = |i: usize| -> PyResult<Option<f32>> {
            let (setting, value) = own[i];
            Ok(args::optional(setting, value, args::number)?.map(|x| x as f32))
        };
        Ok(if name == "puct" {
            let d = Puct::default();
            Algorithm::Puct(Puct {
                c_init: number(0)?.unwrap_or(d.c_init),
                c_base: number(1)?.unwrap_or(d.c_base),
                dirichlet_alpha: number(2)?.unwrap_or(d.dirichlet_alpha),
                dirichlet_fraction: number(3)?.unwrap_or(d.dirichlet_fraction),
                temperature: number(4)?.unwrap_or(d.temperature),
            })
        } else {
            let d = Gumbel::default();
            let considered = args::optional(own[0].0, own[0].1, args::int)?
                .map(|m| {
                    u32::try_from(m).ok().filter(|&m| m >= 1).ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "invalid max_considered_actions {m}; expected a whole number, 1 or more"
                        ))
                    })
                })
                .transpose()?;
            Algorithm::Gumbel(Gumbel {
                max_considered_actions: considered.unwrap_or(d.max_considered_actions),
                gumbel_scale: number(1)?.unwrap_or(d.gumbel_scale),
                value_scale: number(2)?.unwrap_or(d.value_scale),
                maxvisit_init: number(3)?.unwrap_or(d.maxvisit_init),
            })
        })
    }
}

/// A whole number of `name` from 1 to `max`.
fn whole(name: &str, v: Option<&Bound<'_, PyAny>>, default: u32, max: u32) -> PyResult<u32> {
    match args::optional(name, v, args::int)? {
        None => Ok(default),
        Some(x) => u32::try_from(x)
            .ok()
            .filter(|&x| (1..=max).contains(&x))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "invalid {name} {x}; expected a whole number from 1 to {max}"
                ))
            }),
    }
}

impl PyBatchedSearch {
    /// Starts the search again from the environment's games if they changed since.
    fn follow(&self, py: Python<'_>, state: &mut SearchState) -> PyResult<()> {
        let env = self.env.bind(py).get();
        let env_state = lock(&env.state, "VectorEnv")?;
        if env_state.generation != state.generation {
            let (search, games) = (&mut state.search, &env_state.env);
            py.detach(|| search.start(games))
                .map_err(|e| env_error(py, &e))?;
            state.generation = env_state.generation;
        }
        Ok(())
    }

    /// `x` as a C-contiguous float32 array (numpy, JAX, PyTorch on the CPU, lists).
    fn floats<'py>(
        py: Python<'py>,
        name: &str,
        x: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
        let np = py.import("numpy")?;
        let array = np
            .call_method1("ascontiguousarray", (x, np.getattr("float32")?))
            .map_err(|e| {
                PyValueError::new_err(format!(
                    "{name} must be an array of numbers: {}",
                    e.value(py)
                ))
            })?;
        Ok(array.cast_into::<PyArrayDyn<f32>>()?)
    }

    /// A view of the first `n` rows of `array`.
    fn rows<'py>(py: Python<'py>, array: &Py<PyAny>, n: usize) -> PyResult<Bound<'py, PyAny>> {
        array.bind(py).get_item(PySlice::new(py, 0, n as isize, 1))
    }
}

#[pymethods]
impl PyBatchedSearch {
    /// `BatchedSearch(env, simulations=64, algorithm="gumbel", *, seed=0, leaves_per_game=1,
    /// threads=None, ...)`: a search of `env`'s games (a `VectorEnv`, reset).
    ///
    /// PUCT's settings (`algorithm="puct"`; `None`: mctx's default): `c_init` (1.25),
    /// `c_base` (19652), `dirichlet_alpha` (0.3), `dirichlet_fraction` (0.25),
    /// `temperature` (1.0). Gumbel's: `max_considered_actions` (16), `gumbel_scale` (1.0),
    /// `value_scale` (0.1), `maxvisit_init` (50). A setting of the other algorithm is a
    /// `ValueError`. `threads`: the environment's by default.
    #[new]
    #[pyo3(
        signature = (env, simulations = None, algorithm = None, *, seed = None, leaves_per_game = None, threads = None, c_init = None, c_base = None, dirichlet_alpha = None, dirichlet_fraction = None, temperature = None, max_considered_actions = None, gumbel_scale = None, value_scale = None, maxvisit_init = None),
        text_signature = "(env, simulations=64, algorithm=\"gumbel\", *, seed=0, leaves_per_game=1, threads=None, c_init=None, c_base=None, dirichlet_alpha=None, dirichlet_fraction=None, temperature=None, max_considered_actions=None, gumbel_scale=None, value_scale=None, maxvisit_init=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new<'py>(
        py: Python<'py>,
        env: &Bound<'py, PyAny>,
        simulations: Option<&Bound<'py, PyAny>>,
        algorithm: Option<&Bound<'py, PyAny>>,
        seed: Option<&Bound<'py, PyAny>>,
        leaves_per_game: Option<&Bound<'py, PyAny>>,
        threads: Option<&Bound<'py, PyAny>>,
        c_init: Option<&Bound<'py, PyAny>>,
        c_base: Option<&Bound<'py, PyAny>>,
        dirichlet_alpha: Option<&Bound<'py, PyAny>>,
        dirichlet_fraction: Option<&Bound<'py, PyAny>>,
        temperature: Option<&Bound<'py, PyAny>>,
        max_considered_actions: Option<&Bound<'py, PyAny>>,
        gumbel_scale: Option<&Bound<'py, PyAny>>,
        value_scale: Option<&Bound<'py, PyAny>>,
        maxvisit_init: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Self> {
        let env = env
            .cast::<PyVectorEnv>()
            .map_err(|_| args::wrong_type("env", "a goishi.VectorEnv", env))?;
        let name = args::optional("algorithm", algorithm, args::text)?
            .unwrap_or_else(|| "gumbel".to_owned());
        let settings = Settings {
            puct: [
                ("c_init", c_init),
                ("c_base", c_base),
                ("dirichlet_alpha", dirichlet_alpha),
                ("dirichlet_fraction", dirichlet_fraction),
                ("temperature", temperature),
            ],
            gumbel: [
                ("max_considered_actions", max_considered_actions),
                ("gumbel_scale", gumbel_scale),
                ("value_scale", value_scale),
                ("maxvisit_init", maxvisit_init),
            ],
        };
        let algorithm = settings.algorithm(&name)?;
        let simulations = whole(
            "simulations",
            simulations,
            64,
            goishi_play::batched::MAX_SIMULATIONS,
        )?;
        let leaves_per_game = whole("leaves_per_game", leaves_per_game, 1, simulations)?;
        let env_ref = env.get();
        let env_state = lock(&env_ref.state, "VectorEnv")?;
        let threads = whole(
            "threads",
            threads,
            env_state.env.threads() as u32,
            goishi_env::MAX_THREADS as u32,
        )?;
        let config = BatchedConfig {
            simulations,
            algorithm,
            leaves_per_game,
            seed: args::optional("seed", seed, args::seed)?.unwrap_or(0),
            threads: threads as usize,
        };
        let search = env_state
            .env
            .search(config)
            .map_err(|e| env_error(py, &e))?;
        let planes = PlaneBuffers::new(
            py,
            search.max_leaves(),
            &env_state.env.obs_shape(),
            env_state.env.obs_kind(),
            search.num_actions(),
        )?;
        let generation = env_state.generation;
        drop(env_state);
        Ok(PyBatchedSearch {
            env: env.clone().unbind(),
            num_games: search.num_games(),
            num_actions: search.num_actions(),
            state: Mutex::new(SearchState { search, generation }),
            planes,
            config,
        })
    }

    /// Whether every game has its simulations (a game that is over has none to run). After
    /// the environment's next `step`, false again: the search follows the environment.
    fn done(&self, py: Python<'_>) -> PyResult<bool> {
        let mut state = lock(&self.state, "BatchedSearch")?;
        self.follow(py, &mut state)?;
        Ok(state.search.done())
    }

    /// The next leaves to evaluate: `(obs, mask)`, `n` rows each (`obs` in the environment's
    /// layout, `mask` the leaf's legal actions); then `expand` with their evaluations.
    /// Views of the search's buffers, overwritten by the next call.
    fn leaves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut state = lock(&self.state, "BatchedSearch")?;
        self.follow(py, &mut state)?;
        let mut obs = self.planes.obs.bind(py).try_readwrite()?;
        let mut mask = self.planes.mask.bind(py).try_readwrite()?;
        let not_contiguous = |_| PyRuntimeError::new_err("a buffer is not contiguous");
        let obs = obs.as_slice_mut().map_err(not_contiguous)?;
        let mask = mask.as_slice_mut().map_err(not_contiguous)?;
        let search = &mut state.search;
        let n = py
            .detach(|| search.leaves(obs, mask))
            .map_err(|e| env_error(py, &e))?;
        (
            Self::rows(py, &self.planes.obs_view, n)?,
            Self::rows(py, &self.planes.mask_view, n)?,
        )
            .into_pyobject(py)
    }

    /// The evaluations of the last `leaves()`: `logits` of shape `(n, num_actions)` (any
    /// real numbers; the priors are their softmax over the leaf's legal actions, `-inf` a
    /// prior of 0) and `values` of shape `(n,)` or `(n, 1)` (for the player to move in the
    /// leaf, from -1 to 1); numpy, JAX or PyTorch (CPU) arrays, or lists.
    fn expand(
        &self,
        py: Python<'_>,
        logits: &Bound<'_, PyAny>,
        values: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let mut state = lock(&self.state, "BatchedSearch")?;
        if !state.search.pending() {
            // The search's own error: no leaf waits.
            return state.search.expand(&[], &[]).map_err(|e| env_error(py, &e));
        }
        let n = state.search.leaf_games().len();
        let logits = Self::floats(py, "logits", logits)?;
        let values = Self::floats(py, "values", values)?;
        let (ls, vs) = (logits.shape().to_vec(), values.shape().to_vec());
        if ls != [n, self.num_actions] {
            return Err(PyValueError::new_err(format!(
                "logits has shape {ls:?}; expected [{n}, {}] (the leaves, the actions)",
                self.num_actions
            )));
        }
        if vs != [n] && vs != [n, 1] {
            return Err(PyValueError::new_err(format!(
                "values has shape {vs:?}; expected [{n}] (one a leaf)"
            )));
        }
        let logits = logits.try_readonly()?;
        let values = values.try_readonly()?;
        let not_contiguous = |_| PyRuntimeError::new_err("an array is not contiguous");
        let (l, v) = (
            logits.as_slice().map_err(not_contiguous)?,
            values.as_slice().map_err(not_contiguous)?,
        );
        let search = &mut state.search;
        py.detach(|| search.expand(l, v))
            .map_err(|e| env_error(py, &e))
    }

    /// Runs the search to its end: `evaluate(obs, mask)` returns `(logits, values)` for each
    /// call's leaves. An exception in `evaluate` is raised here, and the search starts again
    /// at its next use.
    fn run(&self, py: Python<'_>, evaluate: &Bound<'_, PyAny>) -> PyResult<()> {
        while !self.done(py)? {
            let leaves = self.leaves(py)?;
            let (obs, mask) = (leaves.get_item(0)?, leaves.get_item(1)?);
            let evaluated = evaluate.call1((obs, mask)).and_then(|out| {
                let pair = out.cast_into::<PyTuple>().map_err(|e| {
                    PyValueError::new_err(format!(
                        "evaluate must return (logits, values), not {}",
                        args::type_name(&e.into_inner())
                    ))
                })?;
                if pair.len() != 2 {
                    return Err(PyValueError::new_err(format!(
                        "evaluate must return (logits, values), not a tuple of {}",
                        pair.len()
                    )));
                }
                self.expand(py, &pair.get_item(0)?, &pair.get_item(1)?)
            });
            if let Err(e) = evaluated {
                // The leaves asked for are abandoned: the next use starts again.
                let mut state = lock(&self.state, "BatchedSearch")?;
                state.generation = state.generation.wrapping_sub(1);
                return Err(e);
            }
        }
        Ok(())
    }

    /// The search's policy, float32 `(num_envs, num_actions)`: Gumbel's improved policy, or
    /// PUCT's visit counts normalised; zeros for a game that is over.
    fn policy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let out = PyArray2::<f32>::zeros(py, [self.num_games, self.num_actions], false);
        {
            let mut rw = out.try_readwrite()?;
            let mut state = lock(&self.state, "BatchedSearch")?;
            let slice = rw
                .as_slice_mut()
                .map_err(|_| PyRuntimeError::new_err("a buffer is not contiguous"))?;
            state.search.policy(slice).map_err(|e| env_error(py, &e))?;
        }
        Ok(out)
    }

    /// The moves to play, uint32 `(num_envs,)`: Gumbel's best considered move, or PUCT's draw
    /// from the visits at its temperature (drawn once a search); pass for a game that is
    /// over (ignored by the environment's autoreset).
    fn actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u32>>> {
        let out = PyArray1::<u32>::zeros(py, self.num_games, false);
        {
            let mut rw = out.try_readwrite()?;
            let mut state = lock(&self.state, "BatchedSearch")?;
            let slice = rw
                .as_slice_mut()
                .map_err(|_| PyRuntimeError::new_err("a buffer is not contiguous"))?;
            state.search.actions(slice).map_err(|e| env_error(py, &e))?;
        }
        Ok(out)
    }

    /// The roots' values for their players to move, float32 `(num_envs,)`.
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let out = PyArray1::<f32>::zeros(py, self.num_games, false);
        {
            let mut rw = out.try_readwrite()?;
            let state = lock(&self.state, "BatchedSearch")?;
            let slice = rw
                .as_slice_mut()
                .map_err(|_| PyRuntimeError::new_err("a buffer is not contiguous"))?;
            state.search.values(slice).map_err(|e| env_error(py, &e))?;
        }
        Ok(out)
    }

    /// The visits of the roots' children, uint32 `(num_envs, num_actions)`.
    fn visits<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u32>>> {
        let out = PyArray2::<u32>::zeros(py, [self.num_games, self.num_actions], false);
        {
            let mut rw = out.try_readwrite()?;
            let state = lock(&self.state, "BatchedSearch")?;
            let slice = rw
                .as_slice_mut()
                .map_err(|_| PyRuntimeError::new_err("a buffer is not contiguous"))?;
            state.search.visits(slice).map_err(|e| env_error(py, &e))?;
        }
        Ok(out)
    }

    /// The environments of the last `leaves()`'s rows, int64 `(n,)`.
    fn leaf_games<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let state = lock(&self.state, "BatchedSearch")?;
        let games: Vec<i64> = state
            .search
            .leaf_games()
            .iter()
            .map(|&g| i64::from(g))
            .collect();
        Ok(PyArray1::from_vec(py, games))
    }

    /// The actions from its game's root to leaf `k` of the last `leaves()`.
    fn leaf_path(&self, k: usize) -> PyResult<Vec<u32>> {
        let state = lock(&self.state, "BatchedSearch")?;
        let mut path = Vec::new();
        state.search.leaf_path(k, &mut path);
        Ok(path)
    }

    /// Starts the search again from the environment's games now.
    fn start(&self, py: Python<'_>) -> PyResult<()> {
        let mut state = lock(&self.state, "BatchedSearch")?;
        state.generation = state.generation.wrapping_sub(1);
        self.follow(py, &mut state)
    }

    /// The games (the environment's `num_envs`).
    #[getter]
    fn num_envs(&self) -> usize {
        self.num_games
    }

    /// The actions: the points, then pass.
    #[getter]
    fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// The most rows a `leaves()` returns: `num_envs * leaves_per_game`.
    #[getter]
    fn max_leaves(&self) -> usize {
        self.num_games * self.config.leaves_per_game as usize
    }

    /// Simulations a game and a move.
    #[getter]
    fn simulations(&self) -> u32 {
        self.config.simulations
    }

    /// `"puct"` or `"gumbel"`.
    #[getter]
    fn algorithm(&self) -> &'static str {
        self.config.algorithm.name()
    }

    fn __repr__(&self) -> String {
        format!(
            "goishi.BatchedSearch(num_envs={}, simulations={}, algorithm={:?}, leaves_per_game={}, seed={}, threads={})",
            self.num_games,
            self.config.simulations,
            self.config.algorithm.name(),
            self.config.leaves_per_game,
            self.config.seed,
            self.config.threads
        )
    }
}
