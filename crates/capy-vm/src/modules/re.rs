//! `re`: regular expressions on top of regex-automata (modules/rx.rs).
//!
//! Python pattern syntax is translated to the engine's (`\Z` → `\z`, literal
//! braces and brackets escaped, `(?#...)` comments dropped, `\0` as NUL).
//! The engine has no backreferences or look-around (MicroPython's `re` has
//! neither), so such patterns raise `re.error`. Python's `$` without
//! MULTILINE also matches before a final newline; here it matches only at
//! the very end.
//!
//! Compiled regexes cannot live on the VM heap (objects there are plain
//! data), so `Pattern` objects keep only the source and flags, and a small
//! per-instance cache maps those to compiled regexes. The cache is bounded,
//! charged to the heap quota and invisible to programs: it never changes
//! what a pattern matches.
//!
//! Results (`findall`, `split`, `finditer`, `sub`) are built as matches are
//! found, within the heap quota, and the time budget is checked between
//! matches.
//!
//! Positions: the engine reports UTF-8 byte offsets; for str subjects they
//! are converted to code point indices before programs see them.

use super::rx::{self, Hay, Pos, Rx, Spans, A, I, M, S, U, X};
use crate::dict::Dict;
use crate::errors::ExcKind;
use crate::obj::{Instance, NativeFn, Obj};
use crate::types::TypeId;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use std::rc::Rc;

type Kw<'a> = &'a [(Value, Value)];

/// A compiled regex for a pattern's source (re.error if it is invalid).
fn compile_rx(vm: &mut Vm, src: &[u8], is_bytes: bool, flags: i64, full: bool) -> PyResult<Rc<Rx>> {
    rx::compile(vm, src, is_bytes, flags, full)?.map_err(|m| re_error(vm, &m))
}

// ---------------------------------------------------------------- module

/// An attribute of this module, found through `sys.modules` (natives have
/// no closure); imported afresh if a program removed it from there.
fn module_attr(vm: &mut Vm, name: &str) -> Option<Value> {
    let modules = vm.modules;
    let m = match vm.dict_get_str(modules, "re") {
        Some(m) => m,
        None => {
            let n = vm.intern("re");
            let g = vm.builtins;
            vm.import_name(g, n, Value::Int(0), Value::None).ok()?
        }
    };
    match m {
        Value::Obj(m) => vm.dict_get_str(m, name),
        _ => None,
    }
}

fn class_attr(vm: &mut Vm, name: &str) -> PyResult<Gc> {
    match module_attr(vm, name) {
        Some(Value::Obj(c)) if matches!(vm.heap.get(c), Obj::Class(_)) => Ok(c),
        _ => Err(vm.error(ExcKind::ImportError, format!("re.{name} is unavailable"))),
    }
}

fn re_error(vm: &mut Vm, msg: &str) -> crate::PyErr {
    let class = match module_attr(vm, "error") {
        Some(Value::Obj(c)) if matches!(vm.heap.get(c), Obj::Class(_)) => c,
        _ => vm.exc_class(ExcKind::ValueError),
    };
    match vm.new_str(msg) {
        Ok(s) => vm.new_exception(class, vec![s]),
        Err(e) => e,
    }
}

fn put(vm: &mut Vm, ns: &mut Dict, k: &str, v: Value) -> PyResult<()> {
    let key = vm.intern(k);
    let h = vm.hash(key)?;
    ns.insert_new(h, key, v);
    Ok(())
}

