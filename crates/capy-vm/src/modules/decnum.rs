//! `_decnum`: native fast paths for the hot methods of the frozen
//! `decimal` module (`+ - *`, `quantize`, `str`).
//!
//! decimal.py installs these natives as Decimal's methods and keeps its
//! Python implementations under `_py<name>` (`_py__add__`, ...). A native
//! handles only the common case: operands that are exact `Decimal`s or
//! `int`s with coefficients that fit 128 bits, a result that needs no
//! more than rounding to the precision (no overflow, subnormal range,
//! clamping or NaN), and a context whose traps do not catch the Rounded
//! or Inexact it raises. Anything else calls the Python implementation,
//! which computes the same operation from scratch (the fast path has no
//! side effect before it commits), so results, flags and exceptions stay
//! those of the Python code, itself checked against CPython's libmpdec.

use crate::obj::{Instance, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

use super::add_func as func;

type Kw<'a> = &'a [(Value, Value)];

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("_decnum")?;
    func(vm, m, "__add__", add)?;
    func(vm, m, "__radd__", radd)?;
    func(vm, m, "__sub__", sub)?;
    func(vm, m, "__rsub__", rsub)?;
    func(vm, m, "__mul__", mul)?;
    func(vm, m, "__rmul__", rmul)?;
    func(vm, m, "quantize", quantize)?;
    func(vm, m, "context_quantize", context_quantize)?;
    func(vm, m, "__str__", to_str)?;
    func(vm, m, "adopt", adopt)?;
    Ok(m)
}

/// What the fast paths look up once: decimal's class and namespace, the
/// two signal classes they set, the interned attribute names with their
/// hashes and the shape of a Decimal made by `_mk`. Made by `adopt`; the
/// objects are also pushed to `extra_roots` (names are interned, shapes
/// are never freed).
#[derive(Clone, Copy)]
pub struct Cache {
    cls: Gc,
    /// Context: a subclass may override the properties the Python code
    /// reads, so only exact Contexts take the fast paths.
    ctx_cls: Gc,
    ns: Gc,
    /// The Inexact and Rounded classes with their hashes (flags keys).
    inexact: Name,
    rounded: Name,
    current: Name,
    /// `_sign`, `_int`, `_exp`, `_special`: the slot order of `_mk`.
    fields: [Name; 4],
    /// `_prec`, `_Emin`, `_Emax`, `_clamp`, `_capitals`, `_rounding`,
    /// `_flags`, `_traps` of a Context.
    ctx: [Name; 8],
    /// The shape of a Decimal with `fields` in order, once one was made.
    shape: Option<u32>,
    /// The shape of the last Context read and the slots of `ctx` in it.
    ctx_layout: Option<(u32, [usize; 8])>,
}

type Name = (Value, u64);

fn name(vm: &mut Vm, s: &str) -> PyResult<Name> {
    let k = vm.intern(s);
    Ok((k, vm.hash(k)?))
}

