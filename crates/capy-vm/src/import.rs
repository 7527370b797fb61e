//! Imports: native modules first, then `.py` files and packages found on
//! `sys.path`. Only what a compartment is granted is importable; today that
//! is every registered native module and the files under the search path.

use crate::errors::ExcKind;
use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

/// The text of a source file tracebacks quote: one the runtime read (kept
/// on its code object) or a frozen module's (in the binary, not copied).
#[derive(Clone)]
pub enum SourceText {
    Loaded(std::rc::Rc<str>),
    Frozen(&'static str),
}

impl std::ops::Deref for SourceText {
    type Target = str;
    fn deref(&self) -> &str {
        match self {
            SourceText::Loaded(s) => s,
            SourceText::Frozen(s) => s,
        }
    }
}

impl Vm {
    /// Compiles source into a code object, turning syntax errors into SyntaxError.
    pub fn compile(
        &mut self,
        source: &str,
        filename: &str,
        mode: capy_compiler::Mode,
    ) -> PyResult<std::rc::Rc<capy_compiler::Code>> {
        match capy_compiler::compile(source, filename, mode) {
            Ok(c) => Ok(c),
            Err(e) => Err(self.syntax_error(&e)),
        }
    }

    /// Compiles the text of a source file the runtime read itself (the main
    /// script, an imported module) and keeps the text on the code object,
    /// for the source lines of tracebacks (see `format_exception_full`).
    pub fn compile_file(
        &mut self,
        source: &str,
        filename: &str,
    ) -> PyResult<std::rc::Rc<capy_compiler::Code>> {
        let mut code = self.compile(source, filename, capy_compiler::Mode::Exec)?;
        if let Some(c) = std::rc::Rc::get_mut(&mut code) {
            c.source = Some(std::rc::Rc::from(&*capy_compiler::universal_newlines(
                source,
            )));
        }
        Ok(code)
    }

    /// The text of a source file loaded with [`Vm::compile_file`] whose
    /// code has run in this instance, or of a frozen module, by file name.
    pub fn loaded_source(&self, filename: &str) -> Option<SourceText> {
        let loaded = self
            .code_cache
            .values()
            .filter(|c| &*c.code.filename == filename)
            .find_map(|c| c.code.source.clone());
        match loaded {
            Some(s) => Some(SourceText::Loaded(s)),
            None => crate::modules::frozen::source_of(filename).map(SourceText::Frozen),
        }
    }

    /// The text of a source file, or CPython's SyntaxError for bytes that
    /// are not text in the file's encoding (see `capy_compiler::encoding`).
    pub fn decode_source(
        &mut self,
        bytes: &[u8],
        filename: &str,
        origin: capy_compiler::encoding::SourceOrigin,
    ) -> PyResult<String> {
        use capy_compiler::encoding::{decode_source, DecodeError};
        match decode_source(bytes, filename, origin) {
            Ok(s) => Ok(s.into_owned()),
            Err(DecodeError::Plain(msg)) => Err(self.error(ExcKind::SyntaxError, msg)),
            Err(DecodeError::At(e)) => Err(self.syntax_error(&e)),
        }
    }

    pub fn syntax_error(&mut self, e: &capy_compiler::CompileError) -> crate::PyErr {
        let kind = match e.kind.exception_name() {
            "IndentationError" => ExcKind::IndentationError,
            "TabError" => ExcKind::TabError,
            _ => ExcKind::SyntaxError,
        };
        let class = self.exc_class(kind);
        let msg = self.new_str(&e.msg).unwrap_or(Value::None);
        let err = self.new_exception(class, vec![msg]);
        let details = [
            ("filename", self.new_str(&e.filename).unwrap_or(Value::None)),
            ("lineno", Value::Int(e.line as i64)),
            ("offset", Value::Int(e.col as i64)),
            (
                "text",
                match &e.text {
                    Some(t) => self.new_str(t).unwrap_or(Value::None),
                    None => Value::None,
                },
            ),
            ("msg", msg),
        ];
        for (k, v) in details {
            let n = self.intern(k);
            let _ = self.generic_setattr(err.value(), n, v);
        }
        err
    }

