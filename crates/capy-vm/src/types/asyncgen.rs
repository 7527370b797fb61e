//! Async generators (`async def` bodies with `yield`): `__aiter__`,
//! `__anext__`, `asend`, `athrow`, `aclose`; and the builtins `aiter` and
//! `anext`.
//!
//! An async generator is a generator frame (`GenKind::AsyncGenerator`)
//! that suspends for two reasons: an `await` inside it, whose request (a
//! sleep, a park) must travel out to the event loop, and its own `yield
//! v`, which produces the next item. Which one it was is read from the
//! parked frame: a `yield` leaves it just past its `YieldValue`; an
//! `await` parks on its `YieldFrom`.
//!
//! `__anext__` returns an awaitable, an `IterState::AsyncStep`: each time
//! the awaiting coroutine resumes it, it resumes the generator; an await's
//! request is passed out, an item ends the step with `StopIteration(item)`
//! (the value of `await`), and the generator's end raises
//! StopAsyncIteration, which ends an `async for`.

use crate::errors::ExcKind;
use crate::obj::{AsyncStepMode, AsyncStepState, GenKind, IterState, Obj};
use crate::types::MethodDef;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;
use capy_compiler::Instr;

type Kw<'a> = &'a [(Value, Value)];

pub const AGEN_METHODS: &[MethodDef] = &[
    ("__aiter__", this, false),
    ("__anext__", agen_anext, false),
    ("asend", agen_asend, false),
    ("athrow", agen_athrow, false),
    ("aclose", agen_aclose, false),
];

pub const STEP_METHODS: &[MethodDef] = &[
    ("send", step_send, false),
    ("throw", step_throw, false),
    ("close", step_close, false),
    ("__next__", step_next, false),
    ("__iter__", this, false),
    ("__await__", this, false),
];

fn this(_vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    Ok(a.first().copied().unwrap_or(Value::None))
}

fn agen_of(vm: &mut Vm, a: &[Value]) -> PyResult<Value> {
    match a.first() {
        Some(&v @ Value::Obj(h)) if matches!(vm.heap.get(h), Obj::Generator(_)) => Ok(v),
        _ => Err(vm.type_error("descriptor requires an 'async_generator' object")),
    }
}

fn new_step(vm: &mut Vm, target: Value, arg: Value, mode: AsyncStepMode) -> PyResult {
    vm.new_iter(IterState::AsyncStep {
        target,
        arg,
        mode,
        state: AsyncStepState::Fresh,
    })
}

fn agen_anext(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = agen_of(vm, a)?;
    new_step(vm, g, Value::None, AsyncStepMode::Send)
}

fn agen_asend(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = agen_of(vm, a)?;
    let v = a.get(1).copied().unwrap_or(Value::None);
    new_step(vm, g, v, AsyncStepMode::Send)
}

fn agen_athrow(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = agen_of(vm, a)?;
    if a.len() < 2 {
        return Err(vm.type_error("athrow expected at least 1 argument, got 0"));
    }
    let raw = vm.new_tuple(a[1..].to_vec())?;
    new_step(vm, g, raw, AsyncStepMode::Throw)
}

fn agen_aclose(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let g = agen_of(vm, a)?;
    new_step(vm, g, Value::None, AsyncStepMode::Close)
}

fn step_of(vm: &mut Vm, a: &[Value]) -> PyResult<Gc> {
    match a.first() {
        Some(&Value::Obj(h)) if matches!(vm.heap.get(h), Obj::Iter(it) if matches!(**it, IterState::AsyncStep { .. })) => {
            Ok(h)
        }
        _ => Err(vm.type_error("descriptor requires an 'async_generator_asend' object")),
    }
}

fn step_send(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let h = step_of(vm, a)?;
    let sent = a.get(1).copied().unwrap_or(Value::None);
    vm.async_step(h, sent, None)
}

fn step_next(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let h = step_of(vm, a)?;
    vm.async_step(h, Value::None, None)
}

fn step_throw(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let h = step_of(vm, a)?;
    vm.async_step(h, Value::None, Some(&a[1..]))
}

