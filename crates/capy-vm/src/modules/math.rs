//! `math`: float functions with CPython's results and error rules.
//!
//! Most functions go to the platform's libm through `f64` (so results match
//! CPython on the same machine); the few that std lacks (erf, gamma, ...)
//! come from the `libm` crate. CPython's error rule is applied uniformly: a
//! NaN from a non-NaN input is "math domain error" (ValueError), an infinity
//! from a finite input is "math range error" (OverflowError) for functions
//! that can overflow and a domain error for the others (poles).

use crate::types::bigcost;
use crate::types::num::{as_num, Num};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{FromPrimitive, Signed, ToPrimitive, Zero};

type Kw<'a> = &'a [(Value, Value)];

fn set(vm: &mut Vm, m: Gc, name: &str, v: Value) -> PyResult<()> {
    let d = crate::import::module_dict(vm, m);
    vm.dict_set_str(d, name, v)
}

pub(crate) fn domain(vm: &mut Vm) -> crate::PyErr {
    vm.value_error("math domain error")
}
pub(crate) fn range(vm: &mut Vm) -> crate::PyErr {
    vm.overflow_error("math range error")
}

/// Checks the positional argument count the way CPython words it.
pub(crate) fn nargs(vm: &mut Vm, a: &[Value], name: &str, min: usize, max: usize) -> PyResult<()> {
    if a.len() >= min && a.len() <= max {
        return Ok(());
    }
    let msg = if min == max && min == 1 {
        format!("{name}() takes exactly one argument ({} given)", a.len())
    } else if min == max {
        format!("{name} expected {min} arguments, got {}", a.len())
    } else if a.len() < min {
        format!(
            "{name} expected at least {min} argument{}, got {}",
            if min == 1 { "" } else { "s" },
            a.len()
        )
    } else {
        format!("{name} expected at most {max} arguments, got {}", a.len())
    };
    Err(vm.type_error(msg))
}

/// A real number argument as a float (`__float__` / `__index__` honoured).
pub(crate) fn to_f(vm: &mut Vm, v: Value) -> PyResult<f64> {
    match as_num(&vm.heap, v) {
        Some(Num::I(i)) => return Ok(i as f64),
        Some(Num::F(f)) => return Ok(f),
        Some(Num::B(b)) => {
            return match b.to_f64().filter(|f| f.is_finite()) {
                Some(f) => Ok(f),
                None => Err(vm.overflow_error("int too large to convert to float")),
            }
        }
        _ => {}
    }
    if vm.is_user_instance(v) {
        if let Some(m) = vm.lookup_type_attr(v, "__float__") {
            let r = vm.call(m, &[v], &[])?;
            if let Value::Float(f) = r {
                return Ok(f);
            }
            let t = vm.type_name(r);
            return Err(vm.type_error(format!("__float__ returned non-float (type {t})")));
        }
        if vm.lookup_type_attr(v, "__index__").is_some() {
            let i = vm.index_value(v)?;
            return Ok(i as f64);
        }
        let base = vm.builtin_base(v);
        if !base.is(v) {
            return to_f(vm, base);
        }
    }
    let t = vm.type_name(v);
    Err(vm.type_error(format!("must be real number, not {t}")))
}

fn arg_f(vm: &mut Vm, a: &[Value], i: usize) -> PyResult<f64> {
    to_f(vm, a.get(i).copied().unwrap_or(Value::None))
}

/// An integer argument as a BigInt (`__index__` honoured).
pub(crate) fn to_int(vm: &mut Vm, v: Value) -> PyResult<BigInt> {
    match as_num(&vm.heap, v) {
        Some(Num::I(i)) => Ok(BigInt::from(i)),
        Some(Num::B(b)) => Ok(b),
        _ => Ok(BigInt::from(vm.index_value(v)?)),
    }
}

/// Applies CPython's error rule to `r = f(x)`.
fn check1(vm: &mut Vm, x: f64, r: f64, can_overflow: bool) -> PyResult {
    if r.is_nan() && !x.is_nan() {
        return Err(domain(vm));
    }
    if r.is_infinite() && x.is_finite() {
        return Err(if can_overflow { range(vm) } else { domain(vm) });
    }
    Ok(Value::Float(r))
}

