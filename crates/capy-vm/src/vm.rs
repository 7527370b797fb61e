//! An interpreter instance. Everything a program can reach hangs off one
//! [`Vm`]: there is no global mutable state, so instances are independent
//! and each can run on its own thread.

use crate::budget::{Budget, Exceeded};
use crate::errors::ExcKind;
use crate::frame::{Block, Frame};
use crate::heap::{str_hash, Heap};
use crate::obj::{Module, Obj, PyStr};
use crate::types::TypeId;
use crate::value::{Gc, Value};
use crate::PyResult;
use capy_compiler::{Code, Const};
use std::collections::HashMap;
use std::io::Write;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

pub use crate::budget::Limits;

/// Values the value stack holds before it first grows.
const STACK_START: usize = 1024;

/// What one entry of `temp_roots` costs, charged with each allocation.
const TEMP_ROOT_BYTES: usize = std::mem::size_of::<Value>();

/// Creates a native module's object: registered with [`Vm::register_module`].
pub type ModuleInit = fn(&mut Vm) -> PyResult<Gc>;

/// Materialised constants and names of one code object.
pub struct CodeCache {
    pub code: Rc<Code>,
    pub consts: Rc<[Value]>,
    pub names: crate::attric::Names,
    /// The code's `__name__` and `__qualname__`, interned once here: every
    /// function made from the code (a generator expression's, each time
    /// it is evaluated) takes them from the entry instead of hashing the
    /// strings again.
    pub name: Value,
    pub qualname: Value,
    /// Bytes charged to the heap for this entry (released when swept).
    pub charged: usize,
}

/// Where `print` and the REPL write, and where tracebacks go: by default
/// the process's stdout and stderr (buffered as CPython's, see stdstream.rs).
/// It belongs to the process, so it moves with the world (compartment/mod.rs)
/// to whichever instance runs.
pub struct Output {
    pub out: Box<dyn Write + Send>,
    pub err: Box<dyn Write + Send>,
}

impl Output {
    /// The process's stdout and stderr.
    pub fn std() -> Output {
        Output {
            out: Box::new(crate::stdstream::StdStream::stdout()),
            err: Box::new(crate::stdstream::StdStream::stderr()),
        }
    }

    /// Nowhere: what an instance writes is dropped (an empty world's).
    pub fn discard() -> Output {
        Output {
            out: Box::new(std::io::sink()),
            err: Box::new(std::io::sink()),
        }
    }
}

impl Default for Output {
    fn default() -> Output {
        Output::discard()
    }
}

