//! `_os`: the native half of `os` (the frozen `os.py` builds the Python
//! surface on it: `stat_result`, `DirEntry`, `environ`, `walk`, ...).
//!
//! Every path goes through [`crate::host`], so the same functions serve
//! the user's program (the whole file system), a sandbox (its
//! `--allow-*` grants) and a compartment (its `compartment.Dir`s).

use crate::host::fs::{self as hostfs, Access, Target};
use crate::obj::NativeFn;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

/// The path argument `i` (default `dflt`).
fn path(vm: &mut Vm, a: &[Value], i: usize, dflt: Option<&str>, fname: &str) -> PyResult<String> {
    match (a.get(i), dflt) {
        (Some(&v), _) => super::file::path_arg(vm, v, fname),
        (None, Some(d)) => Ok(d.to_string()),
        (None, None) => Err(vm.type_error(format!(
            "{fname}() missing required argument 'path' (pos {})",
            i + 1
        ))),
    }
}

fn resolve(vm: &mut Vm, p: &str, access: Access) -> PyResult<Target> {
    crate::host::resolve(vm, p, access)
}

fn check<T>(vm: &mut Vm, r: std::io::Result<T>, p: &str) -> PyResult<T> {
    r.map_err(|e| crate::host::io_error(vm, &e, Some(p)))
}

fn getcwd(vm: &mut Vm, _: &[Value], _: Kw) -> PyResult {
    let r = vm.comp.host.fs.cwd();
    let cwd = check(vm, r, ".")?;
    vm.new_string(cwd.to_string_lossy().into_owned())
}

fn chdir(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let p = path(vm, a, 0, None, "chdir")?;
    match vm.comp.host.fs.chdir(&p) {
        Ok(r) => check(vm, r, &p)?,
        Err(d) => return Err(crate::host::denied(vm, &d, &p)),
    }
    Ok(Value::None)
}

pub(crate) fn listdir(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let p = path(vm, a, 0, Some("."), "listdir")?;
    let t = resolve(vm, &p, Access::Read)?;
    let r = hostfs::list(&t);
    let entries = check(vm, r, &p)?;
    let mut out = Vec::with_capacity(entries.len());
    for e in entries {
        out.push(vm.new_string(e.name.to_string_lossy().into_owned())?);
    }
    vm.new_list(out)
}

/// `[(name, type bits, inode), ...]` for `os.scandir` and `os.ilistdir`.
fn scandir(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let p = path(vm, a, 0, Some("."), "scandir")?;
    let t = resolve(vm, &p, Access::Read)?;
    let r = hostfs::list(&t);
    let entries = check(vm, r, &p)?;
    let mut out = Vec::with_capacity(entries.len());
    for e in entries {
        let name = vm.new_string(e.name.to_string_lossy().into_owned())?;
        let t = vm.new_tuple(vec![
            name,
            Value::Int(e.kind as i64),
            Value::Int(e.ino as i64),
        ])?;
        out.push(t);
    }
    vm.new_list(out)
}

/// `stat(path, follow_symlinks)`: the ten fields of `os.stat_result`
/// (whole seconds) and the three times as floats.
pub(crate) fn stat(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let p = path(vm, a, 0, None, "stat")?;
    let follow = match a.get(1) {
        Some(&v) => vm.truthy(v)?,
        None => true,
    };
    let t = resolve(vm, &p, Access::Read)?;
    let r = hostfs::stat(&t, follow);
    let s = check(vm, r, &p)?;
    stat_tuple(vm, &s)
}

fn stat_tuple(vm: &mut Vm, s: &hostfs::Stat) -> PyResult {
    let int = |n: u64| Value::Int(n.min(i64::MAX as u64) as i64);
    let items = vec![
        Value::Int(s.mode as i64),
        int(s.ino),
        int(s.dev),
        int(s.nlink),
        Value::Int(s.uid as i64),
        Value::Int(s.gid as i64),
        int(s.size),
        Value::Int(s.atime.floor() as i64),
        Value::Int(s.mtime.floor() as i64),
        Value::Int(s.ctime.floor() as i64),
        Value::Float(s.atime),
        Value::Float(s.mtime),
        Value::Float(s.ctime),
    ];
    vm.new_tuple(items)
}

/// One path operation that writes: `mkdir`, `rmdir`, `remove`.
fn write_op(
    vm: &mut Vm,
    a: &[Value],
    fname: &str,
    op: fn(&Target) -> std::io::Result<()>,
) -> PyResult {
    let p = path(vm, a, 0, None, fname)?;
    let t = resolve(vm, &p, Access::Write)?;
    let r = op(&t);
    check(vm, r, &p)?;
    Ok(Value::None)
}

pub(crate) fn mkdir(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    write_op(vm, a, "mkdir", hostfs::mkdir)
}

fn rmdir(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    write_op(vm, a, "rmdir", hostfs::remove_dir)
}

pub(crate) fn remove(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    write_op(vm, a, "remove", hostfs::remove_file)
}

