//! `str` methods, `%`-formatting, and byte-string helpers.

use crate::obj::Obj;
use crate::types::strsearch;
use crate::types::MethodDef;
use crate::value::Value;
use crate::vm::Vm;
use crate::PyResult;

pub const METHODS: &[MethodDef] = &[
    ("join", str_join, false),
    ("split", str_split, true),
    ("rsplit", str_rsplit, true),
    ("splitlines", str_splitlines, true),
    ("strip", str_strip, false),
    ("lstrip", str_lstrip, false),
    ("rstrip", str_rstrip, false),
    ("upper", str_upper, false),
    ("lower", str_lower, false),
    ("casefold", str_casefold, false),
    ("title", str_title, false),
    ("capitalize", str_capitalize, false),
    ("swapcase", str_swapcase, false),
    ("startswith", str_startswith, false),
    ("endswith", str_endswith, false),
    ("find", strsearch::str_find, false),
    ("rfind", strsearch::str_rfind, false),
    ("index", strsearch::str_index, false),
    ("rindex", strsearch::str_rindex, false),
    ("count", strsearch::str_count, false),
    ("replace", strsearch::str_replace, false),
    ("format", str_format, true),
    ("format_map", str_format_map, false),
    ("isdigit", str_isdigit, false),
    ("isdecimal", str_isdecimal, false),
    ("isnumeric", str_isnumeric, false),
    ("isalpha", str_isalpha, false),
    ("isalnum", str_isalnum, false),
    ("isspace", str_isspace, false),
    ("isupper", str_isupper, false),
    ("islower", str_islower, false),
    ("istitle", str_istitle, false),
    ("isidentifier", str_isidentifier, false),
    ("isprintable", str_isprintable, false),
    ("isascii", str_isascii, false),
    ("encode", str_encode, true),
    ("partition", strsearch::str_partition, false),
    ("rpartition", strsearch::str_rpartition, false),
    ("center", str_center, false),
    ("ljust", str_ljust, false),
    ("rjust", str_rjust, false),
    ("zfill", str_zfill, false),
    ("expandtabs", str_expandtabs, true),
    ("removeprefix", str_removeprefix, false),
    ("removesuffix", str_removesuffix, false),
    ("translate", str_translate, false),
];

pub const STATICMETHODS: &[MethodDef] = &[("maketrans", str_maketrans, false)];

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
    let sep_v = vm.builtin_base(arg(a, 0));
    if vm.heap.pystr(sep_v).is_none() {
        s(vm, a, 0)?;
    }
    let mut iterable = arg(a, 1);
    if !matches!(iterable, Value::Obj(h) if matches!(vm.heap.get(h), Obj::List(_) | Obj::Tuple(_)))
    {
        iterable = match vm.get_iter(iterable) {
            Ok(it) => it,
            Err(e) if vm.err_is(e, crate::errors::ExcKind::TypeError) => {
                return Err(vm.type_error("can only join an iterable"))
            }
            Err(e) => return Err(e),
        };
        vm.temp_roots.push(iterable);
    }
    let mut items = vm.iter_to_vec(iterable)?;
    // One pass finds each item's text (a str subclass joins as its str
    // value), the result's size and whether any item has surrogates.
    let (mut total, mut wide, mut bad) = (0usize, false, None);
    for (i, it) in items.iter_mut().enumerate() {
        if vm.heap.pystr(*it).is_none() {
            let base = vm.builtin_base(*it);
            if vm.heap.pystr(base).is_some() {
                *it = base;
            }
        }
        match vm.heap.pystr(*it) {
            Some(p) => {
                total = total.saturating_add(p.s.len());
                wide |= p.has_surrogates();
            }
            None => {
                bad = Some(i);
                break;
            }
        }
    }
    if let Some(i) = bad {
        let t = vm.type_name(items[i]);
        return Err(vm.type_error(format!(
            "sequence item {i}: expected str instance, {t} found"
        )));
    }
    let sep = vm.heap.pystr(sep_v).map_or(0, |p| p.s.len());
    total = total.saturating_add(sep.saturating_mul(items.len().saturating_sub(1)));
    // The result must fit the quota before it is built (joining 10**4
    // references to one 1 MB string asked the host for 10 GB).
    vm.reserve_temp(total)?;
    if wide || vm.heap.pystr(sep_v).is_some_and(|p| p.has_surrogates()) {
        return join_wide(vm, sep_v, &items);
    }
    let mut out = String::with_capacity(total);
    let sep = vm.heap.str_of(sep_v).unwrap_or_default();
    for (i, &it) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(vm.heap.str_of(it).unwrap_or_default());
    }
    vm.new_string(out)
}

/// `join` when the separator or an item has lone surrogates.
fn join_wide(vm: &mut Vm, sep: Value, items: &[Value]) -> PyResult {
    let mut out = crate::types::strbuf::StrBuf::default();
    for (i, &it) in items.iter().enumerate() {
        if i > 0 {
            if let Some(p) = vm.heap.pystr(sep) {
                out.push_pystr(p);
            }
        }
        match vm.heap.pystr(it) {
            Some(p) => out.push_pystr(p),
            None => {
                let t = vm.type_name(it);
                return Err(vm.type_error(format!(
                    "sequence item {i}: expected str instance, {t} found"
                )));
            }
        }
    }
    vm.new_strbuf(out)
}

