//! `str` methods, `%`-formatting, and byte-string helpers.

use crate::obj::Obj;
use crate::types::MethodDef;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

pub const METHODS: &[MethodDef] = &[
    ("join", str_join, false),
    ("split", str_split, true),
    ("strip", str_strip, false),
    ("lstrip", str_lstrip, false),
    ("rstrip", str_rstrip, false),
    ("upper", str_upper, false),
    ("lower", str_lower, false),
    ("startswith", str_startswith, false),
    ("endswith", str_endswith, false),
    ("find", str_find, false),
    ("replace", str_replace, false),
    ("format", str_format, true),
    ("isdigit", str_isdigit, false),
    ("isalpha", str_isalpha, false),
    ("isspace", str_isspace, false),
    ("encode", str_encode, true),
    ("count", str_count, false),
];

fn arg(a: &[Value], i: usize) -> Value {
    a.get(i).copied().unwrap_or(Value::None)
}

/// The `str` contents of argument `i` (TypeError otherwise).
fn s(vm: &mut Vm, a: &[Value], i: usize) -> PyResult<String> {
    let v = vm.builtin_base(arg(a, i));
    match vm.heap.str_of(v) {
        Some(x) => Ok(x.to_string()),
        None => {
            let t = vm.type_name(v);
            Err(vm.type_error(format!("expected str, got {t}")))
        }
    }
}

fn opt_s(vm: &mut Vm, a: &[Value], i: usize) -> PyResult<Option<String>> {
    if arg(a, i).is_none() {
        Ok(None)
    } else {
        s(vm, a, i).map(Some)
    }
}

fn str_join(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let sep = s(vm, a, 0)?;
    let items = vm.iter_to_vec(arg(a, 1))?;
    let mut out = String::new();
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(&sep);
        }
        match vm.heap.str_of(*it) {
            Some(x) => out.push_str(x),
            None => {
                let t = vm.type_name(*it);
                return Err(vm.type_error(format!("sequence item {i}: expected str instance, {t} found")));
            }
        }
    }
    vm.new_string(out)
}

fn str_split(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    let text = s(vm, a, 0)?;
    let mut sep = if a.len() > 1 { opt_s(vm, a, 1)? } else { None };
    let mut maxsplit = if a.len() > 2 { vm.index_value(a[2])? } else { -1 };
    for &(k, v) in kw {
        match vm.heap.str_of(k) {
            Some("sep") => sep = if v.is_none() { None } else { Some(vm.to_str(v)?) },
            Some("maxsplit") => maxsplit = vm.index_value(v)?,
            _ => return Err(vm.type_error("split() got an unexpected keyword argument")),
        }
    }
    let parts: Vec<String> = match sep {
        Some(sep) => {
            if sep.is_empty() {
                return Err(vm.value_error("empty separator"));
            }
            if maxsplit < 0 {
                text.split(sep.as_str()).map(String::from).collect()
            } else {
                text.splitn(maxsplit as usize + 1, sep.as_str()).map(String::from).collect()
            }
        }
        None => {
            let mut out = Vec::new();
            let mut rest = text.trim_start();
            while !rest.is_empty() {
                if maxsplit >= 0 && out.len() as i64 == maxsplit {
                    out.push(rest.to_string());
                    break;
                }
                let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                out.push(rest[..end].to_string());
                rest = rest[end..].trim_start();
            }
            out
        }
    };
    let mut vals = Vec::with_capacity(parts.len());
    for p in parts {
        vals.push(vm.new_string(p)?);
    }
    vm.charge(vals.len() * 16)?;
    vm.new_list(vals)
}

fn strip_impl(vm: &mut Vm, a: &[Value], left: bool, right: bool) -> PyResult {
    let text = s(vm, a, 0)?;
    let chars = opt_s(vm, a, 1)?;
    let pred = |c: char| match &chars {
        Some(cs) => cs.contains(c),
        None => c.is_whitespace(),
    };
    let mut r: &str = &text;
    if left {
        r = r.trim_start_matches(pred);
    }
    if right {
        r = r.trim_end_matches(pred);
    }
    let r = r.to_string();
    vm.new_string(r)
}