fn class(
    vm: &mut Vm,
    name: &str,
    bases: Vec<Gc>,
    defs: &[(&'static str, NativeFn)],
) -> PyResult<Gc> {
    let mut ns = Dict::new();
    for &(n, f) in defs {
        let v = crate::types::native(vm, n, f, true, Value::None)?;
        put(vm, &mut ns, n, v)?;
    }
    let m = vm.new_str("re")?;
    put(vm, &mut ns, "__module__", m)?;
    let meta = Value::Obj(vm.type_obj(TypeId::Type));
    let n = vm.new_str(name)?;
    let c = vm.new_class(meta, n, bases, &ns)?;
    super::adopt_natives(vm, c);
    Ok(c)
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("re")?;
    let d = crate::import::module_dict(vm, m);
    let funcs: &[(&'static str, NativeFn)] = &[
        ("compile", re_compile),
        ("match", re_match),
        ("search", re_search),
        ("fullmatch", re_fullmatch),
        ("sub", re_sub),
        ("subn", re_subn),
        ("split", re_split),
        ("findall", re_findall),
        ("finditer", re_finditer),
        ("escape", re_escape),
        ("purge", re_purge),
    ];
    for &(n, f) in funcs {
        let v = crate::types::native(vm, n, f, true, Value::Obj(m))?;
        vm.dict_set_str(d, n, v)?;
    }
    for (n, v) in [
        ("I", I),
        ("IGNORECASE", I),
        ("M", M),
        ("MULTILINE", M),
        ("S", S),
        ("DOTALL", S),
        ("X", X),
        ("VERBOSE", X),
        ("A", A),
        ("ASCII", A),
        ("U", U),
        ("UNICODE", U),
    ] {
        vm.dict_set_str(d, n, Value::Int(v))?;
    }
    let exc = vm.exc_class(ExcKind::Exception);
    let err = class(vm, "error", vec![exc], &[])?;
    vm.dict_set_str(d, "error", Value::Obj(err))?;
    let pat = class(
        vm,
        "Pattern",
        vec![],
        &[
            ("match", p_match),
            ("search", p_search),
            ("fullmatch", p_fullmatch),
            ("sub", p_sub),
            ("subn", p_subn),
            ("split", p_split),
            ("findall", p_findall),
            ("finditer", p_finditer),
            ("__repr__", p_repr),
        ],
    )?;
    vm.dict_set_str(d, "Pattern", Value::Obj(pat))?;
    let mat = class(
        vm,
        "Match",
        vec![],
        &[
            ("group", m_group),
            ("groups", m_groups),
            ("groupdict", m_groupdict),
            ("start", m_start),
            ("end", m_end),
            ("span", m_span),
            ("expand", m_expand),
            ("__getitem__", m_getitem),
            ("__repr__", m_repr),
        ],
    )?;
    vm.dict_set_str(d, "Match", Value::Obj(mat))?;
    Ok(m)
}

fn arg(a: &[Value], i: usize) -> Value {
    a.get(i).copied().unwrap_or(Value::Null)
}

/// Positional-or-keyword argument `i` named `name`, if given.
fn param(vm: &Vm, a: &[Value], kw: Kw, i: usize, name: &str) -> Option<Value> {
    a.get(i).copied().or_else(|| {
        kw.iter()
            .find(|(k, _)| vm.heap.str_of(*k) == Some(name))
            .map(|(_, v)| *v)
    })
}

fn set_attr(vm: &mut Vm, obj: Value, name: &'static str, v: Value) -> PyResult<()> {
    // (Remembered by address: a match sets six attributes, and hashing
    // each name every time was a fifth of making one.)
    let k = vm.intern_static(name);
    vm.generic_setattr(obj, k, v)
}

fn get_attr(vm: &Vm, obj: Value, name: &str) -> Value {
    match obj {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Instance(i) => vm.inst_get_str(i, name).unwrap_or(Value::None),
            _ => Value::None,
        },
        _ => Value::None,
    }
}

/// The source of a pattern argument: (bytes, is_bytes).
fn pattern_source(vm: &mut Vm, p: Value) -> PyResult<(Vec<u8>, bool)> {
    let b = vm.builtin_base(p);
    if let Some(s) = vm.heap.str_of(b) {
        return Ok((s.as_bytes().to_vec(), false));
    }
    match b {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Bytes(x) => Ok((x.to_vec(), true)),
            Obj::ByteArray(x) => Ok((x.clone(), true)),
            _ => Err(vm.type_error("first argument must be string or compiled pattern")),
        },
        _ => Err(vm.type_error("first argument must be string or compiled pattern")),
    }
}

fn is_pattern(vm: &mut Vm, v: Value) -> bool {
    match class_attr(vm, "Pattern") {
        Ok(c) => vm.isinstance(v, c),
        Err(_) => false,
    }
}

/// `re.compile(pattern, flags)`: a Pattern object (or the pattern itself).
fn compile_value(vm: &mut Vm, p: Value, flags: Value) -> PyResult {
    if is_pattern(vm, p) {
        if !flags.is_null() && !matches!(flags, Value::Int(0)) {
            return Err(vm.value_error("cannot process flags argument with a compiled pattern"));
        }
        return Ok(p);
    }
    let (src, is_bytes) = pattern_source(vm, p)?;
    let mut fl = if flags.is_null() || flags.is_none() {
        0
    } else {
        vm.index_value(flags)?
    };
    if !is_bytes {
        fl |= U;
    }
    let rx = compile_rx(vm, &src, is_bytes, fl, false)?;
    let cls = class_attr(vm, "Pattern")?;
    let obj = Value::Obj(vm.alloc(Obj::Instance(Instance::new(cls, Value::Null)))?);
    set_attr(vm, obj, "pattern", p)?;
    set_attr(vm, obj, "flags", Value::Int(fl))?;
    set_attr(vm, obj, "groups", Value::Int(rx.captures_len() as i64 - 1))?;
    let gi = vm.new_dict()?;
    for (i, n) in rx.names().into_iter().enumerate() {
        if let Some(n) = n {
            let k = vm.new_string(n)?;
            vm.dict_set(gi, k, Value::Int(i as i64))?;
        }
    }
    set_attr(vm, obj, "groupindex", gi)?;
    Ok(obj)
}

fn re_compile(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let p = param(vm, a, kw, 0, "pattern").unwrap_or(Value::None);
    let f = param(vm, a, kw, 1, "flags").unwrap_or(Value::Null);
    compile_value(vm, p, f)
}

fn re_purge(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.re_cache.clear();
    Ok(Value::None)
}

fn re_escape(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    const SPECIAL: &str = "()[]{}?*+-|^$\\.&~# \t\n\r\u{b}\u{c}";
    let v = arg(a, 0);
    if let Some(s) = vm.heap.str_of(v) {
        let mut out = String::with_capacity(s.len());
        for c in s.chars() {
            if SPECIAL.contains(c) {
                out.push('\\');
            }
            out.push(c);
        }
        return vm.new_string(out);
    }
    let (src, _) = pattern_source(vm, v)?;
    let mut out = Vec::with_capacity(src.len());
    for b in src {
        if b < 0x80 && SPECIAL.contains(b as char) {
            out.push(b'\\');
        }
        out.push(b);
    }
    Ok(Value::Obj(vm.alloc(Obj::Bytes(out.into_boxed_slice()))?))
}

// ---------------------------------------------------------------- matching

/// Everything one matching call needs.
struct Ctx {
    pat: Value,
    rx: Rc<Rx>,
    hay: Hay,
    subject: Value,
    pos: Pos,
    /// Byte range of the subject that is searched.
    start: usize,
    end: usize,
    /// Bytes of the copies held outside the heap (subject, position map).
    held: usize,
}

impl Ctx {
    /// Code point index of a byte offset.
    fn idx(&self, b: usize) -> usize {
        self.pos.idx(&self.hay, b)
    }

    /// Calls `f` on each match (at most `limit` when nonzero), checking
    /// the budget between matches; returns how many there were.
    fn each(
        &self,
        vm: &mut Vm,
        limit: usize,
        f: impl FnMut(&mut Vm, &Spans) -> PyResult<()>,
    ) -> PyResult<usize> {
        rx::each_match(
            vm, &self.rx, &self.hay, self.start, self.end, limit, self.held, f,
        )
    }
}

fn ctx(
    vm: &mut Vm,
    pat: Value,
    subject: Value,
    pos: Option<Value>,
    endpos: Option<Value>,
    full: bool,
) -> PyResult<Ctx> {
    let p = get_attr(vm, pat, "pattern");
    let flags = match get_attr(vm, pat, "flags") {
        Value::Int(f) => f,
        _ => 0,
    };
    let (src, is_bytes) = pattern_source(vm, p)?;
    let rx = compile_rx(vm, &src, is_bytes, flags, full)?;
    let sb = vm.builtin_base(subject);
    // The subject is copied out of the heap (natives cannot keep borrowing
    // it while they allocate results): the copy must fit beside the heap.
    let held = match sb {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Str(s) => s.s.len(),
            Obj::Bytes(b) => b.len(),
            Obj::ByteArray(b) => b.len(),
            _ => 0,
        },
        _ => 0,
    };
    vm.reserve_temp(held)?;
    let hay = match sb {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Str(s) if !is_bytes => Hay::Str(s.s.to_string()),
            Obj::Bytes(b) if is_bytes => Hay::Bytes(b.to_vec()),
            Obj::ByteArray(b) if is_bytes => Hay::Bytes(b.clone()),
            Obj::Str(_) => {
                return Err(vm.type_error("cannot use a bytes pattern on a string-like object"))
            }
            Obj::Bytes(_) | Obj::ByteArray(_) => {
                return Err(vm.type_error("cannot use a string pattern on a bytes-like object"))
            }
            _ => {
                let t = vm.type_name(subject);
                return Err(
                    vm.type_error(format!("expected string or bytes-like object, got '{t}'"))
                );
            }
        },
        _ => {
            let t = vm.type_name(subject);
            return Err(vm.type_error(format!("expected string or bytes-like object, got '{t}'")));
        }
    };
    let posmap = Pos::new(vm, &hay, held)?;
    let nchars = posmap.chars(&hay) as i64;
    let clamp = |vm: &mut Vm, v: Option<Value>, default: i64| -> PyResult<usize> {
        let i = match v {
            None | Some(Value::None) | Some(Value::Null) => default,
            Some(v) => vm.index_value(v)?,
        };
        // Negative positions count as 0, not from the end (as CPython).
        Ok(i.clamp(0, nchars) as usize)
    };
    let ps = clamp(vm, pos, 0)?;
    let pe = clamp(vm, endpos, nchars)?;
    let start = posmap.byte(&hay, ps);
    let end = posmap.byte(&hay, pe).max(start);
    let held = held + posmap.bytes();
    Ok(Ctx {
        pat,
        rx,
        hay,
        subject,
        pos: posmap,
        start,
        end,
        held,
    })
}