fn str_split(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_split) {
        return r;
    }
    let text_v = vm.builtin_base(arg(a, 0));
    if vm.heap.str_of(text_v).is_none() {
        s(vm, a, 0)?;
    }
    let mut sep = if a.len() > 1 { opt_s(vm, a, 1)? } else { None };
    let mut maxsplit = if a.len() > 2 {
        vm.index_value(a[2])?
    } else {
        -1
    };
    for &(k, v) in kw {
        match vm.heap.str_of(k) {
            Some("sep") => {
                sep = if v.is_none() {
                    None
                } else {
                    Some(vm.to_str(v)?)
                }
            }
            Some("maxsplit") => maxsplit = vm.index_value(v)?,
            _ => return Err(vm.type_error("split() got an unexpected keyword argument")),
        }
    }
    if let Some(sep) = sep {
        return strsearch::split_by(vm, text_v, &sep, maxsplit);
    }
    // Runs of whitespace separate; pieces are made as they are found (see
    // `split_by`), each from the text re-read after the allocation.
    let mut vals: Vec<Value> = Vec::new();
    let mut pos = 0;
    let limited = maxsplit >= 0;
    loop {
        let text = vm.heap.str_of(text_v).unwrap_or("");
        let rest = text[pos..].trim_start_matches(py_space);
        if rest.is_empty() {
            break;
        }
        let start = text.len() - rest.len();
        let end = if limited && vals.len() as i64 == maxsplit {
            text.len()
        } else {
            rest.find(py_space).map_or(text.len(), |e| start + e)
        };
        let piece = text[start..end].to_string();
        vm.reserve_growth(&vals)?;
        vals.push(vm.new_string(piece)?);
        pos = end;
    }
    vm.new_list(vals)
}

fn strip_impl(vm: &mut Vm, a: &[Value], left: bool, right: bool) -> PyResult {
    let text = s(vm, a, 0)?;
    let chars = opt_s(vm, a, 1)?;
    let pred = |c: char| match &chars {
        Some(cs) => cs.contains(c),
        None => py_space(c),
    };
    let mut r: &str = &text;
    if left {
        r = r.trim_start_matches(pred);
    }
    if right {
        r = r.trim_end_matches(pred);
    }
    if r.len() == text.len() {
        return same_or_new(vm, a, text);
    }
    let r = r.to_string();
    vm.new_string(r)
}

/// The receiver itself when it is an exact str (as CPython returns it for
/// a no-op strip or replace), else a new str holding `text`.
fn same_or_new(vm: &mut Vm, a: &[Value], text: String) -> PyResult {
    let this = arg(a, 0);
    if vm.heap.str_of(this).is_some() {
        return Ok(this);
    }
    vm.new_string(text)
}

fn str_strip(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_strip) {
        return r;
    }
    strip_impl(vm, a, true, true)
}
fn str_lstrip(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_lstrip) {
        return r;
    }
    strip_impl(vm, a, true, false)
}
fn str_rstrip(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_rstrip) {
        return r;
    }
    strip_impl(vm, a, false, true)
}
fn str_upper(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    map_str(vm, a, str::to_uppercase)
}
fn str_lower(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    map_str(vm, a, str::to_lowercase)
}

/// Python's notion of whitespace (Rust's lacks the \x1c-\x1f separators).
pub fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

fn chars_of(vm: &mut Vm, a: &[Value], i: usize) -> PyResult<Vec<char>> {
    Ok(s(vm, a, i)?.chars().collect())
}

fn find_chars(hay: &[char], n: &[char], rev: bool) -> Option<usize> {
    if n.is_empty() {
        return Some(if rev { hay.len() } else { 0 });
    }
    if n.len() > hay.len() {
        return None;
    }
    if rev {
        hay.windows(n.len()).rposition(|w| w == n)
    } else {
        hay.windows(n.len()).position(|w| w == n)
    }
}

