//! The arguments of the package's functions, read from Python: the one place where a Python
//! value becomes a Rust one. Each reader names the argument in its errors.
//!
//! - A value of the wrong type is a `TypeError` naming the argument, the type expected and
//!   the type given: `size must be an int or a (width, height) tuple, not str`.
//! - A value of the right type that is not allowed is a `ValueError` (or one of the package's
//!   errors, which all derive from it) naming the argument and showing the value.
//! - An integer is an `int` or an object with `__index__` (numpy's integers); a number (a
//!   time, a threshold) an integer or a `float`. `bool` is neither here, although Python lets
//!   `True` stand for 1: a flag where a count, a size, an index, a seed or a number of seconds
//!   is meant is a mistake (numpy refuses `numpy.zeros(True)` alike). A flag (`packed`,
//!   `copy`) is a `bool` (Python's or numpy's) and nothing else.
//! - An argument whose default is `None` reads `None` as that default (`Option<&Bound>`,
//!   through [`optional`]); one whose default is a value (`history=8`) is an [`Arg`], and
//!   `None` given for it is of the wrong type.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};

use goishi::Rules;

use crate::errors::SetupError;
use crate::game::PyGame;
use crate::rules::PyRules;

/// An argument whose default is a value: what Python passed, or [`Arg::OMITTED`] (the
/// signature's default) when it was left out.
pub(crate) struct Arg<'py>(Option<Bound<'py, PyAny>>);

impl<'py> Arg<'py> {
    /// The argument left out.
    pub(crate) const OMITTED: Arg<'py> = Arg(None);

    /// `read(name, value)` of the value passed; `default` when the argument was left out.
    pub(crate) fn read<T>(
        &self,
        name: &str,
        default: T,
        read: impl FnOnce(&str, &Bound<'py, PyAny>) -> PyResult<T>,
    ) -> PyResult<T> {
        match &self.0 {
            Some(v) => read(name, v),
            None => Ok(default),
        }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Arg<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Arg(Some(obj.to_owned())))
    }
}

/// An argument whose default is `None`: `None` when it was left out or is `None`, else
/// `read(name, value)`.
pub(crate) fn optional<'py, T>(
    name: &str,
    value: Option<&Bound<'py, PyAny>>,
    read: impl FnOnce(&str, &Bound<'py, PyAny>) -> PyResult<T>,
) -> PyResult<Option<T>> {
    match value {
        Some(v) if !v.is_none() => read(name, v).map(Some),
        _ => Ok(None),
    }
}

/// The name of a value's type as Python writes it: `str`, `numpy.float64`, `goishi.Game`.
pub(crate) fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type()
        .fully_qualified_name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string())
}

/// `TypeError`: `{name} must be {expected}, not {type}`.
pub(crate) fn wrong_type(name: &str, expected: &str, v: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!("{name} must be {expected}, not {}", type_name(v)))
}

/// `repr(v)`, cut short when long (a value shown in an error).
pub(crate) fn shown(v: &Bound<'_, PyAny>) -> String {
    v.repr()
        .map_or_else(|_| "?".to_owned(), |r| goishi::shorten(&r.to_string()))
}

/// Whether `v` is a `bool`, Python's or numpy's (`numpy.bool`, `numpy.bool_` before numpy
/// 2, which had `__index__`).
pub(crate) fn is_bool(v: &Bound<'_, PyAny>) -> bool {
    v.is_instance_of::<PyBool>()
        || v.get_type()
            .name()
            .is_ok_and(|n| n == "bool" || n == "bool_")
}

/// An integer: an `int` or an object with `__index__`, not a `bool`. Beyond 64 bits it is a
/// `ValueError` that shows the value (Python's `OverflowError` is no `ValueError`, and does
/// not say which argument).
pub(crate) fn int(name: &str, v: &Bound<'_, PyAny>) -> PyResult<i64> {
    int_as(name, "an int", v)
}

/// [`int`], its `TypeError` saying that the argument must be `expected`.
fn int_as(name: &str, expected: &str, v: &Bound<'_, PyAny>) -> PyResult<i64> {
    if !v.is_exact_instance_of::<PyInt>() && is_bool(v) {
        return Err(wrong_type(name, expected, v));
    }
    match v.extract::<i64>() {
        Ok(n) => Ok(n),
        Err(e) if e.is_instance_of::<PyOverflowError>(v.py()) => {
            Err(PyValueError::new_err(format!(
                "{name} {} is out of range (a 64-bit integer is expected)",
                shown(v)
            )))
        }
        Err(_) => Err(wrong_type(name, expected, v)),
    }
}

/// A count: an integer, 0 or more.
pub(crate) fn count(name: &str, v: &Bound<'_, PyAny>) -> PyResult<usize> {
    let n = int(name, v)?;
    usize::try_from(n)
        .map_err(|_| PyValueError::new_err(format!("{name} is {n}; it cannot be negative")))
}