pub struct Vm {
    pub heap: Heap,
    /// Values of all active frames: locals, cells, then the value stack.
    pub stack: Vec<Value>,
    pub blocks: Vec<Block>,
    /// Exceptions currently being handled (innermost last).
    pub handling: Vec<Value>,
    /// Containers whose repr is being made, innermost last (repr.rs): one
    /// met again inside prints as `[...]`.
    pub repr_guard: Vec<Gc>,
    /// Metadata of active frames, innermost last (for tracebacks, `super()` and GC).
    pub frames: FrameStack,
    /// Spare lists for the Python frames one `run_frame` runs in its
    /// loop (framestack.rs), kept so a call does not allocate one.
    pub(crate) frame_lists: Vec<crate::framestack::Callees>,
    /// The thread's frozen base (base.rs): the built-in types and names
    /// every instance shares.
    pub base: Rc<crate::base::Base>,
    /// The built-in types and exception classes (the base's).
    pub types: Rc<[Gc]>,
    pub exc_classes: Rc<[Gc]>,
    /// The builtins namespace: the base's, until this instance writes to
    /// it (then its own copy, under the same handle: heap.rs).
    pub builtins: Gc,
    /// `sys.modules`.
    pub modules: Gc,
    /// Native modules registered by the embedder, beside capy's own
    /// ([`crate::modules::NATIVE`], [`crate::modules::frozen::STDLIB`]).
    pub extra_modules: Vec<(&'static str, ModuleInit)>,
    pub code_cache: HashMap<usize, CodeCache, PtrHasher>,
    /// Names interned by this instance (those not in the base).
    interned: HashMap<Box<str>, Gc, NameHasher>,
    /// Objects allocated by native code not yet stored anywhere reachable.
    pub temp_roots: Vec<Value>,
    /// Every limit of the instance and the meters against them.
    pub budget: Budget,
    pub prealloc_memory_error: Gc,
    next_frame_id: u64,
    pub sys_path: Vec<String>,
    pub argv: Vec<String>,
    /// Extra roots held by native modules (e.g. `sys` objects).
    pub extra_roots: Vec<Value>,
    /// Exit functions (`atexit`, `sys.atexit`), run by [`Vm::run_atexit`].
    pub(crate) atexit: crate::modules::atexit::Handlers,
    /// Callbacks `micropython.schedule` queued (modules/schedule.rs);
    /// boxed on first use, so an idle instance stays small.
    pub(crate) scheduled: Option<Box<crate::modules::schedule::Queue>>,
    pub print_expr_hook: bool,
    pub empty_tuple: Option<Gc>,
    /// The capability model's address space and classes (modules/cheri.rs).
    /// Boxed, as `comp`: state that is not on the interpreter's hot paths
    /// stays out of line, so an idle compartment stays small.
    pub cheri: Box<crate::modules::cheri::CheriState>,
    /// Compiled regexes (modules/rx.rs): outside the heap, but their bytes
    /// count against its quota.
    pub re_cache: crate::modules::rx::ReCache,
    /// What decimal's native fast paths look up once (modules/decnum.rs).
    pub(crate) decnum: Option<Box<crate::modules::decnum::Cache>>,
    /// Results of class attribute lookups (attrcache.rs).
    pub attr_cache: crate::attrcache::AttrCache,
    /// The attribute layouts of this instance's objects (shape.rs).
    pub shapes: crate::shape::Shapes,
    /// Where global names were found (globalcache.rs).
    pub global_cache: crate::globalcache::GlobalCache,
    /// This instance's compartment state: its id, exports, handles held.
    pub comp: Box<crate::compartment::Local>,
    /// Every instance of the process and the process's output, carried
    /// by the active one (compartment/mod.rs); empty in parked instances.
    /// Boxed: a crossing hands it over by swapping one pointer.
    pub world: Box<crate::compartment::World>,
}

/// What the VM remembers of each active frame outside the interpreter loop.
pub struct FrameInfo {
    pub code: Rc<Code>,
    pub id: u64,
    pub base: usize,
    pub globals: Gc,
    pub locals: Value,
    /// Updated when the frame calls out, so tracebacks and `super()` see it.
    pub ip: usize,
}

/// The active frames' [`FrameInfo`], innermost last.
///
/// Entries above `len` are kept for reuse and overwritten field by field on
/// entry: building a whole `FrameInfo` and moving it into a `Vec` made the
/// CPU stall on every call (the move re-read, as wide loads, the narrow
/// stores that had just built it), and that was a tenth of a call's cost.
#[derive(Default)]
pub struct FrameStack {
    items: Vec<FrameInfo>,
    len: usize,
}

impl FrameStack {
    #[inline(always)]
    pub fn push(
        &mut self,
        code: &Rc<Code>,
        id: u64,
        base: usize,
        globals: Gc,
        locals: Value,
        ip: usize,
    ) {
        if let Some(fi) = self.items.get_mut(self.len) {
            if !Rc::ptr_eq(&fi.code, code) {
                fi.code = code.clone();
            }
            fi.id = id;
            fi.base = base;
            fi.globals = globals;
            fi.locals = locals;
            fi.ip = ip;
        } else {
            self.items.push(FrameInfo {
                code: code.clone(),
                id,
                base,
                globals,
                locals,
                ip,
            });
        }
        self.len += 1;
    }
    #[inline]
    pub fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn last(&self) -> Option<&FrameInfo> {
        self.len.checked_sub(1).and_then(|i| self.items.get(i))
    }
    pub fn last_mut(&mut self) -> Option<&mut FrameInfo> {
        self.len.checked_sub(1).and_then(|i| self.items.get_mut(i))
    }
    pub fn iter(&self) -> impl Iterator<Item = &FrameInfo> {
        self.items.iter().take(self.len)
    }
}

impl Vm {
    /// A new instance on the thread's frozen base (built on first use),
    /// writing to the process's stdout and stderr.
    pub fn new(limits: Limits) -> Vm {
        Vm::make(limits, Output::std(), STACK_START)
    }

    /// Gives the value stack its working size, once: a compartment's is
    /// made empty (an idle compartment would pay 16 KB for it) and sized
    /// before it first runs code.
    #[inline(always)]
    pub fn reserve_stack(&mut self) {
        if self.stack.capacity() < STACK_START {
            self.stack.reserve(STACK_START - self.stack.len());
        }
    }

    /// [`Vm::new`] writing to `out`, with an empty value stack (sized
    /// when it first runs code): what compartments are made with.
    pub fn with_output(limits: Limits, out: Output) -> Vm {
        Vm::make(limits, out, 0)
    }

    fn make(limits: Limits, out: Output, stack: usize) -> Vm {
        let base = crate::base::Base::shared();
        let mut heap = Heap::on(base.heap.clone());
        heap.set_stress(gc_stress_from_env());
        let mut vm = Vm::blank(heap, base, Budget::new(limits.clone()), out, stack);
        vm.budget.memory.set_limit(usize::MAX);
        let me = vm.exc_class(ExcKind::MemoryError);
        vm.prealloc_memory_error = vm.new_exception(me, vec![]).0;
        // Objects made before the limit applies (a tiny limit still yields
        // a working instance that raises MemoryError) and room to run.
        let floor = vm.budget.memory.bytes() + (64 << 10);
        vm.budget.memory.set_limit(limits.heap_bytes.max(floor));
        vm
    }

