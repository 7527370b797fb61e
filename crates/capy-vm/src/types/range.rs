//! `range`.
//!
//! A range whose start, stop and step fit in 64 bits is `Obj::Range`, and
//! everything hot (iteration, `len`, `in`, indexing) works on those three
//! machine ints. Bounds beyond 64 bits (`range(10**20, 10**20 + 3)`,
//! `range(-10**20)`) make an `Obj::BigRange` instead, whose operations
//! are computed here with big ints, as CPython computes them. Slicing is
//! done with big ints for both kinds: a slice of a range near the edge of
//! 64 bits must not wrap.

use crate::errors::ExcKind;
use crate::heap::Heap;
use crate::obj::Obj;
use crate::types::MethodDef;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A range with a bound beyond 64 bits.
#[derive(Clone, Debug)]
pub struct BigRange {
    pub start: BigInt,
    pub stop: BigInt,
    pub step: BigInt,
}

pub fn range_len(start: i64, stop: i64, step: i64) -> i64 {
    let (start, stop, step) = (start as i128, stop as i128, step as i128);
    let n = if step > 0 && start < stop {
        (stop - start + step - 1) / step
    } else if step < 0 && start > stop {
        (start - stop - step - 1) / -step
    } else {
        0
    };
    n.min(i64::MAX as i128) as i64
}

/// The number of items of the range (start, stop, step), exactly.
pub fn big_len(start: &BigInt, stop: &BigInt, step: &BigInt) -> BigInt {
    let (lo, hi, st) = if step.is_positive() {
        (start, stop, step.clone())
    } else {
        (stop, start, -step)
    };
    if lo >= hi {
        return BigInt::zero();
    }
    (hi - lo + &st - 1) / st
}

/// The range (start, stop, step) as a new object: `Obj::Range` when all
/// three fit in 64 bits.
pub fn new_range(vm: &mut Vm, start: BigInt, stop: BigInt, step: BigInt) -> PyResult {
    let obj = match (start.to_i64(), stop.to_i64(), step.to_i64()) {
        (Some(start), Some(stop), Some(step)) => Obj::Range { start, stop, step },
        _ => Obj::BigRange(Box::new(BigRange { start, stop, step })),
    };
    Ok(Value::Obj(vm.alloc(obj)?))
}

/// `range(...)`.
pub fn construct(vm: &mut Vm, a: &[Value]) -> PyResult {
    if a.is_empty() || a.len() > 3 {
        return Err(vm.type_error(format!(
            "range expected at least 1 argument, got {}",
            a.len()
        )));
    }
    // The common case, without a big int in sight (and without
    // allocating one: this runs for every `for i in range(n)`).
    let mut small = [0i64; 3];
    let mut all_small = true;
    for (i, &v) in a.iter().enumerate() {
        match v {
            Value::Int(n) => small[i] = n,
            Value::Bool(b) => small[i] = b as i64,
            _ => all_small = false,
        }
    }
    if all_small {
        let (start, stop, step) = match a.len() {
            1 => (0, small[0], 1),
            2 => (small[0], small[1], 1),
            _ => (small[0], small[1], small[2]),
        };
        if step == 0 {
            return Err(vm.value_error("range() arg 3 must not be zero"));
        }
        return Ok(Value::Obj(vm.alloc(Obj::Range { start, stop, step })?));
    }
    let mut n: Vec<BigInt> = Vec::with_capacity(3);
    for &v in a {
        n.push(vm.index_bigint(v)?);
    }
    let mut it = n.into_iter();
    let (first, second, third) = (it.next(), it.next(), it.next());
    let (start, stop, step) = match (first, second, third) {
        (Some(stop), None, _) => (BigInt::zero(), stop, BigInt::one()),
        (Some(start), Some(stop), None) => (start, stop, BigInt::one()),
        (Some(start), Some(stop), Some(step)) => (start, stop, step),
        _ => return Err(vm.type_error("range expected at least 1 argument, got 0")),
    };
    if step.is_zero() {
        return Err(vm.value_error("range() arg 3 must not be zero"));
    }
    new_range(vm, start, stop, step)
}

/// Start, stop and step of either kind of range object.
pub fn big_parts(heap: &Heap, v: Value) -> Option<BigRange> {
    let Value::Obj(h) = v else { return None };
    match heap.get(h) {
        Obj::Range { start, stop, step } => Some(BigRange {
            start: BigInt::from(*start),
            stop: BigInt::from(*stop),
            step: BigInt::from(*step),
        }),
        Obj::BigRange(r) => Some((**r).clone()),
        _ => None,
    }
}

impl BigRange {
    fn len(&self) -> BigInt {
        big_len(&self.start, &self.stop, &self.step)
    }

    /// Whether the int `x` is one of the items.
    fn contains(&self, x: &BigInt) -> bool {
        let inside = if self.step.is_positive() {
            x >= &self.start && x < &self.stop
        } else {
            x <= &self.start && x > &self.stop
        };
        inside && ((x - &self.start) % &self.step).is_zero()
    }

    /// The hash: equal ranges (the same items) hash alike.
    pub fn hash(&self) -> u64 {
        use crate::types::num::hash_bigint;
        let len = self.len();
        let mut acc = hash_bigint(&len);
        if !len.is_zero() {
            acc = acc.wrapping_mul(1_000_003) ^ hash_bigint(&self.start);
            if !len.is_one() {
                acc = acc.wrapping_mul(1_000_003) ^ hash_bigint(&self.step);
            }
        }
        acc
    }