fn rename(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let from = path(vm, a, 0, None, "rename")?;
    let to = path(vm, a, 1, None, "rename")?;
    let f = resolve(vm, &from, Access::Write)?;
    let t = resolve(vm, &to, Access::Write)?;
    if let Err(e) = hostfs::rename(&f, &t) {
        return Err(crate::host::io_error2(vm, &e, Some(&from), Some(&to)));
    }
    Ok(Value::None)
}

fn str_arg(vm: &mut Vm, a: &[Value], i: usize, fname: &str) -> PyResult<String> {
    match a
        .get(i)
        .map(|&v| (v, vm.heap.str_of(vm.builtin_base(v)).map(str::to_string)))
    {
        Some((_, Some(s))) => Ok(s),
        Some((v, None)) => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!("{fname}: expected str, not {t}")))
        }
        None => Err(vm.type_error(format!("{fname}() missing an argument"))),
    }
}

/// `getenv(name)`: the value or None; PermissionError out of reach.
fn getenv(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let name = str_arg(vm, a, 0, "getenv")?;
    match crate::host::getenv(vm, &name)? {
        Some(v) => vm.new_string(v),
        None => Ok(Value::None),
    }
}

/// Environment variable names are set for the process (as CPython's
/// `putenv`): only where the instance may write them.
fn putenv(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let name = str_arg(vm, a, 0, "putenv")?;
    let value = str_arg(vm, a, 1, "putenv")?;
    crate::host::require_env(vm, &name)?;
    if name.is_empty() || name.contains('=') || name.contains('\0') || value.contains('\0') {
        return Err(vm.value_error("illegal environment variable name"));
    }
    // (The process's environment: capy's instances run on the thread that
    // made them, and nothing else in the process reads it concurrently.)
    std::env::set_var(&name, &value);
    Ok(Value::None)
}

fn unsetenv(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let name = str_arg(vm, a, 0, "unsetenv")?;
    crate::host::require_env(vm, &name)?;
    if name.is_empty() || name.contains('=') || name.contains('\0') {
        return Err(vm.value_error("illegal environment variable name"));
    }
    std::env::remove_var(&name);
    Ok(Value::None)
}

/// The variables the instance may see, as a dict (for `os.environ`).
fn environ(vm: &mut Vm, _: &[Value], _: Kw) -> PyResult {
    let vars = vm.comp.host.env.visible();
    let d = vm.new_dict()?;
    for (k, v) in vars {
        let k = vm.new_string(k)?;
        let v = vm.new_string(v)?;
        vm.setitem(d, k, v)?;
    }
    Ok(d)
}

/// Names of variables out of reach are not listed; this says whether the
/// instance may read any name it asks for (`--allow-env` or ambient).
fn env_open(vm: &mut Vm, _: &[Value], _: Kw) -> PyResult {
    Ok(Value::Bool(matches!(
        vm.comp.host.env,
        crate::host::EnvView::All
    )))
}

fn urandom(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let n = match a.first() {
        Some(&v) => vm.index_value(v)?,
        None => return Err(vm.type_error("urandom() missing required argument 'size' (pos 1)")),
    };
    if n < 0 {
        return Err(vm.value_error("negative argument not allowed"));
    }
    vm.reserve_temp(n as usize)?;
    let mut b = vec![0u8; n as usize];
    let mut failed = false;
    crate::embed::tape::bytes(vm, &mut b, |b| failed = getrandom::getrandom(b).is_err());
    if failed {
        return Err(vm.error(crate::errors::ExcKind::OSError, "no OS entropy available"));
    }
    crate::types::bytes::mk(vm, b, false)
}

fn getpid(vm: &mut Vm, _: &[Value], _: Kw) -> PyResult {
    let pid = crate::embed::tape::u64(vm, || std::process::id() as u64);
    Ok(Value::Int(pid as i64))
}

fn cpu_count(vm: &mut Vm, _: &[Value], _: Kw) -> PyResult {
    // 0: unknown (through an embedding host's tape, as a number).
    let n = crate::embed::tape::u64(vm, || {
        std::thread::available_parallelism().map_or(0, |n| n.get() as u64)
    });
    Ok(if n == 0 {
        Value::None
    } else {
        Value::Int(n as i64)
    })
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("_os")?;
    let d = crate::import::module_dict(vm, m);
    let fns: &[(&'static str, NativeFn)] = &[
        ("getcwd", getcwd),
        ("chdir", chdir),
        ("listdir", listdir),
        ("scandir", scandir),
        ("stat", stat),
        ("mkdir", mkdir),
        ("rmdir", rmdir),
        ("remove", remove),
        ("rename", rename),
        ("getenv", getenv),
        ("putenv", putenv),
        ("unsetenv", unsetenv),
        ("environ", environ),
        ("env_open", env_open),
        ("urandom", urandom),
        ("getpid", getpid),
        ("cpu_count", cpu_count),
    ];
    for &(name, f) in fns {
        let v = crate::types::native(vm, name, f, false, Value::Obj(m))?;
        vm.dict_set_str(d, name, v)?;
    }
    Ok(m)
}
