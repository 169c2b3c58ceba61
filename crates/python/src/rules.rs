//! `goishi.variants()` and `goishi.Rules`: the registry and rules strings, as the facade
//! parses and writes them.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use goishi::{OptionKind, Rules};

use crate::errors::rules_error;

/// Every registered variant with its options and defaults: a list of dicts (`id`, `family`,
/// `family_title`, `aliases`, `summary`, `default_size`, `options`), sorted by id; each
/// option a dict (`name`, `default` for this variant, `values` in words, `help`).
#[pyfunction]
pub(crate) fn variants(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for v in goishi::registry().variants() {
        let d = PyDict::new(py);
        d.set_item("id", v.id)?;
        d.set_item("family", v.family)?;
        d.set_item("family_title", v.family_title)?;
        d.set_item("aliases", v.aliases.to_vec())?;
        d.set_item("summary", v.summary)?;
        d.set_item("default_size", v.default_size)?;
        let options = PyList::empty(py);
        for o in v.options {
            let od = PyDict::new(py);
            od.set_item("name", o.name)?;
            od.set_item("default", v.default_of(o.name).unwrap_or(o.default))?;
            od.set_item("values", o.kind.describe())?;
            if let OptionKind::Choice(words) = o.kind {
                od.set_item("choices", words.to_vec())?;
            }
            od.set_item("help", o.help)?;
            options.append(od)?;
        }
        d.set_item("options", options)?;
        list.append(d)?;
    }
    Ok(list)
}

/// Parses a rules string with the program's registry (`goishi.RulesError` with the
/// engine's sentence when it does not parse).
pub(crate) fn parse(text: &str) -> PyResult<Rules> {
    goishi::registry()
        .parse_rules(text)
        .map_err(|e| rules_error(&e))
}

/// A variant and the values of all its options: `Rules("japanese:komi=0")`.
///
/// `str(rules)` is the canonical rules string, which parses back to equal rules; two rules
/// are equal when every value is (whether an option was named does not count).
#[pyclass(name = "Rules", module = "goishi", frozen)]
#[derive(Clone)]
pub(crate) struct PyRules {
    pub(crate) rules: Rules,
}

#[pymethods]
impl PyRules {
    #[new]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<PyRules> {
        Ok(PyRules {
            rules: parse(&crate::args::text("text", text)?)?,
        })
    }

    /// The variant's id: `go/japanese`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.rules.variant().id
    }

    /// The variant's family: `go`, `contact`, `capture`.
    #[getter]
    fn family(&self) -> &'static str {
        self.rules.variant().family
    }

    /// The value of every option, in canonical form, in declaration order.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (o, v) in self.rules.values() {
            d.set_item(o.name, v)?;
        }
        Ok(d)
    }

    /// The value of option `name` (`None` when the variant has no such option).
    fn get(&self, name: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let name = crate::args::text("name", name)?;
        Ok(self.rules.get(&name).map(str::to_owned))
    }

    fn __str__(&self) -> String {
        self.rules.to_string()
    }

    fn __repr__(&self) -> String {
        format!("goishi.Rules({:?})", self.rules.to_string())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyRules>()
            .is_ok_and(|o| o.get().rules == self.rules)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        // The canonical string: equal rules write the same one.
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.rules.to_string().hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let text = slf.get().rules.to_string();
        Ok((slf.get_type().into_any(), PyTuple::new(slf.py(), [text])?))
    }
}