fn affix(vm: &mut Vm, a: &[Value], start: bool) -> PyResult {
    let this = vm.builtin_base(arg(a, 0));
    let Some(len) = vm.heap.pystr(this).map(|p| p.char_len()) else {
        let t = vm.type_name(this);
        return Err(vm.type_error(format!("expected str, got {t}")));
    };
    let (st, en) = crate::types::bytes::adjust(vm, a, 2, len)?;
    let cands = match arg(a, 1) {
        Value::Obj(h) if matches!(vm.heap.get(h), Obj::Tuple(_)) => vm.seq_items(arg(a, 1))?,
        v => vec![v],
    };
    let name = if start { "startswith" } else { "endswith" };
    for c in cands {
        let c = vm.builtin_base(c);
        let (Some(hay), Some(p)) = (vm.heap.pystr(this), vm.heap.pystr(c)) else {
            let t = vm.type_name(c);
            let msg = if matches!(arg(a, 1), Value::Obj(h) if matches!(vm.heap.get(h), Obj::Tuple(_)))
            {
                format!("tuple for {name} must only contain str, not {t}")
            } else {
                format!("{name} first arg must be str or a tuple of str, not {t}")
            };
            return Err(vm.type_error(msg));
        };
        // (`adjust` leaves a start past the end there: nothing matches.)
        if st > en {
            continue;
        }
        let hit = if hay.has_surrogates() || p.has_surrogates() {
            // Code points, so lone surrogates compare as themselves.
            let (h, n): (Vec<u32>, Vec<u32>) =
                (hay.code_points().collect(), p.code_points().collect());
            let h = &h[st..en];
            (start && h.starts_with(&n)) || (!start && h.ends_with(&n))
        } else {
            // UTF-8 matches at a character boundary are code-point matches;
            // the stored offsets make this cost the needle, not the position.
            let h = &hay.s.as_bytes()[hay.byte_offset(st)..hay.byte_offset(en)];
            let n = p.s.as_bytes();
            (start && h.starts_with(n)) || (!start && h.ends_with(n))
        };
        if hit {
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

fn str_rsplit(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_rsplit) {
        return r;
    }
    let text = chars_of(vm, a, 0)?;
    let mut sep = arg(a, 1);
    let mut maxsplit = if a.len() > 2 {
        vm.index_value(a[2])?
    } else {
        -1
    };
    for &(k, v) in kw {
        match vm.heap.str_of(k) {
            Some("sep") => sep = v,
            Some("maxsplit") => maxsplit = vm.index_value(v)?,
            _ => return Err(vm.type_error("rsplit() got an unexpected keyword argument")),
        }
    }
    let mut parts: Vec<String> = Vec::new();
    if sep.is_none() {
        let mut end = text.len();
        loop {
            while end > 0 && py_space(text[end - 1]) {
                end -= 1;
            }
            if end == 0 {
                break;
            }
            if maxsplit >= 0 && parts.len() as i64 >= maxsplit {
                parts.push(text[..end].iter().collect());
                break;
            }
            let mut st = end;
            while st > 0 && !py_space(text[st - 1]) {
                st -= 1;
            }
            parts.push(text[st..end].iter().collect());
            end = st;
        }
    } else {
        let Some(sp) = vm
            .heap
            .str_of(vm.builtin_base(sep))
            .map(|x| x.chars().collect::<Vec<char>>())
        else {
            let t = vm.type_name(sep);
            return Err(vm.type_error(format!("must be str or None, not {t}")));
        };
        if sp.is_empty() {
            return Err(vm.value_error("empty separator"));
        }
        let mut end = text.len();
        loop {
            if maxsplit >= 0 && parts.len() as i64 >= maxsplit {
                break;
            }
            match find_chars(&text[..end], &sp, true) {
                Some(p) => {
                    parts.push(text[p + sp.len()..end].iter().collect());
                    end = p;
                }
                None => break,
            }
        }
        parts.push(text[..end].iter().collect());
    }
    parts.reverse();
    strings_list(vm, parts)
}

fn strings_list(vm: &mut Vm, parts: Vec<String>) -> PyResult {
    let mut vals = Vec::with_capacity(parts.len());
    for p in parts {
        vals.push(vm.new_string(p)?);
    }
    vm.charge(vals.len() * 16)?;
    vm.new_list(vals)
}

fn str_splitlines(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_splitlines) {
        return r;
    }
    let text = chars_of(vm, a, 0)?;
    let mut keep = arg(a, 1);
    for &(k, v) in kw {
        if vm.heap.str_of(k) == Some("keepends") {
            keep = v;
        } else {
            return Err(vm.type_error("splitlines() got an unexpected keyword argument"));
        }
    }
    let keep = vm.truthy(keep)?;
    let mut parts = Vec::new();
    let (mut i, mut st) = (0, 0);
    while i < text.len() {
        let eol = match text[i] {
            '\r' if text.get(i + 1) == Some(&'\n') => 2,
            '\n' | '\r' | '\x0b' | '\x0c' | '\x1c' | '\x1d' | '\x1e' | '\u{85}' | '\u{2028}'
            | '\u{2029}' => 1,
            _ => 0,
        };
        if eol > 0 {
            parts.push(text[st..if keep { i + eol } else { i }].iter().collect());
            i += eol;
            st = i;
        } else {
            i += 1;
        }
    }
    if st < text.len() {
        parts.push(text[st..].iter().collect());
    }
    strings_list(vm, parts)
}

/// A per-character mapping of the text; lone surrogates (which no case
/// mapping changes, and which end a word) are kept between the mapped
/// runs.
fn map_str(vm: &mut Vm, a: &[Value], f: impl Fn(&str) -> String) -> PyResult {
    let t = s(vm, a, 0)?;
    let this = vm.builtin_base(arg(a, 0));
    if vm.heap.pystr(this).is_some_and(|p| p.has_surrogates()) {
        return crate::types::strbuf::map_runs_at(vm, this, |t: &str, _| f(t));
    }
    vm.new_string(f(&t))
}
/// `str.casefold`: full case folding (`'ﬁ'` → `'fi'`, `'ß'` → `'ss'`).
fn str_casefold(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    map_str(vm, a, caseless::default_case_fold_str)
}
fn str_swapcase(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    map_str(vm, a, |t| {
        let mut out = String::with_capacity(t.len());
        for c in t.chars() {
            if c.is_uppercase() {
                out.extend(c.to_lowercase());
            } else if c.is_lowercase() {
                out.extend(c.to_uppercase());
            } else {
                out.push(c);
            }
        }
        out
    })
}
fn str_capitalize(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let cap = |t: &str| {
        let mut it = t.chars();
        match it.next() {
            Some(c) => super::titlecase::to_title(c)
                .chain(it.flat_map(|c| c.to_lowercase()))
                .collect(),
            None => String::new(),
        }
    };
    s(vm, a, 0)?;
    let this = vm.builtin_base(arg(a, 0));
    // Only a run at the very start is capitalized; the others are lowered.
    crate::types::strbuf::map_runs_at(
        vm,
        this,
        |t: &str, first| {
            if first {
                cap(t)
            } else {
                t.to_lowercase()
            }
        },
    )
}
fn str_title(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    map_str(vm, a, |t| {
        let mut out = String::with_capacity(t.len());
        let mut prev_cased = false;
        for c in t.chars() {
            if prev_cased {
                out.extend(c.to_lowercase());
            } else {
                out.extend(super::titlecase::to_title(c));
            }
            prev_cased = super::titlecase::is_cased(c);
        }
        out
    })
}

fn all_chars(vm: &mut Vm, a: &[Value], f: impl Fn(char) -> bool) -> PyResult {
    let t = s(vm, a, 0)?;
    Ok(Value::Bool(!t.is_empty() && t.chars().all(f)))
}
fn is_decimal(c: char) -> bool {
    c.is_ascii_digit()
        || ('\u{660}'..='\u{669}').contains(&c)
        || ('\u{ff10}'..='\u{ff19}').contains(&c)
}
fn is_digit_char(c: char) -> bool {
    is_decimal(c)
        || matches!(c, '²' | '³' | '¹' | '\u{2070}'..='\u{2079}' | '\u{2080}'..='\u{2089}' | '\u{2460}'..='\u{2468}')
}
fn str_isdigit(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    all_chars(vm, a, is_digit_char)
}
fn str_isdecimal(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    all_chars(vm, a, is_decimal)
}
fn str_isnumeric(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    all_chars(vm, a, |c| c.is_numeric() || is_digit_char(c))
}
fn str_isalpha(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    all_chars(vm, a, char::is_alphabetic)
}
fn str_isalnum(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    all_chars(vm, a, |c| c.is_alphanumeric() || is_digit_char(c))
}
fn str_isspace(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    all_chars(vm, a, py_space)
}
fn str_isascii(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let t = s(vm, a, 0)?;
    Ok(Value::Bool(t.is_ascii()))
}
fn str_isupper(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let t = s(vm, a, 0)?;
    Ok(Value::Bool(
        t.chars().any(char::is_uppercase)
            && !t.chars().any(|c| c.is_lowercase() || is_titlecase(c)),
    ))
}
fn str_islower(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let t = s(vm, a, 0)?;
    Ok(Value::Bool(
        t.chars().any(char::is_lowercase)
            && !t.chars().any(|c| c.is_uppercase() || is_titlecase(c)),
    ))
}

/// A titlecase letter (`ǅ`, `ᾈ`): cased, but neither upper nor lower case;
/// it makes a str neither `isupper` nor `islower`, and starts a word in
/// `istitle` as an uppercase letter does.
fn is_titlecase(c: char) -> bool {
    !c.is_lowercase()
        && !c.is_uppercase()
        && c.to_lowercase().ne(std::iter::once(c))
        && c.to_uppercase().ne(std::iter::once(c))
}
fn str_istitle(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let t = s(vm, a, 0)?;
    // Uppercase may only follow uncased characters, lowercase only cased ones.
    let mut prev_cased = false;
    let mut any = false;
    for c in t.chars() {
        if c.is_uppercase() || is_titlecase(c) {
            if prev_cased {
                return Ok(Value::Bool(false));
            }
            prev_cased = true;
            any = true;
        } else if c.is_lowercase() {
            if !prev_cased {
                return Ok(Value::Bool(false));
            }
            prev_cased = true;
            any = true;
        } else {
            prev_cased = false;
        }
    }
    Ok(Value::Bool(any))
}
fn str_isidentifier(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let t = s(vm, a, 0)?;
    let mut it = t.chars();
    let ok = match it.next() {
        Some(c) => (c == '_' || c.is_alphabetic()) && it.all(|c| c == '_' || c.is_alphanumeric()),
        None => false,
    };
    Ok(Value::Bool(ok))
}
fn str_isprintable(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let t = s(vm, a, 0)?;
    if super::strwide::is_wide(vm, arg(a, 0)) {
        // A lone surrogate is not printable (its repr escapes it).
        return Ok(Value::Bool(false));
    }
    Ok(Value::Bool(t.chars().all(|c| {
        // A character is printable when its repr does not escape it.
        c == ' ' || (!py_space(c) && numfmt::py_str_repr(&c.to_string()).chars().count() == 3)
    })))
}

fn str_encode(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    s(vm, a, 0)?;
    let this = vm.builtin_base(arg(a, 0));
    let (enc, err) = crate::types::bytes::codec_args(vm, a, 1, kw)?;
    let b = crate::types::codec::encode_value(vm, this, &enc, &err)?;
    crate::types::bytes::mk(vm, b, false)
}

fn justify(vm: &mut Vm, a: &[Value], how: char) -> PyResult {
    let text = s(vm, a, 0)?;
    let width = vm.index_value(arg(a, 1))?.max(0) as usize;
    let fill = if a.len() > 2 {
        let f = s(vm, a, 2)?;
        let mut it = f.chars();
        match (it.next(), it.next()) {
            (Some(c), None) => c,
            _ => return Err(vm.type_error("The fill character must be exactly one character long")),
        }
    } else {
        ' '
    };
    let n = text.chars().count();
    if width <= n {
        return vm.new_string(text);
    }
    vm.charge(width * fill.len_utf8())?;
    let total = width - n;
    let left = match how {
        'l' => 0,
        'r' => total,
        // CPython puts the odd fill character on the left only when the
        // width is odd too.
        _ => total / 2 + (total & width & 1),
    };
    let mut out = String::with_capacity(text.len() + total * fill.len_utf8());
    out.extend(std::iter::repeat_n(fill, left));
    out.push_str(&text);
    out.extend(std::iter::repeat_n(fill, total - left));
    vm.new_string(out)
}
fn str_center(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_center) {
        return r;
    }
    justify(vm, a, 'c')
}
fn str_ljust(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_ljust) {
        return r;
    }
    justify(vm, a, 'l')
}
fn str_rjust(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_rjust) {
        return r;
    }
    justify(vm, a, 'r')
}
fn str_zfill(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_zfill) {
        return r;
    }
    let text = s(vm, a, 0)?;
    let width = vm.index_value(arg(a, 1))?.max(0) as usize;
    let n = text.chars().count();
    if width <= n {
        return vm.new_string(text);
    }
    vm.charge(width)?;
    let (sign, rest) = match text.chars().next() {
        Some(c @ ('+' | '-')) => (Some(c), &text[1..]),
        _ => (None, &text[..]),
    };
    let mut out = String::with_capacity(width);
    out.extend(sign);
    out.extend(std::iter::repeat_n('0', width - n));
    out.push_str(rest);
    vm.new_string(out)
}
fn str_expandtabs(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_expandtabs) {
        return r;
    }
    let text = s(vm, a, 0)?;
    let mut ts = arg(a, 1);
    for &(k, v) in kw {
        if vm.heap.str_of(k) == Some("tabsize") {
            ts = v;
        }
    }
    let ts = if ts.is_none() { 8 } else { vm.index_value(ts)? };
    let out = expand_tabs(vm, text.as_bytes(), ts, true)?;
    // Only ASCII was inserted into valid UTF-8.
    let out = String::from_utf8(out)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    vm.new_string(out)
}