/// Makes a Match object from byte spans.
fn make_match(vm: &mut Vm, c: &Ctx, spans: &Spans) -> PyResult {
    let mut flat = Vec::with_capacity(spans.len() * 2);
    // lastindex: the group that closed last; of groups ending together,
    // the outermost (earliest start) closed last.
    let mut best: Option<(usize, usize, usize)> = None;
    for (i, s) in spans.iter().enumerate() {
        match s {
            Some((a, b)) => {
                flat.push(Value::Int(c.idx(*a) as i64));
                flat.push(Value::Int(c.idx(*b) as i64));
                if i > 0 && best.is_none_or(|(_, bs, be)| *b > be || (*b == be && *a < bs)) {
                    best = Some((i, *a, *b));
                }
            }
            None => {
                flat.push(Value::Int(-1));
                flat.push(Value::Int(-1));
            }
        }
    }
    let lastindex = match best {
        Some((i, _, _)) => Value::Int(i as i64),
        None => Value::None,
    };
    let t = vm.new_tuple(flat)?;
    let cls = class_attr(vm, "Match")?;
    let obj = Value::Obj(vm.alloc(Obj::Instance(Instance::new(cls, t)))?);
    set_attr(vm, obj, "string", c.subject)?;
    set_attr(vm, obj, "re", c.pat)?;
    set_attr(vm, obj, "pos", Value::Int(c.idx(c.start) as i64))?;
    set_attr(vm, obj, "endpos", Value::Int(c.idx(c.end) as i64))?;
    set_attr(vm, obj, "lastindex", lastindex)?;
    let lastgroup = match lastindex {
        Value::Int(i) => match c.rx.names().get(i as usize).cloned().flatten() {
            Some(n) => vm.new_string(n)?,
            None => Value::None,
        },
        _ => Value::None,
    };
    set_attr(vm, obj, "lastgroup", lastgroup)?;
    Ok(obj)
}

