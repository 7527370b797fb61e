//! `sys`, `builtins`, `gc` and `micropython`.

use crate::errors::ExcKind;
use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

type Kw<'a> = &'a [(Value, Value)];

fn set(vm: &mut Vm, m: Gc, name: &str, v: Value) -> PyResult<()> {
    let d = crate::import::module_dict(vm, m);
    vm.dict_set_str(d, name, v)
}

fn func(vm: &mut Vm, m: Gc, name: &'static str, f: crate::obj::NativeFn) -> PyResult<()> {
    let v = crate::types::native(vm, name, f, true, Value::Obj(m))?;
    set(vm, m, name, v)
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("sys")?;
    let mut argv = Vec::new();
    for a in vm.argv.clone() {
        argv.push(vm.new_string(a)?);
    }
    let argv = vm.new_list(argv)?;
    set(vm, m, "argv", argv)?;
    let mut path = Vec::new();
    for p in vm.sys_path.clone() {
        path.push(vm.new_string(p)?);
    }
    let path = vm.new_list(path)?;
    set(vm, m, "path", path)?;
    set(vm, m, "modules", Value::Obj(vm.modules))?;
    set(vm, m, "maxsize", Value::Int(i64::MAX))?;
    let bo = vm.new_str(if cfg!(target_endian = "little") {
        "little"
    } else {
        "big"
    })?;
    set(vm, m, "byteorder", bo)?;
    let ver = vm.new_str("3.4.0; capy 0.1.0")?;
    set(vm, m, "version", ver)?;
    let vi = vm.new_tuple(vec![Value::Int(3), Value::Int(4), Value::Int(0)])?;
    set(vm, m, "version_info", vi)?;
    let plat = vm.new_str(std::env::consts::OS)?;
    set(vm, m, "platform", plat)?;
    // An attribute tuple, as MicroPython's (CPython's is a namespace): both
    // print as `...(name=..., version=...)`.
    let name = vm.new_str("capy")?;
    let iv = vm.new_tuple(vec![Value::Int(0), Value::Int(1), Value::Int(0)])?;
    let imp = super::collections::make_namedtuple(
        vm,
        "sys",
        "implementation",
        &["name", "version"],
        &[name, iv],
    )?;
    set(vm, m, "implementation", imp)?;
    Vm::numeric_info(vm, m)?;
    func(vm, m, "exit", sys_exit)?;
    func(vm, m, "print_exception", sys_print_exception)?;
    func(vm, m, "atexit", super::atexit::sys_atexit)?;
    func(vm, m, "exc_info", sys_exc_info)?;
    func(vm, m, "_getframe", super::sysframe::getframe)?;
    func(vm, m, "getrecursionlimit", sys_getrecursionlimit)?;
    func(vm, m, "getsizeof", super::sizeof::getsizeof)?;
    func(vm, m, "intern", sys_intern)?;
    func(vm, m, "setrecursionlimit", sys_setrecursionlimit)?;
    let [inp, out, err] = super::stdio::make_all(vm)?;
    set(vm, m, "stdin", inp)?;
    set(vm, m, "stdout", out)?;
    set(vm, m, "stderr", err)?;
    // The originals, as CPython keeps them; `print` also compares
    // `sys.stdout` with `__stdout__` to know it was not replaced.
    set(vm, m, "__stdin__", inp)?;
    set(vm, m, "__stdout__", out)?;
    set(vm, m, "__stderr__", err)?;
    Ok(m)
}

/// `sys.exit`, and the builtins `exit` and `quit` (CPython's site module
/// adds those; programs call them as functions).
pub(crate) fn sys_exit(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let c = vm.exc_class(ExcKind::SystemExit);
    Err(vm.new_exception(c, a.to_vec()))
}

/// `sys.intern(s)`: the interned str equal to `s` (a subclass refused).
fn sys_intern(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let v = a.first().copied().unwrap_or(Value::None);
    match vm.heap.str_of(v) {
        Some(s) => {
            let s = s.to_string();
            Ok(vm.intern(&s))
        }
        None => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!("intern() argument must be str, not {t}")))
        }
    }
}