/// `expandtabs` of str (`utf8`: columns count code points) or bytes. The
/// result's size is computed first, to refuse it up front when it cannot
/// fit the quota and to fill it without reallocating (a pad of 10**9
/// spaces built char by char took seconds).
pub fn expand_tabs(vm: &mut Vm, text: &[u8], ts: i64, utf8: bool) -> PyResult<Vec<u8>> {
    // Calls `emit(n, None)` for a pad of n spaces, `emit(0, Some(c))` for
    // a byte kept.
    let walk = |emit: &mut dyn FnMut(usize, Option<u8>)| {
        let mut col = 0i64;
        for &c in text {
            match c {
                b'\t' => {
                    if ts > 0 {
                        let n = ts - col % ts;
                        emit(n as usize, None);
                        // Saturates only for results far beyond any quota.
                        col = col.saturating_add(n);
                    }
                }
                b'\n' | b'\r' => {
                    emit(0, Some(c));
                    col = 0;
                }
                _ => {
                    emit(0, Some(c));
                    // Columns count code points: skip continuation bytes.
                    if !utf8 || c & 0xC0 != 0x80 {
                        col = col.saturating_add(1);
                    }
                }
            }
        }
    };
    let mut total = 0usize;
    walk(&mut |n, c| total = total.saturating_add(n + c.is_some() as usize));
    vm.reserve_temp(total)?;
    let mut out = Vec::with_capacity(total);
    walk(&mut |n, c| match c {
        Some(c) => out.push(c),
        None => out.extend(std::iter::repeat_n(b' ', n)),
    });
    Ok(out)
}

