//! `json`: `dumps`/`dump`/`loads`/`load` with CPython's output format.
//!
//! Both directions recurse natively once per nesting level, so each level
//! is charged to the VM's recursion budget (`enter_recursion`): deeply
//! nested input raises RecursionError instead of exhausting the native stack.

use crate::errors::ExcKind;
use crate::obj::Obj;
use crate::types::strbuf::StrBuf;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use std::collections::HashSet;

type Kw<'a> = &'a [(Value, Value)];

fn set(vm: &mut Vm, m: Gc, name: &str, v: Value) -> PyResult<()> {
    let d = crate::import::module_dict(vm, m);
    vm.dict_set_str(d, name, v)
}

pub fn init(vm: &mut Vm) -> PyResult<Gc> {
    let m = vm.new_module("json")?;
    for (name, f) in [
        ("dumps", dumps as crate::obj::NativeFn),
        ("dump", dump),
        ("loads", loads),
        ("load", load),
        ("__getattr__", module_getattr),
    ] {
        let v = crate::types::native(vm, name, f, true, Value::Obj(m))?;
        set(vm, m, name, v)?;
    }
    // JSONDecodeError subclasses ValueError, so `except ValueError` works.
    let ve = vm.exc_class(ExcKind::ValueError);
    let name = vm.new_str("JSONDecodeError")?;
    let mut ns = crate::dict::Dict::new();
    let modname = vm.new_str("json")?;
    let key = vm.intern("__module__");
    let h = vm.hash(key)?;
    ns.insert_new(h, key, modname);
    let meta = Value::Obj(vm.type_obj(crate::types::TypeId::Type));
    let cls = vm.new_class(meta, name, vec![ve], &ns)?;
    set(vm, m, "JSONDecodeError", Value::Obj(cls))?;
    Ok(m)
}

/// `cls=` given (a JSONEncoder or JSONDecoder subclass): the call goes to
/// stdlib/_json_extra.py, where those classes are written.
fn with_cls(vm: &mut Vm, f: &str, a: &[Value], kw: Kw) -> Option<PyResult> {
    match kwarg(vm, kw, "cls") {
        None | Some(Value::None) => None,
        Some(_) => Some((|| {
            let extra = vm.import_dotted("_json_extra")?;
            let f = vm.getattr_str(extra, f)?;
            vm.call(f, a, kw)
        })()),
    }
}

/// `json.JSONEncoder` and `json.JSONDecoder`, from _json_extra.py on first
/// use (a module `__getattr__`: that module imports this one).
fn module_getattr(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let name = a.first().copied().unwrap_or(Value::None);
    match vm.heap.str_of(name) {
        Some("JSONEncoder" | "JSONDecoder") => {
            let extra = vm.import_dotted("_json_extra")?;
            vm.getattr(extra, name)
        }
        _ => {
            let n = vm.heap.str_of(name).unwrap_or("?").to_string();
            Err(vm.error(
                ExcKind::AttributeError,
                format!("module 'json' has no attribute '{n}'"),
            ))
        }
    }
}

/// A keyword argument by name.
fn kwarg(vm: &Vm, kw: Kw, name: &str) -> Option<Value> {
    kw.iter()
        .find(|(k, _)| vm.heap.str_of(*k) == Some(name))
        .map(|(_, v)| *v)
}

// ---------------------------------------------------------------- encoding

struct Encoder {
    indent: Option<String>,
    item_sep: String,
    key_sep: String,
    sort_keys: bool,
    ensure_ascii: bool,
    allow_nan: bool,
    skipkeys: bool,
    default: Value,
    /// Containers on the current path, for "Circular reference detected".
    markers: HashSet<Gc>,
    /// Lone surrogates written without ensure_ascii: (byte offset in the
    /// output, where it has U+FFFD, surrogate).
    sur: Vec<(usize, u16)>,
}

/// A dict key's JSON text: a str value, or the text another key stands for.
enum Key {
    Str(Value),
    Text(String),
}

fn opt_bool(vm: &mut Vm, kw: Kw, name: &str, default: bool) -> PyResult<bool> {
    match kwarg(vm, kw, name) {
        Some(v) => vm.truthy(v),
        None => Ok(default),
    }
}

