//! `open` and the file objects it returns: `io.FileIO` (unbuffered
//! binary), `io.BufferedReader`/`BufferedWriter`/`BufferedRandom`
//! (buffered binary) and `io.TextIOWrapper` (text).
//!
//! All five are one native object: a [`FileObj`] in the instance's
//! `Obj::State`, holding the binary layer ([`core::FileCore`], shared with
//! the text file's `buffer`) and, for text, a [`text::TextLayer`]. The
//! class only names what the object is; each method looks at whether a
//! text layer is there.
//!
//! A path reaches the OS only through [`crate::host`], which decides what
//! the running instance may open (everything, for the user's own program;
//! its grants, in a sandbox or a compartment).

pub mod core;
pub mod text;

use self::core::FileCore;
use self::text::{Codec, Errors, Newline, TextLayer};
use super::state::{self, NativeState};
use crate::dict::Dict;
use crate::errors::ExcKind;
use crate::host::fs::{self as hostfs, Access, OpenFlags};
use crate::obj::{Instance, NativeFn, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use std::cell::RefCell;
use std::io::SeekFrom;
use std::rc::Rc;

type Kw<'a> = &'a [(Value, Value)];

/// "Too many open files".
const EMFILE: i32 = 24;

/// Bytes read from the OS at a time when reading a whole file.
const READ_ALL_CHUNK: usize = 1 << 20;

/// The state of one file object.
///
/// The core is shared with the text file's `buffer` object; it is
/// borrowed only inside one method call and never while Python code runs
/// (arguments are converted first), so its `RefCell` is never borrowed
/// twice.
pub struct FileObj {
    core: Rc<RefCell<FileCore>>,
    text: Option<Box<TextLayer>>,
}

impl FileObj {
    pub fn size(&self) -> usize {
        let core = self.core.try_borrow().map(|c| c.size()).unwrap_or(0);
        core + std::mem::size_of::<TextLayer>()
    }
}

/// The five classes, by name (made once per instance, in `io`).
pub const CLASSES: [&str; 5] = [
    "FileIO",
    "BufferedReader",
    "BufferedWriter",
    "BufferedRandom",
    "TextIOWrapper",
];

const METHODS: &[(&str, NativeFn)] = &[
    ("read", f_read),
    ("readline", f_readline),
    ("readlines", f_readlines),
    ("readinto", f_readinto),
    ("write", f_write),
    ("writelines", f_writelines),
    ("seek", f_seek),
    ("tell", f_tell),
    ("truncate", f_truncate),
    ("flush", f_flush),
    ("close", f_close),
    ("fileno", f_fileno),
    ("isatty", f_isatty),
    ("readable", f_readable),
    ("writable", f_writable),
    ("seekable", f_seekable),
    ("__enter__", f_enter),
    ("__exit__", f_exit),
    ("__iter__", f_enter),
    ("__next__", f_next),
    ("__repr__", f_repr),
];

const PROPERTIES: &[(&str, NativeFn)] = &[("closed", f_closed)];

/// Adds the file classes and `open` to module `io` (dict `d`).
pub fn init(vm: &mut Vm, d: Gc) -> PyResult<()> {
    let iobase = plain_class(vm, "IOBase", vec![])?;
    let mut bases = Vec::new();
    for name in ["RawIOBase", "BufferedIOBase", "TextIOBase"] {
        let c = plain_class(vm, name, vec![iobase])?;
        vm.dict_set_str(d, name, Value::Obj(c))?;
        bases.push(c);
    }
    vm.dict_set_str(d, "IOBase", Value::Obj(iobase))?;
    for name in CLASSES {
        let base = match name {
            "FileIO" => bases[0],
            "TextIOWrapper" => bases[2],
            _ => bases[1],
        };
        let c =
            super::hashlib::native_class(vm, name, "_io", vec![base], METHODS, PROPERTIES, f_new)?;
        vm.dict_set_str(d, name, Value::Obj(c))?;
    }
    let os_error = vm.exc_class(ExcKind::OSError);
    let value_error = vm.exc_class(ExcKind::ValueError);
    let unsupported = super::collections::make_class(
        vm,
        "UnsupportedOperation",
        vec![os_error, value_error],
        Dict::new(),
        "io",
    )?;
    vm.dict_set_str(d, "UnsupportedOperation", Value::Obj(unsupported))?;
    let open = crate::types::native(vm, "open", open, false, Value::None)?;
    vm.dict_set_str(d, "open", open)?;
    vm.dict_set_str(d, "DEFAULT_BUFFER_SIZE", Value::Int(core::BUF as i64))?;
    Ok(())
}

fn plain_class(vm: &mut Vm, name: &str, bases: Vec<Gc>) -> PyResult<Gc> {
    super::collections::make_class(vm, name, bases, Dict::new(), "io")
}

/// A class of module `io` (made by [`init`]).
fn io_class(vm: &mut Vm, name: &str) -> PyResult<Gc> {
    let io = vm.import_dotted("io")?;
    match vm.getattr_str(io, name)? {
        Value::Obj(c) => Ok(c),
        _ => Err(vm.type_error(format!("io.{name} is not a class"))),
    }
}

/// `io.UnsupportedOperation(msg)`.
fn unsupported(vm: &mut Vm, msg: &str) -> crate::PyErr {
    match io_class(vm, "UnsupportedOperation") {
        Ok(c) => {
            let m = match vm.new_str(msg) {
                Ok(m) => m,
                Err(e) => return e,
            };
            vm.new_exception(c, vec![m])
        }
        Err(e) => e,
    }
}

// ---------------------------------------------------------------- open

/// What a mode string asks for.
struct Mode {
    flags: OpenFlags,
    binary: bool,
    plus: bool,
    /// FileIO's spelling: `rb`, `wb`, `ab`, `xb`, then `+`.
    raw: &'static str,
}

fn parse_mode(vm: &mut Vm, mode: &str) -> PyResult<Mode> {
    let mut seen = String::new();
    let (mut kind, mut binary, mut text, mut plus) = (None, false, false, false);
    for c in mode.chars() {
        if seen.contains(c) || !"rwxabt+U".contains(c) {
            return Err(vm.value_error(format!("invalid mode: '{mode}'")));
        }
        seen.push(c);
        match c {
            'r' | 'w' | 'x' | 'a' => {
                if kind.is_some() {
                    return Err(
                        vm.value_error("must have exactly one of create/read/write/append mode")
                    );
                }
                kind = Some(c);
            }
            'b' => binary = true,
            't' => text = true,
            '+' => plus = true,
            _ => {}
        }
    }
    if binary && text {
        return Err(vm.value_error("can't have text and binary mode at once"));
    }
    let Some(kind) = kind else {
        return Err(vm.value_error(
            "Must have exactly one of create/read/write/append mode and at most one plus",
        ));
    };
    let mut f = OpenFlags {
        read: kind == 'r' || plus,
        write: kind != 'r' || plus,
        ..Default::default()
    };
    match kind {
        'w' => {
            f.create = true;
            f.truncate = true;
        }
        'a' => {
            f.create = true;
            f.append = true;
        }
        'x' => f.create_new = true,
        _ => {}
    }
    let raw = match (kind, plus) {
        ('r', false) => "rb",
        ('w', false) => "wb",
        ('a', false) => "ab",
        ('x', false) => "xb",
        ('a', true) => "ab+",
        ('x', true) => "xb+",
        _ => "rb+",
    };
    Ok(Mode {
        flags: f,
        binary,
        plus,
        raw,
    })
}

/// The path argument: str, bytes, or an object with `__fspath__`.
pub(crate) fn path_arg(vm: &mut Vm, v: Value, fname: &str) -> PyResult<String> {
    if let Some(s) = vm.heap.str_of(vm.builtin_base(v)) {
        return Ok(s.to_string());
    }
    if let Some(b) = crate::types::bytes::buffer_opt(vm, v) {
        if matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Bytes(_))) {
            return crate::types::bytes::decode(vm, &b, "utf-8", "strict");
        }
    }
    if let Ok(f) = vm.getattr_str(v, "__fspath__") {
        let p = vm.call(f, &[], &[])?;
        if let Some(s) = vm.heap.str_of(vm.builtin_base(p)) {
            return Ok(s.to_string());
        }
    }
    let t = vm.type_name(v);
    Err(vm.type_error(format!(
        "{fname}: expected str, bytes or os.PathLike object, not {t}"
    )))
}

