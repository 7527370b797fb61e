//! Reading a policy file: the toml crate's span-keeping parser (no serde),
//! then a check of every table, key and value, each error naming the line
//! and column of what is wrong.

use super::{
    CompartmentSpec, Grant, OnFault, Policy, PolicyError, Quotas, Rule, MAIN_COMPARTMENT,
    MAIN_MODULE, MAX_RECURSION,
};
use crate::size::parse_size;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// 1-based line and column (in characters) of byte offset `at`.
pub(super) fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..at.min(text.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    // Characters, not bytes: count the bytes that start one.
    let col = before[start..]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count()
        + 1;
    (line, col)
}

/// A dotted name of identifiers (`parser`, `pkg.lexer`), as Python spells
/// module names.
fn is_dotted_name(s: &str) -> bool {
    !s.is_empty() && s.split('.').all(is_identifier)
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c == '_' || c.is_alphabetic())
        && chars.all(|c| c == '_' || c.is_alphanumeric())
}

type Key<'i> = Spanned<std::borrow::Cow<'i, str>>;
type Val<'i> = Spanned<DeValue<'i>>;

/// The keys and values of a table in file order (the parser keeps them
/// sorted by name), so the first error reported is the first in the file.
fn entries<'a, 'i>(t: &'a DeTable<'i>) -> Vec<(&'a Key<'i>, &'a Val<'i>)> {
    let mut v: Vec<_> = t.iter().collect();
    v.sort_by_key(|(k, _)| k.span().start);
    v
}

/// Limits as read from a table, before the defaults fill the gaps.
#[derive(Default)]
struct PartialLimits {
    heap: Option<usize>,
    steps: Option<u64>,
    timeout: Option<f64>,
    recursion: Option<usize>,
    on_fault: Option<OnFault>,
}

impl PartialLimits {
    fn over(&self, base: &Quotas) -> Quotas {
        Quotas {
            heap: self.heap.unwrap_or(base.heap),
            steps: self.steps.or(base.steps),
            timeout: self.timeout.or(base.timeout),
            recursion: self.recursion.unwrap_or(base.recursion),
        }
    }
}

const LIMIT_KEYS: [&str; 5] = ["heap", "steps", "timeout", "recursion", "on_fault"];

pub(super) struct Parser<'t> {
    pub(super) text: &'t str,
    pub(super) file: &'t Path,
}

type Res<T> = Result<T, PolicyError>;

impl<'t> Parser<'t> {
    fn err(&self, span: Range<usize>, message: impl Into<String>) -> PolicyError {
        let (line, col) = line_col(self.text, span.start);
        PolicyError::Invalid {
            file: self.file.to_path_buf(),
            line,
            col,
            message: message.into(),
        }
    }

    fn line(&self, span: Range<usize>) -> usize {
        line_col(self.text, span.start).0
    }

    fn unknown(&self, key: &Key, place: &str, known: &[&str]) -> PolicyError {
        self.err(
            key.span(),
            format!(
                "unknown key '{}' in {place} (known: {})",
                key.get_ref(),
                known.join(", ")
            ),
        )
    }

    fn table<'a, 'i>(&self, v: &'a Val<'i>, what: &str) -> Res<&'a DeTable<'i>> {
        v.get_ref()
            .as_table()
            .ok_or_else(|| self.wrong_type(v, what, "a table"))
    }