/// One match: anchored at the start (`match`/`fullmatch`) or a search.
fn match_once(vm: &mut Vm, c: &Ctx, anchored: bool) -> PyResult {
    match rx::first_match(vm, &c.rx, &c.hay, c.start, c.end, anchored)? {
        Some(spans) => make_match(vm, c, &spans),
        None => Ok(Value::None),
    }
}

/// A result list built item by item: each item goes into the list as it is
/// made, the list's growth is charged to the quota, and items stop being
/// temporary roots of their own (the list roots them), so however many
/// matches there are, memory stays within the quota.
struct Out {
    list: Gc,
    mark: usize,
}

impl Out {
    fn new(vm: &mut Vm) -> PyResult<Out> {
        let list = vm.alloc(Obj::List(Vec::new()))?;
        Ok(Out {
            list,
            mark: vm.temp_roots.len(),
        })
    }

    fn push(&self, vm: &mut Vm, v: Value) -> PyResult<()> {
        let grow = match vm.heap.get(self.list) {
            Obj::List(l) if l.len() == l.capacity() => l.capacity().max(8),
            _ => 0,
        };
        if grow > 0 {
            vm.charge(grow * std::mem::size_of::<Value>())?;
        }
        if let Obj::List(l) = vm.heap.get_mut(self.list) {
            l.reserve_exact(grow);
            l.push(v);
        }
        vm.temp_roots.truncate(self.mark);
        Ok(())
    }

    fn value(&self) -> Value {
        Value::Obj(self.list)
    }
}

fn flags_pos(vm: &Vm, a: &[Value], kw: Kw, i: usize) -> Option<Value> {
    param(vm, a, kw, i, "flags")
}

fn do_match(vm: &mut Vm, pat: Value, a: &[Value], kw: Kw, anchored: bool, full: bool) -> PyResult {
    let subject = param(vm, a, kw, 0, "string").unwrap_or(Value::None);
    let pos = param(vm, a, kw, 1, "pos");
    let endpos = param(vm, a, kw, 2, "endpos");
    let c = ctx(vm, pat, subject, pos, endpos, full)?;
    match_once(vm, &c, anchored)
}

fn module_call(vm: &mut Vm, a: &[Value], kw: Kw, nargs: usize) -> PyResult<(Value, Vec<Value>)> {
    if a.is_empty() {
        return Err(vm.type_error("missing required argument 'pattern'"));
    }
    let flags = flags_pos(vm, a, kw, nargs + 1).unwrap_or(Value::Null);
    let pat = compile_value(vm, a[0], flags)?;
    let rest: Vec<Value> = a[1..a.len().min(nargs + 1)].to_vec();
    Ok((pat, rest))
}

fn other_kw<'a>(vm: &Vm, kw: Kw<'a>) -> Vec<(Value, Value)> {
    kw.iter()
        .filter(|(k, _)| vm.heap.str_of(*k) != Some("flags"))
        .copied()
        .collect()
}

fn re_match(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (p, rest) = module_call(vm, a, kw, 1)?;
    let kw = other_kw(vm, kw);
    do_match(vm, p, &rest, &kw, true, false)
}
fn re_search(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (p, rest) = module_call(vm, a, kw, 1)?;
    let kw = other_kw(vm, kw);
    do_match(vm, p, &rest, &kw, false, false)
}
fn re_fullmatch(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (p, rest) = module_call(vm, a, kw, 1)?;
    let kw = other_kw(vm, kw);
    do_match(vm, p, &rest, &kw, true, true)
}
fn p_match(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    do_match(vm, arg(a, 0), a.get(1..).unwrap_or(&[]), kw, true, false)
}
fn p_search(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    do_match(vm, arg(a, 0), a.get(1..).unwrap_or(&[]), kw, false, false)
}
fn p_fullmatch(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    do_match(vm, arg(a, 0), a.get(1..).unwrap_or(&[]), kw, true, true)
}

/// A slice of the subject as str or bytes (by byte offsets).
fn piece(vm: &mut Vm, hay: &Hay, a: usize, b: usize) -> PyResult {
    match hay {
        Hay::Str(s) => vm.new_str(s.get(a..b).unwrap_or("")),
        Hay::Bytes(x) => Ok(Value::Obj(vm.alloc(Obj::Bytes(
            x.get(a..b).unwrap_or(&[]).to_vec().into_boxed_slice(),
        ))?)),
    }
}

