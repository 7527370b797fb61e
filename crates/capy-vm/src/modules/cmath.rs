//! `cmath`: MicroPython's complex functions (phase, polar, rect, exp, log,
//! log10, sqrt, sin, cos) plus a few CPython has that cost nothing.

use super::math::{domain, nargs, range, to_f};
use crate::obj::Obj;
use crate::types::num::{as_num, Num};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

/// Any number (or object with `__complex__`/`__float__`) as (re, im).
fn to_c(vm: &mut Vm, v: Value) -> PyResult<(f64, f64)> {
    if let Some(Num::C(re, im)) = as_num(&vm.heap, v) {
        return Ok((re, im));
    }
    if vm.is_user_instance(v) {
        if let Some(m) = vm.lookup_type_attr(v, "__complex__") {
            let r = vm.call(m, &[v], &[])?;
            if let Some(Num::C(re, im)) = as_num(&vm.heap, r) {
                return Ok((re, im));
            }
            let t = vm.type_name(r);
            return Err(vm.type_error(format!("__complex__ returned non-complex (type {t})")));
        }
    }
    match to_f(vm, v) {
        Ok(f) => Ok((f, 0.0)),
        Err(e) => {
            if vm.err_is(e, crate::ExcKind::TypeError) {
                let t = vm.type_name(v);
                return Err(vm.type_error(format!("must be real number, not {t}")));
            }
            Err(e)
        }
    }
}

fn arg(vm: &mut Vm, a: &[Value], name: &str) -> PyResult<(f64, f64)> {
    nargs(vm, a, name, 1, 1)?;
    to_c(vm, a[0])
}

fn complex(vm: &mut Vm, re: f64, im: f64) -> PyResult {
    Ok(Value::Obj(vm.alloc(Obj::Complex(re, im))?))
}

/// CPython raises when a finite input gives a non-finite result.
fn finish(vm: &mut Vm, input: (f64, f64), re: f64, im: f64) -> PyResult {
    let finite_in = input.0.is_finite() && input.1.is_finite();
    if finite_in && (re.is_infinite() || im.is_infinite()) {
        return Err(range(vm));
    }
    if finite_in && (re.is_nan() || im.is_nan()) {
        return Err(domain(vm));
    }
    complex(vm, re, im)
}

fn c_phase(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (re, im) = arg(vm, a, "phase")?;
    Ok(Value::Float(im.atan2(re)))
}

fn c_abs(re: f64, im: f64) -> f64 {
    re.hypot(im)
}

fn c_polar(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (re, im) = arg(vm, a, "polar")?;
    let r = c_abs(re, im);
    if r.is_infinite() && re.is_finite() && im.is_finite() {
        return Err(range(vm));
    }
    vm.new_tuple(vec![Value::Float(r), Value::Float(im.atan2(re))])
}

fn c_rect(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "rect", 2, 2)?;
    let r = to_f(vm, a[0])?;
    let phi = to_f(vm, a[1])?;
    if r.is_finite() && phi.is_infinite() {
        return Err(domain(vm));
    }
    // A zero phase keeps the exact real value (and the sign of zero).
    if phi == 0.0 {
        return complex(vm, r, phi * r);
    }
    complex(vm, r * phi.cos(), r * phi.sin())
}

fn c_exp(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let z = arg(vm, a, "exp")?;
    let (re, im) = z;
    if im == 0.0 {
        let e = re.exp();
        return finish(vm, z, e, im);
    }
    let e = re.exp();
    finish(vm, z, e * im.cos(), e * im.sin())
}

fn ln(re: f64, im: f64) -> (f64, f64) {
    (c_abs(re, im).ln(), im.atan2(re))
}