macro_rules! unary {
    ($($fname:ident, $pyname:literal, $over:expr, $f:expr;)*) => {
        $(
            fn $fname(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
                nargs(vm, a, $pyname, 1, 1)?;
                let x = arg_f(vm, a, 0)?;
                let f: fn(f64) -> f64 = $f;
                check1(vm, x, f(x), $over)
            }
        )*
    };
}

unary! {
    m_sqrt, "sqrt", false, f64::sqrt;
    m_exp, "exp", true, f64::exp;
    m_exp2, "exp2", true, f64::exp2;
    m_expm1, "expm1", true, f64::exp_m1;
    m_log1p, "log1p", false, f64::ln_1p;
    m_cbrt, "cbrt", false, f64::cbrt;
    m_sin, "sin", false, f64::sin;
    m_cos, "cos", false, f64::cos;
    m_tan, "tan", false, f64::tan;
    m_asin, "asin", false, f64::asin;
    m_acos, "acos", false, f64::acos;
    m_atan, "atan", false, f64::atan;
    m_sinh, "sinh", true, f64::sinh;
    m_cosh, "cosh", true, f64::cosh;
    m_tanh, "tanh", false, f64::tanh;
    // std's inverse hyperbolics are not the C library's; libm's follow it.
    m_asinh, "asinh", false, libm::asinh;
    m_acosh, "acosh", false, libm::acosh;
    m_atanh, "atanh", false, libm::atanh;
    m_erf, "erf", false, libm::erf;
    m_erfc, "erfc", false, libm::erfc;
    m_fabs, "fabs", false, f64::abs;
    m_degrees, "degrees", true, |x| x * (180.0 / std::f64::consts::PI);
    m_radians, "radians", false, |x| x * (std::f64::consts::PI / 180.0);
}

/// `f` of any positive real, including ints too large for a float: those
/// are split as m * 2**e (0.5 <= m < 1) and give f(m) + e * f(2), as CPython.
fn log_of(vm: &mut Vm, v: Value, f: fn(f64) -> f64) -> PyResult<f64> {
    if let Some(Num::B(b)) = as_num(&vm.heap, v) {
        if !b.is_positive() {
            return Err(domain(vm));
        }
        if let Some(x) = b.to_f64().filter(|x| x.is_finite()) {
            return Ok(f(x));
        }
        // Keep the top 63 bits so the mantissa rounds once into a float.
        let bits = b.bits();
        let shift = bits.saturating_sub(63);
        let top = (&b >> shift).to_f64().unwrap_or(f64::INFINITY);
        let m = top / 2f64.powi(63.min(bits as i32));
        return Ok(f(m) + bits as f64 * f(2.0));
    }
    let x = to_f(vm, v)?;
    if x.is_nan() {
        return Ok(x);
    }
    if x <= 0.0 {
        return Err(domain(vm));
    }
    Ok(f(x))
}

fn m_log(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "log", 1, 2)?;
    let num = log_of(vm, a[0], f64::ln)?;
    match a.get(1) {
        None => Ok(Value::Float(num)),
        Some(&b) => {
            let den = log_of(vm, b, f64::ln)?;
            if den == 0.0 {
                return Err(vm.zero_division("float division by zero"));
            }
            Ok(Value::Float(num / den))
        }
    }
}

fn m_log2(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "log2", 1, 1)?;
    Ok(Value::Float(log_of(vm, a[0], f64::log2)?))
}

fn m_log10(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "log10", 1, 1)?;
    Ok(Value::Float(log_of(vm, a[0], f64::log10)?))
}

fn m_pow(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "pow", 2, 2)?;
    let x = arg_f(vm, a, 0)?;
    let y = arg_f(vm, a, 1)?;
    let r = x.powf(y);
    if x.is_finite() && y.is_finite() {
        if r.is_nan() {
            return Err(domain(vm));
        }
        if r.is_infinite() {
            // 0 ** negative is a pole (domain), anything else overflowed.
            return Err(if x == 0.0 { domain(vm) } else { range(vm) });
        }
    }
    Ok(Value::Float(r))
}

