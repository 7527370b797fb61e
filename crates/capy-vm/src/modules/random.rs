//! `random`: MicroPython's API over xoshiro256** (not CPython's Mersenne
//! Twister, so sequences differ from CPython by design, as MicroPython's do),
//! plus CPython's `Random` class and distributions in Python
//! (stdlib/_random_extra.py).
//!
//! The generator state belongs to one module object: every function is a
//! bound method whose `self` is a 32-byte bytearray holding the state, so
//! instances never share state and there is no global.

use crate::obj::Obj;
use crate::types::num::{as_num, Num};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use num_bigint::{BigInt, Sign};
use num_traits::{Signed, ToPrimitive, Zero};

type Kw<'a> = &'a [(Value, Value)];

fn load(vm: &Vm, st: Value) -> [u64; 4] {
    let mut s = [0u64; 4];
    if let Value::Obj(h) = st {
        if let Obj::ByteArray(b) = vm.heap.get(h) {
            for (i, chunk) in b.chunks_exact(8).take(4).enumerate() {
                let mut w = [0u8; 8];
                w.copy_from_slice(chunk);
                s[i] = u64::from_le_bytes(w);
            }
        }
    }
    // An all-zero state is a fixed point of xoshiro; never run from it.
    if s == [0; 4] {
        s[0] = 0x9E37_79B9_7F4A_7C15;
    }
    s
}

fn store(vm: &mut Vm, st: Value, s: [u64; 4]) {
    if let Value::Obj(h) = st {
        if let Obj::ByteArray(b) = vm.heap.get_mut(h) {
            b.clear();
            for w in s {
                b.extend_from_slice(&w.to_le_bytes());
            }
        }
    }
}

fn step(s: &mut [u64; 4]) -> u64 {
    let r = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
    let t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = s[3].rotate_left(45);
    r
}

/// Expands a 64-bit seed into a full state (splitmix64, as the xoshiro
/// authors recommend).
fn seeded(mut x: u64) -> [u64; 4] {
    let mut s = [0u64; 4];
    for w in s.iter_mut() {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        *w = z ^ (z >> 31);
    }
    s
}

/// A seed from the clock and the process (through an embedding host's
/// tape, so a replayed sandbox draws the same numbers).
fn clock_seed(vm: &Vm) -> u64 {
    crate::embed::tape::u64(vm, clock_seed_now)
}

fn clock_seed_now() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    now.as_nanos() as u64 ^ (std::process::id() as u64).rotate_left(32)
}

/// Runs `f` with the generator state, writing it back afterwards.
fn with_rng<T>(
    vm: &mut Vm,
    a: &[Value],
    f: impl FnOnce(&mut Vm, &mut [u64; 4]) -> PyResult<T>,
) -> PyResult<T> {
    let st = a.first().copied().unwrap_or(Value::None);
    let mut s = load(vm, st);
    let r = f(vm, &mut s);
    store(vm, st, s);
    r
}

/// A uniform integer in [0, n) without modulo bias (rejection sampling).
fn below(s: &mut [u64; 4], n: u64) -> u64 {
    if n <= 1 {
        return 0;
    }
    let bits = 64 - (n - 1).leading_zeros();
    loop {
        let r = step(s) >> (64 - bits);
        if r < n {
            return r;
        }
    }
}

/// A uniform big integer in [0, n).
fn below_big(s: &mut [u64; 4], n: &BigInt) -> BigInt {
    if let Some(small) = n.to_u64() {
        return BigInt::from(below(s, small));
    }
    let bits = (n - 1u32).bits();
    loop {
        let r = randbits(s, bits);
        if &r < n {
            return r;
        }
    }
}

fn randbits(s: &mut [u64; 4], k: u64) -> BigInt {
    let words = k.div_ceil(32) as usize;
    let mut digits: Vec<u32> = (0..words).map(|_| (step(s) >> 32) as u32).collect();
    let extra = (words as u64 * 32 - k) as u32;
    if let Some(last) = digits.last_mut() {
        if extra > 0 {
            *last >>= extra;
        }
    }
    BigInt::from_slice(Sign::Plus, &digits)
}