/// An optional str argument (None allowed).
fn opt_str(vm: &mut Vm, v: Option<Value>, what: &str) -> PyResult<Option<String>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => match vm.heap.str_of(vm.builtin_base(v)) {
            Some(s) => Ok(Some(s.to_string())),
            None => {
                let t = vm.type_name(v);
                Err(vm.type_error(format!(
                    "open() argument '{what}' must be str or None, not {t}"
                )))
            }
        },
    }
}

/// `open(file, mode='r', buffering=-1, encoding=None, errors=None,
/// newline=None, closefd=True, opener=None)`.
pub fn open(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    const NAMES: [&str; 8] = [
        "file",
        "mode",
        "buffering",
        "encoding",
        "errors",
        "newline",
        "closefd",
        "opener",
    ];
    if a.len() > NAMES.len() {
        return Err(vm.type_error(format!(
            "open() takes at most 8 arguments ({} given)",
            a.len()
        )));
    }
    let k = state::kwargs(vm, kw, &NAMES, "open")?;
    let arg = |vm: &mut Vm, i: usize| state::pick(vm, a, &k, i, NAMES[i], "open");
    let Some(file) = arg(vm, 0)? else {
        return Err(vm.type_error("open() missing required argument 'file' (pos 1)"));
    };
    let mode = match arg(vm, 1)? {
        Some(m) => match vm.heap.str_of(vm.builtin_base(m)) {
            Some(s) => s.to_string(),
            None => {
                let t = vm.type_name(m);
                return Err(vm.type_error(format!("open() argument 'mode' must be str, not {t}")));
            }
        },
        None => "r".to_string(),
    };
    let buffering = match arg(vm, 2)? {
        Some(v) => vm.index_value(v)?,
        None => -1,
    };
    let encoding = arg(vm, 3)?;
    let encoding = opt_str(vm, encoding, "encoding")?;
    let errors = arg(vm, 4)?;
    let errors = opt_str(vm, errors, "errors")?;
    let newline = arg(vm, 5)?;
    let newline = opt_str(vm, newline, "newline")?;
    if let Some(opener) = arg(vm, 7)? {
        if !opener.is_none() {
            return Err(vm.value_error("open(): opener is not supported"));
        }
    }
    let m = parse_mode(vm, &mode)?;
    if m.binary {
        for (given, what) in [
            (&encoding, "an encoding"),
            (&errors, "an errors"),
            (&newline, "a newline"),
        ] {
            if given.is_some() {
                return Err(vm.value_error(format!("binary mode doesn't take {what} argument")));
            }
        }
    } else if buffering == 0 {
        return Err(vm.value_error("can't have unbuffered text I/O"));
    }
    // Checked before the file is touched, as CPython does.
    let text = if m.binary {
        None
    } else {
        Some(text_layer(vm, encoding, errors, newline)?)
    };
    let path = path_arg(vm, file, "open")?;
    let access = if m.flags.write {
        Access::Write
    } else {
        Access::Read
    };
    let target = crate::host::resolve(vm, &path, access)?;
    let os_file = match hostfs::open(&target, m.flags) {
        Ok(f) => f,
        // Out of descriptors: files nobody refers to still hold theirs
        // until they are collected (CPython closes them at once).
        Err(e) if e.raw_os_error() == Some(EMFILE) => {
            vm.collect_garbage(&[]);
            match hostfs::open(&target, m.flags) {
                Ok(f) => f,
                Err(e) => return Err(crate::host::io_error(vm, &e, Some(&path))),
            }
        }
        Err(e) => return Err(crate::host::io_error(vm, &e, Some(&path))),
    };
    let mut core = FileCore::new(os_file, m.flags.read, m.flags.write, buffering == 0);
    if m.flags.append {
        // CPython starts an appending file at its end (tell() says so).
        if let Err(e) = core.seek(SeekFrom::End(0)) {
            return Err(crate::host::io_error(vm, &e, Some(&path)));
        }
    }
    let core = Rc::new(RefCell::new(core));
    vm.comp.host.track(&core);
    let name = vm.new_string(path)?;
    let class = if buffering == 0 {
        "FileIO"
    } else if m.plus {
        "BufferedRandom"
    } else if m.flags.read {
        "BufferedReader"
    } else {
        "BufferedWriter"
    };
    let binary = make(vm, class, core.clone(), None, name, m.raw)?;
    let Some(t) = text else {
        return Ok(binary);
    };
    let encoding = vm.new_str(&t.encoding)?;
    let errors = vm.new_str(&t.errors_name)?;
    let obj = make(vm, "TextIOWrapper", core, Some(Box::new(t)), name, &mode)?;
    for (k, v) in [
        ("buffer", binary),
        ("encoding", encoding),
        ("errors", errors),
    ] {
        let key = vm.intern(k);
        vm.generic_setattr(obj, key, v)?;
    }
    Ok(obj)
}