    /// An instance on `base` with its own `sys.modules` and nothing else:
    /// what [`Vm::new`] finishes, and what builds the base itself.
    pub(crate) fn blank(
        mut heap: Heap,
        base: Rc<crate::base::Base>,
        budget: Budget,
        out: Output,
        stack: usize,
    ) -> Vm {
        // `sys.modules`; also the placeholder of the builtins namespace
        // until the base's is known. Nothing collects before it is rooted.
        let modules = heap.alloc_unrooted(Obj::Dict(Box::default()));
        let builtins = if base.heap.is_empty() {
            modules
        } else {
            base.builtins
        };
        Vm {
            heap,
            // Here, after `sys.modules`: where the stack lands matters.
            // Made at the end of `make` instead, it ran calls a third
            // slower (fib, paired; the simulated instruction, cache and
            // branch counts were the same, so an effect of addresses).
            stack: Vec::with_capacity(stack),
            blocks: Vec::new(),
            handling: Vec::new(),
            frames: FrameStack::default(),
            frame_lists: Vec::new(),
            types: base.types.clone(),
            exc_classes: base.exc_classes.clone(),
            builtins,
            modules,
            extra_modules: Vec::new(),
            code_cache: HashMap::default(),
            interned: HashMap::default(),
            temp_roots: Vec::new(),
            repr_guard: Vec::new(),
            budget,
            prealloc_memory_error: modules,
            next_frame_id: 0,
            sys_path: Vec::new(),
            argv: Vec::new(),
            extra_roots: Vec::new(),
            atexit: Default::default(),
            scheduled: None,
            print_expr_hook: false,
            empty_tuple: base.empty_tuple,
            cheri: Default::default(),
            re_cache: Default::default(),
            decnum: None,
            attr_cache: Default::default(),
            shapes: Default::default(),
            global_cache: Default::default(),
            comp: Default::default(),
            world: Box::new(crate::compartment::World {
                out,
                ..Default::default()
            }),
            base,
        }
    }

    /// Freezes what this instance made (it stands on an empty base) into
    /// a base for other instances (base.rs).
    pub(crate) fn into_base(self) -> crate::base::Base {
        // Shape ids are per instance: a base object with attributes in
        // slots would be read through another instance's table.
        debug_assert!(self.shapes.is_unused(), "shaped attributes in the base");
        let mut b = crate::base::Base::empty();
        b.interned = self.interned;
        b.types = self.types;
        b.exc_classes = self.exc_classes;
        b.builtins = self.builtins;
        b.empty_tuple = self.empty_tuple;
        b.heap = Rc::new(self.heap.freeze());
        b
    }

    /// The native module `name`: capy's own or one the embedder
    /// registered; None if there is none, or if it is one this instance,
    /// a compartment, may not import (compartment/authority.rs).
    pub fn native_module(&self, name: &str) -> Option<ModuleInit> {
        if self.comp.confined && !crate::compartment::authority::may_import(name) {
            return None;
        }
        crate::modules::NATIVE
            .iter()
            .chain(crate::modules::frozen::STDLIB)
            .chain(crate::modules::frozen::ALIASES)
            .chain(self.extra_modules.iter())
            .find(|(n, _)| *n == name)
            .map(|&(_, init)| init)
    }

    /// Registers a native module, importable by `name`. This is the
    /// interface through which `cheri`, `compartment` and friends plug in.
    pub fn register_module(&mut self, name: &'static str, init: ModuleInit) {
        self.extra_modules.retain(|(n, _)| *n != name);
        self.extra_modules.push((name, init));
    }

    pub fn set_output(&mut self, out: Box<dyn Write + Send>, err: Box<dyn Write + Send>) {
        self.world.out = Output { out, err };
    }

    /// Starts the wall-clock and step budgets (called when a run begins).
    pub fn start_clock(&mut self) {
        self.budget.start();
    }

    /// The flag a host sets (from a signal handler or another thread) to
    /// raise KeyboardInterrupt in the running code at its next safe point.
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.budget.interrupt_flag()
    }

    // ---- allocation

    /// Allocates an object; the handle stays rooted until the current
    /// native call returns, or for an instruction of the interpreter loop
    /// until that instruction ends (see `temp_roots`).
    ///
    /// A full collection runs before MemoryError is raised, and in the
    /// stress mode before every allocation. The object being allocated is
    /// not yet in the heap, so its contents are roots of that collection.
    pub fn alloc(&mut self, obj: Obj) -> PyResult<Gc> {
        let size = obj.size();
        self.alloc_sized(obj, size)
    }

