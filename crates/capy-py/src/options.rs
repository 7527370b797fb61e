//! The options of `capy.Compartment(...)`, checked: a bad one raises
//! ValueError or TypeError naming it.

use crate::convert::to_host;
use crate::suspend::{Dir, External};
use crate::worker::Jobs;
use crate::{Granted, Kind};
use capy_vm::embed::{HostValue, DEFAULT_HEAP, DEFAULT_RECURSION, DEFAULT_TIMEOUT};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyString};
use std::time::Duration;

pub fn no_other(other: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    match other.and_then(|d| d.keys().iter().next()) {
        Some(k) => Err(PyTypeError::new_err(format!(
            "Compartment() got an unexpected option {k} (options: heap, timeout, recursion, steps, grants, stdout, fs, snapshots)"
        ))),
        None => Ok(()),
    }
}

pub fn name(v: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    let Some(v) = v else {
        return Ok("main".to_string());
    };
    let Ok(s) = v.cast::<PyString>() else {
        return Err(PyTypeError::new_err("name must be a str"));
    };
    let s = s.to_string();
    if s.is_empty() {
        return Err(PyValueError::new_err("name must not be empty"));
    }
    Ok(s)
}

/// An int, not a bool.
fn int(v: &Bound<'_, PyAny>) -> Option<i128> {
    if v.is_instance_of::<PyBool>() || !v.is_instance_of::<PyInt>() {
        return None;
    }
    Some(v.extract::<i128>().unwrap_or(i128::MAX))
}

/// Bytes as an int, or a size such as "256M" (K, M, G).
pub fn heap(v: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(v) = v else { return Ok(DEFAULT_HEAP) };
    let bad = |s: &str| {
        PyValueError::new_err(format!(
            "heap: invalid size {s} (use e.g. 65536, '64K', '256M', '1G')"
        ))
    };
    if let Some(n) = int(v) {
        return usize::try_from(n)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| bad(&n.to_string()));
    }
    let Ok(s) = v.cast::<PyString>() else {
        return Err(PyTypeError::new_err(
            "heap must be an int of bytes or a size such as '256M'",
        ));
    };
    let s = s.to_string();
    match capy_vm::budget::parse_size(&s) {
        Some(n) if n > 0 => Ok(n),
        _ => Err(bad(&format!("'{s}'"))),
    }
}

/// Seconds (int or float), or None for no limit.
pub fn timeout(v: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Duration>> {
    let Some(v) = v else {
        return Ok(Some(DEFAULT_TIMEOUT));
    };
    if v.is_none() {
        return Ok(None);
    }
    let secs = if let Some(n) = int(v) {
        n as f64
    } else if let Ok(f) = v.cast::<PyFloat>() {
        f.value()
    } else {
        return Err(PyTypeError::new_err(
            "timeout must be a number of seconds or None",
        ));
    };
    if !(secs > 0.0 && secs < 1e9) {
        return Err(PyValueError::new_err("timeout must be positive (seconds)"));
    }
    Ok(Some(Duration::from_secs_f64(secs)))
}

pub fn recursion(v: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(v) = v else {
        return Ok(DEFAULT_RECURSION);
    };
    let max = capy_vm::budget::MAX_RECURSION;
    match int(v) {
        Some(n) if n >= 1 && n <= max as i128 => Ok(n as usize),
        Some(_) => Err(PyValueError::new_err(format!(
            "recursion must be between 1 and {max}"
        ))),
        None => Err(PyTypeError::new_err("recursion must be an int")),
    }
}

pub fn steps(v: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    match int(v) {
        Some(n) if n >= 1 => Ok(Some(u64::try_from(n).unwrap_or(u64::MAX))),
        Some(_) => Err(PyValueError::new_err("steps must be positive")),
        None => Err(PyTypeError::new_err("steps must be an int or None")),
    }
}

/// Granted values (converted now) and granted functions: host
/// callables, coroutine functions, and `capy.external` declarations.
#[allow(clippy::type_complexity)]
pub fn grants(
    v: Option<&Bound<'_, PyAny>>,
    jobs: &Jobs,
) -> PyResult<(Vec<(String, HostValue)>, Vec<(String, Granted)>)> {
    let (mut values, mut functions) = (Vec::new(), Vec::new());
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok((values, functions));
    };
    let Ok(d) = v.cast::<PyDict>() else {
        return Err(PyTypeError::new_err(
            "grants must be a dict of names to values and callables",
        ));
    };
    for (k, x) in d.iter() {
        let name = match k.cast::<PyString>() {
            Ok(s) if is_identifier(&s.to_string()) => s.to_string(),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "grants: {k} is not an identifier"
                )))
            }
        };
        if let Ok(e) = x.cast::<External>() {
            let shown = e.get().name.clone();
            functions.push((
                name,
                Granted {
                    name: shown,
                    kind: Kind::External,
                },
            ));
            continue;
        }
        match to_host(&x, jobs) {
            Ok(h) => values.push((name, h)),
            Err(_) if x.is_callable() => {
                let kind = if is_coroutine_function(&x)? {
                    Kind::Async(x.unbind())
                } else {
                    Kind::Host(x.unbind())
                };
                functions.push((name.clone(), Granted { name, kind }));
            }
            Err(e) => {
                return Err(PyTypeError::new_err(format!(
                    "grants: '{name}': {}",
                    e.value(x.py())
                )))
            }
        }
    }
    Ok((values, functions))
}

