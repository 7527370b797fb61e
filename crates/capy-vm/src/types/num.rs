//! The numeric tower: bool < int < float < complex, with small ints inline
//! and big ones on the heap, and CPython's numeric hash (mod 2**61 - 1), so
//! that equal numbers hash equally across types.

use crate::heap::Heap;
use crate::obj::Obj;
use crate::types::bigcost;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::{BinOp, UnOp};
use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{FromPrimitive, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

pub enum Num {
    I(i64),
    B(BigInt),
    F(f64),
    C(f64, f64),
}

pub fn as_num(heap: &Heap, v: Value) -> Option<Num> {
    match v {
        Value::Bool(b) => Some(Num::I(b as i64)),
        Value::Int(i) => Some(Num::I(i)),
        Value::Float(f) => Some(Num::F(f)),
        Value::Obj(h) => match heap.get(h) {
            Obj::BigInt(b) => Some(Num::B((**b).clone())),
            Obj::Complex(re, im) => Some(Num::C(*re, *im)),
            _ => None,
        },
        _ => None,
    }
}

/// An int operand of [`big_binop`]: borrowed from its heap object, or
/// widened from a small int (one word, no copy of anything big).
fn int_operand(heap: &Heap, v: Value) -> Option<std::borrow::Cow<'_, BigInt>> {
    use std::borrow::Cow;
    match v {
        Value::Int(i) => Some(Cow::Owned(BigInt::from(i))),
        Value::Bool(b) => Some(Cow::Owned(BigInt::from(b as i64))),
        Value::Obj(h) => match heap.get(h) {
            Obj::BigInt(b) => Some(Cow::Borrowed(&**b)),
            _ => None,
        },
        _ => None,
    }
}

/// `a OP b` where an operand is a heap number, for the operations on
/// which numeric code spends its time: `+ - *` with a complex operand
/// (and an int, float or complex other), `+ - * // %` on two ints one of
/// which is big. None for anything else (the generic path then runs).
pub fn heap_num_binop(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> Option<PyResult> {
    let complex = |heap: &Heap, v: Value| match v {
        Value::Obj(h) => match heap.get(h) {
            Obj::Complex(re, im) => Some(Some((*re, *im))),
            Obj::BigInt(_) => Some(None),
            _ => None,
        },
        Value::Int(i) => Some(Some((i as f64, 0.0))),
        Value::Float(f) => Some(Some((f, 0.0))),
        _ => None,
    };
    match (complex(&vm.heap, a)?, complex(&vm.heap, b)?) {
        (Some(x), Some(y)) if matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul) => {
            // (A heap operand that converted is a complex: two real
            // operands never come here.) A real one is `x + 0j`, as in
            // the generic path.
            Some(complex_arith(vm, op, x, y))
        }
        (None, _) | (_, None) => big_binop(vm, op, a, b),
        _ => None,
    }
}

/// `+ - *` on complex numbers (a real operand has imaginary part 0).
fn complex_arith(vm: &mut Vm, op: BinOp, (ar, ai): (f64, f64), (br, bi): (f64, f64)) -> PyResult {
    let (re, im) = match op {
        BinOp::Add => (ar + br, ai + bi),
        BinOp::Sub => (ar - br, ai - bi),
        _ => (ar * br - ai * bi, ar * bi + ai * br),
    };
    Ok(Value::Obj(vm.alloc(Obj::Complex(re, im))?))
}

/// `a OP b` for `+ - * // %` on two ints at least one of which is big,
/// computed on the heap objects in place: the generic path copied each
/// operand twice (into a `Num`, then out of it) per operation, which
/// dominated big-integer code such as pidigits. None for anything else.
fn big_binop(vm: &mut Vm, op: BinOp, a: Value, b: Value) -> Option<PyResult> {
    if !matches!(
        op,
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::FloorDiv | BinOp::Mod
    ) {
        return None;
    }
    let (xb, yb, y_zero) = {
        let x = int_operand(&vm.heap, a)?;
        let y = int_operand(&vm.heap, b)?;
        (x.bits(), y.bits(), y.is_zero())
    };
    let checked = match op {
        BinOp::Mul => check_bits(vm, xb + yb).and_then(|_| bigcost::check_mul_bits(vm, xb, yb)),
        BinOp::FloorDiv | BinOp::Mod if y_zero => Err(vm.zero_division(if op == BinOp::Mod {
            "integer modulo by zero"
        } else {
            "integer division or modulo by zero"
        })),
        BinOp::FloorDiv | BinOp::Mod => bigcost::check_div_bits(vm, xb, yb),
        _ => Ok(()),
    };
    if let Err(e) = checked {
        return Some(Err(e));
    }
    let r = {
        let x = int_operand(&vm.heap, a)?;
        let y = int_operand(&vm.heap, b)?;
        let (x, y) = (&*x, &*y);
        match op {
            BinOp::Add => x + y,
            BinOp::Sub => x - y,
            BinOp::Mul => x * y,
            BinOp::FloorDiv => x.div_floor(y),
            _ => x.mod_floor(y),
        }
    };
    Some(vm.new_bigint(r))
}

