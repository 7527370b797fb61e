//! What big-integer arithmetic costs. A multiplication or division inside
//! num-bigint cannot be interrupted, so work on huge numbers is estimated
//! before it starts and refused up front (TimeoutError when it would end
//! past the time budget, MemoryError when its result cannot fit the heap
//! quota), and powers are computed one squaring at a time with the budget
//! checked between steps.
//!
//! The time model was fitted to num-bigint 0.4 on one x86-64 core
//! (schoolbook below ~1000 words, Toom-3 above, schoolbook division); a
//! power calibrates it on the fly from the steps it has already timed, as
//! a loaded machine may run them several times slower.

use crate::vm::Vm;
use crate::PyResult;
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::time::{Duration, Instant};

/// Work estimated below this is not checked: the check would cost more
/// than the overrun it could prevent.
const NEGLIGIBLE: Duration = Duration::from_millis(1);

/// Results smaller than this are not checked against the quota here (the
/// allocation of the result object checks them).
const SMALL_RESULT: u64 = 1 << 20;

fn words(bits: u64) -> f64 {
    (bits as f64 / 64.0).max(1.0)
}

/// Estimated time of multiplying numbers of `a` and `b` bits.
pub fn mul_cost(a: u64, b: u64) -> Duration {
    let (small, large) = if a < b {
        (words(a), words(b))
    } else {
        (words(b), words(a))
    };
    // ~0.25 ns per word product up to 1000 words; beyond, balanced
    // products grow as n**1.465 (Toom-3; measured 0.26 s at 100000 words),
    // and an unbalanced one costs one balanced product per slice of the
    // larger.
    let ns = if small <= 1000.0 {
        0.25 * small * large
    } else {
        (large / small) * 250_000.0 * (small / 1000.0).powf(1.465)
    };
    Duration::from_secs_f64(ns * 1e-9)
}

/// Estimated time of dividing an `x`-bit number by a `y`-bit one
/// (schoolbook: one word product per quotient word and divisor word).
pub fn div_cost(x: u64, y: u64) -> Duration {
    if x <= y {
        return Duration::ZERO;
    }
    let ns = 0.25 * words(x - y) * words(y);
    Duration::from_secs_f64(ns * 1e-9)
}

/// Estimated time of num-bigint's gcd (binary: a subtraction and a shift
/// of the larger number per bit of both; measured 0.6 s for 158497 and
/// 280736 bits).
pub fn gcd_cost(x: u64, y: u64) -> Duration {
    let ns = 0.3 * (x + y) as f64 * words(x.max(y));
    Duration::from_secs_f64(ns * 1e-9)
}

/// Estimated time of num-bigint's integer square root (Newton steps, each
/// a schoolbook division; measured 54 ms at 280736 bits).
pub fn sqrt_cost(x: u64) -> Duration {
    let ns = 3.0 * words(x) * words(x);
    Duration::from_secs_f64(ns * 1e-9)
}

/// Refuses work of estimated duration `cost` producing `result_bits`
/// (plus `held_bits` of operands it keeps alive) when it cannot fit the
/// budget; checks the interrupt flag as well.
pub fn check(vm: &mut Vm, cost: Duration, result_bits: u64, held_bits: u64) -> PyResult<()> {
    if result_bits >= SMALL_RESULT * 8 {
        let bytes = result_bits.saturating_add(held_bits) / 8;
        vm.reserve_temp(usize::try_from(bytes).unwrap_or(usize::MAX))?;
    }
    if cost >= NEGLIGIBLE {
        vm.check_time_for(cost)?;
    }
    Ok(())
}

/// `check` for `x * y`.
pub fn check_mul(vm: &mut Vm, x: &BigInt, y: &BigInt) -> PyResult<()> {
    let (a, b) = (x.bits(), y.bits());
    check(vm, mul_cost(a, b), a + b, 0)
}

/// Operands this small (2,000 words together) cannot take a millisecond
/// nor fill the quota: [`check_mul_bits`] and [`check_div_bits`] skip the
/// floating-point estimate for them.
const QUICK_BITS: u64 = 64 * 2000;

/// [`check_mul`] from the operands' sizes in bits.
#[inline]
pub fn check_mul_bits(vm: &mut Vm, a: u64, b: u64) -> PyResult<()> {
    if a.saturating_add(b) < QUICK_BITS {
        return Ok(());
    }
    check(vm, mul_cost(a, b), a + b, 0)
}

/// [`check_div`] from the operands' sizes in bits.
#[inline]
pub fn check_div_bits(vm: &mut Vm, x: u64, y: u64) -> PyResult<()> {
    if x.saturating_add(y) < QUICK_BITS {
        return Ok(());
    }
    check(vm, div_cost(x, y), x, 0)
}

/// `check` for `x // y` and `x % y`.
pub fn check_div(vm: &mut Vm, x: &BigInt, y: &BigInt) -> PyResult<()> {
    check(vm, div_cost(x.bits(), y.bits()), x.bits(), 0)
}

/// log2(|x|) for x != 0, from its top 64 bits.
fn log2_abs(x: &BigInt) -> f64 {
    let bits = x.bits();
    let shift = bits.saturating_sub(64);
    let top = (x.magnitude() >> shift).to_f64().unwrap_or(1.0);
    top.log2() + shift as f64
}

/// `x ** e` for |x| >= 2, by repeated squaring with the budget checked
/// before every step; `max_bits` is the largest result allowed at all.
pub fn pow(vm: &mut Vm, x: &BigInt, e: u64, max_bits: u64) -> PyResult<BigInt> {
    let neg = x.is_negative() && e % 2 == 1;
    let estimate = log2_abs(x) * e as f64;
    if estimate > max_bits as f64 {
        return Err(vm.memory_error());
    }
    let final_bits = estimate as u64 + 1;
    check(vm, Duration::ZERO, final_bits, x.bits())?;
    // A power of two is a shift: no multiplication at all.
    let tz = x.magnitude().trailing_zeros().unwrap_or(0);
    if x.bits() == tz + 1 {
        let r = BigInt::one() << (tz * e);
        return Ok(if neg { -r } else { r });
    }
    if e == 0 {
        return Ok(BigInt::one());
    }
    let mut acc = x.abs();
    let base = acc.clone();
    // Actual over estimated time of the steps so far: this machine, now.
    let mut speed = 1.0f64;
    for i in (0..63 - e.leading_zeros()).rev() {
        let n = acc.bits();
        let cost = mul_cost(n, n);
        check(vm, cost.mul_f64(speed), 2 * n, n)?;
        let start = Instant::now();
        acc = &acc * &acc;
        if cost >= Duration::from_millis(5) {
            speed = (start.elapsed().as_secs_f64() / cost.as_secs_f64()).clamp(0.25, 4.0);
        }
        if e >> i & 1 == 1 {
            let n = acc.bits();
            let cost = mul_cost(n, base.bits());
            check(vm, cost.mul_f64(speed), n + base.bits(), n)?;
            acc *= &base;
        }
    }
    Ok(if neg { -acc } else { acc })
}

/// Whether `x` is 0, 1 or -1 (powers of which need no arithmetic).
pub fn is_unit_or_zero(x: &BigInt) -> bool {
    x.is_zero() || x.magnitude().is_one()
}