/// `adopt(cls, namespace)`: the natives placed in class `cls` become its
/// methods (they bind `self` from then on); `namespace` is decimal's.
fn adopt(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let (Some(&Value::Obj(cls)), Some(&Value::Obj(ns))) = (a.first(), a.get(1)) else {
        return Err(vm.type_error("adopt() needs a class and a namespace"));
    };
    if !matches!(vm.heap.get(cls), Obj::Class(_)) || !matches!(vm.heap.get(ns), Obj::Dict(_)) {
        return Err(vm.type_error("adopt() needs a class and a namespace"));
    }
    let names = ["Inexact", "Rounded", "Context"];
    let [Some(inexact), Some(rounded), Some(Value::Obj(ctx_cls))] =
        names.map(|n| vm.dict_get_str(ns, n))
    else {
        return Err(vm.type_error("adopt(): decimal's namespace lacks a class"));
    };
    super::adopt_natives(vm, cls);
    super::adopt_natives(vm, ctx_cls);
    let mut fields = [(Value::None, 0); 4];
    for (f, n) in fields.iter_mut().zip(["_sign", "_int", "_exp", "_special"]) {
        *f = name(vm, n)?;
    }
    let mut ctx = [(Value::None, 0); 8];
    let names = [
        "_prec",
        "_Emin",
        "_Emax",
        "_clamp",
        "_capitals",
        "_rounding",
        "_flags",
        "_traps",
    ];
    for (f, n) in ctx.iter_mut().zip(names) {
        *f = name(vm, n)?;
    }
    let current = name(vm, "_current")?;
    let held = [
        Value::Obj(cls),
        Value::Obj(ctx_cls),
        Value::Obj(ns),
        inexact,
        rounded,
    ];
    vm.extra_roots.extend(held);
    let inexact = (inexact, vm.hash(inexact)?);
    let rounded = (rounded, vm.hash(rounded)?);
    vm.decnum = Some(Box::new(Cache {
        cls,
        ctx_cls,
        ns,
        inexact,
        rounded,
        current,
        fields,
        ctx,
        shape: None,
        ctx_layout: None,
    }));
    Ok(Value::None)
}

fn cache(vm: &Vm) -> Option<Cache> {
    vm.decnum.as_deref().copied()
}

// ---------------------------------------------------------------- values

/// A finite decimal: (-1)**neg * coeff * 10**exp.
#[derive(Clone, Copy)]
struct Num {
    neg: bool,
    coeff: u128,
    exp: i128,
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Down,
    HalfUp,
    HalfEven,
    Ceiling,
    Floor,
    Up,
    HalfDown,
    Up05,
}

fn mode_of(s: &str) -> Option<Mode> {
    Some(match s {
        "ROUND_DOWN" => Mode::Down,
        "ROUND_HALF_UP" => Mode::HalfUp,
        "ROUND_HALF_EVEN" => Mode::HalfEven,
        "ROUND_CEILING" => Mode::Ceiling,
        "ROUND_FLOOR" => Mode::Floor,
        "ROUND_UP" => Mode::Up,
        "ROUND_HALF_DOWN" => Mode::HalfDown,
        "ROUND_05UP" => Mode::Up05,
        _ => return None,
    })
}

/// The context fields the fast paths read.
struct Ctx {
    prec: i128,
    emin: i128,
    emax: i128,
    clamp: bool,
    capitals: bool,
    mode: Mode,
    flags: Value,
    traps: Value,
}

/// Conditions a fast path may raise (any other sends it to Python).
const ROUNDED: u8 = 1;
const INEXACT: u8 = 2;

fn instance(vm: &Vm, v: Value) -> Option<&Instance> {
    match vm.heap.get(v.as_obj()?) {
        Obj::Instance(i) => Some(i),
        _ => None,
    }
}

fn small_int(v: Option<Value>) -> Option<i64> {
    match v? {
        Value::Int(i) => Some(i),
        _ => None,
    }
}

/// The four fields of a Decimal instance `i` (sign, coefficient,
/// exponent, special) when all are small ints: by slot when it has the
/// usual shape, else by name.
fn fields(vm: &Vm, c: &Cache, i: &Instance) -> Option<[i64; 4]> {
    let mut out = [0; 4];
    if c.shape.is_some_and(|s| s == i.shape()) {
        for (o, v) in out.iter_mut().zip(i.slots()) {
            *o = small_int(Some(*v))?;
        }
    } else {
        for (o, &(k, h)) in out.iter_mut().zip(&c.fields) {
            *o = small_int(vm.inst_get(i, k, h))?;
        }
    }
    Some(out)
}