    fn string<'a>(&self, v: &'a Val, what: &str) -> Res<&'a str> {
        v.get_ref()
            .as_str()
            .ok_or_else(|| self.wrong_type(v, what, "a string"))
    }

    fn wrong_type(&self, v: &Val, what: &str, wanted: &str) -> PolicyError {
        self.err(
            v.span(),
            format!("{what} must be {wanted}, not {}", type_name(v.get_ref())),
        )
    }

    /// A non-empty array of strings.
    fn strings<'a>(&self, v: &'a Val, what: &str) -> Res<Vec<(&'a str, Range<usize>)>> {
        let Some(items) = v.get_ref().as_array() else {
            return Err(self.wrong_type(v, what, "an array of strings"));
        };
        if items.is_empty() {
            return Err(self.err(v.span(), format!("{what} must not be empty")));
        }
        items
            .iter()
            .map(|item| Ok((self.string(item, &format!("each of {what}"))?, item.span())))
            .collect()
    }

    fn integer(&self, v: &Val, what: &str) -> Res<Option<i64>> {
        match v.get_ref() {
            DeValue::Integer(i) => Ok(i64::from_str_radix(i.as_str(), i.radix()).ok()),
            _ => Err(self.wrong_type(v, what, "an integer")),
        }
    }

    fn positive(&self, v: &Val, what: &str) -> Res<u64> {
        match self.integer(v, what)? {
            Some(n) if n > 0 => Ok(n as u64),
            _ => Err(self.err(v.span(), format!("{what} must be a positive integer"))),
        }
    }

    pub(super) fn policy(&self) -> Res<Policy> {
        let doc = DeTable::parse(self.text).map_err(|e| {
            let at = e.span().map_or(0, |s| s.start);
            let (line, col) = line_col(self.text, at);
            PolicyError::Syntax {
                file: self.file.to_path_buf(),
                line,
                col,
                message: format!("TOML: {}", e.message()),
            }
        })?;
        let (mut app, mut defaults, mut comps, mut allow) = (None, None, None, None);
        for (k, v) in entries(doc.get_ref()) {
            match k.get_ref().as_ref() {
                "app" => app = Some(v),
                "defaults" => defaults = Some(v),
                "compartments" => comps = Some(v),
                "allow" => allow = Some(v),
                _ => {
                    return Err(self.unknown(
                        k,
                        "the policy",
                        &["app", "defaults", "compartments", "allow"],
                    ))
                }
            }
        }
        let Some(app) = app else {
            return Err(self.err(
                0..0,
                "missing [app] table (it names the program: main = \"app.py\")",
            ));
        };
        let (main, path, default_allow) = self.app(app)?;

        let mut base_limits = Quotas {
            heap: 8 << 20,
            steps: None,
            timeout: None,
            recursion: 200,
        };
        let mut default_on_fault = OnFault::Raise;
        if let Some(d) = defaults {
            let t = self.table(d, "[defaults]")?;
            let mut p = PartialLimits::default();
            for (k, v) in entries(t) {
                if !self.limit(&mut p, k, v)? {
                    return Err(self.unknown(k, "[defaults]", &LIMIT_KEYS));
                }
            }
            base_limits = p.over(&base_limits);
            default_on_fault = p.on_fault.unwrap_or(default_on_fault);
        }

        let compartments = match comps {
            Some(c) => self.compartments(c, &base_limits, default_on_fault)?,
            None => Vec::new(),
        };
        let rules = match allow {
            Some(a) => self.rules(a, &compartments)?,
            None => Vec::new(),
        };
        Ok(Policy {
            file: self.file.to_path_buf(),
            main,
            path,
            default_allow,
            compartments,
            rules,
            defaults: base_limits,
            default_on_fault,
        })
    }

    /// `[app]`: the program, its search path (resolved against the
    /// policy's folder) and the default for crossings.
    fn app(&self, v: &Val) -> Res<(PathBuf, Vec<PathBuf>, bool)> {
        let t = self.table(v, "[app]")?;
        let base = self.file.parent().unwrap_or(Path::new(""));
        let (mut main, mut path, mut default_allow) = (None, None, false);
        for (k, v) in entries(t) {
            match k.get_ref().as_ref() {
                "main" => {
                    let s = self.string(v, "main")?;
                    if s.is_empty() {
                        return Err(self.err(v.span(), "main must name the program's file"));
                    }
                    main = Some(base.join(s));
                }
                "path" => {
                    let dirs = self.strings(v, "path")?;
                    path = Some(dirs.iter().map(|(d, _)| dir(base.join(d))).collect());
                }
                "default" => {
                    default_allow = match self.string(v, "default")? {
                        "deny" => false,
                        "allow" => true,
                        other => {
                            return Err(self.err(
                                v.span(),
                                format!("default must be \"deny\" or \"allow\", not \"{other}\""),
                            ))
                        }
                    }
                }
                _ => return Err(self.unknown(k, "[app]", &["main", "path", "default"])),
            }
        }
        let Some(main) = main else {
            return Err(self.err(v.span(), "[app] needs main = \"FILE.py\" (the program)"));
        };
        let path = path.unwrap_or_else(|| vec![dir(main.parent().unwrap_or(Path::new("")))]);
        Ok((main, path, default_allow))
    }

    /// Reads one of the limit keys into `p`; false if `k` is not one.
    fn limit(&self, p: &mut PartialLimits, k: &Key, v: &Val) -> Res<bool> {
        match k.get_ref().as_ref() {
            "heap" => {
                let bytes = match v.get_ref() {
                    DeValue::Integer(_) => self
                        .integer(v, "heap")?
                        .and_then(|n| usize::try_from(n).ok()),
                    DeValue::String(s) => parse_size(s),
                    _ => {
                        return Err(self.wrong_type(
                            v,
                            "heap",
                            "an integer or a size such as \"8M\"",
                        ))
                    }
                };
                match bytes {
                    Some(n) if n > 0 => p.heap = Some(n),
                    _ => {
                        return Err(self.err(
                            v.span(),
                            format!(
                                "bad heap size {} (use bytes, or e.g. \"64K\", \"8M\", \"1G\")",
                                value_text(self.text, v)
                            ),
                        ))
                    }
                }
            }
            "steps" => p.steps = Some(self.positive(v, "steps")?),
            "timeout" => {
                let secs = match v.get_ref() {
                    DeValue::Integer(_) => self.integer(v, "timeout")?.map(|n| n as f64),
                    DeValue::Float(f) => f.as_str().parse::<f64>().ok(),
                    _ => return Err(self.wrong_type(v, "timeout", "a number of seconds")),
                };
                match secs {
                    Some(s) if s > 0.0 && s < 1e9 => p.timeout = Some(s),
                    _ => {
                        return Err(self.err(
                            v.span(),
                            "timeout must be a number of seconds above 0 (and below 1e9)",
                        ))
                    }
                }
            }
            "recursion" => {
                let n = self.positive(v, "recursion")?;
                if n > MAX_RECURSION as u64 {
                    return Err(self.err(
                        v.span(),
                        format!("recursion must be at most {MAX_RECURSION}"),
                    ));
                }
                p.recursion = Some(n as usize);
            }
            "on_fault" => {
                p.on_fault = Some(match self.string(v, "on_fault")? {
                    "raise" => OnFault::Raise,
                    "restart" => OnFault::Restart,
                    other => {
                        return Err(self.err(
                            v.span(),
                            format!("on_fault must be \"raise\" or \"restart\", not \"{other}\""),
                        ))
                    }
                })
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn compartments(
        &self,
        v: &Val,
        defaults: &Quotas,
        on_fault: OnFault,
    ) -> Res<Vec<CompartmentSpec>> {
        let t = self.table(v, "[compartments]")?;
        let mut out: Vec<CompartmentSpec> = Vec::new();
        // Where each module was listed first, for the error on a second.
        let mut owner: Vec<(String, String, usize)> = Vec::new();
        for (k, v) in entries(t) {
            let name = k.get_ref().as_ref();
            if !is_dotted_name(name) {
                return Err(self.err(
                    k.span(),
                    format!("bad compartment name '{name}': use an identifier or a dotted name (quoted: [compartments.\"a.b\"])"),
                ));
            }
            let t = self.table(v, &format!("compartments.{name}"))?;
            let mut p = PartialLimits::default();
            let (mut modules, mut grants) = (None, Vec::new());
            for (k, v) in entries(t) {
                match k.get_ref().as_ref() {
                    "modules" => {
                        let mut list: Vec<String> = Vec::new();
                        for (m, span) in self.strings(v, "modules")? {
                            if !is_dotted_name(m) {
                                return Err(self.err(span, format!("bad module name '{m}'")));
                            }
                            if list.iter().any(|x| x == m) {
                                return Err(self.err(span, format!("module '{m}' is listed twice")));
                            }
                            if let Some((_, other, line)) = owner.iter().find(|(x, _, _)| x == m) {
                                return Err(self.err(
                                    span,
                                    format!("module '{m}' is already in compartment '{other}' (line {line}); a module can be in one compartment only"),
                                ));
                            }
                            owner.push((m.to_string(), name.to_string(), self.line(span.clone())));
                            list.push(m.to_string());
                        }
                        modules = Some(list);
                    }
                    "grants" => {
                        for (g, span) in self.strings(v, "grants")? {
                            let Some(grant) = Grant::from_name(g) else {
                                let known: Vec<&str> =
                                    Grant::ALL.iter().map(|g| g.name()).collect();
                                return Err(self.err(
                                    span,
                                    format!("unknown grant '{g}' (known: {})", known.join(", ")),
                                ));
                            };
                            if grants.contains(&grant) {
                                return Err(self.err(span, format!("grant '{g}' is listed twice")));
                            }
                            grants.push(grant);
                        }
                    }
                    _ => {
                        if !self.limit(&mut p, k, v)? {
                            let mut known = vec!["modules", "grants"];
                            known.extend(LIMIT_KEYS);
                            let place = format!("[compartments.{name}]");
                            let mut e = self.unknown(k, &place, &known);
                            // `[compartments.a.b]` makes a table `b` inside
                            // `a`; a dotted compartment name must be quoted.
                            if v.get_ref().is_table() {
                                if let PolicyError::Invalid { message, .. } = &mut e {
                                    message.push_str(&format!(
                                        "; for a compartment named '{name}.{}' quote it: [compartments.\"{name}.{}\"]",
                                        k.get_ref(),
                                        k.get_ref()
                                    ));
                                }
                            }
                            return Err(e);
                        }
                    }
                }
            }
            let Some(modules) = modules else {
                return Err(self.err(
                    v.span(),
                    format!("[compartments.{name}] needs modules = [...] (the modules it holds)"),
                ));
            };
            let mut base = defaults.clone();
            // The program's own compartment keeps the command line's heap
            // unless it sets one: a policy should not shrink the program
            // by surprise.
            if modules.iter().any(|m| m == MAIN_MODULE) {
                base.heap = capy_vm::Limits::default().heap_bytes;
            }
            out.push(CompartmentSpec {
                name: name.to_string(),
                modules,
                limits: p.over(&base),
                on_fault: p.on_fault.unwrap_or(on_fault),
                grants,
                line: self.line(v.span()),
            });
        }
        let lists_main = out.iter().any(|c| c.has_module(MAIN_MODULE));
        if !lists_main {
            if let Some((k, _)) = entries(t)
                .into_iter()
                .find(|(k, _)| k.get_ref().as_ref() == MAIN_COMPARTMENT)
            {
                return Err(self.err(
                    k.span(),
                    "no compartment lists \"__main__\": compartment 'main' must (the program runs in the compartment named 'main' unless another lists \"__main__\")",
                ));
            }
        }
        Ok(out)
    }

    fn rules(&self, v: &Val, compartments: &[CompartmentSpec]) -> Res<Vec<Rule>> {
        let Some(items) = v.get_ref().as_array() else {
            return Err(self.wrong_type(v, "allow", "an array of tables ([[allow]])"));
        };
        let mut names: Vec<&str> = compartments.iter().map(|c| c.name.as_str()).collect();
        if !compartments.iter().any(|c| c.has_module(MAIN_MODULE)) {
            names.push(MAIN_COMPARTMENT);
        }
        let exists = |n: &str| names.contains(&n);
        let known = || names.join(", ");
        let mut rules = Vec::new();
        for item in items.iter() {
            let t = self.table(item, "each [[allow]]")?;
            let (mut callee, mut exports, mut callers) = (None, None, None);
            for (k, v) in entries(t) {
                match k.get_ref().as_ref() {
                    "callee" => {
                        let c = self.string(v, "callee")?;
                        if !exists(c) {
                            return Err(self.err(
                                v.span(),
                                format!("callee '{c}' is not a compartment of this policy (compartments: {}); a module's own compartment must be declared to be named in a rule", known()),
                            ));
                        }
                        callee = Some(c.to_string());
                    }
                    "exports" => {
                        let list = self.strings(v, "exports")?;
                        for (e, span) in &list {
                            if *e == "*" && list.len() > 1 {
                                return Err(self.err(
                                    span.clone(),
                                    "'*' (all public names) must be the only export",
                                ));
                            }
                            if *e != "*" && !is_identifier(e) {
                                return Err(self.err(
                                    span.clone(),
                                    format!("bad export '{e}': a global name, or \"*\""),
                                ));
                            }
                        }
                        exports = Some(list.iter().map(|(e, _)| e.to_string()).collect());
                    }
                    "callers" => {
                        let list = self.strings(v, "callers")?;
                        for (c, span) in &list {
                            if *c != "*" && !exists(c) {
                                return Err(self.err(
                                    span.clone(),
                                    format!("caller '{c}' is not a compartment of this policy (compartments: {})", known()),
                                ));
                            }
                        }
                        callers = Some(list.iter().map(|(c, _)| c.to_string()).collect());
                    }
                    _ => {
                        return Err(self.unknown(k, "[[allow]]", &["callee", "exports", "callers"]))
                    }
                }
            }
            let missing = |what: &str| self.err(item.span(), format!("[[allow]] needs {what}"));
            rules.push(Rule {
                callee: callee.ok_or_else(|| missing("callee = \"COMPARTMENT\""))?,
                exports: exports
                    .ok_or_else(|| missing("exports = [\"name\", ...] (or [\"*\"])"))?,
                callers: callers
                    .ok_or_else(|| missing("callers = [\"COMPARTMENT\", ...] (or [\"*\"])"))?,
                line: self.line(item.span()),
            });
        }
        Ok(rules)
    }
}

/// A folder of the search path; the empty path (a policy in the current
/// folder) is written `.`.
fn dir(p: impl Into<PathBuf>) -> PathBuf {
    let p = p.into();
    if p.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        p
    }
}

fn type_name(v: &DeValue) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date-time",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

/// The source text of a value, for messages (at most one line of it).
fn value_text(text: &str, v: &Val) -> String {
    let s = text.get(v.span()).unwrap_or("");
    let s = s.lines().next().unwrap_or("");
    s.chars().take(40).collect()
}