fn group_value(vm: &mut Vm, hay: &Hay, span: Option<(usize, usize)>, default: Value) -> PyResult {
    match span {
        Some((a, b)) => piece(vm, hay, a, b),
        None => Ok(default),
    }
}

fn empty(vm: &mut Vm, hay: &Hay) -> PyResult {
    piece(vm, hay, 0, 0)
}

fn findall_impl(
    vm: &mut Vm,
    pat: Value,
    subject: Value,
    pos: Option<Value>,
    endpos: Option<Value>,
) -> PyResult {
    let c = ctx(vm, pat, subject, pos, endpos, false)?;
    let ngroups = c.rx.captures_len() - 1;
    let out = Out::new(vm)?;
    c.each(vm, 0, |vm, spans| {
        let v = match ngroups {
            0 => group_value(vm, &c.hay, spans[0], Value::None)?,
            1 => {
                let e = empty(vm, &c.hay)?;
                group_value(vm, &c.hay, spans[1], e)?
            }
            _ => {
                let mut items = Vec::with_capacity(ngroups);
                for s in &spans[1..] {
                    let e = empty(vm, &c.hay)?;
                    items.push(group_value(vm, &c.hay, *s, e)?);
                }
                vm.new_tuple(items)?
            }
        };
        out.push(vm, v)
    })?;
    Ok(out.value())
}

fn re_findall(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (p, rest) = module_call(vm, a, kw, 1)?;
    let s = param(vm, &rest, kw, 0, "string").unwrap_or(Value::None);
    findall_impl(vm, p, s, None, None)
}
fn p_findall(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let r = a.get(1..).unwrap_or(&[]);
    let s = param(vm, r, kw, 0, "string").unwrap_or(Value::None);
    let (pos, endpos) = (param(vm, r, kw, 1, "pos"), param(vm, r, kw, 2, "endpos"));
    findall_impl(vm, arg(a, 0), s, pos, endpos)
}

fn finditer_impl(
    vm: &mut Vm,
    pat: Value,
    subject: Value,
    pos: Option<Value>,
    endpos: Option<Value>,
) -> PyResult {
    let c = ctx(vm, pat, subject, pos, endpos, false)?;
    let out = Out::new(vm)?;
    c.each(vm, 0, |vm, spans| {
        let m = make_match(vm, &c, spans)?;
        out.push(vm, m)
    })?;
    vm.get_iter(out.value())
}

fn re_finditer(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (p, rest) = module_call(vm, a, kw, 1)?;
    let s = param(vm, &rest, kw, 0, "string").unwrap_or(Value::None);
    finditer_impl(vm, p, s, None, None)
}
fn p_finditer(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let r = a.get(1..).unwrap_or(&[]);
    let s = param(vm, r, kw, 0, "string").unwrap_or(Value::None);
    let (pos, endpos) = (param(vm, r, kw, 1, "pos"), param(vm, r, kw, 2, "endpos"));
    finditer_impl(vm, arg(a, 0), s, pos, endpos)
}

fn split_impl(vm: &mut Vm, pat: Value, subject: Value, maxsplit: Option<Value>) -> PyResult {
    let c = ctx(vm, pat, subject, None, None, false)?;
    let max = match maxsplit {
        Some(v) if !v.is_none() => vm.index_value(v)?,
        _ => 0,
    };
    if max < 0 {
        return vm.new_list(vec![subject]);
    }
    let out = Out::new(vm)?;
    let mut last = 0;
    c.each(vm, max as usize, |vm, spans| {
        let Some((a, b)) = spans[0] else {
            return Ok(());
        };
        let v = piece(vm, &c.hay, last, a)?;
        out.push(vm, v)?;
        for s in &spans[1..] {
            let v = group_value(vm, &c.hay, *s, Value::None)?;
            out.push(vm, v)?;
        }
        last = b;
        Ok(())
    })?;
    let n = c.hay.len();
    let v = piece(vm, &c.hay, last, n)?;
    out.push(vm, v)?;
    Ok(out.value())
}

fn re_split(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (p, rest) = module_call(vm, a, kw, 2)?;
    let s = param(vm, &rest, kw, 0, "string").unwrap_or(Value::None);
    let m = param(vm, &rest, kw, 1, "maxsplit");
    split_impl(vm, p, s, m)
}
fn p_split(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let r = a.get(1..).unwrap_or(&[]);
    let s = param(vm, r, kw, 0, "string").unwrap_or(Value::None);
    let m = param(vm, r, kw, 1, "maxsplit");
    split_impl(vm, arg(a, 0), s, m)
}

/// A parsed replacement template: literal pieces and group references.
enum Piece {
    Lit(Vec<u8>),
    Group(usize),
}