    /// The `import` statement: calls `builtins.__import__(name, globals,
    /// None, fromlist, level)` when a program has replaced it, else
    /// [`Vm::import_name_default`].
    pub fn import_name(
        &mut self,
        globals: Gc,
        name: Value,
        level: Value,
        fromlist: Value,
    ) -> PyResult {
        if let Some(f) = self.import_override() {
            let args = [name, Value::Obj(globals), Value::None, fromlist, level];
            return self.call(f, &args, &[]);
        }
        self.import_name_default(globals, name, level, fromlist)
    }

    /// `builtins.__import__` if a program replaced the native one.
    fn import_override(&self) -> Option<Value> {
        let f = self.dict_get_str(self.builtins, "__import__")?;
        match f {
            Value::Obj(h) if matches!(self.heap.get(h), Obj::Native(n) if n.name == "__import__") => {
                None
            }
            _ => Some(f),
        }
    }

    /// `import name` semantics: returns the top package unless `fromlist` is given.
    pub fn import_name_default(
        &mut self,
        globals: Gc,
        name: Value,
        level: Value,
        fromlist: Value,
    ) -> PyResult {
        // `import os` of a module already imported (a function that
        // imports at each call): one probe of sys.modules, no strings made.
        // What the general path below returns then too.
        if matches!((level, fromlist), (Value::Int(0), Value::None))
            && self
                .heap
                .str_of(name)
                .is_some_and(|s| !s.is_empty() && !s.contains('.'))
        {
            match self.dict_get(Value::Obj(self.modules), name)? {
                Some(Value::None) | None => {}
                Some(m) => return Ok(m),
            }
        }
        let name_s = self.heap.str_of(name).unwrap_or("").to_string();
        let level = match level {
            Value::Int(i) => i,
            _ => 0,
        };
        let full = if level > 0 {
            let pkg = self.current_package(globals, level)?;
            if name_s.is_empty() {
                pkg
            } else if pkg.is_empty() {
                name_s.clone()
            } else {
                format!("{pkg}.{name_s}")
            }
        } else {
            name_s.clone()
        };
        if full.is_empty() {
            return Err(self.error(
                ExcKind::ImportError,
                "attempted relative import with no known parent package",
            ));
        }
        let mut module = Value::None;
        let mut prefix = String::new();
        let mut top = Value::None;
        for part in full.split('.') {
            if !prefix.is_empty() {
                prefix.push('.');
            }
            prefix.push_str(part);
            module = self.import_one(&prefix, module)?;
            if top.is_none() {
                top = module;
            }
        }
        let has_fromlist = !fromlist.is_none() && self.truthy(fromlist)?;
        if has_fromlist || level > 0 && name_s.is_empty() {
            // MicroPython lets fromlist be any true value (`True` as in
            // `__import__(m, g, l, True, 1)`): only sequences name submodules.
            if has_fromlist && !matches!(fromlist, Value::Bool(_) | Value::Int(_)) {
                for item in self.iter_to_vec(fromlist)? {
                    if let Some(s) = self.heap.str_of(item).map(|s| s.to_string()) {
                        if s != "*" && self.module_attr(module, item)?.is_none() {
                            let sub = format!("{prefix}.{s}");
                            let _ = self.try_import_submodule(&sub, module);
                        }
                    }
                }
            }
            return Ok(module);
        }
        if level > 0 {
            return Ok(module);
        }
        Ok(top)
    }

    /// Imports the dotted module `full` (each package on the way) and
    /// returns it, not its top package.
    pub fn import_dotted(&mut self, full: &str) -> PyResult {
        let mut module = Value::None;
        let mut prefix = String::new();
        for part in full.split('.') {
            if !prefix.is_empty() {
                prefix.push('.');
            }
            prefix.push_str(part);
            module = self.import_one(&prefix, module)?;
        }
        Ok(module)
    }