fn str_strip(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    strip_impl(vm, a, true, true)
}
fn str_lstrip(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    strip_impl(vm, a, true, false)
}
fn str_rstrip(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    strip_impl(vm, a, false, true)
}
fn str_upper(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let t = s(vm, a, 0)?.to_uppercase();
    vm.new_string(t)
}
fn str_lower(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let t = s(vm, a, 0)?.to_lowercase();
    vm.new_string(t)
}

fn affix(vm: &mut Vm, a: &[Value], start: bool) -> PyResult {
    let text = s(vm, a, 0)?;
    let cands = match arg(a, 1) {
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::Tuple(_)) => vm.seq_items(arg(a, 1))?,
        v => vec![v],
    };
    for c in cands {
        let Some(p) = vm.heap.str_of(c) else {
            return Err(vm.type_error("startswith first arg must be str or a tuple of str"));
        };
        if (start && text.starts_with(p)) || (!start && text.ends_with(p)) {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}
fn str_startswith(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    affix(vm, a, true)
}
fn str_endswith(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    affix(vm, a, false)
}
fn str_find(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let text = s(vm, a, 0)?;
    let sub = s(vm, a, 1)?;
    Ok(Value::Int(match text.find(&sub) {
        Some(b) => text[..b].chars().count() as i64,
        None => -1,
    }))
}
fn str_count(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let text = s(vm, a, 0)?;
    let sub = s(vm, a, 1)?;
    Ok(Value::Int(if sub.is_empty() { text.chars().count() as i64 + 1 } else { text.matches(&sub).count() as i64 }))
}
fn str_replace(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let text = s(vm, a, 0)?;
    let old = s(vm, a, 1)?;
    let new = s(vm, a, 2)?;
    let count = if a.len() > 3 { vm.index_value(a[3])? } else { -1 };
    let r = if count < 0 { text.replace(&old, &new) } else { text.replacen(&old, &new, count as usize) };
    vm.new_string(r)
}
fn str_isdigit(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let t = s(vm, a, 0)?;
    Ok(Value::Bool(!t.is_empty() && t.chars().all(|c| c.is_ascii_digit())))
}
fn str_isalpha(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let t = s(vm, a, 0)?;
    Ok(Value::Bool(!t.is_empty() && t.chars().all(char::is_alphabetic)))
}
fn str_isspace(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let t = s(vm, a, 0)?;
    Ok(Value::Bool(!t.is_empty() && t.chars().all(char::is_whitespace)))
}
fn str_encode(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let t = s(vm, a, 0)?;
    Ok(Value::Obj(vm.alloc(Obj::Bytes(t.into_bytes().into_boxed_slice()))?))
}

/// `str.format`: `{}` / `{0}` / `{name}` fields with attribute and index
/// access, `!r/!s/!a` conversions and format specs.
fn str_format(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    let fmt = s(vm, a, 0)?;
    let args = &a[1..];
    let mut out = String::new();
    let mut auto = 0usize;
    let chars: Vec<char> = fmt.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '{' {
            if chars.get(i + 1) == Some(&'{') {
                out.push('{');
                i += 2;
                continue;
            }
            let mut depth = 1;
            let mut j = i + 1;
            while j < chars.len() && depth > 0 {
                match chars[j] {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                j += 1;
            }
            if depth != 0 {
                return Err(vm.value_error("expected '}' before end of string"));
            }
            let field: String = chars[i + 1..j - 1].iter().collect();
            let (field, spec) = match field.find(':') {
                Some(p) => (field[..p].to_string(), field[p + 1..].to_string()),
                None => (field, String::new()),
            };
            let (field, conv) = match field.find('!') {
                Some(p) => (field[..p].to_string(), field[p + 1..].chars().next()),
                None => (field, None),
            };
            let name_end = field.find(['.', '[']).unwrap_or(field.len());
            let head = &field[..name_end];
            let mut v = if head.is_empty() {
                let v = args.get(auto).copied();
                auto += 1;
                v.ok_or_else(|| vm.index_error(format!("Replacement index {} out of range for positional args tuple", auto - 1)))?
            } else if let Ok(n) = head.parse::<usize>() {
                args.get(n)
                    .copied()
                    .ok_or_else(|| vm.index_error(format!("Replacement index {n} out of range for positional args tuple")))?
            } else {
                let mut found = None;
                for &(k, x) in kw {
                    if vm.heap.str_of(k) == Some(head) {
                        found = Some(x);
                    }
                }
                match found {
                    Some(x) => x,
                    None => {
                        let k = vm.new_str(head)?;
                        return Err(vm.key_error(k));
                    }
                }
            };
            let mut rest = &field[name_end..];
            while !rest.is_empty() {
                if let Some(r) = rest.strip_prefix('.') {
                    let end = r.find(['.', '[']).unwrap_or(r.len());
                    v = vm.getattr_str(v, &r[..end])?;
                    rest = &r[end..];
                } else if let Some(r) = rest.strip_prefix('[') {
                    let end = r.find(']').unwrap_or(r.len());
                    let key = &r[..end];
                    let k = match key.parse::<i64>() {
                        Ok(n) => Value::Int(n),
                        Err(_) => vm.new_str(key)?,
                    };
                    v = vm.getitem(v, k)?;
                    rest = r.get(end + 1..).unwrap_or("");
                } else {
                    break;
                }
            }
            let v = match conv {
                Some('r') => {
                    let r = vm.repr(v)?;
                    vm.new_string(r)?
                }
                Some('s') => vm.str_value(v)?,
                Some('a') => {
                    let r = vm.repr(v)?;
                    vm.new_string(crate::repr::ascii_escape(&r))?
                }
                _ => v,
            };
            // Nested fields in the spec, e.g. {:{width}}.
            let spec = if spec.contains('{') {
                let sv = vm.new_string(spec)?;
                let mut na = vec![sv];
                na.extend_from_slice(&args[auto.min(args.len())..]);
                let r = str_format(vm, &na, kw)?;
                vm.to_str(r)?
            } else {
                spec
            };
            out.push_str(&vm.format(v, &spec)?);
            i = j;
        } else if c == '}' {
            if chars.get(i + 1) == Some(&'}') {
                out.push('}');
                i += 2;
                continue;
            }
            return Err(vm.value_error("Single '}' encountered in format string"));
        } else {
            out.push(c);
            i += 1;
        }
    }
    vm.new_string(out)
}

/// `fmt % args` for str.
pub fn percent_format(vm: &mut Vm, fmt_v: Value, args: Value) -> PyResult {
    let fmt = vm.heap.str_of(fmt_v).unwrap_or("").to_string();
    let is_tuple = matches!(args, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Tuple(_)));
    let is_mapping = matches!(args, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Dict(_)));
    let items = if is_tuple { vm.seq_items(args)? } else { vec![args] };
    let mut idx = 0usize;
    let mut out = String::new();
    let chars: Vec<char> = fmt.chars().collect();
    let mut i = 0;
    let mut next_arg = |vm: &mut Vm, idx: &mut usize| -> PyResult<Value> {
        let v = items.get(*idx).copied();
        *idx += 1;
        v.ok_or_else(|| vm.type_error("not enough arguments for format string"))
    };
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut mapped = None;
        if chars.get(i) == Some(&'(') {
            let end = chars[i..].iter().position(|&c| c == ')').map(|p| p + i);
            let Some(end) = end else { return Err(vm.value_error("incomplete format key")) };
            let key: String = chars[i + 1..end].iter().collect();
            let k = vm.new_string(key)?;
            mapped = Some(vm.getitem(args, k)?);
            i = end + 1;
        }
        let mut flags = numfmt::PercentFlags::default();
        while let Some(&f) = chars.get(i) {
            match f {
                '-' => flags.left = true,
                '+' => flags.plus = true,
                ' ' => flags.space = true,
                '#' => flags.alt = true,
                '0' => flags.zero = true,
                _ => break,
            }
            i += 1;
        }
        let mut width = 0usize;
        if chars.get(i) == Some(&'*') {
            let w = next_arg(vm, &mut idx)?;
            let w = vm.index_value(w)?;
            if w < 0 {
                flags.left = true;
            }
            width = w.unsigned_abs() as usize;
            i += 1;
        } else {
            while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                width = width.saturating_mul(10).saturating_add(d as usize);
                i += 1;
            }
        }
        let mut precision = None;
        if chars.get(i) == Some(&'.') {
            i += 1;
            let mut p = 0usize;
            if chars.get(i) == Some(&'*') {
                let w = next_arg(vm, &mut idx)?;
                p = vm.index_value(w)?.max(0) as usize;
                i += 1;
            } else {
                while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                    p = p.saturating_mul(10).saturating_add(d as usize);
                    i += 1;
                }
            }
            precision = Some(p);
        }
        let Some(&conv) = chars.get(i) else { return Err(vm.value_error("incomplete format")) };
        i += 1;
        if conv == '%' {
            out.push('%');
            continue;
        }
        let v = match mapped {
            Some(v) => v,
            None => next_arg(vm, &mut idx)?,
        };
        let piece = match conv {
            's' | 'r' | 'a' => {
                let mut t = match conv {
                    's' => vm.to_str(v)?,
                    'r' => vm.repr(v)?,
                    _ => crate::repr::ascii_escape(&vm.repr(v)?),
                };
                if let Some(p) = precision {
                    t = t.chars().take(p).collect();
                }
                pad(&t, width, flags.left)
            }
            'c' => {
                let t = match v {
                    Value::Int(n) => char::from_u32(n as u32).map(String::from).unwrap_or_default(),
                    _ => vm.to_str(v)?,
                };
                pad(&t, width, flags.left)
            }
            'd' | 'i' | 'u' | 'o' | 'x' | 'X' => {
                let n = match v {
                    Value::Float(f) => {
                        let b = numfmt::float_to_bigint(f.trunc()).map_err(|e| vm.num_err(e))?;
                        vm.new_bigint(b)?
                    }
                    _ => v,
                };
                let r = match crate::types::num::as_num(&vm.heap, n) {
                    Some(crate::types::num::Num::I(x)) => numfmt::percent_format_i64(x, flags, width, precision, conv),
                    Some(crate::types::num::Num::B(b)) => numfmt::percent_format_int(&b, flags, width, precision, conv),
                    _ => {
                        let t = vm.type_name(v);
                        return Err(vm.type_error(format!("%{conv} format: a real number is required, not {t}")));
                    }
                };
                r.map_err(|e| vm.num_err(e))?
            }
            'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
                let f = match crate::types::num::as_num(&vm.heap, v).as_ref().and_then(crate::types::num::to_f64) {
                    Some(f) => f,
                    None => {
                        let t = vm.type_name(v);
                        return Err(vm.type_error(format!("must be real number, not {t}")));
                    }
                };
                numfmt::percent_format_float(f, flags, width, precision, conv).map_err(|e| vm.num_err(e))?
            }
            other => {
                return Err(vm.value_error(format!(
                    "unsupported format character '{other}' (0x{:x}) at index {}",
                    other as u32,
                    i - 1
                )))
            }
        };
        out.push_str(&piece);
    }
    if idx < items.len() && !is_mapping && is_tuple {
        return Err(vm.type_error("not all arguments converted during string formatting"));
    }
    if !is_tuple && !is_mapping && idx == 0 && !items.is_empty() {
        return Err(vm.type_error("not all arguments converted during string formatting"));
    }
    vm.new_string(out)
}