fn big(n: &Num) -> Option<BigInt> {
    match n {
        Num::I(i) => Some(BigInt::from(*i)),
        Num::B(b) => Some(b.clone()),
        _ => None,
    }
}

pub fn to_f64(n: &Num) -> Option<f64> {
    match n {
        Num::I(i) => Some(*i as f64),
        Num::B(b) => b.to_f64().filter(|f| f.is_finite()),
        Num::F(f) => Some(*f),
        Num::C(..) => None,
    }
}

/// The largest result (in bits) an integer operation may produce before we
/// refuse it with MemoryError instead of exhausting the host.
fn check_bits(vm: &mut Vm, bits: u64) -> PyResult<()> {
    if bits > bit_limit(vm) {
        return Err(vm.memory_error());
    }
    Ok(())
}

fn bit_limit(vm: &Vm) -> u64 {
    (vm.budget.memory.limit() as u64)
        .saturating_mul(8)
        .min(1 << 36)
}

/// The type name of a number, for error messages (bools count as int).
fn num_type_name(n: &Num) -> &'static str {
    match n {
        Num::I(_) | Num::B(_) => "int",
        Num::F(_) => "float",
        Num::C(..) => "complex",
    }
}

fn unsupported(vm: &mut Vm, op: BinOp, na: &str, nb: &str) -> crate::PyErr {
    vm.type_error(format!(
        "unsupported operand type(s) for {}: '{na}' and '{nb}'",
        op.symbol()
    ))
}

/// `a OP b` for two numbers; TypeError for an operator the types lack
/// (`1 | 1.0`, `1j // 2`).
pub fn binop(vm: &mut Vm, op: BinOp, a: Num, b: Num) -> PyResult {
    let (na, nb) = (num_type_name(&a), num_type_name(&b));
    let r = binop_inner(vm, op, a, b)?;
    if matches!(r, Value::NotImplemented) {
        return Err(unsupported(vm, op, na, nb));
    }
    Ok(r)
}

fn binop_inner(vm: &mut Vm, op: BinOp, a: Num, b: Num) -> PyResult {
    match (&a, &b) {
        (Num::C(..), _) | (_, Num::C(..)) => complex_op(vm, op, a, b),
        (Num::F(_), _) | (_, Num::F(_)) => {
            let (Some(x), Some(y)) = (to_f64(&a), to_f64(&b)) else {
                return Err(vm.overflow_error("int too large to convert to float"));
            };
            float_op(vm, op, x, y)
        }
        _ => {
            let (Some(x), Some(y)) = (big(&a), big(&b)) else {
                return Ok(Value::NotImplemented);
            };
            int_op(vm, op, x, y)
        }
    }
}

fn int_op(vm: &mut Vm, op: BinOp, x: BigInt, y: BigInt) -> PyResult {
    let r = match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => {
            check_bits(vm, x.bits() + y.bits())?;
            bigcost::check_mul(vm, &x, &y)?;
            x * y
        }
        BinOp::FloorDiv | BinOp::Mod => {
            if y.is_zero() {
                return Err(vm.zero_division(if op == BinOp::Mod {
                    "integer modulo by zero"
                } else {
                    "integer division or modulo by zero"
                }));
            }
            bigcost::check_div(vm, &x, &y)?;
            let (q, r) = x.div_mod_floor(&y);
            if op == BinOp::FloorDiv {
                q
            } else {
                r
            }
        }
        BinOp::TrueDiv => {
            if y.is_zero() {
                return Err(vm.zero_division("division by zero"));
            }
            return Ok(Value::Float(int_true_div(vm, &x, &y)?));
        }
        BinOp::Pow => {
            if y.is_negative() {
                let (Some(fx), Some(fy)) = (x.to_f64(), y.to_f64()) else {
                    return Err(vm.overflow_error("int too large to convert to float"));
                };
                return float_op(vm, BinOp::Pow, fx, fy);
            }
            if bigcost::is_unit_or_zero(&x) {
                // 0, 1 or -1 to any power, however huge.
                return vm.new_bigint(if x.is_zero() {
                    if y.is_zero() {
                        BigInt::from(1)
                    } else {
                        BigInt::zero()
                    }
                } else if x.is_negative() && y.is_odd() {
                    BigInt::from(-1)
                } else {
                    BigInt::from(1)
                });
            }
            let Some(e) = y.to_u64() else {
                return Err(vm.memory_error());
            };
            bigcost::pow(vm, &x, e, bit_limit(vm))?
        }
        BinOp::LShift | BinOp::RShift => {
            if y.is_negative() {
                return Err(vm.value_error("negative shift count"));
            }
            if op == BinOp::RShift {
                match y.to_u64() {
                    Some(s) if s < x.bits() + 1 => x >> s,
                    _ => {
                        if x.is_negative() {
                            BigInt::from(-1)
                        } else {
                            BigInt::zero()
                        }
                    }
                }
            } else {
                let Some(s) = y.to_u64() else {
                    return Err(vm.memory_error());
                };
                if x.is_zero() {
                    BigInt::zero()
                } else {
                    check_bits(vm, x.bits().saturating_add(s))?;
                    let bits = x.bits() + s;
                    bigcost::check(vm, std::time::Duration::ZERO, bits, x.bits())?;
                    x << s
                }
            }
        }
        BinOp::And => x & y,
        BinOp::Or => x | y,
        BinOp::Xor => x ^ y,
        BinOp::MatMul => return Ok(Value::NotImplemented),
    };
    vm.new_bigint(r)
}