    /// [`Self::alloc`] charging `size` bytes instead of `obj.size()`: for
    /// an object sharing storage with others, the bytes it newly took (a
    /// str appended in place to a shared buffer takes its piece, though it
    /// holds the whole buffer); collections recount `obj.size()`.
    pub fn alloc_sized(&mut self, obj: Obj, size: usize) -> PyResult<Gc> {
        // Allocation is a safe point for the clock: a native that builds
        // many objects in one call (`split` of a huge string) stops at the
        // deadline too, without polling itself.
        if self.budget.tick_alloc() {
            self.check_time_for(Duration::ZERO)?;
        }
        // The object, and the temporary root that holds it until its
        // scope ends (recounted away at the next collection).
        let size = size + TEMP_ROOT_BYTES;
        let stress = self.heap.stress_due();
        if stress || self.budget.memory.would_exceed(size) {
            let mut held = Vec::new();
            obj.trace(&mut held);
            self.collect_garbage(&held);
        }
        if self.budget.memory.charge(size).is_err() {
            return Err(self.memory_error());
        }
        let g = self.heap.alloc_unrooted(obj);
        self.temp_roots.push(Value::Obj(g));
        Ok(g)
    }

    /// Checks that a native temporary buffer of `held` bytes (not a heap
    /// object, so not counted by the collector) still fits in the quota
    /// beside the heap: MemoryError if not, even after a collection.
    /// (Charging such buffers instead was undone by every collection, which
    /// recounts only live objects, so `list(range(10**9))` grew unbounded.)
    pub fn reserve_temp(&mut self, held: usize) -> PyResult<()> {
        if self.budget.memory.would_exceed(held) {
            self.collect_garbage(&[]);
            if self.budget.memory.would_exceed(held) {
                return Err(self.memory_error());
            }
        }
        Ok(())
    }

    /// Before pushing to `items`, a native vector of values being built:
    /// when the push would reallocate it, checks that the doubled vector
    /// still fits the quota ([`Self::reserve_temp`]).
    #[inline]
    pub fn reserve_growth(&mut self, items: &Vec<Value>) -> PyResult<()> {
        if items.len() == items.capacity() {
            self.reserve_temp((items.capacity() * 2).max(4) * std::mem::size_of::<Value>())?;
        }
        Ok(())
    }

    /// Charges growth of an existing container to the heap quota.
    pub fn charge(&mut self, bytes: usize) -> PyResult<()> {
        self.charge_holding(bytes, &[])
    }

    /// [`Self::charge`] for a caller about to store `held` (values it may
    /// have taken off the stack): they are roots of any collection that
    /// the charge runs.
    pub fn charge_holding(&mut self, bytes: usize, held: &[Value]) -> PyResult<()> {
        if self.heap.stress_due() {
            self.collect_garbage(held);
        }
        if self.budget.memory.charge(bytes).is_err() {
            self.collect_garbage(held);
            if self.budget.memory.charge(bytes).is_err() {
                return Err(self.memory_error());
            }
        }
        Ok(())
    }

    pub fn new_str(&mut self, s: &str) -> PyResult {
        if s.is_empty() {
            if let Some(&g) = self.base.interned.get("") {
                return Ok(Value::Obj(g));
            }
        }
        let hash = str_hash(s);
        Ok(Value::Obj(
            self.alloc(Obj::Str(PyStr::new(s.into(), hash)))?,
        ))
    }

    pub fn new_string(&mut self, s: String) -> PyResult {
        let hash = str_hash(&s);
        Ok(Value::Obj(
            self.alloc(Obj::Str(PyStr::new(s.into_boxed_str(), hash)))?,
        ))
    }

    /// [`Self::intern`] for names fixed in the source (special-method
    /// names): remembered by address, so the hot paths that look up
    /// `__setattr__` and friends on every operation skip hashing the text.
    #[inline]
    pub fn intern_static(&mut self, s: &'static str) -> Value {
        let key = (s.as_ptr() as usize, s.len());
        if let Some(v) = self.base.static_name(key) {
            return v;
        }
        let v = self.intern(s);
        // Only base names are remembered: they are the same in every
        // instance of the thread.
        if matches!(v, Value::Obj(g) if self.heap.is_base(g)) {
            self.base.remember_static(key, v);
        }
        v
    }

    /// An interned string: one object per distinct content, for names.
    pub fn intern(&mut self, s: &str) -> Value {
        if let Some(&g) = self.base.interned.get(s) {
            return Value::Obj(g);
        }
        if let Some(&g) = self.interned.get(s) {
            return Value::Obj(g);
        }
        let hash = str_hash(s);
        // Interned strings are permanent roots, which every collection
        // counts as live: charged even past the quota (this cannot fail),
        // so code that keeps making new names (`exec` of generated source)
        // meets MemoryError at its next allocation.
        let obj = Obj::Str(PyStr::new(s.into(), hash));
        self.budget.memory.charge_over(obj.size());
        let g = self.heap.alloc_unrooted(obj);
        self.interned.insert(s.into(), g);
        Value::Obj(g)
    }

