//! Compartments (DESIGN.md part 3): many isolated Python worlds in one
//! process, crossing into each other only through the switcher.
//!
//! A compartment is a whole interpreter instance ([`Vm`]): its own heap
//! and quota, types, builtins namespace, module table, globals and budget.
//! Nothing mutable is shared, so no compartment can change what another
//! sees, and a handle ([`crate::value::Gc`]) of one heap never names an
//! object of another: values cross only through [`transfer`], which copies
//! immutable values into the receiving heap and hands out *sealed
//! handles* for everything else.
//!
//! The instances of one process form a [`World`]: slot 0 is the program
//! the user ran (the root), the others are compartments it made. Exactly
//! one instance is *active* (the `Vm` the interpreter runs now; it carries
//! the world). Every other one is *parked* ([`Parked`]): idle in its
//! slot's box, or suspended in a crossing further up the host stack. A
//! crossing ([`switch`]) moves no instance: it suspends the caller in its
//! slot, runs the operation on the callee where it lies, and resumes the
//! caller. The Rust stack of the caller's natives stays where it is, so
//! A→B→A nests like any call, on one host stack and one recursion budget.
//!
//! | file | holds |
//! | --- | --- |
//! | `mod.rs` | the world, its slots, each instance's [`Local`] state and the export table |
//! | `switch.rs` | the switcher: crossing into a compartment and back, budgets, faults |
//! | `transfer.rs` | what happens to a value that crosses |
//! | `handle.rs` | sealed handles as the holder sees them: a class whose methods cross |
//! | `api.rs` | the Python module `compartment` |
//! | `isolate.rs` | `@compartment.isolate` on functions and classes |
//! | `lifetime.rs` | what keeps a compartment alive, and freeing it when nothing does |
//! | `authority.rs` | what a compartment's instance can reach (no ambient authority) |
//! | `library.rs` | library compartments: a program's modules each in a compartment (the c18n mode) |
//! | `mirror.rs` | exceptions crossing as themselves: copied instances, mirrored classes |
//! | `stats.rs` | `--compartment-stats`: the per-compartment report at exit |

pub mod api;
pub mod authority;
pub mod dir;
pub mod handle;
pub mod isolate;
pub mod library;
pub mod lifetime;
pub mod mirror;
pub mod stats;
pub mod switch;
pub mod transfer;

use crate::budget::Limits;
use crate::value::{Gc, Value};
use crate::vm::Vm;
use std::collections::HashMap;
use std::rc::Rc;

/// A compartment's number: its slot in the [`World`].
pub type CompId = u32;

/// The slot of the program the user ran.
pub const ROOT: CompId = 0;

/// What a fault in a compartment does to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnFault {
    /// The caller gets `CompartmentError`; the compartment keeps its state.
    Raise,
    /// As `Raise`, and the compartment is reset before its next use.
    Restart,
}

/// How a compartment was made, so a reset can make it again.
#[derive(Clone)]
pub struct Config {
    pub limits: Limits,
    pub on_fault: OnFault,
    /// Source run at creation and after each reset (`compartment.load`),
    /// with its file name and module name.
    pub init: Option<Init>,
    /// What an exception in it becomes in its caller.
    pub exceptions: Exceptions,
    /// The ambient authorities it holds (none unless a policy grants them).
    pub authorities: Vec<authority::Authority>,
}

impl Config {
    /// A compartment with `limits` and nothing else set.
    pub fn new(limits: Limits) -> Config {
        Config {
            limits,
            on_fault: OnFault::Raise,
            init: None,
            exceptions: Exceptions::Contain,
            authorities: Vec::new(),
        }
    }
}

/// What an ordinary exception raised in a compartment becomes in its
/// caller. Budget and quota faults (MemoryError, TimeoutError,
/// RecursionError) and faults of the switcher are `CompartmentError`
/// either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exceptions {
    /// `CompartmentError` with the type name and message as strings.
    Contain,
    /// The exception itself: a built-in exception type with its arguments
    /// copied, or a mirror of the callee's own exception class
    /// (mirror.rs). What library compartments use.
    Propagate,
}

#[derive(Clone)]
pub struct Init {
    pub source: Rc<str>,
    pub filename: Rc<str>,
    pub module: Rc<str>,
}