/// `v` as a finite Num if it is an exact Decimal with a small
/// coefficient, or an int that fits 64 bits.
fn operand(vm: &Vm, c: &Cache, v: Value) -> Option<Num> {
    if let Value::Int(i) = v {
        return Some(Num {
            neg: i < 0,
            coeff: i.unsigned_abs() as u128,
            exp: 0,
        });
    }
    let i = instance(vm, v)?;
    if i.class != c.cls {
        return None;
    }
    let [sign, coeff, exp, special] = fields(vm, c, i)?;
    if special != 0 || !(0..=1).contains(&sign) {
        return None;
    }
    Some(Num {
        neg: sign == 1,
        coeff: u128::try_from(coeff).ok()?,
        exp: exp as i128,
    })
}

/// The context: `explicit` when given (not None), else the current one.
/// Its fields are read by slot, through the layout of its shape (found
/// once per shape: every Context made by `__init__` shares one).
fn context(vm: &mut Vm, c: &mut Cache, explicit: Option<Value>) -> Option<Ctx> {
    let v = match explicit {
        Some(v) if !matches!(v, Value::None) => v,
        _ => match vm.heap.get(c.ns) {
            Obj::Dict(d) => d.value_at(d.probe_name(&vm.heap, c.current.1, c.current.0)?),
            _ => return None,
        },
    };
    let shape = instance(vm, v).filter(|i| i.class == c.ctx_cls)?.shape();
    let layout = match c.ctx_layout {
        Some((s, l)) if s == shape => l,
        _ => {
            let mut l = [0; 8];
            for (slot, &(k, h)) in l.iter_mut().zip(&c.ctx) {
                *slot = vm.shapes.find(&vm.heap, shape, k, h)?;
            }
            c.ctx_layout = Some((shape, l));
            if let Some(cache) = vm.decnum.as_deref_mut() {
                cache.ctx_layout = c.ctx_layout;
            }
            l
        }
    };
    let slots = instance(vm, v)?.slots();
    let get = |n: usize| slots.get(layout[n]).copied();
    let num = |n: usize| small_int(get(n)).map(i128::from);
    let dict_of = |n: usize| match instance(vm, get(n)?)?.base {
        Value::Obj(d) if matches!(vm.heap.get(d), Obj::Dict(_)) => Some(Value::Obj(d)),
        _ => None,
    };
    Some(Ctx {
        prec: num(0)?,
        emin: num(1)?,
        emax: num(2)?,
        clamp: num(3)? != 0,
        capitals: num(4)? != 0,
        mode: mode_of(vm.heap.str_of(get(5)?)?)?,
        flags: dict_of(6)?,
        traps: dict_of(7)?,
    })
}

/// A keyword argument's value, if it was passed.
fn kw_arg(vm: &Vm, kw: Kw, name: &str) -> Option<Value> {
    kw.iter()
        .find(|(k, _)| vm.heap.str_of(*k) == Some(name))
        .map(|&(_, v)| v)
}

// ---------------------------------------------------------------- rounding

fn digits(n: u128) -> i128 {
    if n == 0 {
        1
    } else {
        n.ilog10() as i128 + 1
    }
}

/// Drops the `n` lowest digits of `c` (0 < n <= 38) rounding by `mode`:
/// (result, inexact).
fn round_digits(c: u128, n: i128, neg: bool, mode: Mode) -> (u128, bool) {
    let p = 10u128.pow(n as u32);
    let (q, r) = (c / p, c % p);
    if r == 0 {
        return (q, false);
    }
    // 2r cannot overflow: r < p <= 10**38 < u128::MAX / 2.
    let up = match mode {
        Mode::HalfEven => 2 * r > p || (2 * r == p && q & 1 == 1),
        Mode::HalfUp => 2 * r >= p,
        Mode::HalfDown => 2 * r > p,
        Mode::Down => false,
        Mode::Up => true,
        Mode::Ceiling => !neg,
        Mode::Floor => neg,
        Mode::Up05 => q % 5 == 0,
    };
    (if up { q + 1 } else { q }, true)
}