/// Correctly rounded int / int (as CPython), via exact scaling.
fn int_true_div(vm: &mut Vm, x: &BigInt, y: &BigInt) -> PyResult<f64> {
    if let (Some(a), Some(b)) = (x.to_i64(), y.to_i64()) {
        if a.unsigned_abs() < (1 << 53) && b.unsigned_abs() < (1 << 53) {
            return Ok(a as f64 / b as f64);
        }
    }
    // Scale so the quotient has 55+ significant bits, then round once.
    let neg = x.is_negative() != y.is_negative();
    let (xa, ya) = (x.abs(), y.abs());
    let shift: i64 = 55 - (xa.bits() as i64 - ya.bits() as i64);
    let (num, den) = if shift >= 0 {
        (xa << shift as u64, ya)
    } else {
        (xa, ya << (-shift) as u64)
    };
    let (q, r) = num.div_rem(&den);
    // Sticky bit keeps round-half-even correct.
    let q = if r.is_zero() { q } else { q | BigInt::from(1) };
    let qf = q.to_f64().unwrap_or(f64::INFINITY);
    let v = qf * 2f64.powi(-(shift.clamp(-2000, 2000) as i32));
    if v.is_infinite() {
        return Err(vm.overflow_error("integer division result too large for a float"));
    }
    Ok(if neg { -v } else { v })
}

pub fn float_op(vm: &mut Vm, op: BinOp, x: f64, y: f64) -> PyResult {
    Ok(Value::Float(match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::TrueDiv => {
            if y == 0.0 {
                return Err(vm.zero_division("float division by zero"));
            }
            x / y
        }
        BinOp::FloorDiv => {
            if y == 0.0 {
                return Err(vm.zero_division("float floor division by zero"));
            }
            float_divmod(x, y).0
        }
        BinOp::Mod => {
            if y == 0.0 {
                return Err(vm.zero_division("float modulo"));
            }
            float_divmod(x, y).1
        }
        BinOp::Pow => return float_pow(vm, x, y),
        _ => return Ok(Value::NotImplemented),
    }))
}

/// Python's divmod for floats: the remainder has the divisor's sign.
pub fn float_divmod(x: f64, y: f64) -> (f64, f64) {
    let mut m = x % y;
    let mut div = (x - m) / y;
    if m != 0.0 {
        if (y < 0.0) != (m < 0.0) {
            m += y;
            div -= 1.0;
        }
    } else {
        m = 0.0f64.copysign(y);
    }
    let floordiv = if div != 0.0 {
        let f = div.floor();
        if div - f > 0.5 {
            f + 1.0
        } else {
            f
        }
    } else {
        0.0f64.copysign(x / y)
    };
    (floordiv, m)
}

fn float_pow(vm: &mut Vm, x: f64, y: f64) -> PyResult {
    if x == 0.0 && y < 0.0 && y.is_finite() {
        // (0.0 ** -inf is inf, as in C.)
        return Err(vm.zero_division("0.0 cannot be raised to a negative power"));
    }
    if x < 0.0 && y.fract() != 0.0 && y.is_finite() {
        // A negative base to a fractional power is complex.
        return complex_op(vm, BinOp::Pow, Num::C(x, 0.0), Num::C(y, 0.0));
    }
    let r = x.powf(y);
    if r.is_infinite() && x.is_finite() && y.is_finite() {
        return Err(vm.overflow_error("(34, 'Numerical result out of range')"));
    }
    Ok(Value::Float(r))
}

