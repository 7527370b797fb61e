//! Lone surrogates through the str methods written for plain text.
//!
//! `split`, `strip`, `replace`, `partition`, `center`, `expandtabs`,
//! formatting with a width, ... work on a str's UTF-8 text, which holds
//! U+FFFD where a lone surrogate is (see `PyStr::surrogates`). When an
//! operand has surrogates, each one stands in as a private-use code point
//! from a window of 2,048 (one per surrogate value) that no operand uses;
//! the plain method runs unchanged on those stand-ins, and its str results
//! get the surrogates back. A stand-in behaves as a surrogate does in
//! every such method: one code point, not whitespace, not a line break,
//! uncased, not a digit. Plain strs never come here: the gate is one
//! pointer check per str operand, and the text is read only past it.

use crate::obj::{Obj, PyStr};
use crate::types::strbuf::StrBuf;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

/// Planes 15 and 16 (private use): 64 windows of 2,048 code points.
const PLANES: u32 = 0xF0000;
const WINDOW: u32 = 0x800;
const SURROGATES: u32 = 0xD800;

/// A window of private-use code points standing in for the surrogates.
#[derive(Clone, Copy)]
pub struct StandIn {
    base: u32,
}

impl StandIn {
    /// A window that none of `texts` uses; None when every window is
    /// used (the caller then works on the U+FFFD text, as before).
    pub fn choose<'a>(texts: impl IntoIterator<Item = &'a str>) -> Option<StandIn> {
        let mut used = 0u64;
        for t in texts {
            for c in t.chars().filter(|&c| c as u32 >= PLANES) {
                used |= 1 << ((c as u32 - PLANES) / WINDOW);
            }
        }
        let k = (!used).trailing_zeros();
        (k < 64).then(|| StandIn {
            base: PLANES + k * WINDOW,
        })
    }
    /// The text of `p` with each lone surrogate as its stand-in.
    pub fn encode(&self, p: &PyStr) -> String {
        let mut out = String::with_capacity(p.s.len() + p.surrogates().len());
        for cp in p.code_points() {
            let cp = if (SURROGATES..SURROGATES + WINDOW).contains(&cp) {
                cp - SURROGATES + self.base
            } else {
                cp
            };
            out.push(char::from_u32(cp).unwrap_or('\u{fffd}'));
        }
        out
    }
    fn holds(&self, cp: u32) -> bool {
        (self.base..self.base + WINDOW).contains(&cp)
    }
    /// Appends the code points of `p`, stand-ins turned back into
    /// surrogates (surrogates it already has are kept).
    pub fn decode_into(&self, p: &PyStr, out: &mut StrBuf) {
        for cp in p.code_points() {
            out.push_cp(if self.holds(cp) {
                cp - self.base + SURROGATES
            } else {
                cp
            });
        }
    }
    /// `t` with stand-ins turned back into surrogates.
    fn decode_text(&self, t: &str, out: &mut StrBuf) {
        for c in t.chars() {
            let cp = c as u32;
            out.push_cp(if self.holds(cp) {
                cp - self.base + SURROGATES
            } else {
                cp
            });
        }
    }
    fn has_any(&self, t: &str) -> bool {
        t.chars().any(|c| self.holds(c as u32))
    }
}

/// Whether `v` is a str (or an instance of a str subclass) with lone
/// surrogates: the gate of the slow paths, one pointer check for a str
/// (none while no such str was ever made).
#[inline]
pub fn is_wide(vm: &Vm, v: Value) -> bool {
    let Value::Obj(h) = v else {
        return false;
    };
    if !crate::obj::surrogates_made() {
        return false;
    }
    match vm.heap.get(h) {
        Obj::Str(p) => p.has_surrogates(),
        Obj::Instance(i) if !i.base.is_null() => {
            matches!(i.base, Value::Obj(b) if matches!(vm.heap.get(b), Obj::Str(p) if p.has_surrogates()))
        }
        _ => false,
    }
}

type Native = fn(&mut Vm, &[Value], &[(Value, Value)]) -> PyResult;

/// A str method called with `a` and `kw`: None when no str operand has
/// lone surrogates (the caller goes on with the plain code), else its
/// result computed on stand-ins.
#[inline]
pub fn call_wide(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)], f: Native) -> Option<PyResult> {
    if !crate::obj::surrogates_made() || !any_wide(vm, a, kw) {
        return None;
    }
    Some(run_wide(vm, a, kw, f))
}

fn any_wide(vm: &Vm, a: &[Value], kw: &[(Value, Value)]) -> bool {
    a.iter().any(|&v| is_wide(vm, v)) || kw.iter().any(|&(_, v)| is_wide(vm, v))
}

