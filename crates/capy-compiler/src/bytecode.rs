//! The bytecode: what the compiler emits and the VM executes.
//!
//! A code object is a flat list of [`Instr`] (8 bytes each: a one-byte tag
//! and a 32-bit argument), a constant table, a name table and a line table.
//! Jump targets are absolute instruction indices. The VM keeps a per-frame
//! value stack and a per-frame *block stack* (for `try`/`with`); the compiler
//! never needs to know stack depths, because each block records the stack
//! height when it is set up and the VM unwinds to it.
//!
//! Notation in the docs below: `[a, b] -> [c]` means the instruction pops
//! `b` (top) then `a` and pushes `c`.

use num_bigint::BigInt;
use std::rc::Rc;

/// Binary operators, shared by `BinaryOp` and `InplaceOp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    MatMul,
    TrueDiv,
    FloorDiv,
    Mod,
    Pow,
    LShift,
    RShift,
    And,
    Or,
    Xor,
}

impl BinOp {
    pub const ALL: [BinOp; 13] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::MatMul,
        BinOp::TrueDiv,
        BinOp::FloorDiv,
        BinOp::Mod,
        BinOp::Pow,
        BinOp::LShift,
        BinOp::RShift,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
    ];

    /// The operator as written in source (`+`, `//`, ...), for error messages.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::MatMul => "@",
            BinOp::TrueDiv => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "** or pow()",
            BinOp::LShift => "<<",
            BinOp::RShift => ">>",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
        }
    }

    /// Special method names: (forward, reflected, in-place).
    pub fn dunders(self) -> (&'static str, &'static str, &'static str) {
        match self {
            BinOp::Add => ("__add__", "__radd__", "__iadd__"),
            BinOp::Sub => ("__sub__", "__rsub__", "__isub__"),
            BinOp::Mul => ("__mul__", "__rmul__", "__imul__"),
            BinOp::MatMul => ("__matmul__", "__rmatmul__", "__imatmul__"),
            BinOp::TrueDiv => ("__truediv__", "__rtruediv__", "__itruediv__"),
            BinOp::FloorDiv => ("__floordiv__", "__rfloordiv__", "__ifloordiv__"),
            BinOp::Mod => ("__mod__", "__rmod__", "__imod__"),
            BinOp::Pow => ("__pow__", "__rpow__", "__ipow__"),
            BinOp::LShift => ("__lshift__", "__rlshift__", "__ilshift__"),
            BinOp::RShift => ("__rshift__", "__rrshift__", "__irshift__"),
            BinOp::And => ("__and__", "__rand__", "__iand__"),
            BinOp::Or => ("__or__", "__ror__", "__ior__"),
            BinOp::Xor => ("__xor__", "__rxor__", "__ixor__"),
        }
    }
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum UnOp {
    Neg,
    Pos,
    Invert,
    Not,
}

/// Comparison operators for `Compare`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum CmpOp {
    Lt,
    Le,
    Eq,
    Ne,
    Gt,
    Ge,
    In,
    NotIn,
    Is,
    IsNot,
    /// `except` clause test: `[exc, type] -> [bool]`, true when `exc` is an
    /// instance of `type` (or of any class in `type` when it is a tuple).
    ExcMatch,
}