fn text_layer(
    vm: &mut Vm,
    encoding: Option<String>,
    errors: Option<String>,
    newline: Option<String>,
) -> PyResult<TextLayer> {
    let enc_name = encoding.unwrap_or_else(|| "UTF-8".to_string());
    let Some(codec) = Codec::named(&enc_name) else {
        return Err(vm.error(
            ExcKind::LookupError,
            format!("unknown encoding: {enc_name}"),
        ));
    };
    let err_name = errors.unwrap_or_else(|| "strict".to_string());
    let Some(errs) = Errors::named(&err_name) else {
        return Err(vm.error(
            ExcKind::LookupError,
            format!("unknown error handler name '{err_name}'"),
        ));
    };
    let Some(nl) = Newline::named(newline.as_deref()) else {
        let r = newline.as_deref().unwrap_or("");
        return Err(vm.value_error(format!("illegal newline value: {r}")));
    };
    Ok(TextLayer::new(codec, enc_name, errs, err_name, nl))
}

/// A file object of class `class`.
fn make(
    vm: &mut Vm,
    class: &str,
    core: Rc<RefCell<FileCore>>,
    text: Option<Box<TextLayer>>,
    name: Value,
    mode: &str,
) -> PyResult {
    let cls = io_class(vm, class)?;
    let base = state::alloc(vm, NativeState::File(Box::new(FileObj { core, text })))?;
    let obj = Value::Obj(vm.alloc(Obj::Instance(Instance::new(cls, base)))?);
    let mode = vm.new_str(mode)?;
    for (k, v) in [("name", name), ("mode", mode)] {
        let key = vm.intern(k);
        vm.generic_setattr(obj, key, v)?;
    }
    Ok(obj)
}

