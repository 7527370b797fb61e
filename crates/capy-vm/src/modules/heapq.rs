//! `heapq`: a binary min-heap kept in a Python list, ordered by `<`.
//!
//! Comparisons may run Python code that mutates the list, so every step
//! re-reads the list through checked accessors instead of holding a copy:
//! a shrunken list raises instead of panicking.

use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::CmpOp;

type Kw<'a> = &'a [(Value, Value)];

fn list_arg(vm: &mut Vm, a: &[Value], n: usize, name: &str) -> PyResult<Gc> {
    if a.len() != n {
        let msg = if n == 1 {
            format!("{name}() takes exactly one argument ({} given)", a.len())
        } else {
            format!("{name} expected {n} arguments, got {}", a.len())
        };
        return Err(vm.type_error(msg));
    }
    match a[0] {
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::List(_)) => Ok(h),
        v => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!("heap argument must be a list, not {t}")))
        }
    }
}

fn len(vm: &Vm, h: Gc) -> usize {
    match vm.heap.get(h) {
        Obj::List(l) => l.len(),
        _ => 0,
    }
}

fn get(vm: &mut Vm, h: Gc, i: usize) -> PyResult {
    match vm.heap.get(h) {
        Obj::List(l) => match l.get(i) {
            Some(&v) => Ok(v),
            None => Err(vm.runtime_error("list changed size during iteration")),
        },
        _ => Err(vm.runtime_error("list changed size during iteration")),
    }
}

fn put(vm: &mut Vm, h: Gc, i: usize, v: Value) -> PyResult<()> {
    if let Obj::List(l) = vm.heap.get_mut(h) {
        if let Some(slot) = l.get_mut(i) {
            *slot = v;
            return Ok(());
        }
    }
    Err(vm.runtime_error("list changed size during iteration"))
}

/// `a < b`, as `bool(a < b)`. Both operands are rooted while Python code
/// runs (`__lt__` may take them out of the list), and so is the result
/// while its `__bool__` runs; the roots go when the comparison ends, so a
/// heap of a million items does not pile up two million.
fn lt(vm: &mut Vm, a: Value, b: Value) -> PyResult<bool> {
    let mark = vm.temp_roots.len();
    vm.temp_roots.push(a);
    vm.temp_roots.push(b);
    let r = vm.compare(CmpOp::Lt, a, b).and_then(|r| {
        vm.root_value(r);
        vm.truthy(r)
    });
    vm.temp_roots.truncate(mark);
    r
}

/// Moves the item at `pos` up towards `start` until its parent is not larger.
fn sift_down(vm: &mut Vm, h: Gc, start: usize, mut pos: usize) -> PyResult<()> {
    let item = get(vm, h, pos)?;
    // Out of the list while it moves (its place is overwritten).
    vm.root_value(item);
    while pos > start {
        let parent_pos = (pos - 1) / 2;
        let parent = get(vm, h, parent_pos)?;
        if lt(vm, item, parent)? {
            put(vm, h, pos, parent)?;
            pos = parent_pos;
        } else {
            break;
        }
    }
    put(vm, h, pos, item)
}

/// Fills the hole at `pos` by moving the smaller child up repeatedly, then
/// bubbles the original item back into place (fewer comparisons overall).
fn sift_up(vm: &mut Vm, h: Gc, mut pos: usize) -> PyResult<()> {
    let end = len(vm, h);
    let start = pos;
    let item = get(vm, h, pos)?;
    // Out of the list while the hole moves down.
    vm.root_value(item);
    let mut child = 2 * pos + 1;
    while child < end {
        let right = child + 1;
        if right < end {
            let c = get(vm, h, child)?;
            let r = get(vm, h, right)?;
            if !lt(vm, c, r)? {
                child = right;
            }
        }
        let c = get(vm, h, child)?;
        put(vm, h, pos, c)?;
        pos = child;
        child = 2 * pos + 1;
    }
    put(vm, h, pos, item)?;
    sift_down(vm, h, start, pos)
}