/// One instruction. Arguments are indices into the code object's tables
/// (`consts`, `names`, locals), counts, or absolute jump targets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Instr {
    Nop,

    // ---- constants and stack shuffling
    /// `[] -> [consts[i]]`
    LoadConst(u32),
    /// `[] -> [None]`
    LoadNone,
    /// `[] -> [True/False]`
    LoadBool(bool),
    /// `[] -> [int]` for small integer literals.
    LoadSmallInt(i32),
    /// `[a] -> []`
    Pop,
    /// `[a] -> [a, a]`
    Dup,
    /// `[a, b] -> [a, b, a, b]`
    Dup2,
    /// `[a, b] -> [b, a]`
    Rot2,
    /// `[a, b, c] -> [c, a, b]` (top moves down two)
    Rot3,
    /// `[a, b, c, d] -> [d, a, b, c]` (top moves down three)
    Rot4,

    // ---- variables. Fast locals are numbered 0..code.nlocals; parameters
    // come first, in signature order. Cells: see `code.cellvars`.
    /// `[] -> [locals[i]]`; UnboundLocalError if unset.
    LoadFast(u32),
    /// `[v] -> []`
    StoreFast(u32),
    /// Unbinds local i (UnboundLocalError if unset).
    DeleteFast(u32),
    /// Dereference slot i of the frame's cell array: cells are `cellvars`
    /// (0..ncell) followed by `freevars` (ncell..ncell+nfree).
    /// `[] -> [cell contents]`; NameError (free) / UnboundLocalError (cell) if empty.
    LoadDeref(u32),
    /// `[v] -> []`
    StoreDeref(u32),
    DeleteDeref(u32),
    /// `[] -> [cell object i]` (to build a closure tuple for MakeFunction).
    LoadClosure(u32),
    /// In a class body, a name that is free in the class body (argument: a
    /// cell slot): look up `code.cell_name(i)` in the class namespace first,
    /// then read the cell.
    LoadClassDeref(u32),
    /// Module-level globals, by name: `[] -> [globals[names[i]] or builtins]`.
    LoadGlobal(u32),
    StoreGlobal(u32),
    DeleteGlobal(u32),
    /// Name lookup in the current namespace (module top level and class
    /// bodies): locals dict, then globals, then builtins.
    LoadName(u32),
    StoreName(u32),
    DeleteName(u32),

    // ---- attributes and items
    /// `[obj] -> [obj.names[i]]`
    LoadAttr(u32),
    /// `[v, obj] -> []` sets obj.names[i] = v
    StoreAttr(u32),
    /// `[obj] -> []`
    DeleteAttr(u32),
    /// Method-call fast path: `[obj] -> [meth, self]` where either
    /// `meth` is the unbound function and `self` is obj, or `meth` is the
    /// attribute value and `self` is the NULL marker. Always followed
    /// (after the arguments) by `CallMethod`.
    LoadMethod(u32),
    /// `[meth, self, a1..an] -> [result]` (n = arg); pairs with LoadMethod.
    CallMethod(u32),
    /// `[obj, key] -> [obj[key]]`
    Subscr,
    /// `[v, obj, key] -> []` obj[key] = v
    StoreSubscr,
    /// `[obj, key] -> []`
    DeleteSubscr,
    /// `[start, stop] -> [slice]` (arg 2) or `[start, stop, step] -> [slice]` (arg 3).
    BuildSlice(u32),

    // ---- operators
    /// `[a, b] -> [a op b]`
    BinaryOp(BinOp),
    /// `[a, b] -> [a op= b]` (tries `__iop__` first)
    InplaceOp(BinOp),
    /// `[a] -> [op a]`
    UnaryOp(UnOp),
    /// `[a, b] -> [a cmp b]`
    Compare(CmpOp),

    // ---- control flow (absolute targets)
    Jump(u32),
    /// `[v] -> []`, jump if falsy
    PopJumpIfFalse(u32),
    /// `[v] -> []`, jump if truthy
    PopJumpIfTrue(u32),
    /// `[v] -> [v]` and jump if falsy, else `[v] -> []` (for `and`).
    JumpIfFalseOrPop(u32),
    /// `[v] -> [v]` and jump if truthy, else `[v] -> []` (for `or`).
    JumpIfTrueOrPop(u32),
    /// `[obj] -> [iter(obj)]`
    GetIter,
    /// `[it] -> [it, next(it)]`, or when exhausted `[it] -> []` and jump.
    ForIter(u32),

    // ---- building
    /// `[a1..an] -> [(a1,..,an)]`
    BuildTuple(u32),
    /// `[a1..an] -> [[a1,..,an]]`
    BuildList(u32),
    /// `[a1..an] -> [{a1,..,an}]`
    BuildSet(u32),
    /// A set display of n > 2 constants: as `BuildSet`, but laid out as
    /// CPython lays out such a display (its compiler makes the constants a
    /// frozenset, then remakes that frozenset from its own iteration
    /// order, and the display copies it): the items are added in order,
    /// then added again, in the order they then iterate in, to a new set.
    /// The order the set iterates in is what differs (dict/set_order.rs).
    BuildConstSet(u32),
    /// `[k1, v1, .., kn, vn] -> [{k1: v1, ..}]` (n = arg pairs)
    BuildMap(u32),
    /// `[s1..sn] -> [s1 + .. + sn]` concatenating str (f-strings).
    BuildString(u32),
    /// Comprehension append: `[.., list, (arg-1 more items).., v] -> [.., list, ..]`:
    /// pops v and appends it to the list found at depth `arg` below the
    /// top *after* popping v (arg 1 = directly below).
    ListAppend(u32),
    /// Like ListAppend for a set.
    SetAdd(u32),
    /// `[.., dict, .., k, v] -> [.., dict, ..]`: dict at depth `arg` after popping k and v.
    MapAdd(u32),
    /// `[list, iterable] -> [list]` list.extend(iterable) (star in literals).
    ListExtend,
    /// `[set, iterable] -> [set]`
    SetUpdate,
    /// `[dict, mapping] -> [dict]` dict.update(mapping) (`{**m}` literals).
    DictUpdate,
    /// Like DictUpdate but raises TypeError on duplicate keys (`f(**a, **b)`)
    /// and when the mapping is not a mapping ("argument after ** must be a mapping").
    DictMerge,
    /// `[list] -> [tuple(list)]`
    ListToTuple,
    /// `[seq] -> [vn, .., v1]` (v1 on top), ValueError on length mismatch.
    UnpackSequence(u32),
    /// Star unpacking: arg = before | (after << 16).
    /// `[seq] -> [after values reversed.., list, before values reversed..]`
    /// i.e. leaves, from top: before[0], ..., before[n-1], starred list, after[0]...
    UnpackEx(u32),

    // ---- structural pattern matching (`match`; compile/pattern.rs)
    /// `[v] -> [v, bool]`: whether `v` matches sequence patterns (a list,
    /// tuple, range, deque, array, memoryview or `collections.abc.Sequence`,
    /// never a str, bytes or bytearray).
    MatchSequence,
    /// `[v] -> [v, bool]`: whether `v` matches mapping patterns (a dict or
    /// a `collections.abc.Mapping`).
    MatchMapping,
    /// `[v] -> [v, len(v)]`
    GetLen,
    /// `[map, keys] -> [map, keys, values]`: the values of the tuple `keys`
    /// in `map` as a tuple, or None when a key is missing.
    MatchKeys,
    /// `[map, keys] -> [rest]`: a new dict of `map`'s items whose keys are
    /// not in `keys` (the `**rest` of a mapping pattern).
    MatchRest,
    /// `[v, cls, names] -> [attrs]`: when `v` is an instance of `cls`, a
    /// tuple of the `arg` positional sub-pattern values (by
    /// `cls.__match_args__`, or `v` itself for the built-in types that
    /// match themselves) followed by the attributes named by the str tuple
    /// `names`; None when it is not an instance or an attribute is missing.
    MatchClass(u32),

    // ---- calls and functions
    /// `[f, a1..an] -> [f(a1..an)]`
    Call(u32),
    /// `[f, a1..an, names] -> [result]` where `names` is a tuple constant of
    /// keyword names naming the last len(names) arguments. arg = n (all args).
    CallKw(u32),
    /// `[f, args_tuple] -> [f(*args)]` (arg 0) or
    /// `[f, args_tuple, kwargs_dict] -> [f(*args, **kwargs)]` (arg 1).
    CallEx(u32),
    /// Create a function. Stack, bottom to top: `[defaults tuple]` if flag 1,
    /// `[kwdefaults dict]` if flag 2, `[closure tuple of cells]` if flag 4,
    /// then `[code const]`. -> `[function]`. The function's name, qualname
    /// and flags come from the code object.
    MakeFunction(u32),
    /// `[] -> [__build_class__]`; then the compiler emits
    /// `[__build_class__, body_function, name, bases.., (names)] Call/CallKw/CallEx`.
    LoadBuildClass,
    /// `[v] -> return v`
    ReturnValue,

    // ---- generators and coroutines
    /// `[v] -> [sent value]`: suspends the generator, yielding v.
    YieldValue,
    /// `[iterable] -> [iterator]`: `iter()` for `yield from`; for
    /// coroutines, awaitables are passed through.
    GetYieldFromIter,
    /// `[iter, sent] -> [iter, sent']` delegating; when the sub-iterator
    /// finishes, `[iter, sent] -> [return value]` and execution continues.
    /// (Implementation: resends until StopIteration; suspends the frame at
    /// this instruction between values.)
    YieldFrom,
    /// `[obj] -> [awaitable iterator]` for `await`: obj.__await__() or a coroutine.
    GetAwaitable,
    /// `[obj] -> [obj.__aiter__()]`
    GetAIter,
    /// `[aiter] -> [aiter, awaitable of aiter.__anext__()]`
    GetANext,
    /// Used in `async for`: exception handler target helper. `[aiter, exc] -> []`
    /// if exc is StopAsyncIteration (then jump to arg), else re-raise.
    EndAsyncFor(u32),

    // ---- exceptions and blocks
    /// Push an exception handler block: if an exception is raised before the
    /// matching PopBlock, the stack is cut back to its height at setup, the
    /// exception is pushed, the handled-exception state is set to it, and
    /// execution jumps to arg. Used for both `except` and `finally`.
    SetupExcept(u32),
    /// Remove the innermost block (normal exit of a try body or with body).
    PopBlock,
    /// End of an except handler body: restore the handled-exception state to
    /// what it was before the handler was entered.
    PopExcept,
    /// `raise` (arg 0: re-raise the exception being handled),
    /// `raise exc` (arg 1: `[exc] -> `), `raise exc from cause` (arg 2: `[exc, cause] ->`).
    Raise(u32),
    /// `[exc] -> ` re-raise exc without touching its traceback
    /// (end of a `finally` on the exception path; unmatched `except`).
    Reraise,
    /// `with` entry: `[mgr] -> [exit, mgr.__enter__()]` and pushes a handler
    /// block to arg whose recorded stack height includes `exit`.
    SetupWith(u32),
    /// `with` normal exit: `[exit] -> []`, calls exit(None, None, None).
    WithExitNormal,
    /// `with` exception path (handler target): `[exit, exc] -> []`,
    /// calls exit(type(exc), exc, None); if the result is true the
    /// exception is swallowed (and the handled-exception state restored),
    /// else exc is re-raised.
    WithExitExc,
    /// `async with` entry: `[mgr] -> [aexit, awaitable of mgr.__aenter__()]`.
    /// Pushes no block: `__aexit__` must not run when awaiting `__aenter__`
    /// fails. `PushWithBlock` follows the await. (arg: the handler, the same
    /// as `PushWithBlock`'s; kept for the listing.)
    SetupAsyncWith(u32),
    /// `[aexit, entered] -> [aexit, entered]` and pushes a handler block to
    /// arg whose recorded height excludes `entered` (handler entry sees
    /// `[.., aexit, exc]`, as for `SetupWith`).
    PushWithBlock(u32),
    /// `[aexit] -> [awaitable of aexit(None, None, None)]`
    AsyncWithExitNormal,
    /// `[aexit, exc] -> [exc, awaitable of aexit(type, exc, None)]`; after
    /// awaiting, `AsyncWithExitEnd` decides.
    AsyncWithExitExc,
    /// `[exc, result] -> []`: swallow exc if result is true, else re-raise it.
    AsyncWithExitEnd,
    /// `[] -> [AssertionError class]`
    LoadAssertionError,

    // ---- imports
    /// `[level, fromlist] -> [module]` imports names[i]: level is an int,
    /// fromlist None or a tuple of str. Returns the top package when
    /// fromlist is None (like `__import__`).
    ImportName(u32),
    /// `[module] -> [module, module.names[i]]` (ImportError if missing;
    /// tries importing submodule `module.name` for packages).
    ImportFrom(u32),
    /// `[module] -> []` copies public names into the current namespace.
    ImportStar,

    // ---- f-strings
    /// Formats a value: flags & 3 = conversion (0 none, 1 str, 2 repr, 3 ascii);
    /// flags & 4 = a format spec is on the stack.
    /// `[v] -> [str]` or `[v, spec] -> [str]`.
    FormatValue(u32),

    // ---- interactive
    /// REPL: `[v] -> []`, prints repr(v) unless None and stores it in `_`.
    PrintExpr,

    // ---- except* (PEP 654; compile/flow.rs lays out the handler)
    /// `[rest, type] -> [rest', match]`: the part of the exception `rest`
    /// that `type` matches (a group; a matching naked exception is wrapped
    /// in `ExceptionGroup('', [exc])`) and what is left (None when
    /// nothing), making `match` the handled exception. When nothing
    /// matches (or `rest` is None), `[rest, type] -> [rest]` and jump to
    /// arg. TypeError if `type` is not exception classes or is a group class.
    ExcStarMatch(u32),
    /// End of the clauses: `[orig, raised] -> []` where `orig` is the
    /// exception the try body raised and `raised` the list of what the
    /// clauses raised followed by the unmatched rest (Nones ignored).
    /// Raises what is left to raise (the re-raised parts rebuilt in
    /// `orig`'s shape, combined with new ones in `ExceptionGroup('', ..)`),
    /// or falls through when everything was handled.
    ExcStarReraise,

    // ---- fused loop steps
    /// `for a, b in ...` (a target of exactly two unstarred elements):
    /// `[it] -> [it, b, a]` (a on top), what `ForIter` then
    /// `UnpackSequence(2)` would leave, or when exhausted `[it] -> []` and
    /// jump. The VM steps enumerate, dict items, a zip of two and a list of
    /// pairs without making the pair's tuple (types/iterstep.rs).
    ForIterPair(u32),
}