fn make_encoder(vm: &mut Vm, kw: Kw) -> PyResult<Encoder> {
    for (k, _) in kw {
        let n = vm.heap.str_of(*k).unwrap_or("").to_string();
        if !matches!(
            n.as_str(),
            "skipkeys"
                | "ensure_ascii"
                | "check_circular"
                | "allow_nan"
                | "cls"
                | "indent"
                | "separators"
                | "default"
                | "sort_keys"
        ) {
            return Err(vm.type_error(format!("dumps() got an unexpected keyword argument '{n}'")));
        }
    }
    let indent = match kwarg(vm, kw, "indent") {
        None | Some(Value::None) => None,
        Some(v) => {
            if let Some(s) = vm.heap.str_of(v) {
                Some(s.to_string())
            } else {
                let n = vm.index_value(v)?;
                Some(" ".repeat(n.clamp(0, 1 << 16) as usize))
            }
        }
    };
    let (mut item_sep, mut key_sep) = if indent.is_some() {
        (",".to_string(), ": ".to_string())
    } else {
        (", ".to_string(), ": ".to_string())
    };
    if let Some(sep) = kwarg(vm, kw, "separators") {
        if !sep.is_none() {
            let items = vm.seq_items(sep)?;
            if items.len() != 2 {
                return Err(vm.value_error("too many values to unpack (expected 2)"));
            }
            item_sep = vm.to_str(items[0])?;
            key_sep = vm.to_str(items[1])?;
        }
    }
    Ok(Encoder {
        indent,
        item_sep,
        key_sep,
        sort_keys: opt_bool(vm, kw, "sort_keys", false)?,
        ensure_ascii: opt_bool(vm, kw, "ensure_ascii", true)?,
        allow_nan: opt_bool(vm, kw, "allow_nan", true)?,
        skipkeys: opt_bool(vm, kw, "skipkeys", false)?,
        default: kwarg(vm, kw, "default").unwrap_or(Value::None),
        markers: HashSet::new(),
        sur: Vec::new(),
    })
}

fn encode_str(s: &str, ascii: bool, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        encode_char(c, ascii, out);
    }
    out.push('"');
}

fn encode_char(c: char, ascii: bool, out: &mut String) {
    {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || (ascii && (c as u32) > 0x7e) => {
                let mut buf = [0u16; 2];
                for unit in c.encode_utf16(&mut buf) {
                    out.push_str(&format!("\\u{:04x}", unit));
                }
            }
            c => out.push(c),
        }
    }
}