fn complex_op(vm: &mut Vm, op: BinOp, a: Num, b: Num) -> PyResult {
    let c = |n: &Num| match n {
        Num::C(r, i) => Some((*r, *i)),
        other => to_f64(other).map(|f| (f, 0.0)),
    };
    let (Some((ar, ai)), Some((br, bi))) = (c(&a), c(&b)) else {
        return Err(vm.overflow_error("int too large to convert to float"));
    };
    let (re, im) = match op {
        BinOp::Add => (ar + br, ai + bi),
        BinOp::Sub => (ar - br, ai - bi),
        BinOp::Mul => (ar * br - ai * bi, ar * bi + ai * br),
        BinOp::TrueDiv => {
            if br == 0.0 && bi == 0.0 {
                return Err(vm.zero_division("complex division by zero"));
            }
            complex_div(ar, ai, br, bi)
        }
        BinOp::Pow => complex_pow(vm, (ar, ai), (br, bi))?,
        _ => return Err(unsupported(vm, op, num_type_name(&a), num_type_name(&b))),
    };
    Ok(Value::Obj(vm.alloc(Obj::Complex(re, im))?))
}

/// `a ** b` for complex numbers, as CPython computes it: an integral real
/// exponent of magnitude at most 100 is done by repeated squaring and
/// multiplication (so `1j ** 2` is exactly `(-1+0j)`, and a negative one
/// is the reciprocal of that), anything else in polar form. ZeroDivisionError
/// for zero to a negative or complex power, OverflowError when a part of the
/// result is infinite.
fn complex_pow(vm: &mut Vm, a: (f64, f64), b: (f64, f64)) -> PyResult<(f64, f64)> {
    let zero_div = |vm: &mut Vm| vm.zero_division("0.0 to a negative or complex power");
    let (br, bi) = b;
    let r = if bi == 0.0 && br == br.floor() && br.abs() <= 100.0 {
        let n = br as i64;
        let p = complex_powu(a, n.unsigned_abs());
        if n > 0 {
            p
        } else if p.0 == 0.0 && p.1 == 0.0 {
            return Err(zero_div(vm));
        } else {
            complex_div(1.0, 0.0, p.0, p.1)
        }
    } else if br == 0.0 && bi == 0.0 {
        (1.0, 0.0)
    } else if a.0 == 0.0 && a.1 == 0.0 {
        if bi != 0.0 || br < 0.0 {
            return Err(zero_div(vm));
        }
        (0.0, 0.0)
    } else {
        let modulus = a.0.hypot(a.1);
        let angle = a.1.atan2(a.0);
        let mut len = modulus.powf(br);
        let mut phase = angle * br;
        if bi != 0.0 {
            len /= (angle * bi).exp();
            phase += bi * modulus.ln();
        }
        (len * phase.cos(), len * phase.sin())
    };
    if r.0.is_infinite() || r.1.is_infinite() {
        return Err(vm.overflow_error("complex exponentiation"));
    }
    Ok(r)
}

/// `x ** n` by binary exponentiation from the lowest bit of `n`
/// (`1+0j` for n == 0).
fn complex_powu(x: (f64, f64), mut n: u64) -> (f64, f64) {
    let mul = |p: (f64, f64), q: (f64, f64)| (p.0 * q.0 - p.1 * q.1, p.0 * q.1 + p.1 * q.0);
    let mut r = (1.0, 0.0);
    let mut p = x;
    while n > 0 {
        if n & 1 == 1 {
            r = mul(r, p);
        }
        n >>= 1;
        if n > 0 {
            p = mul(p, p);
        }
    }
    r
}

fn complex_div(ar: f64, ai: f64, br: f64, bi: f64) -> (f64, f64) {
    // Smith's algorithm, robust against overflow.
    if br.abs() >= bi.abs() {
        let ratio = bi / br;
        let denom = br + bi * ratio;
        ((ar + ai * ratio) / denom, (ai - ar * ratio) / denom)
    } else {
        let ratio = br / bi;
        let denom = br * ratio + bi;
        ((ar * ratio + ai) / denom, (ai * ratio - ar) / denom)
    }
}