fn parse_template(vm: &mut Vm, t: &[u8], rx: &Rx) -> PyResult<Vec<Piece>> {
    let names = rx.names();
    let ngroups = rx.captures_len();
    let mut out = Vec::new();
    let mut lit = Vec::new();
    let mut i = 0;
    while i < t.len() {
        let c = t[i];
        if c != b'\\' {
            lit.push(c);
            i += 1;
            continue;
        }
        let Some(&n) = t.get(i + 1) else {
            return Err(re_error(
                vm,
                &format!("bad escape (end of pattern) at position {i}"),
            ));
        };
        let group = match n {
            b'0'..=b'9' => {
                if n == b'0' {
                    lit.push(0);
                    i += 2;
                    continue;
                }
                let mut g = (n - b'0') as usize;
                let mut len = 2;
                if let Some(&d) = t.get(i + 2) {
                    if d.is_ascii_digit() {
                        g = g * 10 + (d - b'0') as usize;
                        len = 3;
                    }
                }
                i += len;
                g
            }
            b'g' => {
                if t.get(i + 2) != Some(&b'<') {
                    return Err(re_error(vm, &format!("missing < at position {}", i + 2)));
                }
                let Some(close) = t[i + 3..].iter().position(|&c| c == b'>') else {
                    return Err(re_error(
                        vm,
                        &format!("missing >, unterminated name at position {}", i + 3),
                    ));
                };
                let name = String::from_utf8_lossy(&t[i + 3..i + 3 + close]).into_owned();
                i += 4 + close;
                match name.parse::<usize>() {
                    Ok(g) => g,
                    Err(_) => match names
                        .iter()
                        .position(|n| n.as_deref() == Some(name.as_str()))
                    {
                        Some(g) => g,
                        None => {
                            let k = vm
                                .error(ExcKind::IndexError, format!("unknown group name '{name}'"));
                            return Err(k);
                        }
                    },
                }
            }
            _ => {
                let esc = match n {
                    b'n' => Some(b'\n'),
                    b't' => Some(b'\t'),
                    b'r' => Some(b'\r'),
                    b'f' => Some(0x0c),
                    b'v' => Some(0x0b),
                    b'a' => Some(0x07),
                    b'b' => Some(0x08),
                    b'\\' => Some(b'\\'),
                    _ => None,
                };
                match esc {
                    Some(e) => lit.push(e),
                    None if n.is_ascii_alphabetic() => {
                        return Err(re_error(
                            vm,
                            &format!("bad escape \\{} at position {i}", n as char),
                        ));
                    }
                    None => {
                        lit.push(b'\\');
                        lit.push(n);
                    }
                }
                i += 2;
                continue;
            }
        };
        if group >= ngroups {
            return Err(re_error(
                vm,
                &format!("invalid group reference {group} at position {}", i),
            ));
        }
        if !lit.is_empty() {
            out.push(Piece::Lit(std::mem::take(&mut lit)));
        }
        out.push(Piece::Group(group));
    }
    if !lit.is_empty() {
        out.push(Piece::Lit(lit));
    }
    Ok(out)
}

fn expand(pieces: &[Piece], hay: &Hay, spans: &[Option<(usize, usize)>], out: &mut Vec<u8>) {
    let hb = hay.bytes();
    for p in pieces {
        match p {
            Piece::Lit(l) => out.extend_from_slice(l),
            Piece::Group(g) => {
                if let Some(Some((a, b))) = spans.get(*g) {
                    out.extend_from_slice(hb.get(*a..*b).unwrap_or(&[]));
                }
            }
        }
    }
}

fn template_bytes(vm: &mut Vm, repl: Value, is_bytes: bool) -> PyResult<Vec<u8>> {
    let b = vm.builtin_base(repl);
    if let Some(s) = vm.heap.str_of(b) {
        if is_bytes {
            return Err(vm.type_error("expected a bytes-like object, str found"));
        }
        return Ok(s.as_bytes().to_vec());
    }
    match b {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Bytes(x) if is_bytes => Ok(x.to_vec()),
            Obj::ByteArray(x) if is_bytes => Ok(x.clone()),
            _ => {
                let t = vm.type_name(repl);
                Err(vm.type_error(format!("expected str instance, {t} found")))
            }
        },
        _ => {
            let t = vm.type_name(repl);
            Err(vm.type_error(format!("expected str instance, {t} found")))
        }
    }
}