/// `inspect.iscoroutinefunction(f)`: an `async def` (awaited by
/// `run_async`, not called).
pub fn is_coroutine_function(f: &Bound<'_, PyAny>) -> PyResult<bool> {
    let inspect = f.py().import("inspect")?;
    inspect
        .call_method1("iscoroutinefunction", (f,))?
        .is_truthy()
}

/// `fs=`: a `capy.Dir`, a list or tuple of them, or None; each must be
/// an existing directory (FileNotFoundError, NotADirectoryError).
pub fn dirs(v: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(std::path::PathBuf, bool)>> {
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(Vec::new());
    };
    let items: Vec<Bound<'_, PyAny>> = if v.cast::<Dir>().is_ok() {
        vec![v.clone()]
    } else if v.is_instance_of::<pyo3::types::PyList>()
        || v.is_instance_of::<pyo3::types::PyTuple>()
    {
        v.try_iter()?.collect::<PyResult<_>>()?
    } else {
        return Err(PyTypeError::new_err(
            "fs must be a capy.Dir (or a list of them), or None",
        ));
    };
    let mut out = Vec::new();
    for d in items {
        let Ok(d) = d.cast::<Dir>() else {
            return Err(PyTypeError::new_err(
                "fs must be a capy.Dir (or a list of them), or None",
            ));
        };
        let d = d.get();
        // io::Error becomes its OSError subclass (FileNotFoundError...).
        let meta = std::fs::metadata(&d.path).map_err(PyErr::from)?;
        if !meta.is_dir() {
            return Err(pyo3::exceptions::PyNotADirectoryError::new_err(format!(
                "fs: {} is not a directory",
                d.path.display()
            )));
        }
        out.push((d.path.clone(), d.write));
    }
    Ok(out)
}

fn is_identifier(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c == '_' || c.is_alphabetic())
        && cs.all(|c| c == '_' || c.is_alphanumeric())
}

pub fn stdout(v: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Py<PyAny>>> {
    match v.filter(|v| !v.is_none()) {
        None => Ok(None),
        Some(f) if f.is_callable() => Ok(Some(f.clone().unbind())),
        Some(_) => Err(PyTypeError::new_err(
            "stdout must be a callable taking a str, or None",
        )),
    }
}

/// `snapshots=`: None (automatic: a compartment records its history, what
/// a snapshot replays, when it has an external function, the only place
/// a snapshot can be taken), True (always) or False (never). Returns why
/// the compartment will not record, if it will not: its snapshots are
/// then refused with that reason.
pub fn snapshots(
    v: Option<&Bound<'_, PyAny>>,
    external: bool,
    dirs: bool,
) -> PyResult<Option<String>> {
    let dir = "it was granted a directory (files are outside a snapshot)";
    let wanted = match v.filter(|v| !v.is_none()) {
        None => None,
        Some(b) if b.is_instance_of::<PyBool>() => Some(b.is_truthy()?),
        Some(_) => {
            return Err(PyTypeError::new_err(
                "snapshots must be True, False or None",
            ))
        }
    };
    Ok(match wanted {
        Some(true) if dirs => {
            return Err(PyValueError::new_err(
                "snapshots=True cannot be given with fs= (files are outside a snapshot)",
            ))
        }
        Some(true) => None,
        _ if dirs => Some(dir.to_string()),
        Some(false) => Some("it was made with snapshots=False, so it records no history".into()),
        None if external => None,
        None => Some(
            "it has no external function, so it records no history (give snapshots=True to record)"
                .into(),
        ),
    })
}