fn str_removeprefix(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_removeprefix) {
        return r;
    }
    let text = s(vm, a, 0)?;
    let p = s(vm, a, 1)?;
    let r = text.strip_prefix(p.as_str()).unwrap_or(&text).to_string();
    vm.new_string(r)
}
fn str_removesuffix(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    if let Some(r) = super::strwide::call_wide(vm, a, kw, str_removesuffix) {
        return r;
    }
    let text = s(vm, a, 0)?;
    let p = s(vm, a, 1)?;
    let r = if p.is_empty() {
        text.clone()
    } else {
        text.strip_suffix(p.as_str()).unwrap_or(&text).to_string()
    };
    vm.new_string(r)
}

/// The code points of str argument `i` (lone surrogates included).
fn code_points_arg(vm: &mut Vm, a: &[Value], i: usize) -> PyResult<Vec<u32>> {
    s(vm, a, i)?;
    Ok(crate::types::strbuf::code_points_of(vm, vm.builtin_base(arg(a, i))).unwrap_or_default())
}

/// `str.maketrans(x[, y[, z]])`: a dict from code points to code points,
/// strings or None.
fn str_maketrans(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    let d = vm.new_dict()?;
    match a.len() {
        1 => {
            let src = a[0];
            if !matches!(src, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Dict(_))) {
                return Err(
                    vm.type_error("if you give only one argument to maketrans it must be a dict")
                );
            }
            let keys = vm.iter_to_vec(src)?;
            for k in keys {
                let v = vm.getitem(src, k)?;
                let key = match crate::types::strbuf::code_points_of(vm, k) {
                    Some(cs) if cs.len() == 1 => Value::Int(cs[0] as i64),
                    Some(_) => {
                        return Err(
                            vm.value_error("string keys in translate table must be of length 1")
                        )
                    }
                    None => match k {
                        Value::Int(_) => k,
                        _ => {
                            return Err(vm
                                .type_error("keys in translate table must be strings or integers"))
                        }
                    },
                };
                vm.dict_set(d, key, v)?;
            }
        }
        2 | 3 => {
            let x = code_points_arg(vm, a, 0)?;
            let y = code_points_arg(vm, a, 1)?;
            if x.len() != y.len() {
                return Err(
                    vm.value_error("the first two maketrans arguments must have equal length")
                );
            }
            for (c, r) in x.iter().zip(y.iter()) {
                vm.dict_set(d, Value::Int(*c as i64), Value::Int(*r as i64))?;
            }
            if a.len() == 3 {
                for c in code_points_arg(vm, a, 2)? {
                    vm.dict_set(d, Value::Int(c as i64), Value::None)?;
                }
            }
        }
        n => {
            return Err(vm.type_error(format!("maketrans() takes at most 3 arguments ({n} given)")))
        }
    }
    Ok(d)
}

fn str_translate(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    s(vm, a, 0)?;
    // Code points, so lone surrogates are looked up, kept and made.
    let text =
        crate::types::strbuf::code_points_of(vm, vm.builtin_base(arg(a, 0))).unwrap_or_default();
    let table = arg(a, 1);
    let mut out = crate::types::strbuf::StrBuf::with_capacity(text.len());
    for c in text {
        match vm.getitem(table, Value::Int(c as i64)) {
            Ok(Value::None) => {}
            Ok(Value::Int(n)) => match u32::try_from(n).ok().filter(|&n| n < 0x110000) {
                Some(r) => out.push_cp(r),
                None => return Err(vm.value_error("character mapping must be in range(0x110000)")),
            },
            Ok(v) => match vm.heap.pystr(v) {
                Some(p) => out.push_pystr(p),
                None => {
                    return Err(vm.type_error("character mapping must return integer, None or str"))
                }
            },
            Err(e) if vm.err_is(e, crate::ExcKind::LookupError) => out.push_cp(c),
            Err(e) => return Err(e),
        }
    }
    vm.new_strbuf(out)
}

/// `str.format`: `{}` / `{0}` / `{name}` fields with attribute and index
/// access, `!r/!s/!a` conversions and format specs.
fn str_format(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)]) -> PyResult {
    format_impl(vm, a, kw, Value::Null)
}

fn str_format_map(vm: &mut Vm, a: &[Value], _: &[(Value, Value)]) -> PyResult {
    if a.len() != 2 {
        return Err(vm.type_error(format!(
            "format_map() takes exactly one argument ({} given)",
            a.len().saturating_sub(1)
        )));
    }
    format_impl(vm, &a[..1], &[], a[1])
}