fn pad(s: &str, width: usize, left: bool) -> String {
    let n = s.chars().count();
    if n >= width {
        return s.to_string();
    }
    let fill = " ".repeat(width - n);
    if left {
        format!("{s}{fill}")
    } else {
        format!("{fill}{s}")
    }
}

/// The bytes of a bytes-like value.
pub fn bytes_of(vm: &mut Vm, v: Value) -> PyResult<Vec<u8>> {
    if let Value::Obj(h) = v {
        match vm.heap.get(h) {
            Obj::Bytes(b) => return Ok(b.to_vec()),
            Obj::ByteArray(b) => return Ok(b.clone()),
            _ => {}
        }
    }
    let items = vm.iter_to_vec(v)?;
    let mut out = Vec::with_capacity(items.len());
    for x in items {
        let n = vm.index_value(x)?;
        if !(0..256).contains(&n) {
            return Err(vm.value_error("bytes must be in range(0, 256)"));
        }
        out.push(n as u8);
    }
    Ok(out)
}

pub fn bytes_contains(vm: &mut Vm, container: Value, item: Value) -> PyResult<bool> {
    let hay = bytes_of(vm, container)?;
    match item {
        Value::Int(n) => Ok(hay.contains(&(n as u8)) && (0..256).contains(&n)),
        _ => {
            let needle = bytes_of(vm, item)?;
            Ok(needle.is_empty() || hay.windows(needle.len()).any(|w| w == needle.as_slice()))
        }
    }
}