/// `sys.exc_info()`: the exception being handled (the innermost `except`
/// or `finally` that is running), as `(type, value, traceback)`, or three
/// Nones outside any handler. The traceback is what `__traceback__` gives.
fn sys_exc_info(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if !a.is_empty() {
        return Err(vm.type_error(format!(
            "sys.exc_info() takes no arguments ({} given)",
            a.len()
        )));
    }
    let items = match vm.handling.last().copied() {
        Some(e @ Value::Obj(_)) if !e.is_none() => {
            let t = Value::Obj(vm.type_of(e));
            let tb = vm.getattr_str(e, "__traceback__")?;
            vec![t, e, tb]
        }
        _ => vec![Value::None; 3],
    };
    vm.new_tuple(items)
}

/// `sys.print_exception(exc, file=sys.stdout)`, MicroPython's: the
/// traceback and message of an exception; any other object is printed as
/// `str` gives it. `file` is anything with a `write` method; another object
/// raises OSError, as MicroPython's stream check does.
fn sys_print_exception(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let Some(&exc) = a.first() else {
        return Err(vm.type_error("print_exception() missing required argument 'exc'"));
    };
    let file = match a.get(1) {
        Some(&f) => {
            let write = vm.intern("write");
            if vm.getattr_opt(f, write)?.is_none() {
                return Err(vm.error(ExcKind::OSError, "stream operation not supported"));
            }
            Some(f)
        }
        None => None,
    };
    let text = match exc {
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::Exception(_)) => {
            vm.format_exception(crate::PyErr(h))
        }
        v => {
            let s = vm.to_str(v)?;
            format!("{s}\n")
        }
    };
    match file {
        Some(f) => {
            let s = vm.new_string(text)?;
            vm.call_method_by_name(f, "write", &[s])?;
        }
        None => vm.write_out(&text)?,
    }
    Ok(Value::None)
}

fn sys_getrecursionlimit(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(vm.budget.recursion_limit() as i64))
}
fn sys_setrecursionlimit(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let n = vm.index_value(a.first().copied().unwrap_or(Value::None))?;
    if n < 1 {
        return Err(vm.value_error("recursion limit must be greater or equal than 1"));
    }
    // Capped (budget::MAX_RECURSION) so the native stack the CLI reserves
    // suffices; on a smaller stack the native-stack check stops sooner.
    vm.budget.set_recursion_limit(n as usize);
    Ok(Value::None)
}

pub fn init_builtins(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("builtins")?;
    let b = vm.builtins;
    if let Obj::Module(md) = vm.heap.get_mut(m) {
        md.dict = b;
    }
    Ok(m)
}

pub fn init_gc(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("gc")?;
    func(vm, m, "collect", gc_collect)?;
    func(vm, m, "enable", gc_enable)?;
    func(vm, m, "disable", gc_disable)?;
    func(vm, m, "isenabled", gc_isenabled)?;
    func(vm, m, "mem_alloc", gc_mem_alloc)?;
    func(vm, m, "mem_free", gc_mem_free)?;
    Ok(m)
}

fn gc_collect(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    // Collecting from a native call is safe: the caller's values are on the stack.
    vm.collect_garbage(&[]);
    Ok(Value::None)
}
fn gc_enable(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.heap.set_gc_enabled(true);
    Ok(Value::None)
}
fn gc_disable(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.heap.set_gc_enabled(false);
    Ok(Value::None)
}
fn gc_isenabled(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Bool(vm.heap.gc_enabled()))
}
fn gc_mem_alloc(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(vm.budget.memory.bytes() as i64))
}
fn gc_mem_free(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(
        vm.budget
            .memory
            .limit()
            .saturating_sub(vm.budget.memory.bytes()) as i64,
    ))
}

pub fn init_micropython(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("micropython")?;
    func(vm, m, "const", mp_const)?;
    func(vm, m, "opt_level", mp_opt_level)?;
    func(vm, m, "heap_lock", mp_heap_lock)?;
    func(vm, m, "heap_unlock", mp_heap_unlock)?;
    func(vm, m, "heap_locked", mp_heap_locked)?;
    func(vm, m, "mem_info", mp_mem_info)?;
    func(vm, m, "schedule", crate::modules::schedule::schedule)?;
    func(vm, m, "_scheduled", crate::modules::schedule::waiting)?;
    Ok(m)
}