#[cold]
fn run_wide(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)], f: Native) -> PyResult {
    let stand = {
        let values = a.iter().chain(kw.iter().map(|(_, v)| v));
        let texts = values.filter_map(|&v| vm.heap.str_of(vm.builtin_base(v)));
        StandIn::choose(texts)
    };
    let Some(stand) = stand else {
        return f(vm, a, kw);
    };
    let mut a2 = Vec::with_capacity(a.len());
    for &v in a {
        a2.push(stand_in_value(vm, stand, v)?);
    }
    let mut kw2 = Vec::with_capacity(kw.len());
    for &(k, v) in kw {
        kw2.push((k, stand_in_value(vm, stand, v)?));
    }
    let r = f(vm, &a2, &kw2);
    finish(vm, stand, r)
}

/// A result with the surrogates back, in an error's message too.
fn finish(vm: &mut Vm, stand: StandIn, r: PyResult) -> PyResult {
    match r {
        Ok(v) => restore(vm, stand, v),
        Err(e) => {
            let args = match vm.heap.get(e.0) {
                Obj::Exception(x) => x.args,
                _ => return Err(e),
            };
            let fixed = restore(vm, stand, args)?;
            if let Obj::Exception(x) = vm.heap.get_mut(e.0) {
                x.args = fixed;
            }
            Err(e)
        }
    }
}

/// `v` with its surrogates as stand-ins when it is a str that has some.
fn stand_in_value(vm: &mut Vm, stand: StandIn, v: Value) -> PyResult {
    if !is_wide(vm, v) {
        return Ok(v);
    }
    let base = vm.builtin_base(v);
    let t = vm
        .heap
        .pystr(base)
        .map(|p| stand.encode(p))
        .unwrap_or_default();
    vm.new_string(t)
}

/// A method's result with the surrogates back: a str, or the strs in a
/// (new) list or tuple.
fn restore(vm: &mut Vm, stand: StandIn, r: Value) -> PyResult {
    let Value::Obj(h) = r else {
        return Ok(r);
    };
    let items = match vm.heap.get(h) {
        Obj::Str(p) if stand.has_any(&p.s) => {
            let mut b = StrBuf::with_capacity(p.s.len());
            stand.decode_into(p, &mut b);
            return vm.new_strbuf(b);
        }
        Obj::List(v) => v.clone(),
        Obj::Tuple(v) => v.to_vec(),
        _ => return Ok(r),
    };
    let mut out = Vec::with_capacity(items.len());
    for v in items {
        out.push(restore(vm, stand, v)?);
    }
    match vm.heap.get_mut(h) {
        Obj::List(v) => {
            v.copy_from_slice(&out);
            Ok(r)
        }
        _ => vm.new_tuple(out),
    }
}

/// `format(v, spec)` when `v` or the spec (a str value) has lone
/// surrogates: a str value and the spec's fill character keep them.
pub fn format_wide(vm: &mut Vm, v: Value, spec: Value) -> PyResult {
    let builtin = match v {
        Value::Obj(h) => matches!(
            vm.heap.get(h),
            Obj::Str(_) | Obj::BigInt(_) | Obj::Complex(..)
        ),
        _ => true,
    };
    let spec_plain = vm.heap.str_of(spec).unwrap_or("").to_string();
    if !builtin {
        // A `__format__` of Python code is handed the U+FFFD text.
        let t = vm.format(v, &spec_plain)?;
        return vm.new_string(t);
    }
    let texts = [vm.heap.str_of(v).unwrap_or(""), spec_plain.as_str()];
    let Some(stand) = StandIn::choose(texts) else {
        let t = vm.format(v, &spec_plain)?;
        return vm.new_string(t);
    };
    let v2 = stand_in_value(vm, stand, v)?;
    let spec2 = vm
        .heap
        .pystr(spec)
        .map(|p| stand.encode(p))
        .unwrap_or_default();
    let r = vm.format(v2, &spec2).and_then(|t| vm.new_string(t));
    finish(vm, stand, r)
}

/// The piece `%s` makes of a str `v` with lone surrogates, given a width
/// and precision: `pad` applied to its stand-in text.
pub fn percent_s_wide(
    vm: &Vm,
    v: Value,
    out: &mut StrBuf,
    pad: impl Fn(&str) -> String,
) -> Option<()> {
    let p = vm.heap.pystr(v)?;
    let stand = StandIn::choose([p.s.as_ref()])?;
    stand.decode_text(&pad(&stand.encode(p)), out);
    Some(())
}