pub fn unop(vm: &mut Vm, op: UnOp, a: Num) -> PyResult {
    match (op, a) {
        (UnOp::Neg, Num::I(i)) => match i.checked_neg() {
            Some(n) => Ok(Value::Int(n)),
            None => vm.new_bigint(-BigInt::from(i)),
        },
        (UnOp::Neg, Num::B(b)) => vm.new_bigint(-b),
        (UnOp::Neg, Num::F(f)) => Ok(Value::Float(-f)),
        (UnOp::Neg, Num::C(r, i)) => Ok(Value::Obj(vm.alloc(Obj::Complex(-r, -i))?)),
        (UnOp::Pos, Num::I(i)) => Ok(Value::Int(i)),
        (UnOp::Pos, Num::B(b)) => vm.new_bigint(b),
        (UnOp::Pos, Num::F(f)) => Ok(Value::Float(f)),
        (UnOp::Pos, Num::C(r, i)) => Ok(Value::Obj(vm.alloc(Obj::Complex(r, i))?)),
        (UnOp::Invert, Num::I(i)) => Ok(Value::Int(!i)),
        (UnOp::Invert, Num::B(b)) => vm.new_bigint(-b - 1),
        (_, n) => {
            let t = match n {
                Num::F(_) => "float",
                _ => "complex",
            };
            Err(vm.type_error(format!("bad operand type for unary ~: '{t}'")))
        }
    }
}

/// Exact comparison across int, bigint and float (None for NaN or complex).
pub fn partial_cmp(a: &Num, b: &Num) -> Option<Ordering> {
    match (a, b) {
        (Num::I(x), Num::I(y)) => Some(x.cmp(y)),
        (Num::F(x), Num::F(y)) => x.partial_cmp(y),
        (Num::C(..), _) | (_, Num::C(..)) => None,
        (Num::F(x), other) => cmp_int_float(&big(other)?, *x).map(Ordering::reverse),
        (other, Num::F(y)) => cmp_int_float(&big(other)?, *y),
        _ => Some(big(a)?.cmp(&big(b)?)),
    }
}

fn cmp_int_float(i: &BigInt, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    if f.is_infinite() {
        return Some(if f > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        });
    }
    let fl = f.floor();
    let fb = BigInt::from_f64(fl)?;
    match i.cmp(&fb) {
        Ordering::Equal if f > fl => Some(Ordering::Less),
        o => Some(o),
    }
}

pub fn num_eq(a: &Num, b: &Num) -> bool {
    match (a, b) {
        (Num::C(ar, ai), Num::C(br, bi)) => ar == br && ai == bi,
        (Num::C(r, i), other) | (other, Num::C(r, i)) => {
            *i == 0.0 && partial_cmp(&Num::F(*r), other) == Some(Ordering::Equal)
        }
        _ => partial_cmp(a, b) == Some(Ordering::Equal),
    }
}

const MODULUS: u64 = (1 << 61) - 1;

pub fn hash_i64(i: i64) -> u64 {
    let m = (i.unsigned_abs() % MODULUS) as i64;
    let h = if i < 0 { -m } else { m };
    (if h == -1 { -2 } else { h }) as u64
}

pub fn hash_bigint(b: &BigInt) -> u64 {
    let m = (b.abs() % BigInt::from(MODULUS)).to_i64().unwrap_or(0);
    let h = if b.sign() == Sign::Minus { -m } else { m };
    (if h == -1 { -2 } else { h }) as u64
}

/// CPython's float hash: equal to the int hash for integral values.
pub fn hash_f64(f: f64) -> u64 {
    if f.is_nan() {
        return 0;
    }
    if f.is_infinite() {
        return if f > 0.0 { 314159 } else { (-314159i64) as u64 };
    }
    if f.fract() == 0.0 && f.abs() < 9.2e18 {
        return hash_i64(f as i64);
    }
    let (mut m, mut e) = frexp(f.abs());
    let mut x: u64 = 0;
    while m != 0.0 {
        x = ((x << 28) & MODULUS) | (x >> (61 - 28));
        m *= 268435456.0;
        e -= 28;
        let y = m as u64;
        m -= y as f64;
        x += y;
        if x >= MODULUS {
            x -= MODULUS;
        }
    }
    let e = if e >= 0 {
        e % 61
    } else {
        61 - 1 - ((-1 - e) % 61)
    };
    x = ((x << e) & MODULUS) | (x >> (61 - e));
    let h = if f < 0.0 { -(x as i64) } else { x as i64 };
    (if h == -1 { -2 } else { h }) as u64
}

fn frexp(f: f64) -> (f64, i32) {
    if f == 0.0 {
        return (0.0, 0);
    }
    let bits = f.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    if exp == 0 {
        let (m, e) = frexp(f * 2f64.powi(64));
        return (m, e - 64);
    }
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, exp - 1022)
}
