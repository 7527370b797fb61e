//! Exceptions: the built-in exception hierarchy and helpers to raise them.

use crate::dict::Dict;
use crate::obj::{ExcObj, Obj};
use crate::value::{Gc, Value};
use crate::vm::Vm;

/// A raised Python exception: a handle to the exception instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PyErr(pub Gc);

impl PyErr {
    pub fn value(self) -> Value {
        Value::Obj(self.0)
    }
}

macro_rules! exc_kinds {
    ($($name:ident : $parent:ident),* $(,)?) => {
        /// The built-in exception classes, in definition order (a parent
        /// always comes before its children).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        pub enum ExcKind { $($name),* }
        impl ExcKind {
            pub const ALL: &'static [ExcKind] = &[$(ExcKind::$name),*];
            pub fn name(self) -> &'static str {
                match self { $(ExcKind::$name => stringify!($name)),* }
            }
            /// The parent class; BaseException is its own parent.
            pub fn parent(self) -> ExcKind {
                match self { $(ExcKind::$name => ExcKind::$parent),* }
            }
        }
    };
}

exc_kinds! {
    BaseException: BaseException,
    SystemExit: BaseException,
    KeyboardInterrupt: BaseException,
    GeneratorExit: BaseException,
    Exception: BaseException,
    StopIteration: Exception,
    StopAsyncIteration: Exception,
    ArithmeticError: Exception,
    OverflowError: ArithmeticError,
    ZeroDivisionError: ArithmeticError,
    FloatingPointError: ArithmeticError,
    AssertionError: Exception,
    AttributeError: Exception,
    BufferError: Exception,
    EOFError: Exception,
    ImportError: Exception,
    ModuleNotFoundError: ImportError,
    LookupError: Exception,
    IndexError: LookupError,
    KeyError: LookupError,
    MemoryError: Exception,
    NameError: Exception,
    UnboundLocalError: NameError,
    OSError: Exception,
    RuntimeError: Exception,
    NotImplementedError: RuntimeError,
    RecursionError: RuntimeError,
    SyntaxError: Exception,
    IndentationError: SyntaxError,
    TabError: IndentationError,
    SystemError: Exception,
    TypeError: Exception,
    ValueError: Exception,
    UnicodeError: ValueError,
    UnicodeDecodeError: UnicodeError,
    UnicodeEncodeError: UnicodeError,
    UnicodeTranslateError: UnicodeError,
    TimeoutError: OSError,
    ConnectionError: OSError,
    BrokenPipeError: ConnectionError,
    ConnectionAbortedError: ConnectionError,
    ConnectionRefusedError: ConnectionError,
    ConnectionResetError: ConnectionError,
    PermissionError: OSError,
    BlockingIOError: OSError,
    ChildProcessError: OSError,
    FileExistsError: OSError,
    FileNotFoundError: OSError,
    InterruptedError: OSError,
    IsADirectoryError: OSError,
    NotADirectoryError: OSError,
    ProcessLookupError: OSError,
    ReferenceError: Exception,
    Warning: Exception,
    UserWarning: Warning,
    DeprecationWarning: Warning,
    PendingDeprecationWarning: Warning,
    RuntimeWarning: Warning,
    SyntaxWarning: Warning,
    FutureWarning: Warning,
    ImportWarning: Warning,
    UnicodeWarning: Warning,
    BytesWarning: Warning,
    ResourceWarning: Warning,
    EncodingWarning: Warning,
    BaseExceptionGroup: BaseException,
    // Also an Exception: its second base is set in types/excgroup.rs.
    ExceptionGroup: BaseExceptionGroup,
}

impl Vm {
    /// The class object of a built-in exception.
    pub fn exc_class(&self, kind: ExcKind) -> Gc {
        self.exc_classes[kind as usize]
    }