/// `str.format` with keyword fields looked up in `kw`, or in `mapping`
/// when it is not Null (format_map).
fn format_impl(vm: &mut Vm, a: &[Value], kw: &[(Value, Value)], mapping: Value) -> PyResult {
    let fmt = s(vm, a, 0)?;
    let args = &a[1..];
    let mut out = crate::types::strbuf::StrBuf::default();
    // A format string with lone surrogates: its code points (`chars` has
    // U+FFFD at each), for the literal text and the specs.
    let wide = crate::types::strbuf::wide_of(vm, vm.builtin_base(a[0]));
    let mut auto = 0usize;
    let mut manual: Option<bool> = None;
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
            // The spec's code points when it has a lone surrogate (a fill).
            let wide_spec = wide
                .as_ref()
                .and_then(|w| w.get(j - 1 - spec.chars().count()..j - 1))
                .filter(|w| w.iter().any(|c| (0xD800..0xE000).contains(c)))
                .map(<[u32]>::to_vec);
            let (field, conv) = match field.find('!') {
                Some(p) => {
                    let rest: Vec<char> = field[p + 1..].chars().collect();
                    match rest.len() {
                        0 => {
                            return Err(vm.value_error(
                                "end of string while looking for conversion specifier",
                            ))
                        }
                        1 => {}
                        _ => return Err(vm.value_error("expected ':' after conversion specifier")),
                    }
                    if !matches!(rest[0], 'r' | 's' | 'a') {
                        return Err(
                            vm.value_error(format!("Unknown conversion specifier {}", rest[0]))
                        );
                    }
                    (field[..p].to_string(), Some(rest[0]))
                }
                None => (field, None),
            };
            let name_end = field.find(['.', '[']).unwrap_or(field.len());
            let head = &field[..name_end];
            let numeric = head.parse::<usize>().is_ok();
            if head.is_empty() || numeric {
                // Automatic and manual numbering cannot be mixed.
                if manual == Some(!numeric) {
                    return Err(vm.value_error(if numeric {
                        "cannot switch from automatic field numbering to manual field specification"
                    } else {
                        "cannot switch from manual field specification to automatic field numbering"
                    }));
                }
                manual = Some(numeric);
            }
            let mut v = if head.is_empty() {
                let v = args.get(auto).copied();
                auto += 1;
                v.ok_or_else(|| {
                    vm.index_error(format!(
                        "Replacement index {} out of range for positional args tuple",
                        auto - 1
                    ))
                })?
            } else if let Ok(n) = head.parse::<usize>() {
                args.get(n).copied().ok_or_else(|| {
                    vm.index_error(format!(
                        "Replacement index {n} out of range for positional args tuple"
                    ))
                })?
            } else if !mapping.is_null() {
                let k = vm.new_str(head)?;
                vm.getitem(mapping, k)?
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
                let r = format_impl(vm, &na, kw, mapping)?;
                vm.to_str(r)?
            } else {
                spec
            };
            if wide_spec.is_some() || crate::types::strwide::is_wide(vm, v) {
                // Lone surrogates survive, in the value and in a fill.
                let sv = match wide_spec {
                    Some(w) => vm.new_code_points(&w)?,
                    None => vm.new_string(spec)?,
                };
                let r = crate::types::strwide::format_wide(vm, v, sv)?;
                if let Some(p) = vm.heap.pystr(r) {
                    out.push_pystr(p);
                }
            } else {
                out.push_str(&vm.format(v, &spec)?);
            }
            i = j;
        } else if c == '}' {
            if chars.get(i + 1) == Some(&'}') {
                out.push('}');
                i += 2;
                continue;
            }
            return Err(vm.value_error("Single '}' encountered in format string"));
        } else {
            match &wide {
                Some(w) => out.push_cp(w.get(i).copied().unwrap_or(c as u32)),
                None => out.push(c),
            }
            i += 1;
        }
    }
    vm.new_strbuf(out)
}