    pub fn new_tuple(&mut self, items: Vec<Value>) -> PyResult {
        if items.is_empty() {
            if let Some(t) = self.empty_tuple {
                return Ok(Value::Obj(t));
            }
        }
        Ok(Value::Obj(
            self.alloc(Obj::Tuple(items.into_boxed_slice()))?,
        ))
    }

    pub fn new_list(&mut self, items: Vec<Value>) -> PyResult {
        Ok(Value::Obj(self.alloc(Obj::List(items))?))
    }

    pub fn new_dict_obj(&mut self) -> PyResult<Gc> {
        self.alloc(Obj::Dict(Box::default()))
    }

    pub fn new_dict(&mut self) -> PyResult {
        Ok(Value::Obj(self.alloc(Obj::Dict(Box::default()))?))
    }

    pub fn new_bigint(&mut self, b: num_bigint::BigInt) -> PyResult {
        use num_traits::ToPrimitive;
        match b.to_i64() {
            Some(i) => Ok(Value::Int(i)),
            None => Ok(Value::Obj(self.alloc(Obj::BigInt(Box::new(b)))?)),
        }
    }

    pub fn new_module(&mut self, name: &str) -> PyResult<Gc> {
        let dict = self.new_dict_obj()?;
        let name_v = self.new_str(name)?;
        self.dict_set_str(dict, "__name__", name_v)?;
        let m = self.alloc(Obj::Module(Box::new(Module { name: name_v, dict })))?;
        Ok(m)
    }

    // ---- types

    #[inline]
    pub fn type_obj(&self, t: TypeId) -> Gc {
        self.types[t as usize]
    }

    /// The class of any value.
    pub fn type_of(&self, v: Value) -> Gc {
        let t = match v {
            Value::Null | Value::None => TypeId::NoneType,
            Value::NotImplemented => TypeId::NotImplementedType,
            Value::Ellipsis => TypeId::Ellipsis,
            Value::Bool(_) => TypeId::Bool,
            Value::Int(_) => TypeId::Int,
            Value::Float(_) => TypeId::Float,
            Value::Obj(h) => return self.obj_type(self.heap.get(h)),
        };
        self.type_obj(t)
    }

    /// The class of heap object `o` ([`Self::type_of`] of its handle).
    #[inline(always)]
    pub fn obj_type(&self, o: &Obj) -> Gc {
        match o {
            Obj::Instance(i) => i.class,
            Obj::Exception(e) => e.class,
            Obj::Class(c) => match c.metaclass {
                Value::Obj(m) => m,
                _ => self.type_obj(TypeId::Type),
            },
            o => self.type_obj(crate::types::type_id_of(o)),
        }
    }

    pub fn type_name(&self, v: Value) -> String {
        let t = self.type_of(v);
        self.class_name(t)
    }

    pub fn class_name(&self, c: Gc) -> String {
        match self.heap.get(c) {
            Obj::Class(c) => self.heap.str_of(c.name).unwrap_or("?").to_string(),
            _ => "?".to_string(),
        }
    }

    pub fn class_name_if_class(&self, v: Value) -> Option<String> {
        match v {
            Value::Obj(h) => match self.heap.get(h) {
                Obj::Class(c) => Some(self.heap.str_of(c.name).unwrap_or("?").to_string()),
                _ => None,
            },
            _ => None,
        }
    }

    pub fn module_name_of(&self, v: Value) -> Option<String> {
        match v {
            Value::Obj(h) => match self.heap.get(h) {
                Obj::Module(m) => Some(self.heap.str_of(m.name).unwrap_or("?").to_string()),
                _ => None,
            },
            _ => None,
        }
    }

    pub fn is_subclass(&self, c: Gc, base: Gc) -> bool {
        if c == base {
            return true;
        }
        match self.heap.get(c) {
            Obj::Class(cls) => cls.mro.contains(&base),
            _ => false,
        }
    }

    pub fn isinstance(&self, v: Value, class: Gc) -> bool {
        let t = self.type_of(v);
        self.is_subclass(t, class)
    }

    pub fn is_type(&self, v: Value, t: TypeId) -> bool {
        self.isinstance(v, self.type_obj(t))
    }

    // ---- dict helpers on namespaces

    pub fn dict_get_str(&self, d: Gc, key: &str) -> Option<Value> {
        let dict = match self.heap.get(d) {
            Obj::Dict(d) => d,
            Obj::Module(m) => return self.dict_get_str(m.dict, key),
            _ => return None,
        };
        dict.probe_str(&self.heap, str_hash(key), key)
            .map(|p| dict.value_at(p))
    }

    pub fn dict_set_str(&mut self, d: Gc, key: &str, v: Value) -> PyResult<()> {
        let k = self.intern(key);
        self.dict_set(Value::Obj(d), k, v)
    }

    // ---- frames and limits

    pub fn new_frame_id(&mut self) -> u64 {
        self.next_frame_id += 1;
        self.next_frame_id
    }