fn heappush(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let h = list_arg(vm, a, 2, "heappush")?;
    vm.list_append(a[0], a[1])?;
    let n = len(vm, h);
    sift_down(vm, h, 0, n.saturating_sub(1))?;
    Ok(Value::None)
}

fn pop_last(vm: &mut Vm, h: Gc) -> PyResult {
    if let Obj::List(l) = vm.heap.get_mut(h) {
        if let Some(v) = l.pop() {
            return Ok(v);
        }
    }
    Err(vm.index_error("index out of range"))
}

fn heappop(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let h = list_arg(vm, a, 1, "heappop")?;
    let last = pop_last(vm, h)?;
    if len(vm, h) == 0 {
        return Ok(last);
    }
    let top = get(vm, h, 0)?;
    // Out of the list while the comparisons run Python code.
    vm.root_value(top);
    put(vm, h, 0, last)?;
    sift_up(vm, h, 0)?;
    Ok(top)
}

fn heapreplace(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let h = list_arg(vm, a, 2, "heapreplace")?;
    if len(vm, h) == 0 {
        return Err(vm.index_error("index out of range"));
    }
    let top = get(vm, h, 0)?;
    vm.root_value(top);
    put(vm, h, 0, a[1])?;
    sift_up(vm, h, 0)?;
    Ok(top)
}

fn heappushpop(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let h = list_arg(vm, a, 2, "heappushpop")?;
    if len(vm, h) == 0 {
        return Ok(a[1]);
    }
    let top = get(vm, h, 0)?;
    if !lt(vm, top, a[1])? {
        return Ok(a[1]);
    }
    let top = get(vm, h, 0)?;
    vm.root_value(top);
    put(vm, h, 0, a[1])?;
    sift_up(vm, h, 0)?;
    Ok(top)
}

fn heapify(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let h = list_arg(vm, a, 1, "heapify")?;
    let n = len(vm, h);
    for i in (0..n / 2).rev() {
        sift_up(vm, h, i)?;
    }
    Ok(Value::None)
}

/// `nsmallest(n, iterable, key=None)` / `nlargest(...)`: a stable sort and
/// a slice, which gives the same result as CPython's heap-based version.
fn n_best(vm: &mut Vm, a: &[Value], kw: Kw, largest: bool) -> PyResult {
    let name = if largest { "nlargest" } else { "nsmallest" };
    if a.len() != 2 {
        return Err(vm.type_error(format!(
            "{name}() takes 2 positional arguments but {} were given",
            a.len()
        )));
    }
    let mut key = Value::None;
    for &(k, v) in kw {
        if vm.heap.str_of(k) == Some("key") {
            key = v;
        } else {
            let k = vm.heap.str_of(k).unwrap_or("?").to_string();
            return Err(vm.type_error(format!("{name}() got an unexpected keyword argument '{k}'")));
        }
    }
    let n = vm.index_value(a[0])?;
    let items = vm.iter_to_vec(a[1])?;
    let sorted = vm.sort_values(items, key, largest).map_err(|(e, _)| e)?;
    let n = n.clamp(0, sorted.len() as i64) as usize;
    vm.new_list(sorted.into_iter().take(n).collect())
}

fn nlargest(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    n_best(vm, a, kw, true)
}
fn nsmallest(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    n_best(vm, a, kw, false)
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("heapq")?;
    let d = crate::import::module_dict(vm, m);
    let fns: &[(&'static str, crate::obj::NativeFn, bool)] = &[
        ("heappush", heappush, false),
        ("heappop", heappop, false),
        ("heapify", heapify, false),
        ("heapreplace", heapreplace, false),
        ("heappushpop", heappushpop, false),
        ("nlargest", nlargest, true),
        ("nsmallest", nsmallest, true),
    ];
    for &(name, f, kw) in fns {
        let v = crate::types::native(vm, name, f, kw, Value::Obj(m))?;
        vm.dict_set_str(d, name, v)?;
    }
    // `merge` is written in Python (stdlib/_heapq_extra.py).
    let extra = vm.import_dotted("_heapq_extra")?;
    let merge = vm.getattr_str(extra, "merge")?;
    vm.dict_set_str(d, "merge", merge)?;
    Ok(m)
}