/// The exact value `x` fitted to the context (decimal's `_finish`), when
/// that needs nothing beyond rounding to the precision.
fn finish(x: Num, ctx: &Ctx, mode: Mode) -> Option<(Num, u8)> {
    let etiny = ctx.emin - ctx.prec + 1;
    let etop = ctx.emax - ctx.prec + 1;
    if x.coeff == 0 {
        let top = if ctx.clamp { etop } else { ctx.emax };
        return (etiny..=top).contains(&x.exp).then_some((x, 0));
    }
    let nd = digits(x.coeff);
    let adj = x.exp + nd - 1;
    let lo = x.exp + nd - ctx.prec;
    if adj > ctx.emax || adj < ctx.emin || lo < etiny {
        return None;
    }
    let mut r = x;
    let mut flags = 0;
    if x.exp < lo {
        let (c, inexact) = round_digits(x.coeff, lo - x.exp, x.neg, mode);
        r.coeff = c;
        r.exp = lo;
        if digits(c) > ctx.prec {
            r.coeff /= 10;
            r.exp += 1;
        }
        flags = ROUNDED | if inexact { INEXACT } else { 0 };
        if r.coeff != 0 && r.exp + digits(r.coeff) - 1 > ctx.emax {
            return None;
        }
    }
    if ctx.clamp && r.exp > etop {
        return None;
    }
    Some((r, flags))
}

fn scale(c: u128, by: i128) -> Option<u128> {
    c.checked_mul(10u128.checked_pow(u32::try_from(by).ok()?)?)
}

/// a + b (decimal's `_add` for finite operands).
fn add_nums(a: Num, b: Num, ctx: &Ctx) -> Option<(Num, u8)> {
    let floor_sign = ctx.mode == Mode::Floor;
    let exp = a.exp.min(b.exp);
    if a.coeff == 0 || b.coeff == 0 {
        let (neg, coeff) = if a.coeff == 0 && b.coeff == 0 {
            (if a.neg == b.neg { a.neg } else { floor_sign }, 0)
        } else if a.coeff == 0 {
            (b.neg, scale(b.coeff, b.exp - exp)?)
        } else {
            (a.neg, scale(a.coeff, a.exp - exp)?)
        };
        return finish(Num { neg, coeff, exp }, ctx, ctx.mode);
    }
    // An operand far below the other's last kept digit only counts as a
    // "sticky" amount (as in the Python code, which this must match).
    let (mut a, mut b) = (a, b);
    let adj_a = a.exp + digits(a.coeff) - 1;
    let adj_b = b.exp + digits(b.coeff) - 1;
    if adj_a > adj_b {
        let floor_e = a.exp.min(adj_a - ctx.prec) - 2;
        if adj_b < floor_e {
            b.coeff = 1;
            b.exp = floor_e;
        }
    } else {
        let floor_e = b.exp.min(adj_b - ctx.prec) - 2;
        if adj_a < floor_e {
            a.coeff = 1;
            a.exp = floor_e;
        }
    }
    let exp = a.exp.min(b.exp);
    let va = scale(a.coeff, a.exp - exp)?;
    let vb = scale(b.coeff, b.exp - exp)?;
    let (neg, coeff) = if a.neg == b.neg {
        (a.neg, va.checked_add(vb)?)
    } else if va >= vb {
        (a.neg, va - vb)
    } else {
        (b.neg, vb - va)
    };
    let neg = if coeff == 0 { floor_sign } else { neg };
    finish(Num { neg, coeff, exp }, ctx, ctx.mode)
}

fn mul_nums(a: Num, b: Num, ctx: &Ctx) -> Option<(Num, u8)> {
    let x = Num {
        neg: a.neg != b.neg,
        coeff: a.coeff.checked_mul(b.coeff)?,
        exp: a.exp + b.exp,
    };
    finish(x, ctx, ctx.mode)
}

