//! Binding call arguments to a Python function's parameters.
//!
//! Binding happens on the value stack, with no allocation for the common
//! shapes: the arguments sit above the callee, the parameters are filled in
//! a scratch area above them, and the finished locals are moved down to
//! where the arguments were. Everything stays on the stack, so it is rooted
//! if building `*args` or `**kwargs` collects garbage.

use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::bytecode::code_flags;
use capy_compiler::Code;
use std::rc::Rc;

/// The names of the keyword arguments of a call: the last `len` argument
/// values on the stack belong to them, in order.
#[derive(Clone, Copy)]
pub(crate) enum KwNames<'a> {
    None,
    /// A tuple of strs (the constant operand of `CallKw`).
    Tuple(Gc),
    Slice(&'a [Value]),
}

impl KwNames<'_> {
    fn len(&self, vm: &Vm) -> usize {
        match *self {
            KwNames::None => 0,
            KwNames::Tuple(t) => match vm.heap.get(t) {
                Obj::Tuple(items) => items.len(),
                _ => 0,
            },
            KwNames::Slice(s) => s.len(),
        }
    }

    fn get(&self, vm: &Vm, i: usize) -> Value {
        match *self {
            KwNames::None => Value::Null,
            KwNames::Tuple(t) => match vm.heap.get(t) {
                Obj::Tuple(items) => items.get(i).copied().unwrap_or(Value::Null),
                _ => Value::Null,
            },
            KwNames::Slice(s) => s.get(i).copied().unwrap_or(Value::Null),
        }
    }
}

/// What binding needs to know about the callee.
struct Params {
    code: Rc<Code>,
    defaults: Rc<[Value]>,
    kwdefaults: Value,
}

impl Vm {
    /// Binds the arguments at `stack[fpos + 1..]` (positionals, then one
    /// value per keyword name) to the parameters of function `h`. On
    /// success `stack[fpos + 1..]` is exactly the callee's fast locals
    /// (Null where unset); on error the stack is cut back to `fpos`.
    pub(crate) fn bind_on_stack(&mut self, h: Gc, fpos: usize, kw: KwNames) -> PyResult<()> {
        let Obj::Func(func) = self.heap.get(h) else {
            self.stack.truncate(fpos);
            return Err(self.type_error("not a function"));
        };
        let p = Params {
            code: func.code.clone(),
            defaults: func.defaults.clone(),
            kwdefaults: func.kwdefaults,
        };
        let args = fpos + 1;
        let nkw = kw.len(self);
        let Some(npos) = (self.stack.len() - args).checked_sub(nkw) else {
            self.stack.truncate(fpos);
            return Err(self.type_error("keyword names do not match the arguments"));
        };
        let nlocals = p.code.varnames.len();
        let scratch = self.stack.len();
        self.stack.resize(scratch + nlocals, Value::Null);
        match self.bind_into(&p, args, npos, kw, scratch) {
            Ok(()) => {
                self.stack.copy_within(scratch.., args);
                self.stack.truncate(args + nlocals);
                Ok(())
            }
            Err(e) => {
                self.stack.truncate(fpos);
                Err(e)
            }
        }
    }

    /// [`Self::bind_on_stack`] for the common call of a function with
    /// `*args` or `**kwargs` (`def f(self, msg, *args, **kwargs)`): `n`
    /// positional arguments at `stack[args..]`, at least one per named
    /// positional parameter, and no keyword-only parameters. The extra
    /// positionals become the `*args` tuple and `**kwargs` a new dict, in
    /// place, with no scratch area and no defaults to look at. None
    /// (nothing changed) for any other call, which the general path binds.
    pub(crate) fn bind_star_positional(
        &mut self,
        h: Gc,
        args: usize,
        n: usize,
    ) -> Option<PyResult<()>> {
        let Obj::Func(func) = self.heap.get(h) else {
            return None;
        };
        let code = &func.code;
        let argc = code.argcount as usize;
        let star = code.flags & code_flags::VARARGS != 0;
        let starstar = code.flags & code_flags::VARKEYWORDS != 0;
        if code.kwonlyargcount != 0 || n < argc || !(star || starstar) || (n > argc && !star) {
            return None;
        }
        let nlocals = code.varnames.len();
        if self.stack.len() != args + n {
            return None;
        }
        // Made while the arguments are still on the stack (rooted), each
        // held by its temporary root until the next is made.
        let tuple = if star {
            let extra = self.stack[args + argc..].to_vec();
            match self.new_tuple(extra) {
                Ok(t) => Some(t),
                Err(e) => return Some(Err(self.unbind(args, e))),
            }
        } else {
            None
        };
        let dict = if starstar {
            match self.new_dict() {
                Ok(d) => Some(d),
                Err(e) => return Some(Err(self.unbind(args, e))),
            }
        } else {
            None
        };
        self.stack.truncate(args + argc);
        // (Pushed, not extended by the options: that costs a loop each.)
        if let Some(t) = tuple {
            self.stack.push(t);
        }
        if let Some(d) = dict {
            self.stack.push(d);
        }
        self.stack.resize(args + nlocals, Value::Null);
        Some(Ok(()))
    }

    /// A failed binding's error, with the stack cut back to the callee
    /// (`stack[args - 1]`) as [`Self::bind_on_stack`] leaves it.
    fn unbind(&mut self, args: usize, e: crate::PyErr) -> crate::PyErr {
        self.stack.truncate(args - 1);
        e
    }