impl Encoder {
    fn float(&self, vm: &mut Vm, f: f64) -> PyResult<String> {
        if f.is_finite() {
            return Ok(numfmt::float_repr(f));
        }
        if !self.allow_nan {
            return Err(vm.value_error("Out of range float values are not JSON compliant"));
        }
        Ok(if f.is_nan() {
            "NaN"
        } else if f > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        }
        .to_string())
    }

    fn newline(&self, out: &mut String, level: usize) {
        if let Some(ind) = &self.indent {
            out.push('\n');
            for _ in 0..level {
                out.push_str(ind);
            }
        }
    }

    /// A dict key as JSON text, or None when skipped.
    /// A str value as a JSON string: lone surrogates as `\udXXX` with
    /// ensure_ascii (as CPython writes them), else kept (U+FFFD in `out`,
    /// the surrogate noted in `sur`).
    fn str_value(&mut self, vm: &Vm, v: Value, out: &mut String) {
        let Some(p) = vm.heap.pystr(v) else {
            return;
        };
        if !p.has_surrogates() {
            return encode_str(&p.s, self.ensure_ascii, out);
        }
        out.push('"');
        for cp in p.code_points() {
            match char::from_u32(cp) {
                Some(c) => encode_char(c, self.ensure_ascii, out),
                None if self.ensure_ascii => out.push_str(&format!("\\u{cp:04x}")),
                None => {
                    self.sur.push((out.len(), cp as u16));
                    out.push('\u{fffd}');
                }
            }
        }
        out.push('"');
    }

    fn key(&self, vm: &mut Vm, k: Value) -> PyResult<Option<Key>> {
        let kb = vm.builtin_base(k);
        let s = match kb {
            Value::Bool(b) => (if b { "true" } else { "false" }).to_string(),
            Value::None => "null".to_string(),
            Value::Int(i) => i.to_string(),
            Value::Float(f) => self.float(vm, f)?,
            Value::Obj(h) => match vm.heap.get(h) {
                Obj::Str(_) => return Ok(Some(Key::Str(kb))),
                Obj::BigInt(_) => vm.repr(kb)?,
                _ => {
                    if self.skipkeys {
                        return Ok(None);
                    }
                    let t = vm.type_name(k);
                    return Err(vm.type_error(format!(
                        "keys must be str, int, float, bool or None, not {t}"
                    )));
                }
            },
            _ => {
                let t = vm.type_name(k);
                return Err(vm.type_error(format!(
                    "keys must be str, int, float, bool or None, not {t}"
                )));
            }
        };
        Ok(Some(Key::Text(s)))
    }

    fn encode(&mut self, vm: &mut Vm, v: Value, out: &mut String, level: usize) -> PyResult<()> {
        let b = vm.builtin_base(v);
        match b {
            Value::None => out.push_str("null"),
            Value::Bool(x) => out.push_str(if x { "true" } else { "false" }),
            Value::Int(i) => out.push_str(&i.to_string()),
            Value::Float(f) => {
                let s = self.float(vm, f)?;
                out.push_str(&s)
            }
            Value::Obj(h) => {
                enum K {
                    Str,
                    Int,
                    Seq,
                    Map,
                    Other,
                }
                let kind = match vm.heap.get(h) {
                    Obj::Str(_) => K::Str,
                    Obj::BigInt(_) => K::Int,
                    Obj::List(_) | Obj::Tuple(_) => K::Seq,
                    Obj::Dict(_) => K::Map,
                    _ => K::Other,
                };
                match kind {
                    K::Str => self.str_value(vm, b, out),
                    K::Int => out.push_str(&vm.repr(b)?),
                    K::Seq | K::Map => {
                        if !self.markers.insert(h) {
                            return Err(vm.value_error("Circular reference detected"));
                        }
                        vm.enter_recursion()?;
                        let r = if matches!(kind, K::Seq) {
                            self.encode_seq(vm, b, out, level)
                        } else {
                            self.encode_map(vm, h, out, level)
                        };
                        vm.leave_recursion();
                        self.markers.remove(&h);
                        r?;
                    }
                    K::Other => {
                        if self.default.is_none() {
                            let t = vm.type_name(v);
                            return Err(vm.type_error(format!(
                                "Object of type {t} is not JSON serializable"
                            )));
                        }
                        if !self.markers.insert(h) {
                            return Err(vm.value_error("Circular reference detected"));
                        }
                        vm.enter_recursion()?;
                        let r = vm
                            .call(self.default, &[v], &[])
                            .and_then(|d| self.encode(vm, d, out, level));
                        vm.leave_recursion();
                        self.markers.remove(&h);
                        r?;
                    }
                }
            }
            _ => {
                let t = vm.type_name(v);
                return Err(vm.type_error(format!("Object of type {t} is not JSON serializable")));
            }
        }
        Ok(())
    }

    fn encode_seq(
        &mut self,
        vm: &mut Vm,
        seq: Value,
        out: &mut String,
        level: usize,
    ) -> PyResult<()> {
        let items = vm.seq_items(seq)?;
        if items.is_empty() {
            out.push_str("[]");
            return Ok(());
        }
        out.push('[');
        self.newline(out, level + 1);
        for (i, &x) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(&self.item_sep);
                self.newline(out, level + 1);
            }
            self.encode(vm, x, out, level + 1)?;
        }
        self.newline(out, level);
        out.push(']');
        Ok(())
    }

    fn encode_map(&mut self, vm: &mut Vm, d: Gc, out: &mut String, level: usize) -> PyResult<()> {
        let mut pairs: Vec<(Value, Value)> = match vm.heap.get(d) {
            Obj::Dict(t) => t.iter().collect(),
            _ => Vec::new(),
        };
        if pairs.is_empty() {
            out.push_str("{}");
            return Ok(());
        }
        if self.sort_keys {
            let keys: Vec<Value> = pairs.iter().map(|p| p.0).collect();
            let sorted = vm
                .sort_values(keys, Value::None, false)
                .map_err(|(e, _)| e)?;
            let mut reordered = Vec::with_capacity(pairs.len());
            for k in sorted {
                if let Some(p) = pairs.iter().position(|p| p.0.is(k)) {
                    reordered.push(pairs.swap_remove(p));
                }
            }
            pairs = reordered;
        }
        out.push('{');
        let mut first = true;
        for (k, v) in pairs {
            let Some(ks) = self.key(vm, k)? else { continue };
            if first {
                self.newline(out, level + 1);
                first = false;
            } else {
                out.push_str(&self.item_sep);
                self.newline(out, level + 1);
            }
            match ks {
                Key::Str(s) => self.str_value(vm, s, out),
                Key::Text(t) => encode_str(&t, self.ensure_ascii, out),
            }
            out.push_str(&self.key_sep);
            self.encode(vm, v, out, level + 1)?;
        }
        if !first {
            self.newline(out, level);
        }
        out.push('}');
        Ok(())
    }
}