fn step_close(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let h = step_of(vm, a)?;
    vm.set_step_state(h, AsyncStepState::Done);
    Ok(Value::None)
}

/// `aiter(x)`: `x.__aiter__()`, which must be an async iterator.
pub fn aiter(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    let [x] = a else {
        return Err(vm.type_error(format!("aiter expected 1 argument, got {}", a.len())));
    };
    let Some(m) = vm.lookup_type_attr(*x, "__aiter__") else {
        let t = vm.type_name(*x);
        return Err(vm.type_error(format!("'{t}' object is not an async iterable")));
    };
    let it = vm.call(m, &[*x], &[])?;
    if vm.lookup_type_attr(it, "__anext__").is_none() {
        let t = vm.type_name(it);
        return Err(vm.type_error(format!(
            "aiter() returned not an async iterator of type '{t}'"
        )));
    }
    Ok(it)
}

/// `anext(it[, default])`: `it.__anext__()`; with a default, an awaitable
/// whose StopAsyncIteration becomes the default.
pub fn anext(vm: &mut Vm, a: &[Value], _: Kw) -> PyResult {
    if a.is_empty() || a.len() > 2 {
        return Err(vm.type_error(format!("anext expected 1 or 2 arguments, got {}", a.len())));
    }
    let Some(m) = vm.lookup_type_attr(a[0], "__anext__") else {
        let t = vm.type_name(a[0]);
        return Err(vm.type_error(format!("'{t}' object is not an async iterator")));
    };
    let aw = vm.call(m, &[a[0]], &[])?;
    match a.get(1) {
        None => Ok(aw),
        Some(&default) => {
            let inner = vm.get_awaitable(aw)?;
            new_step(vm, inner, default, AsyncStepMode::Default)
        }
    }
}

impl Vm {
    fn set_step_state(&mut self, h: Gc, to: AsyncStepState) {
        if let Obj::Iter(it) = self.heap.get_mut(h) {
            if let IterState::AsyncStep { state, .. } = &mut **it {
                *state = to;
            }
        }
    }

    /// Resumes an AsyncStep with `sent`, or by throwing `thrown` (the
    /// arguments of its `throw()`): Ok is a request for the event loop,
    /// StopIteration the step's result.
    pub(crate) fn async_step(&mut self, h: Gc, sent: Value, thrown: Option<&[Value]>) -> PyResult {
        match self.async_step_value(h, sent, thrown)? {
            Ok(request) => Ok(request),
            Err(result) => Err(self.stop_iteration(result)),
        }
    }

    /// [`Self::async_step`] with the step's result as `Ok(Err(result))`:
    /// an `await` of the step (a `yield from` delegating to it) takes the
    /// result from here, with no StopIteration made per item.
    pub(crate) fn async_step_value(
        &mut self,
        h: Gc,
        sent: Value,
        thrown: Option<&[Value]>,
    ) -> PyResult<Result<Value, Value>> {
        let Obj::Iter(it) = self.heap.get(h) else {
            return Err(self.type_error("not an async generator step"));
        };
        let IterState::AsyncStep {
            target,
            arg,
            mode,
            state,
        } = **it
        else {
            return Err(self.type_error("not an async generator step"));
        };
        if state == AsyncStepState::Done {
            let what = match mode {
                AsyncStepMode::Throw | AsyncStepMode::Close => "aclose()/athrow()",
                _ => "__anext__()/asend()",
            };
            return Err(self.runtime_error(format!("cannot reuse already awaited {what}")));
        }
        self.set_step_state(h, AsyncStepState::Started);
        let r = if mode == AsyncStepMode::Default {
            self.default_step(target, arg, sent, thrown).map(Ok)
        } else {
            self.generator_step(target, arg, mode, state, sent, thrown)
        };
        // An error or a result ends the step (the error as before, even a
        // StopIteration from the default step).
        if !matches!(r, Ok(Ok(_))) {
            self.set_step_state(h, AsyncStepState::Done);
        }
        r
    }