/// `FileIO(name, mode='r')`; `TextIOWrapper(buffer, encoding=None,
/// errors=None, newline=None)` and `Buffered*(raw)` over a file object.
fn f_new(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let Some(&Value::Obj(cls)) = a.first() else {
        return Err(vm.type_error("__new__ needs a class"));
    };
    let class = vm.class_name(cls);
    let Some(&inner) = a.get(1) else {
        return Err(vm.type_error(format!("{class}() missing required argument (pos 1)")));
    };
    let over = state::state_of(vm, inner).and_then(|g| match vm.heap.get(g) {
        Obj::State(s) => match &**s {
            NativeState::File(f) => Some(f.core.clone()),
            _ => None,
        },
        _ => None,
    });
    match (class.as_str(), over) {
        ("FileIO", None) => {
            let mode = match a.get(2) {
                Some(&m) => vm.to_str(m)?,
                None => "r".into(),
            };
            let mut args = vec![inner];
            let m = vm.new_string(format!("{}b", mode.replace('b', "")))?;
            args.push(m);
            let key = vm.intern("buffering");
            open(vm, &args, &[(key, Value::Int(0))])
        }
        ("TextIOWrapper", Some(core)) => {
            let k = state::kwargs(
                vm,
                kw,
                &["encoding", "errors", "newline", "line_buffering"],
                "TextIOWrapper",
            )?;
            let enc = opt_str(vm, a.get(2).copied().or(k[0]), "encoding")?;
            let errs = opt_str(vm, a.get(3).copied().or(k[1]), "errors")?;
            let nl = opt_str(vm, a.get(4).copied().or(k[2]), "newline")?;
            let t = text_layer(vm, enc, errs, nl)?;
            let name = vm.getattr_str(inner, "name").unwrap_or(Value::None);
            let mode = match vm.getattr_str(inner, "mode") {
                Ok(m) => vm.to_str(m)?.replace('b', ""),
                Err(_) => "r".into(),
            };
            let encoding = vm.new_str(&t.encoding)?;
            let errors = vm.new_str(&t.errors_name)?;
            let obj = make(vm, "TextIOWrapper", core, Some(Box::new(t)), name, &mode)?;
            for (k, v) in [
                ("buffer", inner),
                ("encoding", encoding),
                ("errors", errors),
            ] {
                let key = vm.intern(k);
                vm.generic_setattr(obj, key, v)?;
            }
            Ok(obj)
        }
        (_, Some(core)) if class != "TextIOWrapper" => {
            let name = vm.getattr_str(inner, "name").unwrap_or(Value::None);
            let mode = match vm.getattr_str(inner, "mode") {
                Ok(m) => vm.to_str(m)?,
                Err(_) => "rb".into(),
            };
            make(vm, &class, core, None, name, &mode)
        }
        (name, None) if name != "FileIO" => {
            // Not a file of capy's (a BytesIO, a stream of the program's
            // own): the wrappers written in Python work through its methods.
            let m = vm.import_dotted("_iowrap")?;
            let n = vm.intern(name);
            match vm.getattr_opt(m, n)? {
                Some(c) => vm.call(c, &a[1..], kw),
                None => {
                    let t = vm.type_name(inner);
                    Err(vm.type_error(format!(
                        "{class}() needs a file object of capy's io, not {t}"
                    )))
                }
            }
        }
        _ => {
            let t = vm.type_name(inner);
            Err(vm.type_error(format!(
                "{class}() needs a file object of capy's io, not {t}"
            )))
        }
    }
}