    /// Called at loop back-edges and calls: collects garbage when due,
    /// checks the time budget and interrupts.
    #[inline]
    pub fn safe_point(&mut self, current: Option<&Frame>) -> PyResult<()> {
        if self.budget.tick() {
            self.poll()?;
            // Scheduled callbacks wait for a safe point that looks at the
            // clock (`schedule` makes the next one look).
            if crate::modules::schedule::due(self) {
                crate::modules::schedule::run(self, current)?;
            }
        }
        if let Some(f) = current {
            self.temp_roots.truncate(f.temp_base);
        }
        if self.budget.memory.collection_due() && self.heap.gc_enabled() {
            let extra: Vec<Value> = match current {
                Some(f) => {
                    let mut v = Vec::new();
                    f.trace(&mut v);
                    v
                }
                None => Vec::new(),
            };
            self.collect_garbage(&extra);
        }
        Ok(())
    }

    /// Entering frame `f` (registered, its values in place) is a safe
    /// point for the collector too: code that allocates by recursion
    /// (trees built by recursive calls, coroutines awaiting coroutines)
    /// passes no loop back-edge, and collected only when the quota ran
    /// out (pyperformance's coroutines peaked at 74 MB, CPython's at 14).
    /// The stress mode collects here as at allocations.
    #[cold]
    #[inline(never)]
    pub(crate) fn collect_entering(&mut self, f: &Frame) {
        let due = self.budget.memory.collection_due() && self.heap.gc_enabled();
        if due || self.heap.stress_due() {
            let mut extra = Vec::new();
            f.trace(&mut extra);
            self.collect_garbage(&extra);
        }
    }

    /// The time/interrupt part of [`Vm::safe_point`], without collecting
    /// garbage: also called on every frame entry and exception dispatch, so
    /// code that loops by recursion or by raising (no back-edge `Jump`)
    /// still honours the timeout. (Fuzzing found `fib(32)` ignoring it.)
    #[inline]
    pub fn poll_budget(&mut self) -> PyResult<()> {
        if self.budget.tick() {
            self.poll()?;
        }
        Ok(())
    }

    fn poll(&mut self) -> PyResult<()> {
        self.check_heap()?;
        self.check_time_for(Duration::ZERO)
    }

    /// For natives that run long or block (sleeping, reading stdin,
    /// big-number and regex work): raises KeyboardInterrupt or TimeoutError
    /// when due, exactly as the interpreter's own safe points do.
    pub fn check_deadline(&mut self) -> PyResult<()> {
        self.poll()
    }

    /// Wall-clock time left in the budget; None when there is no budget.
    /// Blocking natives wait at most this long before calling
    /// [`Vm::check_deadline`].
    pub fn remaining_time(&self) -> Option<Duration> {
        self.budget.remaining_time()
    }

    /// [`Vm::check_deadline`], and also raises TimeoutError now when work
    /// that cannot be interrupted is estimated to take `cost` and would
    /// therefore end past the deadline: better refused up front than
    /// overrunning the budget by its whole length.
    pub fn check_time_for(&mut self, cost: Duration) -> PyResult<()> {
        self.budget.check(cost).map_err(|e| self.exceeded(e))
    }

    /// The Python exception for an exceeded limit.
    pub fn exceeded(&mut self, e: Exceeded) -> crate::PyErr {
        let kind = match e {
            Exceeded::Memory => return self.memory_error(),
            Exceeded::Recursion | Exceeded::NativeStack => ExcKind::RecursionError,
            Exceeded::Time | Exceeded::Steps => ExcKind::TimeoutError,
            Exceeded::Interrupted => {
                let k = self.exc_class(ExcKind::KeyboardInterrupt);
                return self.new_exception(k, vec![]);
            }
        };
        self.error(kind, e.to_string())
    }

    /// Enters one level of nesting (a native recursing into nested data,
    /// or a native calling back into Python); pair with
    /// [`Self::leave_recursion`].
    #[inline]
    pub fn enter_recursion(&mut self) -> PyResult<()> {
        self.budget.enter().map_err(|e| self.exceeded(e))
    }
    #[inline]
    pub fn leave_recursion(&mut self) {
        self.budget.leave();
    }