/// A compile-time constant.
#[derive(Clone, Debug, PartialEq)]
pub enum Const {
    None,
    Bool(bool),
    Int(i64),
    BigInt(BigInt),
    Float(f64),
    Complex(f64, f64),
    Str(Rc<str>),
    Bytes(Rc<[u8]>),
    Tuple(Rc<[Const]>),
    Ellipsis,
    Code(Rc<Code>),
}

/// Flags of a code object.
pub mod code_flags {
    /// Has a `*args` parameter (stored in the local after the named ones).
    pub const VARARGS: u32 = 1;
    /// Has a `**kwargs` parameter (stored after `*args`, if any).
    pub const VARKEYWORDS: u32 = 2;
    /// Contains `yield`: calling it makes a generator.
    pub const GENERATOR: u32 = 4;
    /// `async def`: calling it makes a coroutine.
    pub const COROUTINE: u32 = 8;
    /// A class body (uses LoadName/StoreName into the class namespace).
    pub const CLASS_BODY: u32 = 16;
    /// Module top level or exec/eval code (LoadName/StoreName into globals).
    pub const MODULE: u32 = 32;
    /// An async generator (`async def` with `yield`).
    pub const ASYNC_GENERATOR: u32 = 64;
}

/// A compiled function, class body or module.
#[derive(Clone, Debug, PartialEq)]
pub struct Code {
    pub name: Rc<str>,
    pub qualname: Rc<str>,
    pub filename: Rc<str>,
    /// Line of the `def`/`class`, or 1 for a module.
    pub first_line: u32,
    pub flags: u32,
    /// Positional parameters (including positional-only), in order.
    pub argcount: u32,
    /// How many of `argcount` are positional-only.
    pub posonlyargcount: u32,
    /// Keyword-only parameters, which follow the positional ones in `varnames`.
    pub kwonlyargcount: u32,
    /// Names of all fast locals: parameters first (positional, then
    /// keyword-only, then *args, then **kwargs), then other locals.
    pub varnames: Vec<Rc<str>>,
    /// Local variables captured by inner functions (cells owned by this frame).
    /// A parameter that is also a cell is copied into its cell at frame start:
    /// `cell2arg[i]` gives the parameter's local index, if any.
    pub cellvars: Vec<Rc<str>>,
    pub cell2arg: Vec<Option<u32>>,
    /// Variables of enclosing functions used here (cells passed in the closure).
    pub freevars: Vec<Rc<str>>,
    /// Global, attribute and imported names.
    pub names: Vec<Rc<str>>,
    pub consts: Vec<Const>,
    pub instrs: Vec<Instr>,
    /// Source line of each instruction (same length as `instrs`).
    pub lines: Vec<u32>,
    /// The docstring, if the body starts with a string literal.
    pub doc: Option<Rc<str>>,
    /// The text of the source file, kept on the top-level code of a module
    /// the runtime loaded from a file (the main script, an imported `.py`)
    /// so tracebacks can quote its lines. None for everything else (nested
    /// code, `exec`/`compile` strings, bytecode files); never serialized.
    pub source: Option<Rc<str>>,
}

impl Code {
    /// Name of cell slot i (cellvars then freevars).
    pub fn cell_name(&self, i: usize) -> Option<&Rc<str>> {
        if i < self.cellvars.len() {
            self.cellvars.get(i)
        } else {
            self.freevars.get(i - self.cellvars.len())
        }
    }

    pub fn line_at(&self, ip: usize) -> u32 {
        self.lines.get(ip).copied().unwrap_or(self.first_line)
    }

    /// Total number of parameters stored in fast locals.
    pub fn total_params(&self) -> usize {
        // Added as usize: a loaded file may hold any two u32 counts.
        let mut n = self.argcount as usize + self.kwonlyargcount as usize;
        if self.flags & code_flags::VARARGS != 0 {
            n += 1;
        }
        if self.flags & code_flags::VARKEYWORDS != 0 {
            n += 1;
        }
        n
    }
}