    fn try_import_submodule(&mut self, full: &str, parent: Value) -> PyResult<Option<Value>> {
        match self.import_one(full, parent) {
            Ok(m) => Ok(Some(m)),
            Err(e) if self.err_is(e, ExcKind::ModuleNotFoundError) => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn current_package(&mut self, globals: Gc, level: i64) -> PyResult<String> {
        let pkg = self
            .dict_get_str(globals, "__package__")
            .and_then(|p| self.heap.str_of(p).map(|s| s.to_string()));
        let name = self
            .dict_get_str(globals, "__name__")
            .and_then(|p| self.heap.str_of(p).map(|s| s.to_string()));
        let is_pkg = self.dict_get_str(globals, "__path__").is_some();
        let mut base = match pkg {
            Some(p) if !p.is_empty() => p,
            _ => match name {
                Some(n) if is_pkg => n,
                Some(n) => n
                    .rsplit_once('.')
                    .map(|(a, _)| a.to_string())
                    .unwrap_or_default(),
                None => String::new(),
            },
        };
        if base.is_empty() || base == "__main__" {
            return Err(self.error(
                ExcKind::ImportError,
                "attempted relative import with no known parent package",
            ));
        }
        for _ in 1..level {
            match base.rsplit_once('.') {
                Some((a, _)) => base = a.to_string(),
                None => {
                    return Err(self.error(
                        ExcKind::ImportError,
                        "attempted relative import beyond top-level package",
                    ))
                }
            }
        }
        Ok(base)
    }

    /// Imports one dotted component; `parent` is the already-imported package.
    fn import_one(&mut self, full: &str, parent: Value) -> PyResult {
        let key = self.new_str(full)?;
        match self.dict_get(Value::Obj(self.modules), key)? {
            // A program's way to make an import fail (as in CPython).
            Some(Value::None) => {
                return Err(self.error(
                    ExcKind::ModuleNotFoundError,
                    format!("import of {full} halted; None in sys.modules"),
                ))
            }
            Some(m) => return Ok(m),
            None => {}
        }
        // A built-in module that a policy places in another compartment
        // (c18n mode) runs there: a proxy, as below.
        if crate::compartment::library::placed_elsewhere(self, full) {
            if let Some(m) = crate::compartment::library::import(self, full)? {
                self.dict_set(Value::Obj(self.modules), key, m)?;
                return Ok(m);
            }
        }
        if let Some(init) = self.native_module(full) {
            let m = init(self)?;
            self.dict_set(Value::Obj(self.modules), key, Value::Obj(m))?;
            // A built-in submodule (`collections.abc`) is an attribute of
            // its package, as an imported one is.
            if let Some((_, last)) = full.rsplit_once('.') {
                self.bind_in_parent(parent, last, Value::Obj(m))?;
            }
            return Ok(Value::Obj(m));
        }
        // In the c18n mode a module of another compartment comes as a proxy.
        if let Some(m) = crate::compartment::library::import(self, full)? {
            // Not bound in a parent package: the parent is a proxy too,
            // and the owner's import bound the submodule in the package.
            self.dict_set(Value::Obj(self.modules), key, m)?;
            return Ok(m);
        }
        let dirs: Vec<String> = if self.comp.confined {
            // A compartment has no file system: it finds only its own
            // modules of the c18n mode, on the library's path (never
            // through a `__path__` it could set).
            crate::compartment::library::local_dirs(self, full)
        } else if parent.is_none() {
            self.search_path()
        } else {
            let path_name = self.intern("__path__");
            match self.getattr_opt(parent, path_name)? {
                Some(p) => self
                    .iter_to_vec(p)?
                    .into_iter()
                    .filter_map(|v| self.heap.str_of(v).map(|s| s.to_string()))
                    .collect(),
                None => Vec::new(),
            }
        };
        let last = full.rsplit('.').next().unwrap_or(full).to_string();
        for d in dirs {
            let base = std::path::Path::new(&d);
            let pkg_init = base.join(&last).join("__init__.py");
            let file = base.join(format!("{last}.py"));
            if pkg_init.is_file() {
                let pkg_dir = base.join(&last).to_string_lossy().to_string();
                return self.load_source_module(full, &pkg_init, Some(pkg_dir), parent, &last);
            }
            if file.is_file() {
                return self.load_source_module(full, &file, None, parent, &last);
            }
            if base.join(&last).is_dir() {
                // A namespace package: a directory without __init__.py.
                let m = self.new_module(full)?;
                let pkg_dir = base.join(&last).to_string_lossy().to_string();
                let p = self.new_string(pkg_dir)?;
                let pl = self.new_list(vec![p])?;
                self.dict_set_str(module_dict(self, m), "__path__", pl)?;
                self.dict_set(Value::Obj(self.modules), key, Value::Obj(m))?;
                self.bind_in_parent(parent, &last, Value::Obj(m))?;
                return Ok(Value::Obj(m));
            }
        }
        let e = self.error(
            ExcKind::ModuleNotFoundError,
            format!("No module named '{full}'"),
        );
        let (name, value) = (self.intern("name"), self.new_str(full)?);
        self.setattr(e.value(), name, value)?;
        Err(e)
    }

    fn bind_in_parent(&mut self, parent: Value, name: &str, m: Value) -> PyResult<()> {
        if !parent.is_none() {
            let n = self.intern(name);
            self.setattr(parent, n, m)?;
        }
        Ok(())
    }

    /// The text of the module file at `path` and its name for tracebacks;
    /// ImportError if it cannot be read, SyntaxError if it is not text in
    /// its declared encoding.
    pub fn read_module_source(&mut self, path: &std::path::Path) -> PyResult<(String, String)> {
        let bytes = match std::fs::read(path) {
            Ok(s) => s,
            Err(e) => {
                return Err(self.error(
                    ExcKind::ImportError,
                    format!("cannot read {}: {e}", path.display()),
                ))
            }
        };
        let fname = path.to_string_lossy().to_string();
        let src = self.decode_source(
            &bytes,
            &fname,
            capy_compiler::encoding::SourceOrigin::Import,
        )?;
        Ok((fname, src))
    }

    fn load_source_module(
        &mut self,
        full: &str,
        path: &std::path::Path,
        pkg_dir: Option<String>,
        parent: Value,
        last: &str,
    ) -> PyResult {
        let (fname, src) = self.read_module_source(path)?;
        let code = self.compile_file(&src, &fname)?;
        let m = self.new_module(full)?;
        let d = module_dict(self, m);
        let f = self.new_string(fname)?;
        self.dict_set_str(d, "__file__", f)?;
        let b = Value::Obj(self.builtins);
        self.dict_set_str(d, "__builtins__", b)?;
        let pkg = match &pkg_dir {
            Some(_) => full.to_string(),
            None => full
                .rsplit_once('.')
                .map(|(a, _)| a.to_string())
                .unwrap_or_default(),
        };
        let pv = self.new_string(pkg)?;
        self.dict_set_str(d, "__package__", pv)?;
        if let Some(dir) = pkg_dir {
            let p = self.new_string(dir)?;
            let pl = self.new_list(vec![p])?;
            self.dict_set_str(d, "__path__", pl)?;
        }
        let key = self.new_str(full)?;
        self.dict_set(Value::Obj(self.modules), key, Value::Obj(m))?;
        if let Err(e) = self.run_code(&code, d, Value::Null) {
            let _ = self.dict_del(Value::Obj(self.modules), key);
            return Err(e);
        }
        self.bind_in_parent(parent, last, Value::Obj(m))?;
        // The module may have replaced itself in sys.modules.
        Ok(self
            .dict_get(Value::Obj(self.modules), key)?
            .unwrap_or(Value::Obj(m)))
    }

    /// An attribute of an imported module, None if it has none: a missing
    /// name may be a submodule not imported yet (a module proxy's
    /// `__getattr__` answers AttributeError for it, compartment/library.rs).
    fn module_attr(&mut self, module: Value, name: Value) -> PyResult<Option<Value>> {
        match self.getattr_opt(module, name) {
            Err(e) if self.err_is(e, ExcKind::AttributeError) => Ok(None),
            r => r,
        }
    }

    pub(crate) fn import_from(&mut self, module: Value, name: Value) -> PyResult {
        if let Some(v) = self.module_attr(module, name)? {
            return Ok(v);
        }
        let n = self.heap.str_of(name).unwrap_or("?").to_string();
        let mname = self.module_name_of(module).unwrap_or_else(|| "?".into());
        if let Some(v) = self.try_import_submodule(&format!("{mname}.{n}"), module)? {
            return Ok(v);
        }
        Err(self.error(
            ExcKind::ImportError,
            format!("cannot import name '{n}' from '{mname}'"),
        ))
    }

    pub(crate) fn import_star(&mut self, module: Value, ns: Value) -> PyResult<()> {
        // Any object works, as in CPython: its `__all__`, else the public
        // names of its `__dict__` (modules use their namespace directly).
        let all_name = self.intern("__all__");
        let names: Vec<Value> = match self.getattr_opt(module, all_name)? {
            Some(a) => self.iter_to_vec(a)?,
            None => {
                let d = match module {
                    Value::Obj(h) => match self.heap.get(h) {
                        Obj::Module(m) => Some(Value::Obj(m.dict)),
                        _ => None,
                    },
                    _ => None,
                };
                let d = match d {
                    Some(d) => d,
                    None => {
                        let dn = self.intern("__dict__");
                        match self.getattr_opt(module, dn)? {
                            Some(d) => d,
                            None => {
                                return Err(self.error(
                                    ExcKind::ImportError,
                                    "from-import-* object has no __dict__ and no __all__",
                                ))
                            }
                        }
                    }
                };
                let keys = self.iter_to_vec(d)?;
                keys.into_iter()
                    .filter(|k| !self.heap.str_of(*k).is_some_and(|s| s.starts_with('_')))
                    .collect()
            }
        };
        for n in names {
            let v = self.getattr(module, n)?;
            self.setitem(ns, n, v)?;
        }
        Ok(())
    }
}

impl Vm {
    /// Where a top-level module is looked for: the program's `sys.path`
    /// as it stands now (a script may insert, remove or replace entries),
    /// or the path capy started with when `sys` is not loaded or its
    /// `path` is not a list. Under `--sandbox` an entry counts only if it
    /// was on the starting path: the search path is read-only authority,
    /// and `sys.path.append("/etc")` must not turn imports into a way
    /// around `--allow-read`.
    fn search_path(&self) -> Vec<String> {
        let Some(list) = self.python_sys_path() else {
            return self.sys_path.clone();
        };
        let ambient = matches!(self.comp.host.fs, crate::host::fs::FsView::Ambient);
        list.into_iter()
            .filter(|d| ambient || self.sys_path.contains(d))
            .collect()
    }

    /// The str entries of `sys.path`, when `sys` is loaded and its `path`
    /// is a list (other entries are skipped, as CPython skips them).
    fn python_sys_path(&self) -> Option<Vec<String>> {
        let sys = match self.dict_get_str(self.modules, "sys")? {
            Value::Obj(m) => m,
            _ => return None,
        };
        let path = match self.dict_get_str(sys, "path")? {
            Value::Obj(p) => p,
            _ => return None,
        };
        match self.heap.get(path) {
            Obj::List(l) => Some(
                l.iter()
                    .filter_map(|v| self.heap.str_of(*v).map(str::to_string))
                    .collect(),
            ),
            _ => None,
        }
    }
}

pub fn module_dict(vm: &Vm, m: Gc) -> Gc {
    match vm.heap.get(m) {
        Obj::Module(md) => md.dict,
        _ => m,
    }
}
