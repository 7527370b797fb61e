//! Methods of built-in types called unbound (`bytes.find('x')`,
//! `list.append((), 1)`): the receiver must be an instance of the type,
//! with CPython's messages when it is not, before the method runs (each
//! method would otherwise report the mismatch in its own words, or not
//! at all: `dict.get([], 1)`).

use crate::obj::Obj;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use crate::PyResult;

impl Vm {
    /// Whether `h` is a native owned by a built-in type (a cheap test
    /// before [`Self::check_unbound_native`]: module functions and
    /// builtins are not).
    #[inline]
    pub(crate) fn native_of_builtin_type(&self, h: Gc) -> bool {
        match self.heap.get(h) {
            Obj::Native(n) => match n.owner {
                Value::Obj(t) => matches!(self.heap.get(t), Obj::Class(c) if c.builtin.is_some()),
                _ => false,
            },
            _ => false,
        }
    }

    /// Checks the receiver of native `h` called with `args` (no `self`
    /// bound): only an instance method of a built-in type is checked;
    /// builtin functions, static methods and methods of `object` take
    /// anything.
    pub(crate) fn check_unbound_native(&mut self, h: Gc, args: &[Value]) -> PyResult<()> {
        let Obj::Native(n) = self.heap.get(h) else {
            return Ok(());
        };
        let (name, owner) = (n.name, n.owner);
        let Value::Obj(t) = owner else { return Ok(()) };
        let builtin = match self.heap.get(t) {
            Obj::Class(c) => c.builtin,
            _ => return Ok(()),
        };
        let Some(id) = builtin else { return Ok(()) };
        if id == crate::types::TypeId::Object || self.type_obj(id) != t {
            return Ok(());
        }
        // bool's methods are int's in CPython (capy installs copies).
        let t = match id {
            crate::types::TypeId::Bool => self.type_obj(crate::types::TypeId::Int),
            _ => t,
        };
        if let Some(&first) = args.first() {
            if self.isinstance(first, t) {
                return Ok(());
            }
        }
        let t = match id {
            crate::types::TypeId::Bool => self.type_obj(id),
            _ => t,
        };
        // A static method (`str.maketrans`, `__new__`) takes no receiver.
        let stored = self.lookup_mro_str_dyn(t, name);
        if !stored.is_some_and(|v| v.is(Value::Obj(h))) {
            return Ok(());
        }
        let tname = self.class_name(t);
        let dunder = name.starts_with("__") && name.ends_with("__");
        let msg = match (args.first(), dunder) {
            (None, false) => format!("unbound method {tname}.{name}() needs an argument"),
            (None, true) => format!("descriptor '{name}' of '{tname}' object needs an argument"),
            (Some(&v), false) => {
                let got = self.type_name(v);
                format!(
                    "descriptor '{name}' for '{tname}' objects doesn't apply to a '{got}' object"
                )
            }
            (Some(&v), true) => {
                let got = self.type_name(v);
                format!("descriptor '{name}' requires a '{tname}' object but received a '{got}'")
            }
        };
        Err(self.type_error(msg))
    }

    /// The class attribute `name` of `t` as stored (not bound).
    fn lookup_mro_str_dyn(&mut self, t: Gc, name: &str) -> Option<Value> {
        let n = self.intern(name);
        self.lookup_mro(t, n)
    }
}