fn sub_impl(
    vm: &mut Vm,
    pat: Value,
    repl: Value,
    subject: Value,
    count: Option<Value>,
) -> PyResult<(Value, usize)> {
    let c = ctx(vm, pat, subject, None, None, false)?;
    let is_bytes = matches!(c.hay, Hay::Bytes(_));
    let count = match count {
        Some(v) if !v.is_none() => vm.index_value(v)?.max(0) as usize,
        _ => 0,
    };
    let callable = vm.heap.str_of(vm.builtin_base(repl)).is_none()
        && !matches!(vm.builtin_base(repl), Value::Obj(h) if matches!(vm.heap.get(h), Obj::Bytes(_) | Obj::ByteArray(_)));
    let pieces = if callable {
        Vec::new()
    } else {
        let t = template_bytes(vm, repl, is_bytes)?;
        parse_template(vm, &t, &c.rx)?
    };
    let hb = c.hay.bytes();
    let mut out = Vec::new();
    let mut last = 0;
    // The output grows outside the heap: it must keep fitting beside it.
    let mut reserved = 0;
    let n = c.each(vm, count, |vm, spans| {
        let Some((a, b)) = spans[0] else {
            return Ok(());
        };
        out.extend_from_slice(&hb[last..a]);
        if callable {
            let m = make_match(vm, &c, spans)?;
            let r = vm.call(repl, &[m], &[])?;
            let rb = template_bytes(vm, r, is_bytes)?;
            out.extend_from_slice(&rb);
        } else {
            expand(&pieces, &c.hay, spans, &mut out);
        }
        last = b;
        if out.capacity() > reserved {
            vm.reserve_temp(c.held + out.capacity())?;
            reserved = out.capacity();
        }
        Ok(())
    })?;
    vm.reserve_temp(c.held + out.len() + hb.len() - last)?;
    out.extend_from_slice(&hb[last..]);
    let v = if is_bytes {
        Value::Obj(vm.alloc(Obj::Bytes(out.into_boxed_slice()))?)
    } else {
        let s = String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        vm.new_string(s)?
    };
    Ok((v, n))
}

fn sub_args(vm: &mut Vm, a: &[Value], kw: Kw) -> (Value, Value, Option<Value>) {
    (
        param(vm, a, kw, 0, "repl").unwrap_or(Value::None),
        param(vm, a, kw, 1, "string").unwrap_or(Value::None),
        param(vm, a, kw, 2, "count"),
    )
}

fn re_sub(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (p, rest) = module_call(vm, a, kw, 3)?;
    let (r, s, n) = sub_args(vm, &rest, kw);
    Ok(sub_impl(vm, p, r, s, n)?.0)
}
fn re_subn(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (p, rest) = module_call(vm, a, kw, 3)?;
    let (r, s, n) = sub_args(vm, &rest, kw);
    let (v, k) = sub_impl(vm, p, r, s, n)?;
    vm.new_tuple(vec![v, Value::Int(k as i64)])
}
fn p_sub(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (r, s, n) = sub_args(vm, a.get(1..).unwrap_or(&[]), kw);
    Ok(sub_impl(vm, arg(a, 0), r, s, n)?.0)
}
fn p_subn(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let (r, s, n) = sub_args(vm, a.get(1..).unwrap_or(&[]), kw);
    let (v, k) = sub_impl(vm, arg(a, 0), r, s, n)?;
    vm.new_tuple(vec![v, Value::Int(k as i64)])
}

fn p_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = arg(a, 0);
    let p = get_attr(vm, this, "pattern");
    let r = vm.repr(p)?;
    let flags = match get_attr(vm, this, "flags") {
        Value::Int(f) => f,
        _ => 0,
    };
    let is_str = vm.heap.str_of(vm.builtin_base(p)).is_some();
    let shown = if is_str { flags & !U } else { flags };
    let mut names = Vec::new();
    for (bit, n) in [
        (I, "re.IGNORECASE"),
        (M, "re.MULTILINE"),
        (S, "re.DOTALL"),
        (U, "re.UNICODE"),
        (X, "re.VERBOSE"),
        (A, "re.ASCII"),
    ] {
        if shown & bit != 0 {
            names.push(n);
        }
    }
    let s = if names.is_empty() {
        format!("re.compile({r})")
    } else {
        format!("re.compile({r}, {})", names.join("|"))
    };
    vm.new_string(s)
}

// ---------------------------------------------------------------- Match

/// Char spans of a match object (flattened start/end pairs; -1 when unset).
fn spans_of(vm: &mut Vm, m: Value) -> PyResult<Vec<i64>> {
    if let Value::Obj(h) = m {
        if let Obj::Instance(i) = vm.heap.get(h) {
            if let Value::Obj(t) = i.base {
                if let Obj::Tuple(items) = vm.heap.get(t) {
                    return Ok(items
                        .iter()
                        .map(|v| if let Value::Int(i) = v { *i } else { -1 })
                        .collect());
                }
            }
        }
    }
    let t = vm.type_name(m);
    Err(vm.type_error(format!(
        "descriptor requires a 're.Match' object but received a '{t}'"
    )))
}

/// Resolves a group reference (index or name) to its number.
fn group_index(vm: &mut Vm, m: Value, g: Value, ngroups: usize) -> PyResult<usize> {
    if vm.heap.str_of(g).is_some() {
        let re = get_attr(vm, m, "re");
        let gi = get_attr(vm, re, "groupindex");
        if let Some(Value::Int(i)) = vm.dict_get(gi, g)? {
            return Ok(i as usize);
        }
        return Err(vm.index_error("no such group"));
    }
    let i = match vm.builtin_base(g) {
        Value::Int(i) => i,
        Value::Bool(b) => b as i64,
        _ => return Err(vm.index_error("no such group")),
    };
    if i < 0 || i as usize >= ngroups {
        return Err(vm.index_error("no such group"));
    }
    Ok(i as usize)
}