/// The JSON text of `obj` as a str value.
fn dumps_string(vm: &mut Vm, obj: Value, kw: Kw) -> PyResult {
    let mut enc = make_encoder(vm, kw)?;
    let mut out = String::new();
    enc.encode(vm, obj, &mut out, 0)?;
    if enc.sur.is_empty() {
        return vm.new_string(out);
    }
    // Lone surrogates go where the text has U+FFFD for them.
    let mut b = StrBuf::with_capacity(out.len());
    let mut last = 0;
    for &(at, u) in &enc.sur {
        b.push_str(out.get(last..at).unwrap_or(""));
        b.push_cp(u as u32);
        last = at + '\u{fffd}'.len_utf8();
    }
    b.push_str(out.get(last..).unwrap_or(""));
    vm.new_strbuf(b)
}

fn dumps(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    if let Some(r) = with_cls(vm, "dumps_with_cls", a, kw) {
        return r;
    }
    if a.len() != 1 {
        return Err(vm.type_error(format!(
            "dumps() takes 1 positional argument but {} were given",
            a.len()
        )));
    }
    dumps_string(vm, a[0], kw)
}

fn dump(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    if let Some(r) = with_cls(vm, "dump_with_cls", a, kw) {
        return r;
    }
    if a.len() != 2 {
        return Err(vm.type_error(format!(
            "dump() takes 2 positional arguments but {} were given",
            a.len()
        )));
    }
    let s = dumps_string(vm, a[0], kw)?;
    vm.call_method_by_name(a[1], "write", &[s])?;
    Ok(Value::None)
}

// ---------------------------------------------------------------- decoding

struct Decoder<'a> {
    s: &'a [char],
    /// The source's code points when it has lone surrogates (`s` has
    /// U+FFFD at each).
    wide: Option<Vec<u32>>,
    object_hook: Value,
    pairs_hook: Value,
    parse_float: Value,
    parse_int: Value,
}

