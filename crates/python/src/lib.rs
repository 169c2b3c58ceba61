//! The Python extension module `goishi._goishi`: the game API of every goishi variant, as a
//! thin front end over the facade (`goishi`), `goishi-sgf` and `goishi-play`. No rule is
//! written here: every legality question, score and record is the engine's.
//!
//! The pure Python modules around it (`python/goishi/`: the package's `__init__`, the
//! PettingZoo and Ray adapters) import what this module registers. Every error crosses as
//! one of the typed exceptions of [`errors`], with the engine's own sentence; no input
//! reaches a panic (each is validated before it is used).

use pyo3::prelude::*;

mod errors;
mod game;
mod players;
mod rules;

/// The module `goishi._goishi`; `goishi/__init__.py` re-exports its names.
#[pymodule]
fn _goishi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    m.add_function(wrap_pyfunction!(rules::variants, m)?)?;
    m.add_class::<rules::PyRules>()?;
    m.add_class::<game::PyGame>()?;
    m.add_function(wrap_pyfunction!(game::_game_from_record, m)?)?;
    m.add_class::<players::PyMctsPlayer>()?;
    m.add_class::<players::PyRandomPlayer>()?;
    // The vectorized environment (crates/env, the `goishi-env` crate) registers its
    // `VectorEnv` class here: `mod vector;` above and `vector::register(m)?;` on this line.
    Ok(())
}