fn c_log(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    nargs(vm, a, "log", 1, 2)?;
    let z = to_c(vm, a[0])?;
    if z == (0.0, 0.0) {
        return Err(domain(vm));
    }
    let (mut re, mut im) = ln(z.0, z.1);
    if let Some(&b) = a.get(1) {
        let bz = to_c(vm, b)?;
        if bz == (0.0, 0.0) {
            return Err(domain(vm));
        }
        let (br, bi) = ln(bz.0, bz.1);
        if br == 0.0 && bi == 0.0 {
            return Err(vm.zero_division("complex division by zero"));
        }
        let (nr, ni) = div(re, im, br, bi);
        re = nr;
        im = ni;
    }
    finish(vm, z, re, im)
}

/// Complex division scaled by the larger divisor part (Smith's method),
/// which is exact when the divisor is real, as CPython's is.
fn div(ar: f64, ai: f64, br: f64, bi: f64) -> (f64, f64) {
    if br.abs() >= bi.abs() {
        let ratio = bi / br;
        let den = br + bi * ratio;
        ((ar + ai * ratio) / den, (ai - ar * ratio) / den)
    } else {
        let ratio = br / bi;
        let den = br * ratio + bi;
        ((ar * ratio + ai) / den, (ai * ratio - ar) / den)
    }
}

fn c_log10(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let z = arg(vm, a, "log10")?;
    if z == (0.0, 0.0) {
        return Err(domain(vm));
    }
    let (re, im) = ln(z.0, z.1);
    finish(
        vm,
        z,
        re / std::f64::consts::LN_10,
        im / std::f64::consts::LN_10,
    )
}

fn c_sqrt(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let z = arg(vm, a, "sqrt")?;
    let (re, im) = z;
    if re == 0.0 && im == 0.0 {
        return complex(vm, 0.0, im);
    }
    if im.is_infinite() {
        return complex(vm, f64::INFINITY, im);
    }
    // Take the root of the larger-magnitude part first to avoid cancellation.
    let t = ((re.abs() + c_abs(re, im)) / 2.0).sqrt();
    if re >= 0.0 {
        complex(vm, t, im / (2.0 * t))
    } else {
        complex(vm, im.abs() / (2.0 * t), t.copysign(im))
    }
}

fn c_sin(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let z = arg(vm, a, "sin")?;
    let (re, im) = z;
    finish(vm, z, re.sin() * im.cosh(), re.cos() * im.sinh())
}

fn c_cos(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let z = arg(vm, a, "cos")?;
    let (re, im) = z;
    finish(vm, z, re.cos() * im.cosh(), -(re.sin() * im.sinh()))
}

fn c_isnan(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (re, im) = arg(vm, a, "isnan")?;
    Ok(Value::Bool(re.is_nan() || im.is_nan()))
}
fn c_isinf(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (re, im) = arg(vm, a, "isinf")?;
    Ok(Value::Bool(re.is_infinite() || im.is_infinite()))
}
fn c_isfinite(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (re, im) = arg(vm, a, "isfinite")?;
    Ok(Value::Bool(re.is_finite() && im.is_finite()))
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("cmath")?;
    let d = crate::import::module_dict(vm, m);
    vm.dict_set_str(d, "pi", Value::Float(std::f64::consts::PI))?;
    vm.dict_set_str(d, "e", Value::Float(std::f64::consts::E))?;
    vm.dict_set_str(d, "tau", Value::Float(std::f64::consts::TAU))?;
    vm.dict_set_str(d, "inf", Value::Float(f64::INFINITY))?;
    vm.dict_set_str(d, "nan", Value::Float(f64::NAN))?;
    let fns: &[(&'static str, crate::obj::NativeFn)] = &[
        ("phase", c_phase),
        ("polar", c_polar),
        ("rect", c_rect),
        ("exp", c_exp),
        ("log", c_log),
        ("log10", c_log10),
        ("sqrt", c_sqrt),
        ("sin", c_sin),
        ("cos", c_cos),
        ("isnan", c_isnan),
        ("isinf", c_isinf),
        ("isfinite", c_isfinite),
    ];
    for &(name, f) in fns {
        let v = crate::types::native(vm, name, f, false, Value::Obj(m))?;
        vm.dict_set_str(d, name, v)?;
    }
    Ok(m)
}