fn two_f(vm: &mut Vm, a: &[Value], name: &str) -> PyResult<(f64, f64)> {
    nargs(vm, a, name, 2, 2)?;
    Ok((arg_f(vm, a, 0)?, arg_f(vm, a, 1)?))
}

fn m_atan2(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (y, x) = two_f(vm, a, "atan2")?;
    Ok(Value::Float(y.atan2(x)))
}

fn m_copysign(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (x, y) = two_f(vm, a, "copysign")?;
    Ok(Value::Float(x.copysign(y)))
}

fn m_nextafter(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (x, y) = two_f(vm, a, "nextafter")?;
    Ok(Value::Float(libm::nextafter(x, y)))
}

/// The gap between `|x|` and the next float away from zero (below it for
/// the largest float, which has no next).
fn m_ulp(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "ulp", 1, 1)?;
    let x = arg_f(vm, a, 0)?.abs();
    if x.is_nan() || x.is_infinite() {
        return Ok(Value::Float(x));
    }
    let next = libm::nextafter(x, f64::INFINITY);
    Ok(Value::Float(if next.is_infinite() {
        x - libm::nextafter(x, 0.0)
    } else {
        next - x
    }))
}

fn m_fmod(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (x, y) = two_f(vm, a, "fmod")?;
    if y.is_infinite() && x.is_finite() {
        return Ok(Value::Float(x));
    }
    let r = x % y;
    if r.is_nan() && !x.is_nan() && !y.is_nan() {
        return Err(domain(vm));
    }
    Ok(Value::Float(r))
}

fn m_remainder(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (x, y) = two_f(vm, a, "remainder")?;
    if x.is_nan() || y.is_nan() {
        return Ok(Value::Float(f64::NAN));
    }
    if x.is_infinite() || y == 0.0 {
        return Err(domain(vm));
    }
    Ok(Value::Float(libm::remainder(x, y)))
}

fn m_modf(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "modf", 1, 1)?;
    let x = arg_f(vm, a, 0)?;
    let (f, i) = if x.is_infinite() {
        (0.0f64.copysign(x), x)
    } else {
        libm::modf(x)
    };
    vm.new_tuple(vec![Value::Float(f), Value::Float(i)])
}

fn m_frexp(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "frexp", 1, 1)?;
    let x = arg_f(vm, a, 0)?;
    let (m, e) = if x == 0.0 || !x.is_finite() {
        (x, 0)
    } else {
        libm::frexp(x)
    };
    vm.new_tuple(vec![Value::Float(m), Value::Int(e as i64)])
}

fn m_ldexp(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "ldexp", 2, 2)?;
    let x = arg_f(vm, a, 0)?;
    if let Value::Float(_) = a[1] {
        return Err(vm.type_error("Expected an int as second argument to ldexp."));
    }
    let e = to_int(vm, a[1])?;
    if x == 0.0 || !x.is_finite() {
        return Ok(Value::Float(x));
    }
    // Beyond +-2200 the result is certainly 0 or infinite.
    let e = e
        .to_i64()
        .unwrap_or(if e.is_negative() { i64::MIN } else { i64::MAX })
        .clamp(-2200, 2200) as i32;
    let r = libm::scalbn(x, e);
    if r.is_infinite() {
        return Err(range(vm));
    }
    Ok(Value::Float(r))
}

fn m_isfinite(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "isfinite", 1, 1)?;
    Ok(Value::Bool(arg_f(vm, a, 0)?.is_finite()))
}
fn m_isinf(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "isinf", 1, 1)?;
    Ok(Value::Bool(arg_f(vm, a, 0)?.is_infinite()))
}
fn m_isnan(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "isnan", 1, 1)?;
    Ok(Value::Bool(arg_f(vm, a, 0)?.is_nan()))
}

