//! Directory capabilities: `compartment.fs(path, write=False)`.
//!
//! A `compartment.Dir` is a directory the host opened (a cap-std `Dir`,
//! see [`crate::host::fs`]). Like a `cheri` capability it crosses the
//! switcher as itself: the receiver gets an object of its own class over
//! the same directory. Granted to a compartment (`grants={"data": d}`),
//! it becomes part of the compartment's file system: `open`, `os.listdir`
//! and friends reach what is inside it and nothing else, relative to the
//! first directory granted. Held without being granted, it still works
//! through its own methods (`d.open("x")`, `d.listdir()`): holding it is
//! the authority.
//!
//! Making one needs the maker's own authority over the path: a sandboxed
//! program or a compartment can only hand on what it can reach, and a
//! read-only reach makes a read-only directory.

use crate::host::fs::{Access, Confinement, DirCap, FsView, Target};
use crate::modules::state::{self, NativeState};
use crate::obj::{Instance, NativeFn, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use std::rc::Rc;

type Kw<'a> = &'a [(Value, Value)];

const METHODS: &[(&str, NativeFn)] = &[
    ("open", d_open),
    ("listdir", d_listdir),
    ("stat", d_stat),
    ("exists", d_exists),
    ("mkdir", d_mkdir),
    ("remove", d_remove),
    ("__repr__", d_repr),
];

/// This instance's `compartment.Dir` class (made on first use).
pub fn class(vm: &mut Vm) -> PyResult<Gc> {
    if let Some(c) = vm.comp.dir_class {
        return Ok(c);
    }
    let props: &[(&'static str, NativeFn)] = &[("path", d_path), ("writable", d_writable)];
    let c = crate::modules::hashlib::native_class(
        vm,
        "Dir",
        "compartment",
        vec![],
        METHODS,
        props,
        d_new,
    )?;
    vm.comp.dir_class = Some(c);
    Ok(c)
}

/// Only `compartment.fs` makes directories: holding one is the authority.
fn d_new(vm: &mut Vm, _: &[Value], _: Kw) -> PyResult {
    Err(vm.type_error("cannot create 'compartment.Dir' instances: use compartment.fs(path)"))
}

/// A `compartment.Dir` object over `d`.
pub fn new(vm: &mut Vm, d: Rc<DirCap>) -> PyResult {
    let cls = class(vm)?;
    let base = state::alloc(vm, NativeState::Dir(d))?;
    Ok(Value::Obj(
        vm.alloc(Obj::Instance(Instance::new(cls, base)))?,
    ))
}

/// The directory behind `v`, if it is a `compartment.Dir`.
pub fn dir_of(vm: &Vm, v: Value) -> Option<Rc<DirCap>> {
    let g = state::state_of(vm, v)?;
    match vm.heap.get(g) {
        Obj::State(s) => match &**s {
            NativeState::Dir(d) => Some(d.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// `compartment.fs(path, write=False)`.
pub fn m_fs(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let k = state::kwargs(vm, kw, &["path", "write"], "fs")?;
    let Some(p) = state::pick(vm, a, &k, 0, "path", "fs")? else {
        return Err(vm.type_error("fs() missing required argument 'path' (pos 1)"));
    };
    let path = crate::modules::file::path_arg(vm, p, "fs")?;
    let write = match state::pick(vm, a, &k, 1, "write", "fs")? {
        Some(v) => vm.truthy(v)?,
        None => false,
    };
    let access = if write { Access::Write } else { Access::Read };
    let target = crate::host::resolve(vm, &path, access)?;
    let opened = match &target {
        Target::Host(p) => DirCap::open(p, write),
        Target::In(parent, rel) => DirCap::within(parent, rel, write),
    };
    match opened {
        Ok(d) => new(vm, Rc::new(d)),
        Err(e) => Err(crate::host::io_error(vm, &e, Some(&path))),
    }
}

/// Runs `f` with the instance's file system narrowed to `d` alone, its
/// current directory `d`'s own: the Dir's methods are the instance's
/// file functions seen through that one directory.
fn through<R>(vm: &mut Vm, a: &[Value], f: impl FnOnce(&mut Vm) -> PyResult<R>) -> PyResult<R> {
    let this = a.first().copied().unwrap_or(Value::None);
    let Some(d) = dir_of(vm, this) else {
        let t = vm.type_name(this);
        return Err(vm.type_error(format!("descriptor needs a 'compartment.Dir', not '{t}'")));
    };
    let mut view = FsView::none(Confinement::Compartment);
    view.grant(d);
    let saved = std::mem::replace(&mut vm.comp.host.fs, view);
    let r = f(vm);
    vm.comp.host.fs = saved;
    r
}

fn d_open(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    through(vm, a, |vm| crate::modules::file::open(vm, &a[1..], kw))
}

fn d_listdir(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    through(vm, a, |vm| crate::modules::os::listdir(vm, &a[1..], kw))
}

fn d_stat(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let t = through(vm, a, |vm| crate::modules::os::stat(vm, &a[1..], kw))?;
    let os = vm.import_dotted("os")?;
    let sr = vm.getattr_str(os, "stat_result")?;
    vm.call(sr, &[t], &[])
}

fn d_exists(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    match through(vm, a, |vm| crate::modules::os::stat(vm, &a[1..], kw)) {
        Ok(_) => Ok(Value::Bool(true)),
        Err(e) if vm.err_is(e, crate::errors::ExcKind::OSError) => Ok(Value::Bool(false)),
        Err(e) => Err(e),
    }
}

fn d_mkdir(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    through(vm, a, |vm| crate::modules::os::mkdir(vm, &a[1..], kw))
}

fn d_remove(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    through(vm, a, |vm| crate::modules::os::remove(vm, &a[1..], kw))
}

fn d_path(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    match a.first().and_then(|&v| dir_of(vm, v)) {
        Some(d) => vm.new_string(d.path.to_string_lossy().into_owned()),
        None => Ok(Value::None),
    }
}

fn d_writable(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Bool(
        a.first()
            .and_then(|&v| dir_of(vm, v))
            .is_some_and(|d| d.write),
    ))
}

fn d_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let Some(d) = a.first().and_then(|&v| dir_of(vm, v)) else {
        return vm.new_str("<compartment.Dir>");
    };
    let mode = if d.write { "read-write" } else { "read-only" };
    let p = numfmt::py_str_repr(&d.path.to_string_lossy());
    vm.new_string(format!("<compartment.Dir {p} {mode}>"))
}