/// Counters of one compartment, for `stats()` and `--compartment-stats`.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Crossings into this compartment.
    pub calls_in: u64,
    /// Crossings this compartment made into others.
    pub calls_out: u64,
    /// Crossings that ended in a fault.
    pub faults: u64,
    /// Safe points passed while it ran.
    pub steps: u64,
    /// Wall time spent inside it (crossings nested in it included), in
    /// nanoseconds of the coarse clock (stats.rs).
    pub time_ns: u64,
    /// Resets (explicit or after a fault with `on_fault="restart"`).
    pub resets: u64,
    /// Highest heap bytes seen by an earlier incarnation (before a reset).
    pub peak_before: usize,
}

impl Stats {
    /// [`Self::time_ns`] in seconds.
    pub fn seconds(&self) -> f64 {
        self.time_ns as f64 / 1e9
    }
}

/// Where a compartment's instance is while another one runs.
///
/// The switcher moves no instance: the callee runs where it lies (in its
/// slot's box, or in the frame of the crossing that suspended it) and the
/// caller stays where it is, suspended in the crossing, reachable only
/// through its slot until the crossing resumes it. What moves is the
/// world (the slots) and the output, a few words each.
pub enum Parked {
    /// Not on the host stack: owned by its slot.
    Idle(Box<Vm>),
    /// Suspended in a crossing further up the host stack (A→B: A is
    /// suspended while B runs, and A→B→A runs A again through this).
    Suspended(Suspended),
    /// Running now, or closed.
    Absent,
}

/// An instance suspended in a crossing: a pointer to it, made by the
/// crossing from its exclusive reference, and the only way to the
/// instance until that crossing resumes it (`switch.rs`).
pub struct Suspended(std::ptr::NonNull<Vm>);

impl Suspended {
    /// Suspends `vm`. The crossing that calls this must not use `vm` again
    /// until it has taken this back out of the slot it put it in
    /// ([`switch::cross`]).
    pub(crate) fn new(vm: &mut Vm) -> Suspended {
        Suspended(std::ptr::NonNull::from(vm))
    }

    pub fn get(&self) -> &Vm {
        // SAFETY: the pointer was made from the exclusive reference of a
        // crossing that does not use that reference again until it takes
        // this value back (see `new`). Until then the instance is alive
        // (it lies in that crossing's frame, or further down the host
        // stack, and the crossing is below us on it) and nothing else
        // refers to it: the borrow of this value stands for the borrow of
        // the instance.
        unsafe { self.0.as_ref() }
    }

    pub fn get_mut(&mut self) -> &mut Vm {
        // SAFETY: as in `get`; `&mut self` is exclusive, so is the result.
        unsafe { self.0.as_mut() }
    }
}

impl Parked {
    /// The instance, wherever it lies.
    pub fn get(&self) -> Option<&Vm> {
        match self {
            Parked::Idle(b) => Some(b),
            Parked::Suspended(p) => Some(p.get()),
            Parked::Absent => None,
        }
    }

    /// The instance, wherever it lies, to change.
    pub fn get_mut(&mut self) -> Option<&mut Vm> {
        match self {
            Parked::Idle(b) => Some(b),
            Parked::Suspended(p) => Some(p.get_mut()),
            Parked::Absent => None,
        }
    }

    /// Takes the instance out if it is idle (not on the host stack).
    pub fn take_idle(&mut self) -> Option<Box<Vm>> {
        match std::mem::replace(self, Parked::Absent) {
            Parked::Idle(b) => Some(b),
            other => {
                *self = other;
                None
            }
        }
    }

    pub fn is_idle(&self) -> bool {
        matches!(self, Parked::Idle(_))
    }
}