    /// Item `i` (0 <= i < len).
    fn item(&self, i: &BigInt) -> BigInt {
        &self.start + i * &self.step
    }
}

/// `len()` of a big range: its length, or OverflowError as CPython's when
/// it does not fit in a machine word.
pub fn big_range_len(vm: &mut Vm, r: &BigRange) -> PyResult<usize> {
    match r.len().to_i64() {
        Some(n) => Ok(n as usize),
        None => Err(vm.error(
            ExcKind::OverflowError,
            "Python int too large to convert to C ssize_t",
        )),
    }
}

/// `x in r` for a big range (ints only; anything else is compared item by
/// item by the caller).
pub fn big_contains(vm: &Vm, r: &BigRange, x: Value) -> Option<bool> {
    match crate::types::num::as_num(&vm.heap, x) {
        Some(crate::types::num::Num::I(i)) => Some(r.contains(&BigInt::from(i))),
        Some(crate::types::num::Num::B(b)) => Some(r.contains(&b)),
        _ => None,
    }
}

/// Item `i` of a big range, None past the end (for iteration and
/// `reversed`).
pub fn big_item_at(vm: &mut Vm, r: &BigRange, i: usize) -> PyResult<Option<Value>> {
    let i = BigInt::from(i);
    if i >= r.len() {
        return Ok(None);
    }
    vm.new_bigint(r.item(&i)).map(Some)
}

/// `r[key]` for either kind of range when `key` is a slice, or for a big
/// range.
pub fn getitem(vm: &mut Vm, obj: Value, key: Value) -> PyResult {
    let Some(r) = big_parts(&vm.heap, obj) else {
        return Err(vm.type_error("expected a range"));
    };
    let len = r.len();
    if crate::types::list::is_slice(vm, key) {
        let (a, b, c) = slice_indices(vm, key, &len)?;
        let step = &r.step * &c;
        return new_range(vm, r.item(&a), r.item(&b), step);
    }
    let i = match key {
        Value::Int(_) | Value::Bool(_) | Value::Obj(_) if is_index(vm, key) => {
            vm.index_bigint(key)?
        }
        _ => {
            let kn = vm.type_name(key);
            return Err(vm.type_error(format!(
                "range indices must be integers or slices, not {kn}"
            )));
        }
    };
    let j = if i.is_negative() { i + &len } else { i };
    if j.is_negative() || j >= len {
        return Err(vm.index_error("range object index out of range"));
    }
    vm.new_bigint(r.item(&j))
}

/// Whether `v` is an int or has `__index__`.
fn is_index(vm: &mut Vm, v: Value) -> bool {
    match v {
        Value::Int(_) | Value::Bool(_) => true,
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::BigInt(_)) => true,
        _ => vm.is_user_instance(v) && vm.lookup_type_attr(v, "__index__").is_some(),
    }
}

/// `slice.indices(len)` with big ints: start, stop and step, clamped as
/// for any sequence.
fn slice_indices(vm: &mut Vm, slice: Value, len: &BigInt) -> PyResult<(BigInt, BigInt, BigInt)> {
    let (a, b, c) = match slice {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Slice(a, b, c) => (*a, *b, *c),
            _ => return Err(vm.type_error("expected a slice")),
        },
        _ => return Err(vm.type_error("expected a slice")),
    };
    let step = if c.is_none() {
        BigInt::one()
    } else {
        vm.index_bigint(c)?
    };
    if step.is_zero() {
        return Err(vm.value_error("slice step cannot be zero"));
    }
    let (lo, hi) = if step.is_positive() {
        (BigInt::zero(), len.clone())
    } else {
        (BigInt::from(-1), len - 1)
    };
    let mut bound = |v: Value, default: &BigInt| -> PyResult<BigInt> {
        if v.is_none() {
            return Ok(default.clone());
        }
        let i = vm.index_bigint(v)?;
        let i = if i.is_negative() { i + len } else { i };
        Ok(i.clamp(lo.clone(), hi.clone()))
    };
    let (start, stop) = if step.is_positive() {
        (bound(a, &lo)?, bound(b, &hi)?)
    } else {
        (bound(a, &hi)?, bound(b, &lo)?)
    };
    Ok((start, stop, step))
}

/// `range == range`: equal when they hold the same items.
pub fn ranges_equal(a: &BigRange, b: &BigRange) -> bool {
    let (la, lb) = (a.len(), b.len());
    la == lb && (la.is_zero() || (a.start == b.start && (la.is_one() || a.step == b.step)))
}

/// `repr()` of a big range.
pub fn big_repr(r: &BigRange) -> String {
    let (start, stop, step) = (&r.start, &r.stop, &r.step);
    if step.is_one() {
        format!("range({start}, {stop})")
    } else {
        format!("range({start}, {stop}, {step})")
    }
}

pub const METHODS: &[MethodDef] = &[("index", range_index, false), ("count", range_count, false)];

fn range_index(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let r = a.first().copied().unwrap_or(Value::None);
    let x = a.get(1).copied().unwrap_or(Value::None);
    if let Some(parts) = big_parts(&vm.heap, r) {
        if let Some(true) = big_contains(vm, &parts, x) {
            let i = vm.index_bigint(x)?;
            return vm.new_bigint((i - &parts.start) / &parts.step);
        }
    }
    let s = vm.repr(x)?;
    Err(vm.value_error(format!("{s} is not in range")))
}

fn range_count(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let r = a.first().copied().unwrap_or(Value::None);
    let x = a.get(1).copied().unwrap_or(Value::None);
    Ok(Value::Int(vm.contains(r, x)? as i64))
}