fn m_isclose(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    nargs(vm, a, "isclose", 2, 2)?;
    let (x, y) = (arg_f(vm, a, 0)?, arg_f(vm, a, 1)?);
    let (mut rel, mut abs) = (1e-9, 0.0);
    for &(k, v) in kw {
        match vm.heap.str_of(k).unwrap_or("") {
            "rel_tol" => rel = to_f(vm, v)?,
            "abs_tol" => abs = to_f(vm, v)?,
            other => {
                let msg = format!("isclose() got an unexpected keyword argument '{other}'");
                return Err(vm.type_error(msg));
            }
        }
    }
    if rel < 0.0 || abs < 0.0 {
        return Err(vm.value_error("tolerances must be non-negative"));
    }
    if x == y {
        return Ok(Value::Bool(true));
    }
    if x.is_infinite() || y.is_infinite() {
        return Ok(Value::Bool(false));
    }
    let d = (x - y).abs();
    Ok(Value::Bool(
        d <= (rel * y).abs() || d <= (rel * x).abs() || d <= abs,
    ))
}

/// floor/ceil/trunc: ints pass through, floats become (big) ints, other
/// objects use their `__floor__`/`__ceil__`/`__trunc__`.
fn rounding(
    vm: &mut Vm,
    a: &[Value],
    name: &str,
    dunder: &'static str,
    f: fn(f64) -> f64,
) -> PyResult {
    nargs(vm, a, name, 1, 1)?;
    let v = a[0];
    match as_num(&vm.heap, v) {
        Some(Num::I(i)) => return Ok(Value::Int(i)),
        Some(Num::B(b)) => return vm.new_bigint(b),
        Some(Num::F(x)) => return float_to_int(vm, f(x)),
        _ => {}
    }
    if vm.is_user_instance(v) {
        if let Some(m) = vm.lookup_type_attr(v, dunder) {
            return vm.call(m, &[v], &[]);
        }
    }
    if dunder == "__trunc__" {
        let t = vm.type_name(v);
        return Err(vm.type_error(format!("type {t} doesn't define __trunc__ method")));
    }
    let x = to_f(vm, v)?;
    float_to_int(vm, f(x))
}

pub(crate) fn float_to_int(vm: &mut Vm, x: f64) -> PyResult {
    if x.is_nan() {
        return Err(vm.value_error("cannot convert float NaN to integer"));
    }
    if x.is_infinite() {
        return Err(vm.overflow_error("cannot convert float infinity to integer"));
    }
    if x.abs() < 9.0e18 {
        return Ok(Value::Int(x as i64));
    }
    match BigInt::from_f64(x) {
        Some(b) => vm.new_bigint(b),
        None => Err(vm.overflow_error("cannot convert float infinity to integer")),
    }
}

fn m_floor(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    rounding(vm, a, "floor", "__floor__", f64::floor)
}
fn m_ceil(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    rounding(vm, a, "ceil", "__ceil__", f64::ceil)
}
fn m_trunc(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    rounding(vm, a, "trunc", "__trunc__", f64::trunc)
}

fn m_gcd(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let mut g = BigInt::zero();
    for &v in a {
        let n = to_int(vm, v)?;
        g = gcd(vm, g, n)?;
    }
    vm.new_bigint(g)
}

/// gcd within the time budget. num-bigint's binary gcd takes a step per
/// bit of the larger number, each as long as that number: one division
/// first brings it down to the size of the smaller (gcd(7**10**7, 3) was
/// hours of work).
fn gcd(vm: &mut Vm, x: BigInt, y: BigInt) -> PyResult<BigInt> {
    let (big, small) = if x.bits() >= y.bits() { (x, y) } else { (y, x) };
    if small.is_zero() {
        return Ok(big.abs());
    }
    let (big, small) = if big.bits() > small.bits() + 64 {
        bigcost::check_div(vm, &big, &small)?;
        let r = &big % &small;
        (small, r)
    } else {
        (big, small)
    };
    bigcost::check(vm, bigcost::gcd_cost(big.bits(), small.bits()), 0, 0)?;
    Ok(big.gcd(&small))
}