// ---------------------------------------------------------------- methods

/// Runs `f` on the file behind `a[0]`, its state taken out meanwhile.
fn with_file<R>(
    vm: &mut Vm,
    a: &[Value],
    f: impl FnOnce(&mut Vm, &mut FileObj) -> PyResult<R>,
) -> PyResult<R> {
    let this = a.first().copied().unwrap_or(Value::None);
    let Some(g) = state::state_of(vm, this) else {
        let t = vm.type_name(this);
        return Err(vm.type_error(format!("descriptor needs a file object, not '{t}'")));
    };
    match state::take(vm, g) {
        NativeState::File(mut fo) => {
            let r = f(vm, &mut fo);
            state::put(vm, g, NativeState::File(fo));
            r
        }
        other => {
            state::put(vm, g, other);
            Err(vm.error(ExcKind::RuntimeError, "reentrant call on a file object"))
        }
    }
}

/// The same, for an open file (ValueError on a closed one).
fn with_open<R>(
    vm: &mut Vm,
    a: &[Value],
    f: impl FnOnce(&mut Vm, &mut FileObj) -> PyResult<R>,
) -> PyResult<R> {
    with_file(vm, a, |vm, fo| {
        if fo.core.borrow().is_closed() {
            return Err(vm.value_error("I/O operation on closed file."));
        }
        f(vm, fo)
    })
}

fn io_err(vm: &mut Vm, e: std::io::Error) -> crate::PyErr {
    crate::host::io_error(vm, &e, None)
}

/// The optional size argument: None or negative means "all".
fn size_arg(vm: &mut Vm, v: Option<Value>) -> PyResult<Option<usize>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => {
            let n = vm.index_value(v)?;
            Ok(if n < 0 { None } else { Some(n as usize) })
        }
    }
}

/// UnsupportedOperation unless the file was opened for reading (`read`)
/// or writing, worded as CPython's class of the file words it.
fn require(vm: &mut Vm, fo: &FileObj, read: bool, method: &str) -> PyResult<()> {
    let c = fo.core.borrow();
    let (ok, unbuffered) = (if read { c.readable } else { c.writable }, c.unbuffered);
    drop(c);
    if ok {
        return Ok(());
    }
    let msg = match (fo.text.is_some(), unbuffered, read) {
        (true, _, true) => "not readable",
        (true, _, false) => "not writable",
        (false, true, true) => "File not open for reading",
        (false, true, false) => "File not open for writing",
        (false, false, _) => method,
    };
    Err(unsupported(vm, msg))
}

/// Reads more bytes into the text layer; false at the end of the file.
fn text_fill(vm: &mut Vm, fo: &mut FileObj, want: usize) -> PyResult<bool> {
    let mut c = fo.core.borrow_mut();
    let n = match c.fill(want) {
        Ok(n) => n,
        Err(e) => {
            drop(c);
            return Err(io_err(vm, e));
        }
    };
    let r = match fo.text.as_mut() {
        Some(t) => t.feed(c.buffered(), n == 0),
        None => Ok(()),
    };
    let len = c.buffered().len();
    c.consume(len);
    drop(c);
    if let Err(msg) = r {
        return Err(vm.error(ExcKind::UnicodeDecodeError, msg));
    }
    Ok(n > 0)
}

/// The text layer of a text file (the callers checked it has one).
fn text_of<'a>(vm: &mut Vm, fo: &'a mut FileObj) -> PyResult<&'a mut TextLayer> {
    match fo.text.as_deref_mut() {
        Some(t) => Ok(t),
        None => Err(vm.error(ExcKind::SystemError, "not a text file")),
    }
}