/// A parse failure: message and char position, turned into JSONDecodeError.
struct Fail(&'static str, usize);

enum Err2 {
    Parse(Fail),
    Py(crate::PyErr),
}

impl From<crate::PyErr> for Err2 {
    fn from(e: crate::PyErr) -> Err2 {
        Err2::Py(e)
    }
}

type DResult<T> = Result<T, Err2>;

fn is_ws(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

impl Decoder<'_> {
    fn skip_ws(&self, mut i: usize) -> usize {
        while i < self.s.len() && is_ws(self.s[i]) {
            i += 1;
        }
        i
    }

    fn at(&self, i: usize) -> Option<char> {
        self.s.get(i).copied()
    }

    fn starts_with(&self, i: usize, word: &str) -> bool {
        let n = word.chars().count();
        i + n <= self.s.len() && self.s[i..i + n].iter().copied().eq(word.chars())
    }

    /// Parses one value starting at `i` (no leading whitespace); returns it and the end.
    fn value(&self, vm: &mut Vm, i: usize) -> DResult<(Value, usize)> {
        match self.at(i) {
            Some('"') => {
                let (s, end) = self.string(i + 1)?;
                Ok((vm.new_strbuf(s)?, end))
            }
            Some('{') => {
                vm.enter_recursion()?;
                let r = self.object(vm, i + 1);
                vm.leave_recursion();
                r
            }
            Some('[') => {
                vm.enter_recursion()?;
                let r = self.array(vm, i + 1);
                vm.leave_recursion();
                r
            }
            Some('n') if self.starts_with(i, "null") => Ok((Value::None, i + 4)),
            Some('t') if self.starts_with(i, "true") => Ok((Value::Bool(true), i + 4)),
            Some('f') if self.starts_with(i, "false") => Ok((Value::Bool(false), i + 5)),
            Some('N') if self.starts_with(i, "NaN") => Ok((Value::Float(f64::NAN), i + 3)),
            Some('I') if self.starts_with(i, "Infinity") => {
                Ok((Value::Float(f64::INFINITY), i + 8))
            }
            Some('-') if self.starts_with(i, "-Infinity") => {
                Ok((Value::Float(f64::NEG_INFINITY), i + 9))
            }
            Some(c) if c == '-' || c.is_ascii_digit() => self.number(vm, i),
            _ => Err(Err2::Parse(Fail("Expecting value", i))),
        }
    }

    fn number(&self, vm: &mut Vm, start: usize) -> DResult<(Value, usize)> {
        let mut i = start;
        if self.at(i) == Some('-') {
            i += 1;
        }
        match self.at(i) {
            Some('0') => i += 1,
            Some(c) if c.is_ascii_digit() => {
                while self.at(i).is_some_and(|c| c.is_ascii_digit()) {
                    i += 1;
                }
            }
            _ => return Err(Err2::Parse(Fail("Expecting value", start))),
        }
        let mut is_float = false;
        if self.at(i) == Some('.') && self.at(i + 1).is_some_and(|c| c.is_ascii_digit()) {
            is_float = true;
            i += 1;
            while self.at(i).is_some_and(|c| c.is_ascii_digit()) {
                i += 1;
            }
        }
        if matches!(self.at(i), Some('e' | 'E')) {
            let mut j = i + 1;
            if matches!(self.at(j), Some('+' | '-')) {
                j += 1;
            }
            if self.at(j).is_some_and(|c| c.is_ascii_digit()) {
                while self.at(j).is_some_and(|c| c.is_ascii_digit()) {
                    j += 1;
                }
                is_float = true;
                i = j;
            }
        }
        let text: String = self.s[start..i].iter().collect();
        let v = if is_float {
            if !self.parse_float.is_none() {
                let t = vm.new_string(text)?;
                vm.call(self.parse_float, &[t], &[])?
            } else {
                Value::Float(text.parse::<f64>().unwrap_or(f64::NAN))
            }
        } else if !self.parse_int.is_none() {
            let t = vm.new_string(text)?;
            vm.call(self.parse_int, &[t], &[])?
        } else {
            match text.parse::<i64>() {
                Ok(n) => Value::Int(n),
                Err(_) => match text.parse::<num_bigint::BigInt>() {
                    Ok(b) => vm.new_bigint(b)?,
                    Err(_) => return Err(Err2::Parse(Fail("Expecting value", start))),
                },
            }
        };
        Ok((v, i))
    }

    /// A string body after the opening quote at `i - 1`.
    fn string(&self, mut i: usize) -> DResult<(StrBuf, usize)> {
        let begin = i - 1;
        let mut out = StrBuf::default();
        loop {
            let Some(c) = self.at(i) else {
                return Err(Err2::Parse(Fail("Unterminated string starting at", begin)));
            };
            match c {
                '"' => return Ok((out, i + 1)),
                '\\' => {
                    let Some(e) = self.at(i + 1) else {
                        return Err(Err2::Parse(Fail("Unterminated string starting at", begin)));
                    };
                    i += 2;
                    match e {
                        '"' => out.push('"'),
                        '\\' => out.push('\\'),
                        '/' => out.push('/'),
                        'b' => out.push('\u{8}'),
                        'f' => out.push('\u{c}'),
                        'n' => out.push('\n'),
                        'r' => out.push('\r'),
                        't' => out.push('\t'),
                        'u' => {
                            let hi = self
                                .hex4(i)
                                .ok_or(Err2::Parse(Fail("Invalid \\uXXXX escape", i - 1)))?;
                            i += 4;
                            let mut cp = hi;
                            if (0xd800..0xdc00).contains(&hi)
                                && self.at(i) == Some('\\')
                                && self.at(i + 1) == Some('u')
                            {
                                if let Some(lo) = self.hex4(i + 2) {
                                    if (0xdc00..0xe000).contains(&lo) {
                                        cp = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
                                        i += 6;
                                    }
                                }
                            }
                            out.push_cp(cp);
                        }
                        _ => return Err(Err2::Parse(Fail("Invalid \\escape", i - 2))),
                    }
                }
                c if (c as u32) < 0x20 => {
                    return Err(Err2::Parse(Fail("Invalid control character at", i)))
                }
                c => {
                    match &self.wide {
                        Some(w) => out.push_cp(w.get(i).copied().unwrap_or(c as u32)),
                        None => out.push(c),
                    }
                    i += 1;
                }
            }
        }
    }

    fn hex4(&self, i: usize) -> Option<u32> {
        if i + 4 > self.s.len() {
            return None;
        }
        let mut v = 0;
        for &c in &self.s[i..i + 4] {
            v = v * 16 + c.to_digit(16)?;
        }
        Some(v)
    }

    fn array(&self, vm: &mut Vm, i: usize) -> DResult<(Value, usize)> {
        let mut items = Vec::new();
        let mut i = self.skip_ws(i);
        if self.at(i) == Some(']') {
            return Ok((vm.new_list(items)?, i + 1));
        }
        loop {
            let (v, end) = self.value(vm, i)?;
            vm.temp_roots.push(v);
            items.push(v);
            i = self.skip_ws(end);
            match self.at(i) {
                Some(']') => return Ok((vm.new_list(items)?, i + 1)),
                Some(',') => i = self.skip_ws(i + 1),
                _ => return Err(Err2::Parse(Fail("Expecting ',' delimiter", i))),
            }
        }
    }

    fn object(&self, vm: &mut Vm, i: usize) -> DResult<(Value, usize)> {
        let mut pairs: Vec<(Value, Value)> = Vec::new();
        let mut i = self.skip_ws(i);
        if self.at(i) != Some('}') {
            loop {
                if self.at(i) != Some('"') {
                    return Err(Err2::Parse(Fail(
                        "Expecting property name enclosed in double quotes",
                        i,
                    )));
                }
                let (k, end) = self.string(i + 1)?;
                let k = vm.new_strbuf(k)?;
                i = self.skip_ws(end);
                if self.at(i) != Some(':') {
                    return Err(Err2::Parse(Fail("Expecting ':' delimiter", i)));
                }
                i = self.skip_ws(i + 1);
                let (v, end) = self.value(vm, i)?;
                vm.temp_roots.push(v);
                pairs.push((k, v));
                i = self.skip_ws(end);
                match self.at(i) {
                    Some('}') => break,
                    Some(',') => i = self.skip_ws(i + 1),
                    _ => return Err(Err2::Parse(Fail("Expecting ',' delimiter", i))),
                }
            }
        }
        let end = i + 1;
        if !self.pairs_hook.is_none() {
            let mut tuples = Vec::with_capacity(pairs.len());
            for (k, v) in pairs {
                tuples.push(vm.new_tuple(vec![k, v])?);
            }
            let l = vm.new_list(tuples)?;
            return Ok((vm.call(self.pairs_hook, &[l], &[])?, end));
        }
        let d = vm.new_dict()?;
        for (k, v) in pairs {
            vm.dict_set(d, k, v)?;
        }
        if !self.object_hook.is_none() {
            return Ok((vm.call(self.object_hook, &[d], &[])?, end));
        }
        Ok((d, end))
    }
}

fn decode_error(vm: &mut Vm, chars: &[char], f: Fail) -> crate::PyErr {
    let Fail(msg, pos) = f;
    let pos = pos.min(chars.len());
    let before = &chars[..pos];
    let line = before.iter().filter(|&&c| c == '\n').count() + 1;
    let col = match before.iter().rposition(|&c| c == '\n') {
        Some(nl) => pos - nl,
        None => pos + 1,
    };
    let text = format!("{msg}: line {line} column {col} (char {pos})");
    let class = decode_error_class(vm);
    let e = match vm.new_string(text) {
        Ok(s) => vm.new_exception(class, vec![s]),
        Err(e) => return e,
    };
    // msg, doc, pos, lineno and colno, as CPython's error carries them
    // (the error rooted while they are made).
    let mark = vm.temp_roots.len();
    vm.temp_roots.push(e.value());
    let doc: String = chars.iter().collect();
    let set = |vm: &mut Vm, name: &str, v: PyResult| {
        v.and_then(|v| {
            let n = vm.intern(name);
            vm.setattr(e.value(), n, v)
        })
    };
    let r = (|| {
        let m = vm.new_str(msg);
        set(vm, "msg", m)?;
        let d = vm.new_string(doc);
        set(vm, "doc", d)?;
        set(vm, "pos", Ok(Value::Int(pos as i64)))?;
        set(vm, "lineno", Ok(Value::Int(line as i64)))?;
        set(vm, "colno", Ok(Value::Int(col as i64)))
    })();
    vm.temp_roots.truncate(mark);
    match r {
        Ok(()) => e,
        Err(x) => x,
    }
}

/// `json.JSONDecodeError`, found through `sys.modules` (natives have no closure).
fn decode_error_class(vm: &mut Vm) -> Gc {
    let modules = vm.modules;
    if let Some(Value::Obj(m)) = vm.dict_get_str(modules, "json") {
        if let Some(Value::Obj(c)) = vm.dict_get_str(m, "JSONDecodeError") {
            if matches!(vm.heap.get(c), Obj::Class(_)) {
                return c;
            }
        }
    }
    vm.exc_class(ExcKind::ValueError)
}

fn loads_impl(vm: &mut Vm, src: Value, kw: Kw) -> PyResult {
    let text: String = {
        let b = vm.builtin_base(src);
        match b {
            Value::Obj(h) => match vm.heap.get(h) {
                Obj::Str(s) => s.s.to_string(),
                Obj::Bytes(x) => String::from_utf8_lossy(x).into_owned(),
                Obj::ByteArray(x) => String::from_utf8_lossy(x).into_owned(),
                _ => {
                    let t = vm.type_name(src);
                    return Err(vm.type_error(format!(
                        "the JSON object must be str, bytes or bytearray, not {t}"
                    )));
                }
            },
            _ => {
                let t = vm.type_name(src);
                return Err(vm.type_error(format!(
                    "the JSON object must be str, bytes or bytearray, not {t}"
                )));
            }
        }
    };
    let chars: Vec<char> = text.chars().collect();
    let wide = crate::types::strbuf::wide_of(vm, vm.builtin_base(src));
    let hook = |name| kwarg(vm, kw, name).unwrap_or(Value::None);
    let dec = Decoder {
        s: &chars,
        wide,
        object_hook: hook("object_hook"),
        pairs_hook: hook("object_pairs_hook"),
        parse_float: hook("parse_float"),
        parse_int: hook("parse_int"),
    };
    let start = dec.skip_ws(0);
    let r = dec.value(vm, start).and_then(|(v, end)| {
        let end = dec.skip_ws(end);
        if end != chars.len() {
            return Err(Err2::Parse(Fail("Extra data", end)));
        }
        Ok(v)
    });
    match r {
        Ok(v) => Ok(v),
        Err(Err2::Py(e)) => Err(e),
        Err(Err2::Parse(f)) => Err(decode_error(vm, &chars, f)),
    }
}

fn loads(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    if let Some(r) = with_cls(vm, "loads_with_cls", a, kw) {
        return r;
    }
    if a.len() != 1 {
        return Err(vm.type_error(format!(
            "loads() takes 1 positional argument but {} were given",
            a.len()
        )));
    }
    loads_impl(vm, a[0], kw)
}

fn load(vm: &mut Vm, a: &[Value], kw: Kw) -> PyResult {
    if let Some(r) = with_cls(vm, "load_with_cls", a, kw) {
        return r;
    }
    if a.len() != 1 {
        return Err(vm.type_error(format!(
            "load() takes 1 positional argument but {} were given",
            a.len()
        )));
    }
    let s = vm.call_method_by_name(a[0], "read", &[])?;
    loads_impl(vm, s, kw)
}
