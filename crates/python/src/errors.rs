//! The typed exceptions of the package and the one conversion of each engine error to them.
//!
//! `goishi.RulesError`, `goishi.SetupError`, `goishi.SgfError` and `goishi.IllegalMoveError`
//! derive from `ValueError`; their message is the engine's `Display` text, unchanged.
//! `IllegalMoveError.reason` is the engine's reason word (`occupied`, `suicide`, `ko`,
//! `superko`, `game over`, or a family's own word).
//!
//! An object of the package (a `Game`, an `MctsPlayer`, a `VectorEnv`) serves one call at a
//! time: each call takes the object's state with [`lock`], and a call that finds it taken by
//! another one (another thread's search or step) is a `RuntimeError` that says so, at once.

use std::sync::{Mutex, MutexGuard, TryLockError};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    goishi,
    RulesError,
    PyValueError,
    "A rules string that does not parse, or an option value that is not allowed."
);
pyo3::create_exception!(
    goishi,
    SetupError,
    PyValueError,
    "A game that cannot start: a board the rules refuse, a bad size, stones without liberty."
);
pyo3::create_exception!(
    goishi,
    SgfError,
    PyValueError,
    "An SGF text that is not a game record of a goishi variant, or a game SGF cannot write."
);
pyo3::create_exception!(
    goishi,
    IllegalMoveError,
    PyValueError,
    "A move the rules refuse; `reason` names why (`occupied`, `ko`, `game over`, ...)."
);

/// Adds the exception classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("SgfError", py.get_type::<SgfError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    Ok(())
}

/// `goishi.RulesError` with the engine's sentence.
pub(crate) fn rules_error(e: &impl std::fmt::Display) -> PyErr {
    RulesError::new_err(e.to_string())
}

/// `goishi.SetupError` with the engine's sentence.
pub(crate) fn setup_error(e: &impl std::fmt::Display) -> PyErr {
    SetupError::new_err(e.to_string())
}

/// `goishi.SgfError` with the engine's sentence.
pub(crate) fn sgf_error(e: &impl std::fmt::Display) -> PyErr {
    SgfError::new_err(e.to_string())
}

/// `goishi.IllegalMoveError` with `message` and `.reason` set to `reason`.
pub(crate) fn illegal_move(py: Python<'_>, message: String, reason: &str) -> PyErr {
    let err = IllegalMoveError::new_err(message);
    // Setting an attribute on a fresh exception instance fails only when memory runs out;
    // the error then still carries its message.
    let _ = err.value(py).setattr("reason", reason);
    err
}

/// The state of object `what` (`Game`, `VectorEnv`, ...) for one call; a `RuntimeError` when
/// another call holds it (a thread searching or stepping with the GIL released). Never waits:
/// a thread that waited here holding the GIL would stop the holder from finishing.
pub(crate) fn lock<'a, T>(state: &'a Mutex<T>, what: &str) -> PyResult<MutexGuard<'a, T>> {
    match state.try_lock() {
        Ok(guard) => Ok(guard),
        // A panic is raised in Python and ends the call; the object stays usable.
        Err(TryLockError::Poisoned(poisoned)) => Ok(poisoned.into_inner()),
        Err(TryLockError::WouldBlock) => Err(PyRuntimeError::new_err(format!(
            "this goishi.{what} is in use by another thread (a call on it is running); \
             an object serves one call at a time: wait for that call to return, or give \
             each thread its own {what}"
        ))),
    }
}