    /// Fills the locals at `stack[out..]` from `npos` positional arguments
    /// at `stack[args..]` followed by the keyword values.
    fn bind_into(
        &mut self,
        p: &Params,
        args: usize,
        npos: usize,
        kw: KwNames,
        out: usize,
    ) -> PyResult<()> {
        let code = &p.code;
        let argc = code.argcount as usize;
        let kwonly = code.kwonlyargcount as usize;
        let bound = npos.min(argc);
        self.stack.copy_within(args..args + bound, out);
        let mut slot = argc + kwonly;
        if code.flags & code_flags::VARARGS != 0 {
            let extra = self.stack[args + bound..args + npos].to_vec();
            self.stack[out + slot] = self.new_tuple(extra)?;
            slot += 1;
        } else if npos > argc {
            return Err(self.too_many_positional(p, npos));
        }
        let varkw = if code.flags & code_flags::VARKEYWORDS != 0 {
            let d = self.new_dict()?;
            self.stack[out + slot] = d;
            Some(d)
        } else {
            None
        };
        for k in 0..kw.len(self) {
            let name = kw.get(self, k);
            let value = self.stack[args + npos + k];
            self.bind_keyword(p, name, value, out, varkw)?;
        }
        self.fill_defaults(p, bound, out)
    }

    fn bind_keyword(
        &mut self,
        p: &Params,
        name: Value,
        value: Value,
        out: usize,
        varkw: Option<Value>,
    ) -> PyResult<()> {
        let code = &p.code;
        let named = code.argcount as usize + code.kwonlyargcount as usize;
        let idx = {
            let key = self.heap.str_of(name).unwrap_or("");
            code.varnames[..named].iter().position(|v| **v == *key)
        };
        let fname = &code.qualname;
        match idx {
            Some(i) if i >= code.posonlyargcount as usize => {
                if !self.stack[out + i].is_null() {
                    let key = self.heap.str_of(name).unwrap_or("");
                    let msg = format!("{fname}() got multiple values for argument '{key}'");
                    return Err(self.type_error(msg));
                }
                self.stack[out + i] = value;
                Ok(())
            }
            _ => match varkw {
                Some(d) => self.dict_set(d, name, value),
                None => {
                    let key = self.heap.str_of(name).unwrap_or("");
                    let msg = match idx {
                        Some(_) => format!(
                            "{fname}() got some positional-only arguments passed as keyword arguments: '{key}'"
                        ),
                        None => format!("{fname}() got an unexpected keyword argument '{key}'"),
                    };
                    Err(self.type_error(msg))
                }
            },
        }
    }

    /// Defaults for the parameters no argument set; TypeError naming the
    /// ones still missing.
    fn fill_defaults(&mut self, p: &Params, bound: usize, out: usize) -> PyResult<()> {
        let code = &p.code;
        let argc = code.argcount as usize;
        let kwonly = code.kwonlyargcount as usize;
        let first_default = argc - p.defaults.len().min(argc);
        let mut missing = Vec::new();
        for i in bound..argc {
            if self.stack[out + i].is_null() {
                if i >= first_default {
                    self.stack[out + i] = p.defaults[i - first_default];
                } else {
                    missing.push(code.varnames[i].to_string());
                }
            }
        }
        if !missing.is_empty() {
            return Err(self.missing_args(&code.qualname, &missing, "positional"));
        }
        for i in argc..argc + kwonly {
            if self.stack[out + i].is_null() {
                let d = match p.kwdefaults {
                    Value::Obj(d) => self.dict_get_str(d, &code.varnames[i]),
                    _ => None,
                };
                match d {
                    Some(v) => self.stack[out + i] = v,
                    None => missing.push(code.varnames[i].to_string()),
                }
            }
        }
        if !missing.is_empty() {
            return Err(self.missing_args(&code.qualname, &missing, "keyword-only"));
        }
        Ok(())
    }

    fn too_many_positional(&mut self, p: &Params, given: usize) -> crate::PyErr {
        let fname = &p.code.qualname;
        let argc = p.code.argcount as usize;
        let msg = if p.defaults.is_empty() {
            // MicroPython words "takes 0 ... but 1 were given" and its test
            // runner detects the error-reporting level from that length.
            let verb = if argc == 0 { "were" } else { was_were(given) };
            format!(
                "{fname}() takes {argc} positional argument{} but {given} {verb} given",
                plural(argc)
            )
        } else {
            format!(
                "{fname}() takes from {} to {argc} positional arguments but {given} {} given",
                argc - p.defaults.len().min(argc),
                was_were(given)
            )
        };
        self.type_error(msg)
    }

    fn missing_args(&mut self, fname: &str, missing: &[String], kind: &str) -> crate::PyErr {
        let quoted: Vec<String> = missing.iter().map(|m| format!("'{m}'")).collect();
        let list = match quoted.len() {
            1 => quoted[0].clone(),
            2 => format!("{} and {}", quoted[0], quoted[1]),
            _ => format!(
                "{}, and {}",
                quoted[..quoted.len() - 1].join(", "),
                quoted[quoted.len() - 1]
            ),
        };
        let n = missing.len();
        self.type_error(format!(
            "{fname}() missing {n} required {kind} argument{}: {list}",
            plural(n)
        ))
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn was_were(n: usize) -> &'static str {
    if n == 1 {
        "was"
    } else {
        "were"
    }
}