/// A seed: an integer from 0 to 2^64 - 1.
pub(crate) fn seed(name: &str, v: &Bound<'_, PyAny>) -> PyResult<u64> {
    if is_bool(v) {
        return Err(wrong_type(name, "an int", v));
    }
    match v.extract::<u64>() {
        Ok(n) => Ok(n),
        Err(e) if e.is_instance_of::<PyOverflowError>(v.py()) => {
            Err(PyValueError::new_err(format!(
                "invalid {name} {}; expected a whole number from 0 to 2^64 - 1",
                shown(v)
            )))
        }
        Err(_) => Err(wrong_type(name, "an int", v)),
    }
}

/// A number: an integer or a `float` (or an object with `__float__`), not a `bool`. An
/// integer too large for a float is a `ValueError`; the range is the caller's to check.
pub(crate) fn number(name: &str, v: &Bound<'_, PyAny>) -> PyResult<f64> {
    if is_bool(v) {
        return Err(wrong_type(name, "a number (int or float)", v));
    }
    match v.extract::<f64>() {
        Ok(x) => Ok(x),
        Err(e) if e.is_instance_of::<PyOverflowError>(v.py()) => Err(PyValueError::new_err(
            format!("{name} {} is out of range", shown(v)),
        )),
        Err(_) => Err(wrong_type(name, "a number (int or float)", v)),
    }
}

/// A flag: a `bool` (or numpy's), not an int.
pub(crate) fn flag(name: &str, v: &Bound<'_, PyAny>) -> PyResult<bool> {
    v.extract::<bool>()
        .map_err(|_| wrong_type(name, "a bool", v))
}

/// A text: a `str`.
pub(crate) fn text(name: &str, v: &Bound<'_, PyAny>) -> PyResult<String> {
    match v.cast::<PyString>() {
        Ok(s) => Ok(s.to_cow()?.into_owned()),
        Err(_) => Err(wrong_type(name, "a str", v)),
    }
}

/// A game: a `goishi.Game`.
pub(crate) fn game<'a, 'py>(
    name: &str,
    v: &'a Bound<'py, PyAny>,
) -> PyResult<&'a Bound<'py, PyGame>> {
    v.cast::<PyGame>()
        .map_err(|_| wrong_type(name, "a goishi.Game", v))
}

/// Rules: a `goishi.Rules` or a rules string (`RulesError` when it does not parse).
pub(crate) fn rules(name: &str, v: &Bound<'_, PyAny>) -> PyResult<Rules> {
    if let Ok(r) = v.cast::<PyRules>() {
        return Ok(r.get().rules.clone());
    }
    match v.cast::<PyString>() {
        Ok(s) => crate::rules::parse(&s.to_cow()?),
        Err(_) => Err(wrong_type(
            name,
            "a rules string (str, like \"japanese:komi=0\") or a goishi.Rules",
            v,
        )),
    }
}

/// A board size: `None` (the rules' or the variant's), an integer or a `(width, height)`
/// tuple of integers. A side below 1 or above the largest board is a `SetupError` (the
/// engine's sentence when it fits its integers).
pub(crate) fn size(v: Option<&Bound<'_, PyAny>>) -> PyResult<Option<(u32, u32)>> {
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    // A side beyond 64 bits is a `SetupError` too, as every size the engine cannot build.
    let side = |name: &str, expected: &str, v: &Bound<'_, PyAny>| {
        int_as(name, expected, v).map_err(|e| {
            if e.is_instance_of::<PyTypeError>(v.py()) {
                e
            } else {
                SetupError::new_err(e.value(v.py()).to_string())
            }
        })
    };
    let (width, height) = if let Ok(t) = v.cast::<PyTuple>() {
        if t.len() != 2 {
            return Err(SetupError::new_err(format!(
                "invalid size {}; expected a whole number or (width, height)",
                shown(v)
            )));
        }
        (
            side("size[0]", "an int", &t.get_item(0)?)?,
            side("size[1]", "an int", &t.get_item(1)?)?,
        )
    } else {
        let n = side("size", "an int or a (width, height) tuple", v)?;
        (n, n)
    };
    if width < 0 || height < 0 {
        return Err(SetupError::new_err(format!(
            "invalid size {}; a side cannot be negative",
            shown(v)
        )));
    }
    match (u32::try_from(width), u32::try_from(height)) {
        (Ok(w), Ok(h)) => Ok(Some((w, h))),
        // Non-negative i64s: the engine's sentence for sides beyond its integers.
        _ => Err(SetupError::new_err(
            goishi::GeometryError::SizeOutOfRange {
                width: width.unsigned_abs(),
                height: height.unsigned_abs(),
            }
            .to_string(),
        )),
    }
}