/// One instance of the world.
pub struct Slot {
    /// Where the instance is while it is not the active one.
    pub vm: Parked,
    /// Bumped by reset and close: handles to objects of an earlier
    /// incarnation carry the old value and are refused.
    pub gen: u32,
    pub name: Rc<str>,
    pub closed: bool,
    pub config: Config,
    pub stats: Stats,
    /// Reset before the next crossing (a fault with `on_fault="restart"`).
    pub restart_pending: bool,
    /// Activations of this instance on the host stack (re-entry A→B→A
    /// keeps A's budget running instead of starting a new one).
    pub entries: u32,
    /// Names exported by name (`get`, `load`, library proxies): they
    /// outlive resets.
    pub names: Vec<NameRef>,
    /// Export slots whose last holder let go, for the owner to free when
    /// it next runs ([`Local::apply_releases`]).
    pub releases: Vec<(u32, u32)>,
    /// What can still reach it: its maker while making it, its
    /// `Compartment` objects and the handles to it held anywhere
    /// (lifetime.rs). At zero it is freed.
    pub refs: u32,
}

impl Slot {
    /// The slot of a compartment being made: no instance in it yet, and
    /// its maker's reference.
    pub fn new(name: &str, config: Config) -> Slot {
        Slot {
            vm: Parked::Absent,
            gen: 0,
            name: Rc::from(name),
            closed: false,
            config,
            stats: Stats::default(),
            restart_pending: false,
            entries: 0,
            names: Vec::new(),
            releases: Vec::new(),
            refs: 1,
        }
    }
}

/// Every instance of a process. Only the active `Vm` holds the real one;
/// parked instances hold an empty default.
#[derive(Default)]
pub struct World {
    pub slots: Vec<Slot>,
    pub active: CompId,
    /// The c18n mode, when on: where modules are found and which
    /// compartment each goes to (library.rs).
    pub library: Option<Box<library::Library>>,
    /// Slots of compartments that were freed and that nothing can name
    /// any more, for new compartments to reuse (lifetime.rs).
    pub free: Vec<CompId>,
    /// Compartments made and not yet closed (the root not counted).
    pub open: u32,
    /// `open` after the last search for unreachable cycles (lifetime.rs).
    pub open_at_cycle_search: u32,
    /// The next free address of the capability model: every instance maps
    /// its regions above it, so a `cheri.Memory` shared with another
    /// compartment lies where nothing of that compartment's does
    /// (modules/cheri.rs).
    pub cap_next: u64,
    /// The process's output (an empty world's goes nowhere).
    pub out: crate::vm::Output,
}

/// What a by-name handle names, looked up in its owner at each use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameRef {
    /// A module of the owner (in its `sys.modules`); None: the owner's
    /// main namespace.
    pub module: Option<Rc<str>>,
    /// A global of that namespace; None: the module itself.
    pub attr: Option<Rc<str>>,
}

impl NameRef {
    pub fn global(name: &str) -> NameRef {
        NameRef {
            module: None,
            attr: Some(Rc::from(name)),
        }
    }
}

impl std::fmt::Display for NameRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.module, &self.attr) {
            (Some(m), Some(a)) => write!(f, "{m}.{a}"),
            (Some(m), None) => f.write_str(m),
            (None, Some(a)) => f.write_str(a),
            (None, None) => f.write_str("?"),
        }
    }
}

impl World {
    /// Slot `id`, if the world has one.
    pub fn slot(&self, id: CompId) -> Option<&Slot> {
        self.slots.get(id as usize)
    }
    pub fn slot_mut(&mut self, id: CompId) -> Option<&mut Slot> {
        self.slots.get_mut(id as usize)
    }

    /// Makes the world of a root instance (slot 0, active) on first use.
    pub fn ensure_root(&mut self) {
        if self.slots.is_empty() {
            // Running (active), from the start.
            let mut root = Slot::new("__main__", Config::new(Limits::default()));
            root.entries = 1;
            self.slots.push(root);
        }
    }

    /// Queues the release of export `slot` of `owner` (generation `gen`).
    pub fn release(&mut self, owner: CompId, gen: u32, slot: u32) {
        if let Some(s) = self.slots.get_mut(owner as usize) {
            if s.gen == gen && !s.closed {
                s.releases.push((gen, slot));
            }
        }
    }

    /// The slot of a by-name export of `owner`, added if new.
    pub fn name_slot(&mut self, owner: CompId, name: NameRef) -> u32 {
        let s = &mut self.slots[owner as usize];
        if let Some(i) = s.names.iter().position(|n| *n == name) {
            return i as u32;
        }
        s.names.push(name);
        (s.names.len() - 1) as u32
    }