/// `heap_lock()`: every allocation raises MemoryError until the matching
/// `heap_unlock()` (locks nest).
fn mp_heap_lock(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    vm.budget.memory.lock();
    Ok(Value::None)
}

/// `heap_unlock()`: undoes one `heap_lock()`; returns the remaining depth.
fn mp_heap_unlock(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(vm.budget.memory.unlock() as i64))
}

fn mp_heap_locked(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(vm.budget.memory.locks() as i64))
}

/// `mem_info()`: call depth against the recursion limit, and heap bytes
/// against the heap quota (in MicroPython's layout).
fn mp_mem_info(vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    let total = vm.budget.memory.limit();
    let used = vm.budget.memory.bytes();
    let text = format!(
        "stack: {} out of {}\nGC: total: {total}, used: {used}, free: {}\n",
        vm.budget.depth(),
        vm.budget.recursion_limit(),
        total.saturating_sub(used)
    );
    vm.write_out(&text)?;
    Ok(Value::None)
}

fn mp_const(_vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    Ok(a.first().copied().unwrap_or(Value::None))
}
fn mp_opt_level(_vm: &mut Vm, _a: &[Value], _: Kw) -> PyResult {
    Ok(Value::Int(0))
}

/// Where the traceback printer is in an exception group's tree.
#[derive(Default)]
struct GroupCtx {
    /// 0 outside a group; each level is two columns and a margin.
    depth: usize,
    /// The rule closing the innermost last member is still to be drawn.
    need_close: bool,
}

impl GroupCtx {
    fn indent(&self) -> String {
        " ".repeat(2 * self.depth)
    }

    /// Every line of `text` behind this level's margin (`margin` then a
    /// space), or as it is outside any group.
    fn emit(&self, out: &mut String, text: &str, margin: char) {
        if self.depth == 0 {
            out.push_str(text);
            return;
        }
        let prefix = format!("{}{margin} ", self.indent());
        for line in text.split_inclusive('\n') {
            out.push_str(&prefix);
            out.push_str(line);
        }
    }
}

/// (file, line, function) per traceback entry.
pub type TracebackEntries = Vec<(std::rc::Rc<str>, u32, std::rc::Rc<str>)>;

impl Vm {
    /// The traceback text of `sys.print_exception` (MicroPython's, which is
    /// CPython's without source lines), with the exception's chain.
    pub fn format_exception(&mut self, e: crate::PyErr) -> String {
        self.format_exception_rooted(e, false)
    }

    /// CPython's traceback for an uncaught exception: as
    /// [`Vm::format_exception`], plus the stripped source line under each
    /// entry whose file the runtime loaded itself (see `Vm::compile_file`;
    /// nothing for `-c`, `exec` strings or the REPL, as in CPython), and a
    /// run of more than three identical entries (recursion) cut short with
    /// `[Previous line repeated N more times]`. CPython 3.11's `^^^` markers
    /// under part of a line are not drawn (capy keeps lines, not columns).
    pub fn format_exception_full(&mut self, e: crate::PyErr) -> String {
        self.format_exception_rooted(e, true)
    }

    /// The exception (and its chain, reached from it) stays rooted while
    /// its text is made: `__str__` may allocate, and the caller may hold
    /// it only in Rust (an uncaught exception, after the frames are gone).
    fn format_exception_rooted(&mut self, e: crate::PyErr, full: bool) -> String {
        let mark = self.temp_roots.len();
        self.temp_roots.push(e.value());
        let mut out = String::new();
        self.format_exception_into(e, &mut out, 0, full);
        self.temp_roots.truncate(mark);
        out
    }

