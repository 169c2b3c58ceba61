//! The bytes of a game's state: `Game.to_state()`, `Game.from_state(bytes)`,
//! `VectorEnv.get_state(i)`, `VectorEnv.set_state(i, bytes)` and pickling, one encoding for
//! all.
//!
//! A state is the line `goishi-state 1` (the format and its version), then the game's record
//! as JSON (`goishi::GameRecord`: the rules string, the board's size, the setup's stones and
//! first player, the moves in order). Restoring replays the moves from the setup, so the
//! repetition state (ko, superko), the captures and the history of the observation planes are
//! exactly the game's. Bytes that are not a state, of another version, or whose game does not
//! replay are a `ValueError` that says which.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};

use goishi::{GameRecord, Position};

use crate::args;

/// The first line of every state: the format and its version.
const HEADER: &[u8] = b"goishi-state 1\n";

/// The prefix every version of the format starts with.
const FORMAT: &[u8] = b"goishi-state ";

/// The state of `position`.
pub(crate) fn encode(position: &dyn Position) -> PyResult<Vec<u8>> {
    let mut out = HEADER.to_vec();
    serde_json::to_writer(&mut out, &GameRecord::of(position))
        .map_err(|e| PyValueError::new_err(format!("cannot write the game's state: {e}")))?;
    Ok(out)
}

/// The game a state holds, replayed.
pub(crate) fn decode(bytes: &[u8]) -> PyResult<Box<dyn Position>> {
    let Some(json) = bytes.strip_prefix(HEADER) else {
        if let Some(rest) = bytes.strip_prefix(FORMAT) {
            let version = rest.split(|&b| b == b'\n').next().unwrap_or_default();
            return Err(PyValueError::new_err(format!(
                "unsupported goishi state version {:?}; this goishi reads version 1",
                goishi::shorten(&String::from_utf8_lossy(version))
            )));
        }
        return Err(PyValueError::new_err(
            "not a goishi state: a state is the bytes of Game.to_state() or VectorEnv.get_state(i), \
             starting with b\"goishi-state 1\\n\"",
        ));
    };
    let record: GameRecord = serde_json::from_slice(json)
        .map_err(|e| PyValueError::new_err(format!("invalid goishi state: {e}")))?;
    record
        .replay()
        .map_err(|e| PyValueError::new_err(format!("invalid goishi state: {e}")))
}

/// The bytes of argument `name`: `bytes` or `bytearray`.
pub(crate) fn read(name: &str, v: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(b) = v.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    if let Ok(b) = v.cast::<PyByteArray>() {
        return Ok(b.to_vec());
    }
    Err(args::wrong_type(
        name,
        "bytes (from Game.to_state() or VectorEnv.get_state(i))",
        v,
    ))
}