/// The text of group `g` (by char span) or `default` when it did not take part.
fn group_text(vm: &mut Vm, m: Value, sp: &[i64], g: usize, default: Value) -> PyResult {
    let (a, b) = (sp[2 * g], sp[2 * g + 1]);
    if a < 0 {
        return Ok(default);
    }
    let s = get_attr(vm, m, "string");
    let sl = Value::Obj(vm.alloc(Obj::Slice(Value::Int(a), Value::Int(b), Value::None))?);
    let base = vm.builtin_base(s);
    let r = vm.getitem(base, sl)?;
    // Slicing a bytearray gives a bytearray; matches of bytes-likes are bytes.
    if matches!(r, Value::Obj(h) if matches!(vm.heap.get(h), Obj::ByteArray(_))) {
        let v = match r {
            Value::Obj(h) => match vm.heap.get(h) {
                Obj::ByteArray(x) => x.clone(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        return Ok(Value::Obj(vm.alloc(Obj::Bytes(v.into_boxed_slice()))?));
    }
    Ok(r)
}

fn m_group(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let m = arg(a, 0);
    let sp = spans_of(vm, m)?;
    let n = sp.len() / 2;
    if a.len() <= 2 {
        let g = if a.len() == 2 {
            group_index(vm, m, a[1], n)?
        } else {
            0
        };
        return group_text(vm, m, &sp, g, Value::None);
    }
    let mut out = Vec::new();
    for &gv in &a[1..] {
        let g = group_index(vm, m, gv, n)?;
        out.push(group_text(vm, m, &sp, g, Value::None)?);
    }
    vm.new_tuple(out)
}

fn m_getitem(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let m = arg(a, 0);
    let sp = spans_of(vm, m)?;
    let g = group_index(vm, m, arg(a, 1), sp.len() / 2)?;
    group_text(vm, m, &sp, g, Value::None)
}

fn default_arg(vm: &Vm, a: &[Value], kw: Kw) -> Value {
    param(vm, a, kw, 1, "default").unwrap_or(Value::None)
}

fn m_groups(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let m = arg(a, 0);
    let sp = spans_of(vm, m)?;
    let d = default_arg(vm, a, kw);
    let mut out = Vec::new();
    for g in 1..sp.len() / 2 {
        out.push(group_text(vm, m, &sp, g, d)?);
    }
    vm.new_tuple(out)
}

fn m_groupdict(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let m = arg(a, 0);
    let sp = spans_of(vm, m)?;
    let d = default_arg(vm, a, kw);
    let re = get_attr(vm, m, "re");
    let gi = get_attr(vm, re, "groupindex");
    let pairs: Vec<(Value, Value)> = match gi {
        Value::Obj(h) => match vm.heap.get(h) {
            Obj::Dict(t) => t.iter().collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let out = vm.new_dict()?;
    for (k, v) in pairs {
        if let Value::Int(g) = v {
            if (g as usize) < sp.len() / 2 {
                let t = group_text(vm, m, &sp, g as usize, d)?;
                vm.dict_set(out, k, t)?;
            }
        }
    }
    Ok(out)
}

fn span_part(vm: &mut Vm, a: &[Value], which: u8) -> PyResult {
    let m = arg(a, 0);
    let sp = spans_of(vm, m)?;
    let g = match a.get(1) {
        Some(&g) => group_index(vm, m, g, sp.len() / 2)?,
        None => 0,
    };
    let (s, e) = (sp[2 * g], sp[2 * g + 1]);
    match which {
        0 => Ok(Value::Int(s)),
        1 => Ok(Value::Int(e)),
        _ => vm.new_tuple(vec![Value::Int(s), Value::Int(e)]),
    }
}

fn m_start(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    span_part(vm, a, 0)
}
fn m_end(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    span_part(vm, a, 1)
}
fn m_span(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    span_part(vm, a, 2)
}

fn m_expand(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let m = arg(a, 0);
    let re = get_attr(vm, m, "re");
    let s = get_attr(vm, m, "string");
    let c = ctx(vm, re, s, None, None, false)?;
    let sp = spans_of(vm, m)?;
    let is_bytes = matches!(c.hay, Hay::Bytes(_));
    let t = template_bytes(vm, arg(a, 1), is_bytes)?;
    let pieces = parse_template(vm, &t, &c.rx)?;
    // Char spans back to byte spans for expansion.
    let spans: Vec<Option<(usize, usize)>> = sp
        .chunks(2)
        .map(|p| {
            if p[0] < 0 {
                None
            } else {
                Some((
                    c.pos.byte(&c.hay, p[0] as usize),
                    c.pos.byte(&c.hay, p[1] as usize),
                ))
            }
        })
        .collect();
    let mut out = Vec::new();
    expand(&pieces, &c.hay, &spans, &mut out);
    if is_bytes {
        Ok(Value::Obj(vm.alloc(Obj::Bytes(out.into_boxed_slice()))?))
    } else {
        vm.new_string(String::from_utf8_lossy(&out).into_owned())
    }
}

fn m_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let m = arg(a, 0);
    let sp = spans_of(vm, m)?;
    let g = group_text(vm, m, &sp, 0, Value::None)?;
    let r = vm.repr(g)?;
    vm.new_string(format!(
        "<re.Match object; span=({}, {}), match={r}>",
        sp[0], sp[1]
    ))
}