    /// An exception's recorded entries, outermost first: (file, line,
    /// function).
    pub fn traceback_entries(&self, e: crate::PyErr) -> TracebackEntries {
        match self.heap.get(e.0) {
            Obj::Exception(x) => x
                .traceback
                .iter()
                .rev()
                .map(|t| (t.filename.clone(), t.line, t.name.clone()))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn format_exception_into(
        &mut self,
        e: crate::PyErr,
        out: &mut String,
        depth: usize,
        full: bool,
    ) {
        self.format_in_group(e, out, depth, full, &mut GroupCtx::default());
    }

    /// One exception with its chain, inside `g`'s exception group tree
    /// (CPython's layout: every line of a group and of what it holds is
    /// drawn behind `| ` margins, two columns further in per level).
    fn format_in_group(
        &mut self,
        e: crate::PyErr,
        out: &mut String,
        depth: usize,
        full: bool,
        g: &mut GroupCtx,
    ) {
        let (cause, context, suppress) = match self.heap.get(e.0) {
            Obj::Exception(x) => (x.cause, x.context, x.suppress_context),
            _ => (Value::None, Value::None, false),
        };
        if depth < 50 {
            if let Value::Obj(c) = cause {
                self.format_in_group(crate::PyErr(c), out, depth + 1, full, g);
                g.emit(
                    out,
                    "\nThe above exception was the direct cause of the following exception:\n\n",
                    '|',
                );
            } else if let (Value::Obj(c), false) = (context, suppress) {
                self.format_in_group(crate::PyErr(c), out, depth + 1, full, g);
                g.emit(
                    out,
                    "\nDuring handling of the above exception, another exception occurred:\n\n",
                    '|',
                );
            }
        }
        let group = self.exc_class(ExcKind::BaseExceptionGroup);
        let subs = if self.isinstance(e.value(), group) {
            self.getattr_str(e.value(), "exceptions")
                .and_then(|t| self.seq_items(t))
                .ok()
        } else {
            None
        };
        // CPython draws groups nested at most 10 deep.
        const DEPTH: usize = 10;
        if subs.is_some() && g.depth > DEPTH {
            g.emit(out, &format!("... (max_group_depth is {DEPTH})\n"), '|');
            return;
        }
        let top = subs.is_some() && g.depth == 0;
        if top {
            g.depth = 1;
        }
        let mut text = String::new();
        if self.format_traceback_into(e, &mut text, full) {
            let header = if subs.is_some() {
                "Exception Group Traceback (most recent call last):\n"
            } else {
                "Traceback (most recent call last):\n"
            };
            g.emit(out, header, if top { '+' } else { '|' });
            g.emit(out, &text, '|');
        }
        text.clear();
        self.format_exception_only(e, &mut text, full);
        g.emit(out, &text, '|');
        if let Some(subs) = subs {
            self.format_group_members(&subs, out, full, g);
        }
        if top {
            g.depth = 0;
        }
    }

    /// The members of a group, each under its numbered rule; the last
    /// one's tree is closed by a rule of its own.
    fn format_group_members(
        &mut self,
        subs: &[Value],
        out: &mut String,
        full: bool,
        g: &mut GroupCtx,
    ) {
        // CPython draws at most 15 members.
        const WIDTH: usize = 15;
        // One more rule for "and N more" when there are too many.
        let n = if subs.len() > WIDTH {
            WIDTH + 1
        } else {
            subs.len()
        };
        for i in 0..n {
            let truncated = i >= WIDTH;
            let last = i + 1 == n;
            if last {
                g.need_close = true;
            }
            let title = if truncated {
                "...".to_string()
            } else {
                (i + 1).to_string()
            };
            let lead = if i == 0 { "+-" } else { "  " };
            out.push_str(&format!(
                "{}{lead}+---------------- {title} ----------------\n",
                g.indent()
            ));
            g.depth += 1;
            if truncated {
                let k = subs.len() - WIDTH;
                let s = if k > 1 { "s" } else { "" };
                g.emit(out, &format!("and {k} more exception{s}\n"), '|');
            } else if let Some(&Value::Obj(h)) = subs.get(i) {
                self.format_in_group(crate::PyErr(h), out, 0, full, g);
            }
            if last && g.need_close {
                out.push_str(&format!(
                    "{}+------------------------------------\n",
                    g.indent()
                ));
                g.need_close = false;
            }
            g.depth -= 1;
        }
    }

    /// The traceback entries of `e` (without the header line) into
    /// `out`; false when there are none to show.
    fn format_traceback_into(&mut self, e: crate::PyErr, out: &mut String, full: bool) -> bool {
        let tb = self.traceback_entries(e);
        // `sys.tracebacklimit`: keep the outermost N entries for
        // `print_exception` (MicroPython), the innermost N for the uncaught
        // traceback (CPython); none at all (not even the header) for N <= 0.
        let mut tb = tb;
        if let Some(limit) = self.traceback_limit() {
            let keep = limit.clamp(0, tb.len() as i64) as usize;
            if full {
                tb.drain(..tb.len() - keep);
            } else {
                tb.truncate(keep);
            }
        }
        if tb.is_empty() {
            return false;
        }
        if full {
            self.format_entries_full(&tb, out);
        } else {
            for (file, line, name) in tb {
                out.push_str(&format!("  File \"{file}\", line {line}, in {name}\n"));
            }
        }
        true
    }

    /// `Type: message` and the notes.
    fn format_exception_only(&mut self, e: crate::PyErr, out: &mut String, full: bool) {
        let mut name = self.type_name(e.value());
        if full {
            // CPython names an exception class by its module too, unless
            // it is built in or the program's own.
            let class = self.type_of(e.value());
            let module = match self.heap.get(class) {
                Obj::Class(c) => self.dict_get_str_in(&c.dict, "__module__"),
                _ => None,
            };
            if let Some(m) = module.and_then(|m| self.heap.str_of(m)) {
                if m != "builtins" && m != "__main__" {
                    name = format!("{m}.{name}");
                }
            }
        }
        let mut msg = self.to_str(e.value()).unwrap_or_default();
        if full && self.err_is(e, ExcKind::SyntaxError) {
            if let Some((location, text)) = self.syntax_error_location(e) {
                out.push_str(&location);
                msg = text;
            }
        }
        if msg.is_empty() {
            out.push_str(&format!("{name}\n"));
        } else {
            out.push_str(&format!("{name}: {msg}\n"));
        }
        // Notes added with `add_note`, one per line.
        let key = self.intern("__notes__");
        if let Ok(Some(notes)) = self.getattr_opt(e.value(), key) {
            for n in self.seq_items(notes).unwrap_or_default() {
                let text = self.to_str(n).unwrap_or_default();
                out.push_str(&text);
                out.push('\n');
            }
        }
    }

    /// `sys.float_info`, `sys.int_info` and `sys.hash_info`: IEEE doubles,
    /// and the modular hash capy shares with CPython (so `fractions` and
    /// programs can compute hashes that agree with `hash`).
    fn numeric_info(vm: &mut Vm, m: Gc) -> PyResult<()> {
        let f = Value::Float;
        let i = Value::Int;
        let float_info = [
            ("max", f(f64::MAX)),
            ("max_exp", i(f64::MAX_EXP as i64)),
            ("max_10_exp", i(f64::MAX_10_EXP as i64)),
            ("min", f(f64::MIN_POSITIVE)),
            ("min_exp", i(f64::MIN_EXP as i64)),
            ("min_10_exp", i(f64::MIN_10_EXP as i64)),
            ("dig", i(f64::DIGITS as i64)),
            ("mant_dig", i(f64::MANTISSA_DIGITS as i64)),
            ("epsilon", f(f64::EPSILON)),
            ("radix", i(f64::RADIX as i64)),
            ("rounds", i(1)),
        ];
        let algorithm = vm.new_str("siphash13")?;
        let hash_info = [
            ("width", i(64)),
            ("modulus", i((1 << 61) - 1)),
            ("inf", i(314159)),
            ("nan", i(0)),
            ("imag", i(1000003)),
            ("algorithm", algorithm),
            ("hash_bits", i(64)),
            ("seed_bits", i(128)),
            ("cutoff", i(0)),
        ];
        let int_info = [
            ("bits_per_digit", i(30)),
            ("sizeof_digit", i(4)),
            ("default_max_str_digits", i(4300)),
            ("str_digits_check_threshold", i(640)),
        ];
        let tables: [(&str, &[(&str, Value)]); 3] = [
            ("float_info", &float_info),
            ("hash_info", &hash_info),
            ("int_info", &int_info),
        ];
        for (name, fields) in tables {
            let names: Vec<&str> = fields.iter().map(|(n, _)| *n).collect();
            let values: Vec<Value> = fields.iter().map(|(_, v)| *v).collect();
            let t = super::collections::make_namedtuple(vm, "sys", name, &names, &values)?;
            set(vm, m, name, t)?;
        }
        Ok(())
    }

    /// The location block CPython prints for a SyntaxError (file, line,
    /// source and caret) and the message under it, from the exception's
    /// attributes; None when it has no file name (raised by hand).
    fn syntax_error_location(&mut self, e: crate::PyErr) -> Option<(String, String)> {
        let attr = |vm: &mut Vm, name: &str| {
            let key = vm.intern(name);
            vm.getattr_opt(e.value(), key).ok().flatten()
        };
        let filename =
            attr(self, "filename").and_then(|v| self.heap.str_of(v).map(String::from))?;
        let line = match attr(self, "lineno") {
            Some(Value::Int(n)) => n.clamp(0, u32::MAX as i64) as u32,
            _ => return None,
        };
        let col = match attr(self, "offset") {
            Some(Value::Int(n)) => n.clamp(0, u32::MAX as i64) as u32,
            _ => 0,
        };
        let text = attr(self, "text").and_then(|v| self.heap.str_of(v).map(String::from));
        let msg = attr(self, "msg")
            .and_then(|v| self.heap.str_of(v).map(String::from))
            .unwrap_or_default();
        let text = text.filter(|_| col > 0);
        let block = capy_compiler::location_block(&filename, line, col, text.as_deref());
        Some((block, msg))
    }

    /// `sys.tracebacklimit` when `sys` is imported and it is an int.
    fn traceback_limit(&mut self) -> Option<i64> {
        let key = self.intern("sys");
        let sys = self.dict_get(Value::Obj(self.modules), key).ok()??;
        let d = match sys {
            Value::Obj(h) => match self.heap.get(h) {
                Obj::Module(m) => m.dict,
                _ => return None,
            },
            _ => return None,
        };
        let v = self.dict_get_str(d, "tracebacklimit")?;
        match crate::types::num::as_num(&self.heap, v) {
            Some(crate::types::num::Num::I(i)) => Some(i),
            Some(crate::types::num::Num::B(b)) => Some(if b.sign() == num_bigint::Sign::Minus {
                0
            } else {
                i64::MAX
            }),
            _ => None,
        }
    }

    fn format_entries_full(
        &mut self,
        tb: &[(std::rc::Rc<str>, u32, std::rc::Rc<str>)],
        out: &mut String,
    ) {
        // CPython prints at most this many identical entries in a row.
        const CUTOFF: usize = 3;
        let repeated = |out: &mut String, count: usize| {
            if count > CUTOFF {
                let n = count - CUTOFF;
                let s = if n > 1 { "s" } else { "" };
                out.push_str(&format!("  [Previous line repeated {n} more time{s}]\n"));
            }
        };
        let mut sources: Vec<(std::rc::Rc<str>, Option<crate::import::SourceText>)> = Vec::new();
        let mut count = 0;
        for (i, (file, line, name)) in tb.iter().enumerate() {
            if i > 0 && tb[i - 1] != tb[i] {
                repeated(out, count);
                count = 0;
            }
            count += 1;
            if count > CUTOFF {
                continue;
            }
            out.push_str(&format!("  File \"{file}\", line {line}, in {name}\n"));
            let src = match sources.iter().find(|(f, _)| f == file) {
                Some((_, s)) => s.clone(),
                None => {
                    let s = self.loaded_source(file);
                    sources.push((file.clone(), s.clone()));
                    s
                }
            };
            let text = src.as_deref().and_then(|s| {
                let n = (*line as usize).checked_sub(1)?;
                s.split('\n').nth(n)
            });
            // Indentation goes, trailing blanks stay (as CPython prints it).
            let text = text.map(|t| {
                t.trim_end_matches(['\r', '\n'])
                    .trim_start_matches([' ', '\t', '\x0c'])
            });
            if let Some(t) = text {
                if !t.is_empty() {
                    out.push_str(&format!("    {t}\n"));
                }
            }
        }
        repeated(out, count);
    }
}