fn m_lcm(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let mut l = BigInt::from(1);
    for &v in a {
        let n = to_int(vm, v)?;
        if n.is_zero() {
            l = BigInt::zero();
            continue;
        }
        if l.is_zero() {
            continue;
        }
        charge_bits(vm, l.bits() + n.bits())?;
        let g = gcd(vm, l.clone(), n.clone())?;
        bigcost::check_div(vm, &l, &g)?;
        let q = &l / &g;
        bigcost::check_mul(vm, &q, &n)?;
        l = (q * n).abs();
    }
    vm.new_bigint(l)
}

/// Refuses results that would not fit the heap quota.
fn charge_bits(vm: &mut Vm, bits: u64) -> PyResult<()> {
    let limit = (vm.budget.memory.limit() as u64)
        .saturating_mul(8)
        .min(1 << 36);
    if bits > limit {
        return Err(vm.memory_error());
    }
    Ok(())
}

/// Product of lo..hi by halving, so big multiplications are balanced; each
/// multiplication is checked against the budget first.
fn product(vm: &mut Vm, lo: u64, hi: u64) -> PyResult<BigInt> {
    if hi - lo < 16 {
        let mut p = BigInt::from(1);
        for k in lo..hi {
            p *= k;
        }
        return Ok(p);
    }
    let mid = lo + (hi - lo) / 2;
    let (x, y) = (product(vm, lo, mid)?, product(vm, mid, hi)?);
    bigcost::check_mul(vm, &x, &y)?;
    Ok(x * y)
}

fn m_factorial(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "factorial", 1, 1)?;
    if let Value::Float(_) = a[0] {
        return Err(vm.type_error("'float' object cannot be interpreted as an integer"));
    }
    let n = to_int(vm, a[0])?;
    if n.is_negative() {
        return Err(vm.value_error("factorial() not defined for negative values"));
    }
    let Some(n) = n.to_u64().filter(|&n| n <= i64::MAX as u64) else {
        return Err(vm.overflow_error("factorial() argument should not exceed 9223372036854775807"));
    };
    // log2(n!) < n * log2(n): refuse what cannot fit before computing it.
    let est = (n as f64) * ((n.max(2)) as f64).log2();
    charge_bits(vm, est as u64)?;
    if n > 2_000_000 {
        // Fits the quota but would take minutes: treat as out of memory.
        return Err(vm.memory_error());
    }
    let p = product(vm, 1, n + 1)?;
    vm.new_bigint(p)
}

fn m_isqrt(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "isqrt", 1, 1)?;
    let n = to_int(vm, a[0])?;
    if n.is_negative() {
        return Err(vm.value_error("isqrt() argument must be nonnegative"));
    }
    bigcost::check(vm, bigcost::sqrt_cost(n.bits()), n.bits() / 2, 0)?;
    vm.new_bigint(n.sqrt())
}

fn comb_perm(vm: &mut Vm, a: &[Value], name: &str) -> PyResult {
    nargs(vm, a, name, if name == "perm" { 1 } else { 2 }, 2)?;
    let n = to_int(vm, a[0])?;
    let k = match a.get(1) {
        Some(&v) if !v.is_none() => to_int(vm, v)?,
        _ => n.clone(),
    };
    if n.is_negative() {
        return Err(vm.value_error("n must be a non-negative integer"));
    }
    if k.is_negative() {
        return Err(vm.value_error("k must be a non-negative integer"));
    }
    if k > n {
        return Ok(Value::Int(0));
    }
    let (Some(n), Some(mut k)) = (n.to_u64(), k.to_u64()) else {
        return Err(vm.overflow_error(format!("{name}() argument too large")));
    };
    if name == "comb" {
        k = k.min(n - k);
    }
    let est = (k as f64) * ((n.max(2)) as f64).log2();
    charge_bits(vm, est as u64)?;
    if k > 2_000_000 {
        return Err(vm.memory_error());
    }
    // n + 1 must not overflow the u64 ranges product() walks; beyond that
    // (k is then small, by the estimate above) multiply the big factors one by one.
    let p = if n < u64::MAX / 2 {
        product(vm, n - k + 1, n + 1)?
    } else {
        if k > 100_000 {
            return Err(vm.memory_error());
        }
        let mut p = BigInt::from(1);
        for i in 0..k {
            p *= BigInt::from(n - i);
        }
        p
    };
    let r = if name == "comb" {
        let d = product(vm, 1, k + 1)?;
        bigcost::check_div(vm, &p, &d)?;
        p / d
    } else {
        p
    };
    vm.new_bigint(r)
}