/// Reads up to `size` bytes (all with None) of a binary file.
fn read_bytes(vm: &mut Vm, fo: &mut FileObj, size: Option<usize>) -> PyResult<Vec<u8>> {
    let mut out = Vec::new();
    let mut since_pace = 0;
    loop {
        let mut c = fo.core.borrow_mut();
        let have = c.buffered().len();
        let take = size.map_or(have, |n| have.min(n - out.len()));
        if take > 0 {
            let chunk = c.buffered()[..take].to_vec();
            c.consume(take);
            drop(c);
            state::grow(vm, &mut out, take)?;
            out.extend_from_slice(&chunk);
            c = fo.core.borrow_mut();
        }
        if size.is_some_and(|n| out.len() >= n) {
            break;
        }
        let want = size.map_or(READ_ALL_CHUNK, |n| (n - out.len()).max(core::BUF));
        let got = c.fill(want);
        drop(c);
        match got {
            Ok(0) => break,
            Ok(n) => since_pace += n,
            Err(e) => return Err(io_err(vm, e)),
        }
        if since_pace >= state::CHUNK {
            since_pace = 0;
            state::pace(vm)?;
        }
    }
    Ok(out)
}

fn read_text(vm: &mut Vm, fo: &mut FileObj, size: Option<usize>) -> PyResult<String> {
    let mut eof = false;
    let mut since_pace = 0;
    loop {
        let t = text_of(vm, fo)?;
        match size {
            None if eof => return Ok(t.take_all()),
            Some(n) => {
                if let Some(s) = t.take_chars(n, eof) {
                    return Ok(s);
                }
            }
            None => {}
        }
        let pending = t.pending_bytes();
        vm.reserve_temp(pending.saturating_mul(2))?;
        eof = !text_fill(vm, fo, READ_ALL_CHUNK)?;
        since_pace += 1;
        if since_pace % 4 == 0 {
            state::pace(vm)?;
        }
    }
}

fn read_line_text(vm: &mut Vm, fo: &mut FileObj, limit: Option<usize>) -> PyResult<String> {
    let mut eof = false;
    loop {
        let t = text_of(vm, fo)?;
        if let Some(line) = t.take_line(eof, limit) {
            return Ok(line);
        }
        let pending = t.pending_bytes();
        vm.reserve_temp(pending)?;
        eof = !text_fill(vm, fo, core::BUF)?;
        if pending > state::CHUNK {
            state::pace(vm)?;
        }
    }
}

fn read_line_bytes(vm: &mut Vm, fo: &mut FileObj, limit: Option<usize>) -> PyResult<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let mut c = fo.core.borrow_mut();
        let have = c.buffered();
        let room = limit.map_or(usize::MAX, |n| n - out.len());
        let (take, done) = match memchr::memchr(b'\n', have) {
            Some(i) if i < room => (i + 1, true),
            _ if have.len() >= room => (room, true),
            _ => (have.len(), false),
        };
        let chunk = have[..take].to_vec();
        c.consume(take);
        drop(c);
        state::grow(vm, &mut out, take)?;
        out.extend_from_slice(&chunk);
        if done {
            return Ok(out);
        }
        let got = fo.core.borrow_mut().fill(core::BUF);
        match got {
            Ok(0) => return Ok(out),
            Ok(_) => {}
            Err(e) => return Err(io_err(vm, e)),
        }
    }
}

/// One line as a Python value (str or bytes); empty at the end.
fn one_line(vm: &mut Vm, fo: &mut FileObj, limit: Option<usize>) -> PyResult {
    if fo.text.is_some() {
        let s = read_line_text(vm, fo, limit)?;
        vm.new_string(s)
    } else {
        let b = read_line_bytes(vm, fo, limit)?;
        crate::types::bytes::mk(vm, b, false)
    }
}

fn f_read(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let k = state::kwargs(vm, kw, &["size"], "read")?;
    let size = size_arg(vm, a.get(1).copied().or(k[0]))?;
    with_open(vm, a, |vm, fo| {
        require(vm, fo, true, "read")?;
        if fo.text.is_some() {
            let s = read_text(vm, fo, size)?;
            vm.new_string(s)
        } else {
            let b = read_bytes(vm, fo, size)?;
            crate::types::bytes::mk(vm, b, false)
        }
    })
}

fn f_readline(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let k = state::kwargs(vm, kw, &["size"], "readline")?;
    let limit = size_arg(vm, a.get(1).copied().or(k[0]))?;
    with_open(vm, a, |vm, fo| {
        require(vm, fo, true, "readline")?;
        one_line(vm, fo, limit)
    })
}