    pub fn collect_garbage(&mut self, extra: &[Value]) {
        // A collection is expensive: check the clock at the next safe point.
        // Near a full heap every allocation may collect, and 4096 such
        // safe points overran a 1 s timeout by minutes (fuzzing, run_bytecode).
        self.budget.check_soon();
        let mut roots: Vec<Value> = Vec::with_capacity(self.stack.len() + 256);
        roots.extend_from_slice(&self.stack);
        roots.extend_from_slice(&self.handling);
        roots.extend_from_slice(&self.temp_roots);
        roots.extend_from_slice(&self.extra_roots);
        self.atexit.roots(&mut roots);
        if let Some(q) = self.scheduled.as_deref() {
            q.roots(&mut roots);
        }
        roots.extend_from_slice(extra);
        for f in self.frames.iter() {
            roots.push(Value::Obj(f.globals));
            roots.push(f.locals);
        }
        // Code that nothing but this cache refers to any more (the
        // functions and frames made from it are gone) can never run again:
        // drop its entry, so `exec` in a loop does not grow the cache.
        self.sweep_code_cache();
        // Every frame's constants and names come from here (functions share
        // their code's entry), so frames need not root them themselves.
        for c in self.code_cache.values() {
            roots.extend_from_slice(&c.consts);
            roots.extend(c.names.iter().map(|n| n.name));
            roots.push(c.name);
            roots.push(c.qualname);
        }
        // (The types and exception classes are the base's: never freed.)
        roots.extend(self.interned.values().map(|g| Value::Obj(*g)));
        roots.push(Value::Obj(self.builtins));
        roots.push(Value::Obj(self.modules));
        roots.push(Value::Obj(self.prealloc_memory_error));
        if let Some(t) = self.empty_tuple {
            roots.push(Value::Obj(t));
        }
        self.comp.roots(&mut roots);
        let live = self.heap.collect(roots);
        self.comp.sweep_handles(&self.heap);
        self.comp.sweep_owned(&self.heap);
        // Compartments only the dead objects held are freed first, so
        // that the pacing below counts only those still open.
        if !self.comp.released.is_empty() {
            crate::compartment::lifetime::settle(self);
        }
        if self.comp.id == crate::compartment::ROOT && self.world.cycle_search_due() {
            self.world.free_cycles(&self.comp);
        }
        // The root's objects keep the open compartments alive: memory
        // elsewhere that paces its next collection too.
        let elsewhere = if self.comp.id == crate::compartment::ROOT {
            self.world.footprint()
        } else {
            0
        };
        // The recount saw only heap objects; a quota too full for the
        // compiled regexes as well drops them (they are only a cache).
        let regexes = self.re_cache.bytes();
        if !self
            .budget
            .memory
            .after_collection_keeping(live, elsewhere, regexes)
        {
            self.re_cache.clear();
        }
    }

    /// Raises SystemError if a stale heap handle was read since the last
    /// check: the runtime lost track of a live object (a rooting bug), and
    /// the program must not go on computing with a placeholder.
    #[inline]
    pub fn check_heap(&mut self) -> PyResult<()> {
        if let Some(what) = self.heap.take_bug() {
            return Err(self.error(ExcKind::SystemError, format!("internal error: {what}")));
        }
        Ok(())
    }

    fn sweep_code_cache(&mut self) {
        let mut freed = 0;
        self.code_cache.retain(|_, c| {
            let keep = Rc::strong_count(&c.code) > 1;
            if !keep {
                freed += c.charged;
            }
            keep
        });
        self.budget.memory.release_external(freed);
    }

    // ---- code objects

    /// The materialised constants and names of `code` (made once per instance).
    pub fn code_cache(&mut self, code: &Rc<Code>) -> PyResult<(Rc<[Value]>, crate::attric::Names)> {
        let c = self.code_entry(code)?;
        Ok((c.consts.clone(), c.names.clone()))
    }

    /// The cache entry of `code`, made on first use.
    pub(crate) fn code_entry(&mut self, code: &Rc<Code>) -> PyResult<&CodeCache> {
        let key = Rc::as_ptr(code) as usize;
        if !self.code_cache.contains_key(&key) {
            self.fill_code_cache(code)?;
            if !self.code_cache.contains_key(&key) {
                return Err(self.error(ExcKind::SystemError, "code cache entry lost"));
            }
        }
        Ok(&self.code_cache[&key])
    }

    fn fill_code_cache(&mut self, code: &Rc<Code>) -> PyResult<()> {
        let key = Rc::as_ptr(code) as usize;
        let mut consts = Vec::with_capacity(code.consts.len());
        for c in &code.consts {
            let v = self.materialize(c)?;
            consts.push(v);
        }
        let names: Vec<Value> = code.names.iter().map(|n| self.intern(n)).collect();
        let consts: Rc<[Value]> = consts.into();
        let names = crate::attric::make_names(names);
        let charged = code_footprint(code);
        if self.budget.memory.charge_external(charged).is_err() {
            self.collect_garbage(&consts);
            if self.budget.memory.charge_external(charged).is_err() {
                return Err(self.memory_error());
            }
        }
        let name = self.intern(&code.name);
        let qualname = self.intern(&code.qualname);
        self.code_cache.insert(
            key,
            CodeCache {
                code: code.clone(),
                consts,
                names,
                name,
                qualname,
                charged,
            },
        );
        Ok(())
    }

