//! The Python extension module `goishi._goishi`: the game API of every goishi variant, as a
//! thin front end over the facade (`goishi`), `goishi-sgf` and `goishi-play`. No rule is
//! written here: every legality question, score and record is the engine's.
//!
//! The pure Python modules around it (`python/goishi/`: the package's `__init__`, the
//! PettingZoo and Ray adapters) import what this module registers. Every error crosses as
//! one of the typed exceptions of the `errors` module, with the engine's own sentence; every
//! argument is read by the `args` module (a `TypeError` for a wrong type); no input reaches a
//! panic (each is validated before it is used).

use pyo3::prelude::*;

mod args;
mod errors;
mod game;
mod geometry;
mod players;
mod rules;
mod search;
mod state;
mod vector;

/// The module `goishi._goishi`; `goishi/__init__.py` re-exports its names.
#[pymodule]
fn _goishi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    m.add_function(wrap_pyfunction!(rules::variants, m)?)?;
    m.add_class::<rules::PyRules>()?;
    m.add_class::<game::PyGame>()?;
    m.add_function(wrap_pyfunction!(game::_game_from_record, m)?)?;
    m.add_function(wrap_pyfunction!(game::_game_from_state, m)?)?;
    m.add_function(wrap_pyfunction!(geometry::symmetries, m)?)?;
    m.add_class::<players::PyMctsPlayer>()?;
    m.add_class::<players::PyRandomPlayer>()?;
    m.add_function(wrap_pyfunction!(players::estimate_dead, m)?)?;
    // The vectorized environment (crates/env, the `goishi-env` crate).
    vector::register(m)?;
    m.add_class::<search::PyBatchedSearch>()?;
    Ok(())
}