    /// Makes an exception instance of `class` with the given args tuple.
    pub fn new_exception(&mut self, class: Gc, args: Vec<Value>) -> PyErr {
        let args = match self.new_tuple(args) {
            Ok(t) => t,
            Err(e) => return e,
        };
        let obj = Obj::Exception(Box::new(ExcObj {
            class,
            args,
            dict: Dict::new(),
            traceback: Vec::new(),
            cause: Value::None,
            context: Value::None,
            suppress_context: false,
        }));
        match self.alloc(obj) {
            Ok(g) => PyErr(g),
            Err(e) => e,
        }
    }

    /// Raises `kind(msg)`.
    pub fn error(&mut self, kind: ExcKind, msg: impl AsRef<str>) -> PyErr {
        let class = self.exc_class(kind);
        match self.new_str(msg.as_ref()) {
            Ok(s) => self.new_exception(class, vec![s]),
            Err(e) => e,
        }
    }

    /// The preallocated MemoryError, used when there is no room to make one.
    pub fn memory_error(&mut self) -> PyErr {
        self.budget.memory.grant_overdraft();
        let e = self.prealloc_memory_error;
        if let Obj::Exception(x) = self.heap.get_mut(e) {
            x.traceback.clear();
            x.context = Value::None;
            x.cause = Value::None;
        }
        PyErr(e)
    }

    pub fn type_error(&mut self, msg: impl AsRef<str>) -> PyErr {
        self.error(ExcKind::TypeError, msg)
    }
    pub fn value_error(&mut self, msg: impl AsRef<str>) -> PyErr {
        self.error(ExcKind::ValueError, msg)
    }
    pub fn index_error(&mut self, msg: impl AsRef<str>) -> PyErr {
        self.error(ExcKind::IndexError, msg)
    }
    pub fn overflow_error(&mut self, msg: impl AsRef<str>) -> PyErr {
        self.error(ExcKind::OverflowError, msg)
    }
    pub fn zero_division(&mut self, msg: impl AsRef<str>) -> PyErr {
        self.error(ExcKind::ZeroDivisionError, msg)
    }
    pub fn runtime_error(&mut self, msg: impl AsRef<str>) -> PyErr {
        self.error(ExcKind::RuntimeError, msg)
    }
    pub fn key_error(&mut self, key: Value) -> PyErr {
        let class = self.exc_class(ExcKind::KeyError);
        self.new_exception(class, vec![key])
    }
    pub fn stop_iteration(&mut self, value: Value) -> PyErr {
        let class = self.exc_class(ExcKind::StopIteration);
        let args = if value.is_none() { vec![] } else { vec![value] };
        self.new_exception(class, args)
    }
    pub fn attribute_error(&mut self, obj: Value, name: &str) -> PyErr {
        let tn = self.type_name(obj);
        let msg = if let Some(m) = self.module_name_of(obj) {
            format!("module '{m}' has no attribute '{name}'")
        } else if let Some(c) = self.class_name_if_class(obj) {
            format!("type object '{c}' has no attribute '{name}'")
        } else {
            format!("'{tn}' object has no attribute '{name}'")
        };
        self.error(ExcKind::AttributeError, msg)
    }

    /// Whether the exception is an instance of `kind` (or a subclass).
    pub fn err_is(&self, e: PyErr, kind: ExcKind) -> bool {
        let class = self.exc_class(kind);
        match self.heap.get(e.0) {
            Obj::Exception(x) => self.is_subclass(x.class, class),
            _ => false,
        }
    }

    /// The exception's class.
    pub fn err_class(&self, e: PyErr) -> Option<Gc> {
        match self.heap.get(e.0) {
            Obj::Exception(x) => Some(x.class),
            _ => None,
        }
    }

    /// args[0] of an exception, or None.
    pub fn err_arg0(&self, e: PyErr) -> Value {
        match self.heap.get(e.0) {
            Obj::Exception(x) => match x.args {
                Value::Obj(t) => match self.heap.get(t) {
                    Obj::Tuple(items) => items.first().copied().unwrap_or(Value::None),
                    _ => Value::None,
                },
                _ => Value::None,
            },
            _ => Value::None,
        }
    }
}