/// `fmt % args` for str.
///
/// The format is walked by byte (every character of a conversion spec
/// but the key and the conversion letter is ASCII), literal runs are
/// copied whole, and a plain `%s` of a str copies it straight in: the
/// old walk over a `Vec<char>` with a `String` per piece made `%` five
/// times slower than CPython's.
pub fn percent_format(vm: &mut Vm, fmt_v: Value, args: Value) -> PyResult {
    // Owned: converting an argument can run Python code.
    let fmt: Box<str> = vm.heap.str_of(fmt_v).unwrap_or("").into();
    // Subclasses count too (a namedtuple gives the arguments).
    let base = vm.builtin_base(args);
    let is_tuple = matches!(base, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Tuple(_)));
    let is_mapping = matches!(base, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Dict(_)));
    let items = if is_tuple {
        vm.seq_items(base)?
    } else {
        vec![args]
    };
    let mut idx = 0usize;
    let mut out = crate::types::strbuf::StrBuf::with_capacity(fmt.len() + 16);
    // Lone surrogates of the format string, kept in its literal text;
    // `ci` (the code point index of byte `i`) is kept only then.
    let wide = crate::types::strbuf::wide_of(vm, fmt_v);
    let bytes = fmt.as_bytes();
    let (mut i, mut ci) = (0usize, 0usize);
    let next_arg = |vm: &mut Vm, idx: &mut usize| -> PyResult<Value> {
        let v = items.get(*idx).copied();
        *idx += 1;
        v.ok_or_else(|| vm.type_error("not enough arguments for format string"))
    };
    while i < bytes.len() {
        let lit_end = memchr::memchr(b'%', &bytes[i..]).map_or(bytes.len(), |p| i + p);
        if lit_end > i {
            let run = &fmt[i..lit_end];
            match &wide {
                Some(w) => {
                    for c in run.chars() {
                        out.push_cp(w.get(ci).copied().unwrap_or(c as u32));
                        ci += 1;
                    }
                }
                None => out.push_str(run),
            }
            i = lit_end;
            if i == bytes.len() {
                break;
            }
        }
        let spec_start = i;
        i += 1;
        let mut mapped = None;
        if bytes.get(i) == Some(&b'(') {
            let Some(end) = bytes[i..].iter().position(|&c| c == b')').map(|p| p + i) else {
                return Err(vm.value_error("incomplete format key"));
            };
            let k = vm.new_str(&fmt[i + 1..end])?;
            mapped = Some(vm.getitem(args, k)?);
            // As in CPython, the arguments are used up once a key is used:
            // a later positional conversion has nothing left.
            idx = idx.max(items.len());
            i = end + 1;
        }
        let mut flags = numfmt::PercentFlags::default();
        while let Some(&f) = bytes.get(i) {
            match f {
                b'-' => flags.left = true,
                b'+' => flags.plus = true,
                b' ' => flags.space = true,
                b'#' => flags.alt = true,
                b'0' => flags.zero = true,
                _ => break,
            }
            i += 1;
        }
        let mut width = 0usize;
        if bytes.get(i) == Some(&b'*') {
            let w = next_arg(vm, &mut idx)?;
            let w = star_arg(vm, w)?;
            if w < 0 {
                flags.left = true;
            }
            width = w.unsigned_abs() as usize;
            i += 1;
        } else {
            while let Some(d) = bytes.get(i).filter(|c| c.is_ascii_digit()) {
                width = width.saturating_mul(10).saturating_add((d - b'0') as usize);
                i += 1;
            }
        }
        let mut precision = None;
        if bytes.get(i) == Some(&b'.') {
            i += 1;
            let mut p = 0usize;
            if bytes.get(i) == Some(&b'*') {
                let w = next_arg(vm, &mut idx)?;
                p = star_arg(vm, w)?.max(0) as usize;
                i += 1;
            } else {
                while let Some(d) = bytes.get(i).filter(|c| c.is_ascii_digit()) {
                    p = p.saturating_mul(10).saturating_add((d - b'0') as usize);
                    i += 1;
                }
            }
            precision = Some(p);
        }
        let Some(conv) = fmt[i..].chars().next() else {
            return Err(vm.value_error("incomplete format"));
        };
        let conv_at = i;
        i += conv.len_utf8();
        if wide.is_some() {
            ci += fmt[spec_start..i].chars().count();
        }
        if conv == '%' {
            out.push('%');
            continue;
        }
        let v = match mapped {
            Some(v) => v,
            None => next_arg(vm, &mut idx)?,
        };
        if conv == 's' && width == 0 && precision.is_none() {
            // A str as it is, lone surrogates and all.
            if let Some(p) = vm.heap.pystr(v) {
                out.push_pystr(p);
                continue;
            }
        }
        if conv == 's' && crate::types::strwide::is_wide(vm, v) {
            // With a width or precision, lone surrogates survive too.
            let cut = |t: &str| {
                let t: String = t.chars().take(precision.unwrap_or(usize::MAX)).collect();
                pad(&t, width, flags.left)
            };
            if crate::types::strwide::percent_s_wide(vm, v, &mut out, cut).is_some() {
                continue;
            }
        }
        match conv {
            's' | 'r' | 'a' => {
                let mut t = match conv {
                    's' => vm.to_str(v)?,
                    'r' => vm.repr(v)?,
                    _ => crate::repr::ascii_escape(&vm.repr(v)?),
                };
                if let Some(p) = precision {
                    t = t.chars().take(p).collect();
                }
                push_padded(&mut out, &t, width, flags.left);
            }
            'c' => {
                let cp = pct_char_arg(vm, v)?;
                // A lone surrogate is padded around and kept.
                let spaces = " ".repeat(width.saturating_sub(1));
                out.push_str(if flags.left { "" } else { &spaces });
                out.push_cp(cp);
                out.push_str(if flags.left { &spaces } else { "" });
            }
            'd' | 'i' | 'u' | 'o' | 'x' | 'X' => {
                let n = pct_int_arg(vm, v, conv)?;
                let r = match crate::types::num::as_num(&vm.heap, n) {
                    Some(crate::types::num::Num::B(b)) => {
                        numfmt::percent_format_int(&b, flags, width, precision, conv)
                    }
                    Some(crate::types::num::Num::I(x)) => {
                        numfmt::percent_format_i64(x, flags, width, precision, conv)
                    }
                    _ => numfmt::percent_format_i64(0, flags, width, precision, conv),
                };
                out.push_str(&r.map_err(|e| vm.num_err(e))?);
            }
            'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
                let f = pct_float_arg(vm, v)?;
                let r = numfmt::percent_format_float(f, flags, width, precision, conv);
                out.push_str(&r.map_err(|e| vm.num_err(e))?);
            }
            other => {
                // CPython shows only printable ASCII as itself.
                let shown = if (' '..='~').contains(&other) {
                    other
                } else {
                    '?'
                };
                return Err(vm.value_error(format!(
                    "unsupported format character '{shown}' (0x{:x}) at index {}",
                    other as u32,
                    fmt[..conv_at].chars().count()
                )));
            }
        }
    }
    if idx < items.len() && !is_mapping && is_tuple {
        return Err(vm.type_error("not all arguments converted during string formatting"));
    }
    if !is_tuple && !is_mapping && idx == 0 && !items.is_empty() {
        return Err(vm.type_error("not all arguments converted during string formatting"));
    }
    vm.new_strbuf(out)
}

/// The width or precision a `*` takes: an int (not any `__index__`).
fn star_arg(vm: &mut Vm, v: Value) -> PyResult<i64> {
    let base = vm.builtin_base(v);
    let int = match base {
        Value::Int(_) | Value::Bool(_) => true,
        Value::Obj(h) => matches!(vm.heap.get(h), Obj::BigInt(_)),
        _ => false,
    };
    if !int {
        return Err(vm.type_error("* wants int"));
    }
    vm.index_value(base)
}

/// `s` padded with spaces to `width` code points, onto `out`.
fn push_padded(out: &mut crate::types::strbuf::StrBuf, s: &str, width: usize, left: bool) {
    let fill = width.saturating_sub(s.chars().count());
    if fill == 0 {
        out.push_str(s);
        return;
    }
    let spaces = " ".repeat(fill);
    if left {
        out.push_str(s);
        out.push_str(&spaces);
    } else {
        out.push_str(&spaces);
        out.push_str(s);
    }
}

fn is_instance_obj(vm: &Vm, v: Value) -> bool {
    matches!(v, Value::Obj(h) if matches!(vm.heap.get(h), Obj::Instance(_)))
}