    fn materialize(&mut self, c: &Const) -> PyResult {
        Ok(match c {
            Const::None => Value::None,
            Const::Bool(b) => Value::Bool(*b),
            Const::Int(i) => Value::Int(*i),
            Const::BigInt(b) => self.new_bigint(b.clone())?,
            Const::Float(f) => Value::Float(*f),
            Const::Complex(re, im) => Value::Obj(self.alloc(Obj::Complex(*re, *im))?),
            Const::Str(s) => self.intern(s),
            Const::Bytes(b) => Value::Obj(self.alloc(Obj::Bytes(b.to_vec().into_boxed_slice()))?),
            Const::Tuple(items) => {
                let mut v = Vec::with_capacity(items.len());
                for i in items.iter() {
                    v.push(self.materialize(i)?);
                }
                self.new_tuple(v)?
            }
            Const::Ellipsis => Value::Ellipsis,
            Const::Code(code) => Value::Obj(self.alloc(Obj::Code(code.clone()))?),
        })
    }

    /// Writes to the instance's standard output; a failed write (a closed
    /// pipe, a full disk) raises OSError, as in CPython.
    pub fn write_out(&mut self, s: &str) -> PyResult<()> {
        self.write_out_bytes(s.as_bytes())
    }
    pub fn write_err(&mut self, s: &str) -> PyResult<()> {
        self.write_err_bytes(s.as_bytes())
    }
    /// Bytes as they are (`sys.stdout.buffer`).
    pub fn write_out_bytes(&mut self, b: &[u8]) -> PyResult<()> {
        match self.world.out.out.write_all(b) {
            Ok(()) => Ok(()),
            Err(e) => Err(crate::stdstream::write_error(self, &e)),
        }
    }
    pub fn write_err_bytes(&mut self, b: &[u8]) -> PyResult<()> {
        match self.world.out.err.write_all(b) {
            Ok(()) => Ok(()),
            Err(e) => Err(crate::stdstream::write_error(self, &e)),
        }
    }
    pub fn flush_out(&mut self) -> PyResult<()> {
        match self.world.out.out.flush() {
            Ok(()) => Ok(()),
            Err(e) => Err(crate::stdstream::write_error(self, &e)),
        }
    }
    pub fn flush_err(&mut self) -> PyResult<()> {
        match self.world.out.err.flush() {
            Ok(()) => Ok(()),
            Err(e) => Err(crate::stdstream::write_error(self, &e)),
        }
    }
    /// Flushes both streams as far as they go, before reading input or
    /// writing to the other stream (so the two interleave in order);
    /// a failure is left to the next write or flush of that stream.
    pub fn flush(&mut self) {
        let _ = self.world.out.out.flush();
        let _ = self.world.out.err.flush();
    }
}

/// `CAPY_GC_STRESS=N`: collect garbage at every N-th allocation (1: every
/// one), so a value that native code forgot to root is freed at once and
/// the bug shows (see docs/architecture.md, "Rooting").
fn gc_stress_from_env() -> u32 {
    std::env::var("CAPY_GC_STRESS")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

/// FNV-1a for the intern table: names are short, SipHash was a measured
/// cost on every attribute lookup. Crafted collisions can only slow down
/// the instance that loads the crafted code.
#[derive(Default, Clone, Copy)]
pub struct NameHasher;

pub struct Fnv(u64);

impl std::hash::BuildHasher for NameHasher {
    type Hasher = Fnv;
    fn build_hasher(&self) -> Fnv {
        Fnv(0xcbf29ce484222325)
    }
}

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100000001b3);
        }
    }
}

/// For the code cache, keyed by a code object's address: a multiply and
/// a fold instead of SipHash (a lookup per function made). Addresses are
/// not chosen by programs, so there is nothing to defend against.
#[derive(Default, Clone, Copy)]
pub struct PtrHasher;

pub struct PtrHash(u64);

impl std::hash::BuildHasher for PtrHasher {
    type Hasher = PtrHash;
    fn build_hasher(&self) -> PtrHash {
        PtrHash(0)
    }
}

impl std::hash::Hasher for PtrHash {
    fn finish(&self) -> u64 {
        // The table picks buckets from the low bits: fold the high bits
        // of the product (which all of the address feeds) down.
        self.0 ^ (self.0 >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100000001b3);
        }
    }
    fn write_usize(&mut self, n: usize) {
        self.0 = (self.0 ^ n as u64).wrapping_mul(0x9e3779b97f4a7c15);
    }
}

/// What a code object and its cache entry occupy, roughly: instructions,
/// line table, constants and names (the compiled code itself lives outside
/// the heap, shared by every function made from it).
fn code_footprint(code: &Code) -> usize {
    let strs: usize = code.names.iter().map(|n| n.len() + 24).sum::<usize>()
        + code.varnames.iter().map(|n| n.len() + 24).sum::<usize>();
    256 + code.instrs.len() * std::mem::size_of::<capy_compiler::Instr>()
        + code.lines.len() * 4
        + code.consts.len() * 48
        + strs
}