fn float01(s: &mut [u64; 4]) -> f64 {
    (step(s) >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

fn int_arg(vm: &mut Vm, v: Value) -> PyResult<BigInt> {
    match as_num(&vm.heap, v) {
        Some(Num::I(i)) => Ok(BigInt::from(i)),
        Some(Num::B(b)) => Ok(b),
        _ => Ok(BigInt::from(vm.index_value(v)?)),
    }
}

fn r_seed(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let seed = match a.get(1) {
        None | Some(Value::None) => clock_seed(vm),
        Some(&v) => match as_num(&vm.heap, v) {
            Some(Num::I(i)) => i as u64,
            Some(Num::B(b)) => {
                // Fold all the digits so distinct big seeds differ.
                let (_, digits) = b.to_u64_digits();
                digits
                    .iter()
                    .fold(b.is_negative() as u64, |h, d| h.rotate_left(13) ^ d)
            }
            Some(Num::F(f)) => f.to_bits(),
            _ => vm.hash(v)?,
        },
    };
    let st = a.first().copied().unwrap_or(Value::None);
    store(vm, st, seeded(seed));
    Ok(Value::None)
}

fn r_getrandbits(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let k = vm.index_value(a.get(1).copied().unwrap_or(Value::None))?;
    if k < 0 {
        return Err(vm.value_error("number of bits must be non-negative"));
    }
    if k as u64
        > (vm.budget.memory.limit() as u64)
            .saturating_mul(8)
            .min(1 << 36)
    {
        return Err(vm.memory_error());
    }
    vm.charge(k as usize / 8 + 8)?;
    let r = with_rng(vm, a, |_, s| Ok(randbits(s, k as u64)))?;
    vm.new_bigint(r)
}

fn r_random(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let f = with_rng(vm, a, |_, s| Ok(float01(s)))?;
    Ok(Value::Float(f))
}

fn r_uniform(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if a.len() != 3 {
        return Err(vm.type_error(format!(
            "uniform() takes 2 positional arguments but {} were given",
            a.len().saturating_sub(1)
        )));
    }
    let lo = super::math::to_f(vm, a[1])?;
    let hi = super::math::to_f(vm, a[2])?;
    let f = with_rng(vm, a, |_, s| Ok(float01(s)))?;
    Ok(Value::Float(lo + (hi - lo) * f))
}

/// `randrange(stop)` / `randrange(start, stop[, step])`.
fn randrange(vm: &mut Vm, a: &[Value], start: BigInt, stop: BigInt, step: BigInt) -> PyResult {
    if step.is_zero() {
        return Err(vm.value_error("zero step for randrange()"));
    }
    let width = &stop - &start;
    // Number of values: ceil(width / step) for the step's direction.
    let n = if step.is_positive() {
        (width + &step - 1u32) / &step
    } else {
        (width + &step + 1u32) / &step
    };
    if !n.is_positive() {
        let msg = format!("empty range in randrange({start}, {stop})");
        return Err(vm.value_error(msg));
    }
    let k = with_rng(vm, a, |_, s| Ok(below_big(s, &n)))?;
    vm.new_bigint(start + k * step)
}

fn r_randrange(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let args = a.get(1..).unwrap_or(&[]);
    let mut ints = Vec::with_capacity(args.len());
    for &v in args {
        ints.push(int_arg(vm, v)?);
    }
    match ints.len() {
        1 => {
            let stop = ints.remove(0);
            if !stop.is_positive() {
                return Err(vm.value_error("empty range for randrange()"));
            }
            randrange(vm, a, BigInt::zero(), stop, BigInt::from(1))
        }
        2 => {
            let stop = ints.remove(1);
            let start = ints.remove(0);
            randrange(vm, a, start, stop, BigInt::from(1))
        }
        3 => {
            let step = ints.remove(2);
            let stop = ints.remove(1);
            let start = ints.remove(0);
            randrange(vm, a, start, stop, step)
        }
        n => Err(vm.type_error(format!("randrange expected at most 3 arguments, got {n}"))),
    }
}

fn r_randint(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if a.len() != 3 {
        return Err(vm.type_error(format!(
            "randint() takes 2 positional arguments but {} were given",
            a.len().saturating_sub(1)
        )));
    }
    let lo = int_arg(vm, a[1])?;
    let hi = int_arg(vm, a[2])?;
    if hi < lo {
        return Err(vm.value_error(format!("empty range in randrange({lo}, {})", hi + 1u32)));
    }
    randrange(vm, a, lo, hi + 1u32, BigInt::from(1))
}

fn r_choice(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let seq = a.get(1).copied().unwrap_or(Value::None);
    let n = vm.len(seq)?;
    if n == 0 {
        return Err(vm.index_error("Cannot choose from an empty sequence"));
    }
    let i = with_rng(vm, a, |_, s| Ok(below(s, n as u64)))?;
    vm.getitem(seq, Value::Int(i as i64))
}

/// Fisher-Yates in place on a list.
fn r_shuffle(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let l = a.get(1).copied().unwrap_or(Value::None);
    let n = vm.len(l)?;
    for i in (1..n).rev() {
        let j = with_rng(vm, a, |_, s| Ok(below(s, i as u64 + 1)))? as i64;
        let (ii, jj) = (Value::Int(i as i64), Value::Int(j));
        let x = vm.getitem(l, ii)?;
        let y = vm.getitem(l, jj)?;
        vm.setitem(l, ii, y)?;
        vm.setitem(l, jj, x)?;
    }
    Ok(Value::None)
}

fn r_sample(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let pop = a.get(1).copied().unwrap_or(Value::None);
    let k = vm.index_value(a.get(2).copied().unwrap_or(Value::None))?;
    let mut items = vm.iter_to_vec(pop)?;
    if k < 0 || k as usize > items.len() {
        return Err(vm.value_error("Sample larger than population or is negative"));
    }
    let k = k as usize;
    // Partial Fisher-Yates: the first k slots become the sample.
    with_rng(vm, a, |_, s| {
        for i in 0..k {
            let j = i + below(s, (items.len() - i) as u64) as usize;
            items.swap(i, j);
        }
        Ok(())
    })?;
    items.truncate(k);
    vm.new_list(items)
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("random")?;
    let d = crate::import::module_dict(vm, m);
    let mut bytes = Vec::with_capacity(32);
    for w in seeded(clock_seed(vm)) {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    let state = Value::Obj(vm.alloc(Obj::ByteArray(bytes))?);
    let fns: &[(&'static str, crate::obj::NativeFn)] = &[
        ("seed", r_seed),
        ("getrandbits", r_getrandbits),
        ("random", r_random),
        ("uniform", r_uniform),
        ("randrange", r_randrange),
        ("randint", r_randint),
        ("choice", r_choice),
        ("shuffle", r_shuffle),
        ("sample", r_sample),
    ];
    let mut natives = Vec::with_capacity(fns.len());
    for &(name, f) in fns {
        let func = crate::types::native(vm, name, f, false, Value::Obj(m))?;
        natives.push(func);
        let bound = Value::Obj(vm.alloc(Obj::BoundMethod { this: state, func })?);
        vm.dict_set_str(d, name, bound)?;
    }
    // `Random`, `randbytes`, `choices` and the distributions are Python
    // (stdlib/_random_extra.py) over these natives.
    let natives = vm.new_list(natives)?;
    let extra = vm.import_dotted("_random_extra")?;
    let install = vm.getattr_str(extra, "install")?;
    vm.call(install, &[Value::Obj(d), natives], &[])?;
    Ok(m)
}