/// The integer formatted by `%d`/`%i`/`%u` or (index only) `%o`/`%x`/`%X`:
/// an int as it is, a float truncated (not for `%o`/`%x`/`%X`), an object
/// through `__int__`/`__index__` (only `__index__` for `%o`/`%x`/`%X`).
/// Anything else is CPython's TypeError.
fn pct_int_arg(vm: &mut Vm, v: Value, conv: char) -> PyResult {
    use crate::types::num::{as_num, Num};
    let index_only = matches!(conv, 'o' | 'x' | 'X');
    let base = vm.builtin_base(v);
    match as_num(&vm.heap, base) {
        Some(Num::I(i)) => return Ok(Value::Int(i)),
        Some(Num::B(_)) => return Ok(base),
        Some(Num::F(f)) if !index_only => {
            let b = numfmt::float_to_bigint(f.trunc()).map_err(|e| vm.num_err(e))?;
            return vm.new_bigint(b);
        }
        _ => {}
    }
    if base.is(v) && is_instance_obj(vm, v) {
        let names: &[&str] = if index_only {
            &["__index__"]
        } else {
            &["__int__", "__index__"]
        };
        for name in names {
            let Some(m) = vm.lookup_type_attr(v, name) else {
                continue;
            };
            let r = match vm.call(m, &[v], &[]) {
                Ok(r) => vm.builtin_base(r),
                Err(e) if vm.err_is(e, crate::errors::ExcKind::TypeError) => break,
                Err(e) => return Err(e),
            };
            match as_num(&vm.heap, r) {
                Some(Num::I(i)) => return Ok(Value::Int(i)),
                Some(Num::B(_)) => return Ok(r),
                _ => break,
            }
        }
    }
    let t = vm.type_name(v);
    let what = if index_only {
        "an integer"
    } else {
        "a real number"
    };
    Err(vm.type_error(format!("%{conv} format: {what} is required, not {t}")))
}

/// The number formatted by `%e`/`%f`/`%g`: an int or float, or an object's
/// `__float__` (which must return a float) or `__index__`.
fn pct_float_arg(vm: &mut Vm, v: Value) -> PyResult<f64> {
    use crate::types::num::{as_num, Num};
    let base = vm.builtin_base(v);
    match as_num(&vm.heap, base) {
        Some(Num::I(i)) => return Ok(i as f64),
        Some(Num::F(f)) => return Ok(f),
        Some(Num::B(b)) => return numfmt::bigint_to_f64(&b).map_err(|e| vm.num_err(e)),
        _ => {}
    }
    if base.is(v) && is_instance_obj(vm, v) {
        if let Some(m) = vm.lookup_type_attr(v, "__float__") {
            let r = vm.call(m, &[v], &[])?;
            return match vm.builtin_base(r) {
                Value::Float(f) => Ok(f),
                _ => {
                    let (c, t) = (vm.type_name(v), vm.type_name(r));
                    Err(vm.type_error(format!("{c}.__float__ returned non-float (type {t})")))
                }
            };
        }
        if let Some(m) = vm.lookup_type_attr(v, "__index__") {
            let r = vm.call(m, &[v], &[])?;
            let r = vm.builtin_base(r);
            return match as_num(&vm.heap, r) {
                Some(Num::I(i)) => Ok(i as f64),
                Some(Num::B(b)) => numfmt::bigint_to_f64(&b).map_err(|e| vm.num_err(e)),
                _ => {
                    let t = vm.type_name(r);
                    Err(vm.type_error(format!("__index__ returned non-int (type {t})")))
                }
            };
        }
    }
    let t = vm.type_name(v);
    Err(vm.type_error(format!("must be real number, not {t}")))
}

/// The character formatted by `%c`: a one-character string, or an int
/// (`__index__` honoured) in range(0x110000).
/// The code point `%c` formats (a lone surrogate included).
fn pct_char_arg(vm: &mut Vm, v: Value) -> PyResult<u32> {
    use crate::types::num::{as_num, Num};
    if let Some(p) = vm.heap.pystr(v) {
        if p.char_len() == 1 {
            return Ok(p.code_point(0).unwrap_or(0xFFFD));
        }
        return Err(vm.type_error("%c requires int or char"));
    }
    let mut n = vm.builtin_base(v);
    if n.is(v) && is_instance_obj(vm, v) {
        if let Some(m) = vm.lookup_type_attr(v, "__index__") {
            let r = vm.call(m, &[v], &[])?;
            n = vm.builtin_base(r);
        }
    }
    let code = match as_num(&vm.heap, n) {
        Some(Num::I(i)) => Some(i),
        Some(Num::B(_)) => None,
        _ => return Err(vm.type_error("%c requires int or char")),
    };
    match code.filter(|c| (0..0x11_0000).contains(c)) {
        Some(c) => Ok(c as u32),
        None => Err(vm.overflow_error("%c arg not in range(0x110000)")),
    }
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
    if let Some(b) = crate::types::bytes::buffer_opt(vm, v) {
        return Ok(b);
    }
    if vm.heap.str_of(v).is_some() {
        return Err(vm.type_error("cannot convert 'str' object to bytes"));
    }
    // uctypes struct objects have the buffer protocol, as in MicroPython.
    if let Some(b) = crate::modules::uctypes_view::struct_bytes(vm, v) {
        return b;
    }
    let items = vm.iter_to_vec(v)?;
    let mut out = Vec::with_capacity(items.len());
    for x in items {
        // An int too big for an index is out of range too, not an overflow.
        let big =
            matches!(x, Value::Obj(h) if matches!(vm.heap.get(h), crate::obj::Obj::BigInt(_)));
        let n = if big { -1 } else { vm.index_value(x)? };
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
        Value::Int(n) => {
            if !(0..256).contains(&n) {
                return Err(vm.value_error("byte must be in range(0, 256)"));
            }
            Ok(hay.contains(&(n as u8)))
        }
        _ => {
            let needle = crate::types::bytes::buffer(vm, item)?;
            Ok(needle.is_empty() || hay.windows(needle.len()).any(|w| w == needle.as_slice()))
        }
    }
}