/// `a.quantize(b)` (decimal's `_quantize` for finite operands).
fn quantize_nums(a: Num, b: Num, ctx: &Ctx, mode: Mode) -> Option<(Num, u8)> {
    let te = b.exp;
    if te > ctx.emax || te < ctx.emin - ctx.prec + 1 {
        return None;
    }
    let (coeff, inexact) = if a.coeff == 0 {
        (0, false)
    } else if te <= a.exp {
        (scale(a.coeff, a.exp - te)?, false)
    } else if te - a.exp <= 38 {
        round_digits(a.coeff, te - a.exp, a.neg, mode)
    } else {
        return None;
    };
    if coeff != 0 {
        let adj = te + digits(coeff) - 1;
        if digits(coeff) > ctx.prec || adj > ctx.emax || adj < ctx.emin {
            return None;
        }
    }
    if ctx.clamp && te > ctx.emax - ctx.prec + 1 {
        return None;
    }
    let mut flags = 0;
    if te > a.exp {
        if inexact {
            flags |= INEXACT;
        }
        if a.coeff != 0 {
            flags |= ROUNDED;
        }
    }
    let r = Num {
        neg: a.neg,
        coeff,
        exp: te,
    };
    Some((r, flags))
}

// ---------------------------------------------------------------- results

/// Sets the flags for `raised` unless one of them is trapped (false: the
/// caller lets Python raise it, as it does when a mapping lacks a key).
fn signal(vm: &mut Vm, c: &Cache, ctx: &Ctx, raised: u8) -> bool {
    let hit = [(INEXACT, c.inexact), (ROUNDED, c.rounded)];
    let mut at = [None; 2];
    for (slot, &(bit, (class, hash))) in at.iter_mut().zip(&hit) {
        if raised & bit == 0 {
            continue;
        }
        let (Some(trap), Some(flag)) = (
            entry(vm, ctx.traps, class, hash),
            entry(vm, ctx.flags, class, hash),
        ) else {
            return false;
        };
        if !matches!(dict_value(vm, ctx.traps, trap), Value::Bool(false)) {
            return false;
        }
        *slot = Some(flag);
    }
    if let Some(Obj::Dict(d)) = ctx.flags.as_obj().map(|h| vm.heap.get_mut(h)) {
        for pos in at.into_iter().flatten() {
            d.set_value_at(pos, Value::Bool(true));
        }
    }
    true
}

/// The entry position of `key` (hash `hash`, compared by identity) in
/// dict object `d`.
fn entry(vm: &Vm, d: Value, key: Value, hash: u64) -> Option<usize> {
    match vm.heap.get(d.as_obj()?) {
        Obj::Dict(d) => match d.probe(&vm.heap, hash, key) {
            crate::dict::Probe::Found(p) => Some(p),
            _ => None,
        },
        _ => None,
    }
}

fn dict_value(vm: &Vm, d: Value, pos: usize) -> Value {
    match d.as_obj().map(|h| vm.heap.get(h)) {
        Some(Obj::Dict(d)) => d.value_at(pos),
        _ => Value::Null,
    }
}

/// A new Decimal holding `x`, its attributes in the order decimal's `_mk`
/// sets them (so both share one instance shape).
fn new_decimal(vm: &mut Vm, c: &Cache, x: Num) -> PyResult {
    let coeff = match i64::try_from(x.coeff) {
        Ok(i) => Value::Int(i),
        Err(_) => vm.new_bigint(x.coeff.into())?,
    };
    vm.root_value(coeff);
    let exp = match i64::try_from(x.exp) {
        Ok(i) => Value::Int(i),
        Err(_) => vm.new_bigint(x.exp.into())?,
    };
    vm.root_value(exp);
    let values = [Value::Int(x.neg as i64), coeff, exp, Value::Int(0)];
    let mut inst = Instance::new(c.cls, Value::Null);
    if let Some(shape) = c.shape {
        for v in values {
            inst.push_slot(shape, v, values.len());
        }
        return Ok(Value::Obj(vm.alloc(Obj::Instance(inst))?));
    }
    // The first one walks the shape tree; its shape is kept for the rest.
    let h = vm.alloc(Obj::Instance(inst))?;
    vm.root_value(Value::Obj(h));
    for (&(k, hash), v) in c.fields.iter().zip(values) {
        vm.inst_set(h, k, hash, v)?;
    }
    if let Obj::Instance(i) = vm.heap.get(h) {
        let s = i.shape();
        if vm.shapes.len(s) == 4
            && vm
                .shapes
                .names(s)
                .iter()
                .zip(&c.fields)
                .all(|(a, b)| a.0.is(b.0))
        {
            if let Some(cache) = vm.decnum.as_deref_mut() {
                cache.shape = Some(s);
            }
        }
    }
    Ok(Value::Obj(h))
}

