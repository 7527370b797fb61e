//! CPython objects ⇄ [`HostValue`]s.
//!
//! None, bool, int (any size), float, complex, str, bytes, bytearray,
//! list, tuple, dict, set and frozenset (and their subclasses, by value)
//! convert item by item; a [`Handle`] of the same compartment becomes its
//! object again. Anything else is refused with TypeError: a host object
//! never enters a compartment (grant a function that uses it instead).

use crate::worker::Jobs;
use capy_vm::embed::value::MAX_DEPTH;
use capy_vm::embed::HostValue;
use num_bigint::BigInt;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyComplex, PyDict, PyFloat, PyFrozenSet, PyInt, PyList, PySet,
    PyString, PyTuple,
};
use pyo3::IntoPyObjectExt;
use std::sync::Arc;

/// An object of a compartment that does not convert (a function, a class
/// instance, an iterator): the host holds it by this handle and can pass
/// it back into the same compartment, where it is the object again.
#[pyclass(module = "capy", frozen)]
pub struct Handle {
    pub(crate) id: u64,
    /// The compartment it belongs to (its serial number) and the queue
    /// its release goes to.
    pub(crate) owner: Arc<Jobs>,
}

#[pymethods]
impl Handle {
    fn __repr__(&self) -> String {
        format!(
            "<capy.Handle #{} of compartment '{}'>",
            self.id, self.owner.name
        )
    }
}

impl Drop for Handle {
    fn drop(&mut self) {
        self.owner.release(self.id);
    }
}

/// `obj` as a host value for compartment `owner`.
pub fn to_host(obj: &Bound<'_, PyAny>, owner: &Jobs) -> PyResult<HostValue> {
    to_host_at(obj, owner, 0)
}

fn to_host_at(obj: &Bound<'_, PyAny>, owner: &Jobs, depth: usize) -> PyResult<HostValue> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err(format!(
            "a value nested more than {MAX_DEPTH} deep cannot enter a compartment"
        )));
    }
    let d = depth + 1;
    let each = |it: Bound<'_, pyo3::types::PyIterator>| -> PyResult<Vec<HostValue>> {
        it.map(|x| to_host_at(&x?, owner, d)).collect()
    };
    if obj.is_none() {
        return Ok(HostValue::None);
    }
    // bool before int: a bool is an int in Python.
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(HostValue::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        return Ok(match obj.extract::<i64>() {
            Ok(i) => HostValue::Int(i.into()),
            Err(_) => HostValue::Int(obj.extract::<BigInt>()?),
        });
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Ok(HostValue::Float(f.value()));
    }
    if let Ok(c) = obj.cast::<PyComplex>() {
        return Ok(HostValue::Complex(c.real(), c.imag()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(HostValue::Str(s.to_string_lossy().into_owned()));
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(HostValue::Bytes(b.as_bytes().to_vec()));
    }
    if let Ok(b) = obj.cast::<PyByteArray>() {
        return Ok(HostValue::ByteArray(b.to_vec()));
    }
    if obj.is_instance_of::<PyList>() {
        return Ok(HostValue::List(each(obj.try_iter()?)?));
    }
    if obj.is_instance_of::<PyTuple>() {
        return Ok(HostValue::Tuple(each(obj.try_iter()?)?));
    }
    if let Ok(dict) = obj.cast::<PyDict>() {
        let mut items = Vec::with_capacity(dict.len());
        for (k, v) in dict.iter() {
            items.push((to_host_at(&k, owner, d)?, to_host_at(&v, owner, d)?));
        }
        return Ok(HostValue::Dict(items));
    }
    if obj.is_instance_of::<PySet>() {
        return Ok(HostValue::Set(each(obj.try_iter()?)?));
    }
    if obj.is_instance_of::<PyFrozenSet>() {
        return Ok(HostValue::FrozenSet(each(obj.try_iter()?)?));
    }
    if let Ok(h) = obj.cast::<Handle>() {
        let h = h.get();
        if h.owner.serial != owner.serial {
            return Err(PyValueError::new_err(format!(
                "a handle of compartment '{}' cannot enter compartment '{}'",
                h.owner.name, owner.name
            )));
        }
        return Ok(HostValue::Opaque(h.id));
    }
    let t = obj.get_type().name()?;
    Err(PyTypeError::new_err(format!(
        "a '{t}' object cannot enter a compartment (values: None, bool, int, float, complex, str, bytes, bytearray, list, tuple, dict, set, frozenset, capy.Handle; grant a function to reach anything else)"
    )))
}

/// `v` as a Python object; opaque values become [`Handle`]s of `owner`.
pub fn to_py(py: Python<'_>, v: HostValue, owner: &Arc<Jobs>) -> PyResult<Py<PyAny>> {
    Ok(match v {
        HostValue::None => py.None(),
        HostValue::Bool(b) => b.into_py_any(py)?,
        HostValue::Int(i) => match i64::try_from(&i) {
            Ok(small) => small.into_py_any(py)?,
            Err(_) => i.into_py_any(py)?,
        },
        HostValue::Float(f) => f.into_py_any(py)?,
        HostValue::Complex(re, im) => PyComplex::from_doubles(py, re, im).into_any().unbind(),
        HostValue::Str(s) => s.into_py_any(py)?,
        HostValue::Bytes(b) => PyBytes::new(py, &b).into_any().unbind(),
        HostValue::ByteArray(b) => PyByteArray::new(py, &b).into_any().unbind(),
        HostValue::List(xs) => PyList::new(py, items(py, xs, owner)?)?.into_any().unbind(),
        HostValue::Tuple(xs) => PyTuple::new(py, items(py, xs, owner)?)?.into_any().unbind(),
        HostValue::Set(xs) => PySet::new(py, items(py, xs, owner)?)?.into_any().unbind(),
        HostValue::FrozenSet(xs) => PyFrozenSet::new(py, items(py, xs, owner)?)?
            .into_any()
            .unbind(),
        HostValue::Dict(kvs) => {
            let d = PyDict::new(py);
            for (k, x) in kvs {
                d.set_item(to_py(py, k, owner)?, to_py(py, x, owner)?)?;
            }
            d.into_any().unbind()
        }
        HostValue::Opaque(id) => Handle {
            id,
            owner: owner.clone(),
        }
        .into_py_any(py)?,
    })
}

fn items(py: Python<'_>, xs: Vec<HostValue>, owner: &Arc<Jobs>) -> PyResult<Vec<Py<PyAny>>> {
    xs.into_iter().map(|x| to_py(py, x, owner)).collect()
}

/// A call's arguments as Python objects: a list and a dict.
#[allow(clippy::type_complexity)]
pub fn arguments<'py>(
    py: Python<'py>,
    args: Vec<HostValue>,
    kwargs: Vec<(String, HostValue)>,
    owner: &Arc<Jobs>,
) -> PyResult<(Vec<Py<PyAny>>, Bound<'py, PyDict>)> {
    let a = items(py, args, owner)?;
    let kw = PyDict::new(py);
    for (k, v) in kwargs {
        kw.set_item(k, to_py(py, v, owner)?)?;
    }
    Ok((a, kw))
}