fn m_comb(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    comb_perm(vm, a, "comb")
}
fn m_perm(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    comb_perm(vm, a, "perm")
}

fn m_hypot(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let mut xs = Vec::with_capacity(a.len());
    for &v in a {
        xs.push(to_f(vm, v)?.abs());
    }
    if xs.iter().any(|x| x.is_infinite()) {
        return Ok(Value::Float(f64::INFINITY));
    }
    if xs.iter().any(|x| x.is_nan()) {
        return Ok(Value::Float(f64::NAN));
    }
    // Pairwise libm hypot is exact for two values, as CPython for 2-D.
    let r = match xs.as_slice() {
        [] => 0.0,
        [x] => *x,
        [x, y] => x.hypot(*y),
        _ => {
            let m = xs.iter().cloned().fold(0.0, f64::max);
            if m == 0.0 {
                0.0
            } else {
                m * xs.iter().map(|x| (x / m) * (x / m)).sum::<f64>().sqrt()
            }
        }
    };
    if r.is_infinite() {
        return Err(range(vm));
    }
    Ok(Value::Float(r))
}

fn m_dist(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "dist", 2, 2)?;
    let p = vm.iter_to_vec(a[0])?;
    let q = vm.iter_to_vec(a[1])?;
    if p.len() != q.len() {
        return Err(vm.value_error("both points must have the same number of dimensions"));
    }
    let mut d = Vec::with_capacity(p.len());
    for (x, y) in p.into_iter().zip(q) {
        let diff = to_f(vm, x)? - to_f(vm, y)?;
        d.push(Value::Float(diff));
    }
    m_hypot(vm, &d, &[])
}

/// Exact gamma for small positive integers (as CPython), libm otherwise.
fn m_gamma(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "gamma", 1, 1)?;
    let x = arg_f(vm, a, 0)?;
    if x.is_nan() || x == f64::INFINITY {
        return Ok(Value::Float(x));
    }
    if x == f64::NEG_INFINITY || (x <= 0.0 && x.fract() == 0.0) {
        return Err(domain(vm));
    }
    if x.fract() == 0.0 && x <= 23.0 {
        let mut p = 1.0f64;
        let mut k = 2.0;
        while k < x {
            p *= k;
            k += 1.0;
        }
        return Ok(Value::Float(p));
    }
    let r = libm::tgamma(x);
    if r.is_infinite() {
        return Err(range(vm));
    }
    Ok(Value::Float(r))
}

fn m_lgamma(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "lgamma", 1, 1)?;
    let x = arg_f(vm, a, 0)?;
    if x.is_nan() {
        return Ok(Value::Float(x));
    }
    if x.is_infinite() {
        return Ok(Value::Float(f64::INFINITY));
    }
    if x <= 0.0 && x.fract() == 0.0 {
        return Err(domain(vm));
    }
    if x == 1.0 || x == 2.0 {
        return Ok(Value::Float(0.0));
    }
    let r = libm::lgamma(x);
    if r.is_infinite() {
        return Err(range(vm));
    }
    Ok(Value::Float(r))
}