/// Calls decimal.py's own implementation of method `slow` (an attribute
/// of the class of `a[0]`).
fn fallback(vm: &mut Vm, slow: &'static str, a: &[Value], kw: Kw) -> PyResult {
    let Some(&this) = a.first() else {
        return Err(vm.type_error("descriptor needs an argument"));
    };
    match vm.lookup_type_attr(this, slow) {
        Some(f) => vm.call(f, a, kw),
        None => Err(vm.type_error(format!("decimal: no method {slow}"))),
    }
}

type BinOp = fn(Num, Num, &Ctx) -> Option<(Num, u8)>;

/// A binary operator: the fast path, else the Python method `slow`.
fn binary(vm: &mut Vm, a: &[Value], kw: Kw, op: BinOp, swap: bool, slow: &'static str) -> PyResult {
    if let Some(r) = try_binary(vm, a, kw, op, swap)? {
        return Ok(r);
    }
    fallback(vm, slow, a, kw)
}

fn try_binary(vm: &mut Vm, a: &[Value], kw: Kw, op: BinOp, swap: bool) -> PyResult<Option<Value>> {
    if !(2..=3).contains(&a.len())
        || kw
            .iter()
            .any(|(k, _)| vm.heap.str_of(*k) != Some("context"))
    {
        return Ok(None);
    }
    let Some(mut c) = cache(vm) else {
        return Ok(None);
    };
    let (Some(x), Some(y)) = (operand(vm, &c, a[0]), operand(vm, &c, a[1])) else {
        return Ok(None);
    };
    let explicit = a.get(2).copied().or_else(|| kw_arg(vm, kw, "context"));
    let Some(ctx) = context(vm, &mut c, explicit) else {
        return Ok(None);
    };
    let (x, y) = if swap { (y, x) } else { (x, y) };
    let Some((r, raised)) = op(x, y, &ctx) else {
        return Ok(None);
    };
    if raised != 0 && !signal(vm, &c, &ctx, raised) {
        return Ok(None);
    }
    new_decimal(vm, &c, r).map(Some)
}

fn sub_nums(a: Num, b: Num, ctx: &Ctx) -> Option<(Num, u8)> {
    add_nums(a, Num { neg: !b.neg, ..b }, ctx)
}

fn add(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    binary(vm, a, kw, add_nums, false, "_py__add__")
}

fn radd(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    binary(vm, a, kw, add_nums, true, "_py__radd__")
}

fn sub(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    binary(vm, a, kw, sub_nums, false, "_py__sub__")
}

fn rsub(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    binary(vm, a, kw, sub_nums, true, "_py__rsub__")
}

fn mul(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    binary(vm, a, kw, mul_nums, false, "_py__mul__")
}

fn rmul(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    binary(vm, a, kw, mul_nums, true, "_py__rmul__")
}

/// `Decimal.quantize(exp, rounding=None, context=None)`.
fn quantize(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    if let Some(r) = try_quantize(vm, a, kw)? {
        return Ok(r);
    }
    fallback(vm, "_pyquantize", a, kw)
}