fn f_readlines(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let hint = size_arg(vm, a.get(1).copied())?.filter(|&n| n > 0);
    let mut lines = Vec::new();
    with_open(vm, a, |vm, fo| {
        require(vm, fo, true, "readline")?;
        let mut total = 0;
        loop {
            let line = one_line(vm, fo, None)?;
            let n = vm.len(line)?;
            if n == 0 {
                break;
            }
            vm.reserve_growth(&lines)?;
            lines.push(line);
            total += n;
            if hint.is_some_and(|h| total >= h) {
                break;
            }
        }
        Ok(())
    })?;
    vm.new_list(lines)
}

fn f_readinto(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let target = a.get(1).copied().unwrap_or(Value::None);
    let Some(buf) = state::Buf::of(vm, target).filter(|b| b.is_writable(vm)) else {
        let t = vm.type_name(target);
        return Err(vm.type_error(format!(
            "readinto() argument must be read-write bytes-like object, not {t}"
        )));
    };
    // MicroPython's extension: a second argument caps the bytes read.
    let cap = match a.get(2) {
        Some(&n) => vm.index_value(n)?.max(0) as usize,
        None => usize::MAX,
    };
    let data = with_open(vm, a, |vm, fo| {
        require(vm, fo, true, "readinto")?;
        if fo.text.is_some() {
            return Err(unsupported(vm, "readinto"));
        }
        read_bytes(vm, fo, Some(buf.len().min(cap)))
    })?;
    Ok(Value::Int(buf.write(vm, &data) as i64))
}

fn f_write(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let arg = a.get(1).copied().unwrap_or(Value::None);
    with_open(vm, a, |vm, fo| {
        require(vm, fo, false, "write")?;
        write_value(vm, fo, arg)
    })
}

/// Writes one str (text) or bytes-like (binary) value; the count written.
fn write_value(vm: &mut Vm, fo: &mut FileObj, v: Value) -> PyResult {
    let (bytes, count) = match fo.text.as_mut() {
        Some(t) => {
            let Some(s) = vm.heap.str_of(vm.builtin_base(v)) else {
                let ty = vm.type_name(v);
                return Err(vm.type_error(format!("write() argument must be str, not {ty}")));
            };
            let s = s.to_string();
            crate::types::codec::check_writable(vm, vm.builtin_base(v))?;
            if t.has_pending() {
                // Back to the logical position before writing there.
                let back = t.pending_bytes() as i64;
                t.reset(false);
                let r = fo.core.borrow_mut().seek(SeekFrom::Current(-back));
                r.map_err(|e| io_err(vm, e))?;
            }
            let t = text_of(vm, fo)?;
            match t.encode(&s) {
                Ok(b) => (b, s.chars().count()),
                Err(msg) => return Err(vm.error(ExcKind::UnicodeEncodeError, msg)),
            }
        }
        None => {
            let b = state::buf_arg(vm, v)?.to_vec(vm);
            let n = b.len();
            (b, n)
        }
    };
    let r = fo.core.borrow_mut().write(&bytes);
    r.map_err(|e| io_err(vm, e))?;
    Ok(Value::Int(count as i64))
}

fn f_writelines(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let lines = a.get(1).copied().unwrap_or(Value::None);
    let items = vm.iter_to_vec(lines)?;
    with_open(vm, a, |vm, fo| {
        require(vm, fo, false, "write")?;
        for it in items {
            write_value(vm, fo, it)?;
        }
        Ok(Value::None)
    })
}

fn f_seek(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    let k = state::kwargs(vm, kw, &["offset", "whence"], "seek")?;
    let Some(off) = a.get(1).copied().or(k[0]) else {
        return Err(vm.type_error("seek() takes at least 1 argument (0 given)"));
    };
    let off = vm.index_value(off)?;
    let whence = match a.get(2).copied().or(k[1]) {
        Some(w) => vm.index_value(w)?,
        None => 0,
    };
    with_open(vm, a, |vm, fo| {
        let to = match whence {
            0 if off < 0 => return Err(vm.value_error(format!("negative seek position {off}"))),
            0 => SeekFrom::Start(off as u64),
            1 | 2 if fo.text.is_some() && off != 0 => {
                let which = if whence == 1 { "cur" } else { "end" };
                return Err(unsupported(
                    vm,
                    &format!("can't do nonzero {which}-relative seeks"),
                ));
            }
            1 => {
                let back = fo.text.as_ref().map_or(0, |t| t.pending_bytes()) as i64;
                SeekFrom::Current(off - back)
            }
            2 => SeekFrom::End(off),
            _ => {
                return Err(
                    vm.value_error(format!("invalid whence ({whence}, should be 0, 1 or 2)"))
                )
            }
        };
        let pos = fo.core.borrow_mut().seek(to);
        let pos = pos.map_err(|e| io_err(vm, e))?;
        if let Some(t) = fo.text.as_mut() {
            t.reset(pos == 0);
        }
        Ok(Value::Int(pos as i64))
    })
}