    /// One step of `__anext__`/`asend`/`athrow`/`aclose` on async
    /// generator `agen`: Ok(Ok(request)) passes an await's request out,
    /// Ok(Err(result)) ends the step with `result`.
    fn generator_step(
        &mut self,
        agen: Value,
        arg: Value,
        mode: AsyncStepMode,
        state: AsyncStepState,
        sent: Value,
        thrown: Option<&[Value]>,
    ) -> PyResult<Result<Value, Value>> {
        let Value::Obj(g) = agen else {
            return Err(self.type_error("not an async generator"));
        };
        // A StopIteration out of `throw_raw` is the generator's return.
        let r = match (thrown, state, mode) {
            (Some(raw), ..) => self.throw_raw(g, raw).map(Ok),
            (None, AsyncStepState::Fresh, AsyncStepMode::Throw) => {
                let raw = self.seq_items(arg)?;
                self.throw_raw(g, &raw).map(Ok)
            }
            (None, AsyncStepState::Fresh, AsyncStepMode::Close) => {
                let ge = self.exc_class(ExcKind::GeneratorExit);
                let e = self.new_exception(ge, vec![]);
                self.throw_raw(g, &[e.value()]).map(Ok)
            }
            (None, AsyncStepState::Fresh, _) => self.resume(g, arg),
            (None, ..) => self.resume(g, sent),
        };
        let closing = mode == AsyncStepMode::Close;
        let e = match r {
            Ok(Ok(y)) if self.yielded_item(g) => {
                if closing {
                    return Err(self.runtime_error("async generator ignored GeneratorExit"));
                }
                return Ok(Err(y));
            }
            Ok(Ok(request)) => return Ok(Ok(request)),
            Ok(Err(_)) => None,
            Err(e) if self.err_is(e, ExcKind::StopIteration) => None,
            Err(e) => Some(e),
        };
        match e {
            // The generator returned.
            None if closing => Ok(Err(Value::None)),
            None => {
                let c = self.exc_class(ExcKind::StopAsyncIteration);
                Err(self.new_exception(c, vec![]))
            }
            Some(e)
                if closing
                    && (self.err_is(e, ExcKind::GeneratorExit)
                        || self.err_is(e, ExcKind::StopAsyncIteration)) =>
            {
                Ok(Err(Value::None))
            }
            Some(e) => Err(e),
        }
    }

    /// `x.__anext__()` made awaitable, for `async for`: an async
    /// generator's step is made directly (its type's `__anext__` cannot be
    /// replaced).
    pub(crate) fn get_anext(&mut self, v: Value) -> PyResult {
        if let Value::Obj(h) = v {
            if let Obj::Generator(g) = self.heap.get(h) {
                if g.kind == GenKind::AsyncGenerator {
                    return new_step(self, v, Value::None, AsyncStepMode::Send);
                }
            }
        }
        let aw = self.call_method_by_name(v, "__anext__", &[])?;
        self.get_awaitable(aw)
    }

    /// Whether the async generator's last suspension was its own `yield`.
    fn yielded_item(&self, g: Gc) -> bool {
        match self.heap.get(g) {
            Obj::Generator(gen) => gen.frame.as_ref().is_some_and(|f| {
                f.ip > 0 && matches!(f.code.instrs.get(f.ip - 1), Some(Instr::YieldValue))
            }),
            _ => false,
        }
    }

    /// One resumption of `anext(it, default)`'s awaitable.
    fn default_step(
        &mut self,
        inner: Value,
        default: Value,
        sent: Value,
        thrown: Option<&[Value]>,
    ) -> PyResult {
        let r = match thrown {
            Some(raw) => {
                let mut args = vec![inner];
                args.extend_from_slice(raw);
                match self.lookup_type_attr(inner, "throw") {
                    Some(m) => self.call(m, &args, &[]),
                    None => Err(self.make_exception(raw.first().copied().unwrap_or(Value::None))?),
                }
            }
            None => match self.delegate(inner, sent) {
                Ok(Ok(y)) => Ok(y),
                Ok(Err(ret)) => Err(self.stop_iteration(ret)),
                Err(e) => Err(e),
            },
        };
        match r {
            Err(e) if self.err_is(e, ExcKind::StopAsyncIteration) => {
                Err(self.stop_iteration(default))
            }
            r => r,
        }
    }
}