    /// The name of compartment `id` (empty if there is none).
    pub fn name_of(&self, id: CompId) -> Rc<str> {
        self.slot(id)
            .map_or_else(|| Rc::from(""), |s| s.name.clone())
    }
}

/// What a sealed handle names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// An object of the owner's heap, by its export slot (refused after
    /// the owner is reset).
    Object(u32),
    /// A global of the owner's main namespace or of one of its modules,
    /// by name (survives resets).
    Global(u32),
    /// The owner's main namespace as a module, showing only its exports
    /// (what `compartment.load` returns).
    Exports,
    /// A module of the owner by name, whose attributes are by-name
    /// handles (what an import gives in the c18n mode).
    Module(u32),
}

/// A sealed handle: the reference a holder keeps to an object it does not
/// own. Only the switcher opens it, in the owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sealed {
    pub owner: CompId,
    pub gen: u32,
    pub target: Target,
    /// A read-only handle (a container granted as data): the built-in
    /// containers reached through it cannot be changed, and what it
    /// gives is read-only in turn (handle.rs).
    pub read_only: bool,
}

impl Sealed {
    /// A reference to compartment `id` as a whole, as its `Compartment`
    /// object holds one: what a collection releases when it frees the
    /// object.
    pub fn whole(id: CompId) -> Sealed {
        Sealed {
            owner: id,
            gen: 0,
            target: Target::Exports,
            read_only: false,
        }
    }
}

/// An entry of the export table.
struct Export {
    value: Value,
    /// Holders with a live handle to it (each holder keeps one handle
    /// object per export, so this counts compartments, not references).
    holders: u32,
}

/// The objects of an instance that other compartments hold handles to.
/// They are roots of the instance's collector until every holder lets go.
#[derive(Default)]
pub struct Exports {
    entries: Vec<Option<Export>>,
    free: Vec<u32>,
    by_obj: HashMap<Gc, u32>,
}

impl Exports {
    /// The export slot of `v` (a heap object), made if new.
    pub fn export(&mut self, g: Gc) -> u32 {
        if let Some(&i) = self.by_obj.get(&g) {
            return i;
        }
        let e = Export {
            value: Value::Obj(g),
            holders: 0,
        };
        let i = match self.free.pop() {
            Some(i) => {
                self.entries[i as usize] = Some(e);
                i
            }
            None => {
                self.entries.push(Some(e));
                (self.entries.len() - 1) as u32
            }
        };
        self.by_obj.insert(g, i);
        i
    }

    pub fn get(&self, slot: u32) -> Option<Value> {
        self.entries
            .get(slot as usize)
            .and_then(|e| e.as_ref())
            .map(|e| e.value)
    }

    /// One more holder has a handle to `slot`.
    pub fn hold(&mut self, slot: u32) {
        if let Some(Some(e)) = self.entries.get_mut(slot as usize) {
            e.holders += 1;
        }
    }

    /// Whether some holder has a handle to `slot`.
    pub fn is_held(&self, slot: u32) -> bool {
        matches!(self.entries.get(slot as usize), Some(Some(e)) if e.holders > 0)
    }

    /// A holder let go of `slot`; the entry is freed with its last holder
    /// (or at once if it never had one: an export made for a crossing
    /// whose handle was then not needed).
    pub fn release(&mut self, slot: u32) {
        let Some(Some(e)) = self.entries.get_mut(slot as usize) else {
            return;
        };
        e.holders = e.holders.saturating_sub(1);
        if e.holders == 0 {
            if let Value::Obj(g) = e.value {
                self.by_obj.remove(&g);
            }
            self.entries[slot as usize] = None;
            self.free.push(slot);
        }
    }

    pub fn len(&self) -> usize {
        self.by_obj.len()
    }
    pub fn is_empty(&self) -> bool {
        self.by_obj.is_empty()
    }

    pub fn roots(&self) -> impl Iterator<Item = Value> + '_ {
        self.entries.iter().flatten().map(|e| e.value)
    }
}

