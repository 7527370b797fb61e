//! Sorting: `list.sort`, `sorted` and the library functions built on them.
//!
//! Python's sort is stable and asks only `<`. When every key is of one
//! natively ordered kind (ints and bools, floats without NaN, strs, or tuples whose
//! items have one such kind per position) no Python code can run while
//! sorting and the order is total, so Rust's stable sort orders the keys
//! directly. Everything else goes through our own merge sort, which calls
//! `<` (perhaps user code), stops at the first error and cannot misbehave
//! when a user `__lt__` answers inconsistently.

use crate::heap::Heap;
use crate::obj::Obj;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;
use std::cmp::Ordering;

/// The natively ordered kinds of scalar key.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Int,
    Float,
    Str,
}

fn scalar_kind(heap: &Heap, v: Value) -> Option<Kind> {
    match v {
        // bool is an int subclass that orders as 0 and 1.
        Value::Int(_) | Value::Bool(_) => Some(Kind::Int),
        Value::Float(f) if !f.is_nan() => Some(Kind::Float),
        Value::Obj(h) => match heap.get(h) {
            Obj::Str(_) => Some(Kind::Str),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `keys` can be ordered by [`native_cmp`]: all scalars of one
/// kind, or all tuples of scalars with the same kind at each position.
fn natively_ordered(heap: &Heap, keys: &[Value]) -> bool {
    let Some(&first) = keys.first() else {
        return true;
    };
    if let Some(k) = scalar_kind(heap, first) {
        return keys.iter().all(|&v| scalar_kind(heap, v) == Some(k));
    }
    let mut kinds: Vec<Kind> = Vec::new();
    keys.iter().all(|&v| {
        let Some(Obj::Tuple(t)) = v.as_obj().map(|h| heap.get(h)) else {
            return false;
        };
        t.iter()
            .enumerate()
            .all(|(i, &x)| match scalar_kind(heap, x) {
                Some(k) if i < kinds.len() => kinds[i] == k,
                Some(k) => {
                    kinds.push(k);
                    true
                }
                None => false,
            })
    })
}

/// Python's `<` order on keys accepted by [`natively_ordered`]: a total
/// order, as Rust's sort requires.
fn native_cmp(heap: &Heap, a: Value, b: Value) -> Ordering {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => x.cmp(&y),
        (Value::Int(_) | Value::Bool(_), Value::Int(_) | Value::Bool(_)) => {
            small_int(a).cmp(&small_int(b))
        }
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        (Value::Obj(x), Value::Obj(y)) => match (heap.get(x), heap.get(y)) {
            (Obj::Str(x), Obj::Str(y)) => crate::types::strbuf::str_cmp(x, y),
            (Obj::Tuple(x), Obj::Tuple(y)) => x
                .iter()
                .zip(y.iter())
                .map(|(&p, &q)| native_cmp(heap, p, q))
                .find(|o| o.is_ne())
                .unwrap_or_else(|| x.len().cmp(&y.len())),
            _ => Ordering::Equal,
        },
        _ => Ordering::Equal,
    }
}

/// A small int or bool as the int it orders as (0 for anything else).
pub(crate) fn small_int(v: Value) -> i64 {
    match v {
        Value::Int(i) => i,
        Value::Bool(b) => b as i64,
        _ => 0,
    }
}

impl Vm {
    /// Stable sort with an optional key; on error returns the items back.
    /// `reverse` keeps equal items in their original order, as CPython does
    /// (reverse, sort ascending, reverse again).
    pub fn sort_values(
        &mut self,
        mut items: Vec<Value>,
        key: Value,
        reverse: bool,
    ) -> Result<Vec<Value>, (crate::PyErr, Vec<Value>)> {
        // The items are in a vector the collector cannot see (`list.sort`
        // empties the list while sorting), and a key function or `__lt__`
        // may allocate: root them for the sort.
        self.temp_roots.extend_from_slice(&items);
        let mut keys = if key.is_none() {
            items.clone()
        } else {
            let mut ks = Vec::with_capacity(items.len());
            for &x in &items {
                match self.call(key, &[x], &[]) {
                    Ok(k) => {
                        self.temp_roots.push(k);
                        ks.push(k)
                    }
                    Err(e) => return Err((e, items)),
                }
            }
            ks
        };
        if reverse {
            items.reverse();
            keys.reverse();
        }
        let mut out = if natively_ordered(&self.heap, &keys) {
            self.native_sort(&keys, &items)
        } else {
            let mut idx: Vec<usize> = (0..items.len()).collect();
            if let Err(e) = self.merge_sort(&mut idx, &keys) {
                if reverse {
                    items.reverse();
                }
                return Err((e, items));
            }
            idx.into_iter().map(|i| items[i]).collect()
        };
        if reverse {
            out.reverse();
        }
        Ok(out)
    }

    /// Stable sort of `items` by natively ordered `keys` (no Python code runs).
    fn native_sort(&self, keys: &[Value], items: &[Value]) -> Vec<Value> {
        if keys.iter().all(|k| matches!(k, Value::Int(_))) {
            let mut pairs: Vec<(i64, Value)> = keys
                .iter()
                .zip(items)
                .map(|(k, &v)| (if let Value::Int(i) = k { *i } else { 0 }, v))
                .collect();
            pairs.sort_by_key(|p| p.0);
            return pairs.into_iter().map(|p| p.1).collect();
        }
        let mut pairs: Vec<(Value, Value)> =
            keys.iter().copied().zip(items.iter().copied()).collect();
        let heap = &self.heap;
        pairs.sort_by(|a, b| native_cmp(heap, a.0, b.0));
        pairs.into_iter().map(|p| p.1).collect()
    }

    fn key_lt(&mut self, a: Value, b: Value) -> PyResult<bool> {
        if let Some(lt) = self.fast_lt(a, b, capy_compiler::CmpOp::Lt) {
            return Ok(lt);
        }
        let r = self.compare(capy_compiler::CmpOp::Lt, a, b)?;
        self.truthy(r)
    }

    /// Stable bottom-up merge sort of `idx` by `keys[idx]`.
    fn merge_sort(&mut self, idx: &mut Vec<usize>, keys: &[Value]) -> PyResult<()> {
        let n = idx.len();
        let mut buf = vec![0usize; n];
        let mut width = 1;
        while width < n {
            let mut lo = 0;
            while lo < n {
                let mid = (lo + width).min(n);
                let hi = (lo + 2 * width).min(n);
                // Runs already in order (common in real data) need no merge.
                if mid < hi && !self.key_lt(keys[idx[mid]], keys[idx[mid - 1]])? {
                    buf[lo..hi].copy_from_slice(&idx[lo..hi]);
                    lo = hi;
                    continue;
                }
                let (mut i, mut j, mut k) = (lo, mid, lo);
                while i < mid && j < hi {
                    // Take from the right run only when strictly smaller.
                    if self.key_lt(keys[idx[j]], keys[idx[i]])? {
                        buf[k] = idx[j];
                        j += 1;
                    } else {
                        buf[k] = idx[i];
                        i += 1;
                    }
                    k += 1;
                }
                buf[k..k + (mid - i)].copy_from_slice(&idx[i..mid]);
                k += mid - i;
                buf[k..k + (hi - j)].copy_from_slice(&idx[j..hi]);
                lo = hi;
            }
            std::mem::swap(idx, &mut buf);
            width *= 2;
        }
        Ok(())
    }
}