fn f_tell(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    with_open(vm, a, |vm, fo| {
        let pos = fo.core.borrow_mut().tell();
        let pos = pos.map_err(|e| io_err(vm, e))?;
        let back = fo.text.as_ref().map_or(0, |t| t.pending_bytes()) as u64;
        Ok(Value::Int(pos.saturating_sub(back) as i64))
    })
}

fn f_truncate(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let size = match a.get(1).copied() {
        None | Some(Value::None) => None,
        Some(v) => Some(vm.index_value(v)?.max(0) as u64),
    };
    with_open(vm, a, |vm, fo| {
        require(vm, fo, false, "truncate")?;
        if let Some(t) = fo.text.as_mut() {
            let back = t.pending_bytes() as i64;
            t.reset(false);
            let r = fo.core.borrow_mut().seek(SeekFrom::Current(-back));
            r.map_err(|e| io_err(vm, e))?;
        }
        let r = fo.core.borrow_mut().truncate(size);
        let n = r.map_err(|e| io_err(vm, e))?;
        Ok(Value::Int(n as i64))
    })
}

fn f_flush(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    with_open(vm, a, |vm, fo| {
        let r = fo.core.borrow_mut().flush();
        r.map_err(|e| io_err(vm, e))?;
        Ok(Value::None)
    })
}

fn f_close(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    with_file(vm, a, |vm, fo| {
        let r = fo.core.borrow_mut().close();
        r.map_err(|e| io_err(vm, e))?;
        Ok(Value::None)
    })
}

fn f_closed(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    with_file(vm, a, |_, fo| Ok(Value::Bool(fo.core.borrow().is_closed())))
}

fn f_fileno(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    with_open(vm, a, |vm, fo| match fo.core.borrow().fd() {
        Some(fd) => Ok(Value::Int(fd)),
        None => Err(unsupported(vm, "fileno")),
    })
}

fn f_isatty(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    with_open(vm, a, |_, fo| {
        use std::io::IsTerminal;
        let c = fo.core.borrow();
        Ok(Value::Bool(c.file().is_some_and(|f| f.is_terminal())))
    })
}

fn f_readable(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    with_open(vm, a, |_, fo| Ok(Value::Bool(fo.core.borrow().readable)))
}

fn f_writable(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    with_open(vm, a, |_, fo| Ok(Value::Bool(fo.core.borrow().writable)))
}

fn f_seekable(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    with_open(vm, a, |_, _| Ok(Value::Bool(true)))
}

fn f_enter(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    with_open(vm, a, |_, _| Ok(a[0]))
}

fn f_exit(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    f_close(vm, &a[..1.min(a.len())], &[])?;
    Ok(Value::None)
}

fn f_next(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let line = with_open(vm, a, |vm, fo| {
        require(vm, fo, true, "readline")?;
        one_line(vm, fo, None)
    })?;
    if vm.len(line)? == 0 {
        return Err(vm.stop_iteration(Value::None));
    }
    Ok(line)
}

/// `<_io.TextIOWrapper name='f' mode='r' encoding='UTF-8'>`,
/// `<_io.BufferedReader name='f'>`, `<_io.FileIO name='f' mode='rb'
/// closefd=True>`, `<_io.FileIO [closed]>`.
fn f_repr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let this = a.first().copied().unwrap_or(Value::None);
    let class = vm.type_name(this);
    let closed = with_file(vm, a, |_, fo| Ok(fo.core.borrow().is_closed()))?;
    let keys: &[&str] = match class.as_str() {
        "TextIOWrapper" => &["name", "mode", "encoding"],
        "FileIO" if closed => &[],
        "FileIO" => &["name", "mode"],
        _ => &["name"],
    };
    let mut s = format!("<_io.{class}");
    if closed && class == "FileIO" {
        s.push_str(" [closed]");
    }
    for &k in keys {
        let v = vm.getattr_str(this, k)?;
        let r = vm.repr(v)?;
        s.push_str(&format!(" {k}={r}"));
    }
    if class == "FileIO" && !closed {
        s.push_str(" closefd=True");
    }
    s.push('>');
    vm.new_string(s)
}