/// Compartment state each instance keeps for itself.
#[derive(Default)]
pub struct Local {
    /// This instance's slot in the world.
    pub id: CompId,
    /// Whether this instance is a compartment (restricted authority).
    pub confined: bool,
    /// The authorities a confined instance was granted (a bit per
    /// [`authority::Authority`]).
    pub granted: u8,
    pub exports: Exports,
    /// The handle object this instance holds for each sealed reference
    /// (one per reference, so `is` works on handles). Not roots: entries
    /// whose object was collected are dropped after each collection and
    /// released to the owner.
    pub handles: HashMap<Sealed, Gc>,
    /// Releases found by the last collections, for the switcher to pass
    /// to their owners.
    pub released: Vec<Sealed>,
    /// The `Compartment` objects this instance made, by their base object
    /// (not roots: a collected one lets go of its compartment, queued in
    /// `released` as a reference to the whole compartment).
    pub owned: Vec<(Gc, CompId)>,
    /// The compartment's main namespace (exec, eval, get, load).
    pub main: Option<Gc>,
    /// The grants as received, kept to re-grant them after a reset.
    pub grants: Vec<(Rc<str>, Value)>,
    /// The class of handle objects in this instance (made on first use).
    pub handle_class: Option<Gc>,
    /// The class of `compartment.Dir` objects here (made on first use).
    pub dir_class: Option<Gc>,
    /// What of the host OS this instance reaches (files, environment).
    pub host: crate::host::Host,
    /// `compartment.CompartmentError` of this instance (made on first use).
    pub error_class: Option<Gc>,
    /// The classes of the `compartment` module (root only).
    pub api: Option<api::Classes>,
    /// Mirrors of other compartments' exception classes (mirror.rs).
    pub mirrors: mirror::Mirrors,
    /// Where each by-name export of this instance was last found, by
    /// name slot (handle.rs).
    pub name_hits: Vec<Option<handle::NameHit>>,
    /// What an embedding host keeps here: its host functions and the
    /// objects it holds handles to (embed/host.rs).
    pub embed: Option<Box<crate::embed::State>>,
}

impl Local {
    /// The values this state keeps alive.
    pub fn roots(&self, out: &mut Vec<Value>) {
        out.extend(self.exports.roots());
        out.extend(self.main.map(Value::Obj));
        out.extend(self.grants.iter().map(|(_, v)| *v));
        out.extend(self.handle_class.map(Value::Obj));
        out.extend(self.dir_class.map(Value::Obj));
        out.extend(self.error_class.map(Value::Obj));
        if let Some(a) = &self.api {
            a.roots(out);
        }
        self.mirrors.roots(out);
        if let Some(e) = &self.embed {
            e.roots(out);
        }
    }

    /// After a collection: forgets handle objects that were freed, and
    /// queues their release.
    pub fn sweep_handles(&mut self, heap: &crate::heap::Heap) {
        if self.handles.is_empty() {
            return;
        }
        let released = &mut self.released;
        self.handles.retain(|s, g| {
            let live = heap.is_live(*g);
            if !live {
                released.push(*s);
            }
            live
        });
    }

    /// After a collection: forgets `Compartment` objects that were freed,
    /// and queues their compartments to be let go of.
    pub fn sweep_owned(&mut self, heap: &crate::heap::Heap) {
        let released = &mut self.released;
        self.owned.retain(|&(g, id)| {
            let live = heap.is_live(g);
            if !live {
                released.push(Sealed::whole(id));
            }
            live
        });
    }

    /// Frees export slots whose holders all let go.
    pub fn apply_releases(&mut self, slot: &mut Slot) {
        for (gen, i) in slot.releases.drain(..) {
            if gen == slot.gen {
                self.exports.release(i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// An idle compartment is a `Vm` and little else (issue 12: at most
    /// 8 KB each): keep the instance itself small. (Moving the world's
    /// rarely used fields out of line to stay under 1,024 bytes made the
    /// interpreter 25% slower on pystone with the same instruction count:
    /// the layout of `Vm` matters more than 16 bytes; see issue 10.)
    /// Session 18 added the shape table (shape.rs) and the frame stack's
    /// spare lists (framestack.rs): 56 bytes, both empty until used.
    #[test]
    fn an_instance_is_small() {
        let size = std::mem::size_of::<crate::vm::Vm>();
        assert!(size <= 1096, "Vm is {size} bytes");
    }
}