fn try_quantize(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult<Option<Value>> {
    if !(2..=4).contains(&a.len())
        || kw
            .iter()
            .any(|(k, _)| !matches!(vm.heap.str_of(*k), Some("context" | "rounding")))
    {
        return Ok(None);
    }
    let Some(mut c) = cache(vm) else {
        return Ok(None);
    };
    let (Some(x), Some(y)) = (operand(vm, &c, a[0]), operand(vm, &c, a[1])) else {
        return Ok(None);
    };
    let rounding = a.get(2).copied().or_else(|| kw_arg(vm, kw, "rounding"));
    let explicit = a.get(3).copied().or_else(|| kw_arg(vm, kw, "context"));
    let Some(ctx) = context(vm, &mut c, explicit) else {
        return Ok(None);
    };
    let mode = match rounding {
        None | Some(Value::None) => ctx.mode,
        Some(v) => match vm.heap.str_of(v).and_then(mode_of) {
            Some(m) => m,
            None => return Ok(None),
        },
    };
    let Some((r, raised)) = quantize_nums(x, y, &ctx, mode) else {
        return Ok(None);
    };
    if raised != 0 && !signal(vm, &c, &ctx, raised) {
        return Ok(None);
    }
    new_decimal(vm, &c, r).map(Some)
}

/// `Context.quantize(a, b)`: `a.quantize(b)` in that context.
fn context_quantize(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    if a.len() == 3 && kw.is_empty() {
        if let Some(r) = try_quantize(vm, &[a[1], a[2], Value::None, a[0]], &[])? {
            return Ok(r);
        }
    }
    fallback(vm, "_pyquantize", a, kw)
}

// ---------------------------------------------------------------- text

/// `str(d)` in scientific notation, as decimal's `__str__` (no engineering
/// form: that stays in Python).
fn to_str(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    if a.len() == 1 && kw.is_empty() {
        if let Some(s) = try_str(vm, a[0]) {
            return vm.new_str(&s);
        }
    }
    fallback(vm, "_py__str__", a, kw)
}

/// The decimal digits of `n`, most significant first.
fn decimal_digits(mut n: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(20);
    loop {
        out.push(b'0' + (n % 10) as u8);
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    out
}

fn try_str(vm: &mut Vm, v: Value) -> Option<String> {
    let mut c = cache(vm)?;
    let [sign, coeff, exp, special] = fields(vm, &c, instance(vm, v)?)?;
    if coeff < 0 {
        return None;
    }
    let (neg, exp) = (sign == 1, exp as i128);
    let sign = if neg { "-" } else { "" };
    match special {
        0 => {}
        1 => return Some(format!("{sign}Infinity")),
        2 | 3 => {
            let name = if special == 2 { "NaN" } else { "sNaN" };
            let payload = if coeff != 0 {
                coeff.to_string()
            } else {
                String::new()
            };
            return Some(format!("{sign}{name}{payload}"));
        }
        _ => return None,
    }
    let digits = decimal_digits(coeff as u64);
    let digits = std::str::from_utf8(&digits).ok()?;
    let n = digits.len() as i128;
    let adj = exp + n - 1;
    if exp <= 0 && adj >= -6 {
        // Plain notation: the most common case, built without format!.
        let mut out = String::with_capacity(digits.len() + 10);
        out.push_str(sign);
        let point = n + exp;
        if exp == 0 {
            out.push_str(digits);
        } else if point > 0 {
            let (int, frac) = digits.split_at(point as usize);
            out.push_str(int);
            out.push('.');
            out.push_str(frac);
        } else {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', (-point) as usize));
            out.push_str(digits);
        }
        return Some(out);
    }
    let capitals = context(vm, &mut c, None)?.capitals;
    let e = if capitals { 'E' } else { 'e' };
    let (first, rest) = digits.split_at(1);
    let dot = if rest.is_empty() { "" } else { "." };
    let plus = if adj >= 0 { "+" } else { "" };
    Some(format!("{sign}{first}{dot}{rest}{e}{plus}{adj}"))
}