/// Shewchuk's exact partial sums, so `fsum` rounds only once.
fn m_fsum(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "fsum", 1, 1)?;
    let items = vm.iter_to_vec(a[0])?;
    let mut partials: Vec<f64> = Vec::new();
    let mut special = 0.0f64;
    for v in items {
        let mut x = to_f(vm, v)?;
        if !x.is_finite() {
            special += x;
            continue;
        }
        let mut i = 0;
        for j in 0..partials.len() {
            let mut y = partials[j];
            if x.abs() < y.abs() {
                std::mem::swap(&mut x, &mut y);
            }
            let hi = x + y;
            let lo = y - (hi - x);
            if lo != 0.0 {
                partials[i] = lo;
                i += 1;
            }
            x = hi;
        }
        if x.is_infinite() {
            return Err(vm.overflow_error("intermediate overflow in fsum"));
        }
        partials.truncate(i);
        partials.push(x);
    }
    if special != 0.0 || special.is_nan() {
        if special.is_nan() {
            return Err(vm.value_error("-inf + inf in fsum"));
        }
        return Ok(Value::Float(special));
    }
    // Add from the top down; fix the half-way rounding case with the next partial.
    let mut hi = 0.0;
    let mut n = partials.len();
    if n > 0 {
        n -= 1;
        hi = partials[n];
        let mut lo = 0.0;
        while n > 0 {
            let x = hi;
            n -= 1;
            let y = partials[n];
            hi = x + y;
            let yr = hi - x;
            lo = y - yr;
            if lo != 0.0 {
                break;
            }
        }
        if n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0)) {
            let y = lo * 2.0;
            let x = hi + y;
            if y == x - hi {
                hi = x;
            }
        }
    }
    Ok(Value::Float(hi))
}

fn m_prod(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    nargs(vm, a, "prod", 1, 1)?;
    let mut acc = Value::Int(1);
    for &(k, v) in kw {
        if vm.heap.str_of(k) == Some("start") {
            acc = v;
        }
    }
    let items = vm.iter_to_vec(a[0])?;
    for v in items {
        acc = vm.binary_op(capy_compiler::BinOp::Mul, acc, v)?;
    }
    Ok(acc)
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("math")?;
    set(vm, m, "pi", Value::Float(std::f64::consts::PI))?;
    set(vm, m, "e", Value::Float(std::f64::consts::E))?;
    set(vm, m, "tau", Value::Float(std::f64::consts::TAU))?;
    set(vm, m, "inf", Value::Float(f64::INFINITY))?;
    set(vm, m, "nan", Value::Float(f64::NAN))?;
    let fns: &[(&'static str, crate::obj::NativeFn)] = &[
        ("sqrt", m_sqrt),
        ("exp", m_exp),
        ("exp2", m_exp2),
        ("expm1", m_expm1),
        ("log", m_log),
        ("log2", m_log2),
        ("log10", m_log10),
        ("log1p", m_log1p),
        ("cbrt", m_cbrt),
        ("pow", m_pow),
        ("sin", m_sin),
        ("cos", m_cos),
        ("tan", m_tan),
        ("asin", m_asin),
        ("acos", m_acos),
        ("atan", m_atan),
        ("atan2", m_atan2),
        ("sinh", m_sinh),
        ("cosh", m_cosh),
        ("tanh", m_tanh),
        ("asinh", m_asinh),
        ("acosh", m_acosh),
        ("atanh", m_atanh),
        ("erf", m_erf),
        ("erfc", m_erfc),
        ("gamma", m_gamma),
        ("lgamma", m_lgamma),
        ("fabs", m_fabs),
        ("degrees", m_degrees),
        ("radians", m_radians),
        ("ceil", m_ceil),
        ("floor", m_floor),
        ("trunc", m_trunc),
        ("fmod", m_fmod),
        ("remainder", m_remainder),
        ("modf", m_modf),
        ("frexp", m_frexp),
        ("ldexp", m_ldexp),
        ("copysign", m_copysign),
        ("nextafter", m_nextafter),
        ("ulp", m_ulp),
        ("isfinite", m_isfinite),
        ("isinf", m_isinf),
        ("isnan", m_isnan),
        ("isclose", m_isclose),
        ("gcd", m_gcd),
        ("lcm", m_lcm),
        ("factorial", m_factorial),
        ("isqrt", m_isqrt),
        ("comb", m_comb),
        ("perm", m_perm),
        ("hypot", m_hypot),
        ("dist", m_dist),
        ("fsum", m_fsum),
        ("prod", m_prod),
    ];
    for &(name, f) in fns {
        let takes_kw = matches!(name, "isclose" | "prod");
        let v = crate::types::native(vm, name, f, takes_kw, Value::Obj(m))?;
        set(vm, m, name, v)?;
    }
    Ok(m)
}
