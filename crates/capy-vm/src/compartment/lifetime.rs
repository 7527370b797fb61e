//! What keeps a compartment alive, and freeing it when nothing does.
//!
//! A compartment can be reached from its maker while it is being made,
//! from its `Compartment` objects, and from handles to it or to its
//! objects held in any instance (the proxies of `get` and `load`
//! included). Its slot counts these ([`Slot::refs`](super::Slot)). When
//! the count falls to zero nothing can call into the compartment again:
//! it is closed as `close()` closes it (its instance and heap dropped at
//! once, what it held of others let go of) and its slot is kept for the
//! next compartment made, under a new generation.
//!
//! Counts fall when a collection finds a handle object or a
//! `Compartment` object dead (the instance queues it in
//! [`Local::released`] or [`Local::dropped`], and [`settle`] passes the
//! queue on: after each collection of the instance that holds the world,
//! and at each crossing), and when an instance that held handles is
//! closed, reset or freed. Freeing one compartment may free others: a
//! work list, not recursion, so a long chain cannot exhaust the host
//! stack.
//!
//! A compartment whose count falls to zero while it runs (a collection in
//! a callback of it freed the last handle) is freed when its crossing
//! ends. Counts cannot see compartments that reach each other in a cycle
//! (A holds a handle to B and B to A) and nothing else: those are found
//! by [`World::free_cycles`], a search from the root through the handles
//! each instance holds, after a collection of the root once the number of
//! open compartments has doubled since the last search (so its cost, a
//! walk over the open compartments, is paid once per as many made). Not
//! freed: library compartments (the c18n mode), whose maker, the library,
//! never lets go.

use super::{CompId, Local, Sealed, Target, World, ROOT};
use crate::vm::Vm;

/// The memory an idle compartment keeps in the process (its instance,
/// heap and slot: bench/compartments.py measures 3.9 KB of RSS). Its
/// maker's collector paces itself as if its own objects held this much
/// per compartment, so a program that makes compartments and drops them
/// collects often enough to free them.
pub const IDLE_FOOTPRINT: usize = 4096;

impl World {
    /// One more reference to compartment `id`.
    pub fn hold(&mut self, id: CompId) {
        if let Some(s) = self.slots.get_mut(id as usize) {
            s.refs = s.refs.saturating_add(1);
        }
    }

    /// One reference to compartment `id` fewer; frees it if that was the
    /// last.
    pub fn unhold(&mut self, id: CompId) {
        if self.drop_ref(id) {
            self.free_unreferenced(vec![id]);
        }
    }

    /// Drops what `held` (an instance going away or being reset) held of
    /// other compartments: its handles, the releases it had not passed on
    /// yet, and the `Compartment` objects it made.
    pub fn let_go_of(&mut self, held: &mut Local) {
        let mut work = Vec::new();
        self.queue_let_go(held, &mut work);
        self.free_unreferenced(work);
    }

    /// Closes compartment `id` if it is idle (`close()`): its instance is
    /// dropped at once. False if it is on the host stack.
    pub fn close(&mut self, id: CompId) -> bool {
        let Some(mut old) = self.shut(id) else {
            return self.slot(id).is_none_or(|s| s.closed);
        };
        // Read before letting go: if what it held led back to it, letting
        // go frees its slot then, and it must not be freed twice.
        if self.slot(id).is_some_and(|s| s.refs == 0) {
            self.free.push(id);
        }
        self.let_go_of(&mut old.comp);
        true
    }

    /// A freed slot for a new compartment, if there is one.
    pub fn reuse(&mut self) -> Option<CompId> {
        self.free.pop()
    }

    /// What the collector of the instance holding the world is to count as
    /// held by its objects besides themselves: the open compartments.
    pub fn footprint(&self) -> usize {
        (self.open as usize).saturating_mul(IDLE_FOOTPRINT)
    }

    /// Frees compartment `id` if nothing references it and it is idle (the
    /// end of a crossing into it, which may have been its last).
    pub fn free_if_unreferenced(&mut self, id: CompId) {
        if self
            .slot(id)
            .is_some_and(|s| s.refs == 0 && !s.closed && id != ROOT)
        {
            self.free_unreferenced(vec![id]);
        }
    }

    /// Drops one reference; true if it was the last (never for the root).
    fn drop_ref(&mut self, id: CompId) -> bool {
        match self.slots.get_mut(id as usize) {
            Some(s) if s.refs > 0 => {
                s.refs -= 1;
                s.refs == 0 && id != ROOT
            }
            _ => false,
        }
    }

    /// A holder let go of handle `r`; owners left unreferenced go to
    /// `work`.
    fn let_go_into(&mut self, r: Sealed, work: &mut Vec<CompId>) {
        if let Target::Object(slot) = r.target {
            self.release(r.owner, r.gen, slot);
        }
        if self.drop_ref(r.owner) {
            work.push(r.owner);
        }
    }

    /// Frees the compartments of `work` (each unreferenced when it was
    /// queued), and those that freeing them leaves unreferenced.
    fn free_unreferenced(&mut self, mut work: Vec<CompId>) {
        while let Some(id) = work.pop() {
            match self.slot(id) {
                Some(s) if s.refs == 0 && id != ROOT => {
                    if s.closed {
                        // Closed before its last reference went.
                        self.free.push(id);
                        continue;
                    }
                }
                _ => continue,
            }
            // On the host stack: the end of its crossing frees it.
            let Some(mut old) = self.shut(id) else {
                continue;
            };
            self.free.push(id);
            self.queue_let_go(&mut old.comp, &mut work);
        }
    }

    /// Lets go of what `held` held (see [`Self::let_go_of`]); owners left
    /// unreferenced go to `work`.
    fn queue_let_go(&mut self, held: &mut Local, work: &mut Vec<CompId>) {
        // Most closed compartments held nothing of others: nothing to walk.
        if held.handles.is_empty() && held.released.is_empty() && held.owned.is_empty() {
            return;
        }
        let handles: Vec<Sealed> = held.handles.drain().map(|(r, _)| r).collect();
        for r in handles.into_iter().chain(held.released.drain(..)) {
            self.let_go_into(r, work);
        }
        for (_, id) in held.owned.drain(..) {
            if self.drop_ref(id) {
                work.push(id);
            }
        }
    }

    /// Marks compartment `id` closed and takes its instance out, if it is
    /// open and idle.
    fn shut(&mut self, id: CompId) -> Option<Box<Vm>> {
        let s = self.slots.get_mut(id as usize)?;
        if s.closed || s.entries > 0 || id == ROOT {
            return None;
        }
        let old = s.vm.take_idle()?;
        s.closed = true;
        s.gen = s.gen.wrapping_add(1);
        s.releases.clear();
        s.stats.peak_before = s.stats.peak_before.max(old.budget.memory.peak());
        self.open = self.open.saturating_sub(1);
        Some(old)
    }
}

/// Open compartments below which no search for cycles is made.
const CYCLE_SEARCH_FLOOR: u32 = 64;

impl World {
    /// Whether enough compartments were made since the last search for
    /// cycles to search again: twice as many open as survived it.
    pub fn cycle_search_due(&self) -> bool {
        self.open >= CYCLE_SEARCH_FLOOR && self.open >= self.open_at_cycle_search.saturating_mul(2)
    }

    /// Frees the compartments that only unreachable compartments hold:
    /// cycles of handles that nothing else leads to. A compartment is kept
    /// when the root (`root`, its instance's state) reaches it through
    /// handles and `Compartment` objects, or when its count holds more
    /// than all those instances' handles and objects explain (its maker's
    /// reservation while it is being made). Searches only when nothing but
    /// the root is on the host stack (a suspended instance's handles
    /// cannot be read here) and not in the c18n mode.
    pub fn free_cycles(&mut self, root: &Local) {
        self.search_cycles(root);
        // What survived sets when to search again.
        self.open_at_cycle_search = self.open;
    }

    fn search_cycles(&mut self, root: &Local) {
        let n = self.slots.len();
        let busy = |(id, s): (usize, &super::Slot)| id != ROOT as usize && s.entries > 0;
        if self.library.is_some() || self.slots.iter().enumerate().any(busy) {
            return;
        }
        // What each instance holds, by owner.
        let held = |l: &Local| -> Vec<CompId> {
            let handles = l.handles.keys().chain(l.released.iter()).map(|r| r.owner);
            handles.chain(l.owned.iter().map(|(_, id)| *id)).collect()
        };
        let mut edges: Vec<Vec<CompId>> = vec![Vec::new(); n];
        edges[ROOT as usize] = held(root);
        for (id, slot) in self.slots.iter().enumerate() {
            if let Some(vm) = slot.vm.get() {
                edges[id] = held(&vm.comp);
            }
        }
        let mut explained = vec![0u32; n];
        for &to in edges.iter().flatten() {
            if let Some(c) = explained.get_mut(to as usize) {
                *c = c.saturating_add(1);
            }
        }
        let mut reached = vec![false; n];
        let mut work: Vec<CompId> = (0..n as CompId)
            .filter(|&id| id == ROOT || self.slots[id as usize].refs > explained[id as usize])
            .collect();
        for &id in &work {
            reached[id as usize] = true;
        }
        while let Some(id) = work.pop() {
            for &to in &edges[id as usize] {
                if let Some(r) = reached.get_mut(to as usize) {
                    if !*r {
                        *r = true;
                        work.push(to);
                    }
                }
            }
        }
        let lost: Vec<CompId> = (0..n as CompId)
            .filter(|&id| !reached[id as usize] && !self.slots[id as usize].closed)
            .collect();

        for id in lost {
            // Closed as `close()` closes: its slot is reused once its last
            // reference (from another lost one) goes, which letting go of
            // the others brings about; some are shut by then.
            if self.slots[id as usize].closed {
                continue;
            }
            self.close(id);
        }
    }
}

/// Passes what the collections of the active instance `vm` found dead
/// (handle objects, `Compartment` objects: [`Local::released`]) on to the
/// compartments they referenced, freeing those left unreferenced. Nothing to do while the
/// world is elsewhere (a transfer holds it): the queue waits.
pub fn settle(vm: &mut Vm) {
    if vm.world.slots.is_empty() {
        return;
    }
    let mut work = Vec::new();
    for r in std::mem::take(&mut vm.comp.released) {
        vm.world.let_go_into(r, &mut work);
    }
    vm.world.free_unreferenced(work);
}

#[cfg(test)]
mod tests {
    use super::super::{authority, Config, Parked, Slot};
    use super::*;
    use crate::budget::Limits;

    /// A world of the root and `n` idle compartments, each referenced once
    /// (as by its `Compartment` object).
    fn world(n: u32) -> World {
        let mut w = World::default();
        w.ensure_root();
        for id in 1..=n {
            let vm = authority::new_instance(&Limits::default(), id, &[], &[]);
            let mut slot = Slot::new(&format!("c{id}"), Config::new(Limits::default()));
            slot.vm = Parked::Idle(Box::new(vm));
            w.slots.push(slot);
            w.open += 1;
        }
        w
    }

    /// `holder` gets a handle to compartment `owner`.
    fn give_handle(w: &mut World, holder: CompId, owner: CompId) {
        let r = Sealed {
            owner,
            gen: 0,
            target: Target::Global(0),
            read_only: false,
        };
        let vm = w.slots[holder as usize].vm.get_mut().unwrap();
        vm.comp
            .handles
            .insert(r, crate::value::Gc { idx: 0, gen: 0 });
        w.hold(owner);
    }

    fn freed(w: &World) -> Vec<CompId> {
        let mut f = w.free.clone();
        f.sort_unstable();
        f
    }

    #[test]
    fn freeing_one_frees_what_only_it_held() {
        let mut w = world(3);
        give_handle(&mut w, 1, 2);
        w.unhold(2); // c2 is now held by c1's handle alone
        assert!(!w.slots[2].closed);
        w.unhold(1);
        assert_eq!(freed(&w), vec![1, 2], "c1, and c2 through it");
        assert!(w.slots[1].closed && w.slots[2].closed && !w.slots[3].closed);
        assert_eq!(w.open, 1);
        assert!(w.reuse().is_some() && w.reuse().is_some() && w.reuse().is_none());
    }

    #[test]
    fn a_cycle_closed_by_hand_is_freed_once() {
        let mut w = world(2);
        give_handle(&mut w, 1, 2);
        give_handle(&mut w, 2, 1);
        w.unhold(2); // c2: held by c1 only; c1: its object and c2
        assert!(w.free.is_empty(), "a cycle held from outside stays");
        assert!(w.close(1));
        assert_eq!(
            freed(&w),
            vec![2],
            "closing c1 lets go of c2, which was all c2 had"
        );
        w.unhold(1); // c1's object goes
        assert_eq!(freed(&w), vec![1, 2], "each slot freed exactly once");
    }

    #[test]
    fn a_running_compartment_is_freed_when_its_crossing_ends() {
        let mut w = world(1);
        let running = w.slots[1].vm.take_idle().unwrap();
        w.unhold(1);
        assert!(
            w.free.is_empty() && !w.slots[1].closed,
            "not under its frames"
        );
        w.slots[1].vm = Parked::Idle(running);
        w.free_if_unreferenced(1);
        assert_eq!(freed(&w), vec![1]);
        w.free_if_unreferenced(1);
        assert_eq!(freed(&w), vec![1], "and only once");
    }

    /// Handles of the root (`Local` of the instance holding the world).
    fn root_holding(w: &mut World, owners: &[CompId]) -> Local {
        let mut root = Local::default();
        for &owner in owners {
            let r = Sealed {
                owner,
                gen: 0,
                target: Target::Global(owner),
                read_only: false,
            };
            root.handles.insert(r, crate::value::Gc { idx: 0, gen: 0 });
            w.hold(owner);
        }
        root
    }

    #[test]
    fn a_cycle_nothing_else_holds_is_freed_by_the_search() {
        let mut w = world(4);
        give_handle(&mut w, 1, 2);
        give_handle(&mut w, 2, 1);
        give_handle(&mut w, 3, 4);
        give_handle(&mut w, 4, 3);
        for id in 1..=4 {
            w.unhold(id); // the Compartment objects go
        }
        assert!(w.free.is_empty(), "counts alone cannot free a cycle");
        let root = root_holding(&mut w, &[3]);
        w.free_cycles(&root);
        assert_eq!(freed(&w), vec![1, 2], "each slot of the lost cycle once");
        assert!(
            !w.slots[3].closed && !w.slots[4].closed,
            "the root reaches c3, c3 reaches c4"
        );
        assert_eq!(w.open, 2);
        assert_eq!(w.open_at_cycle_search, 2);
    }

    #[test]
    fn a_count_no_handle_explains_keeps_a_compartment() {
        // c1's count of 1 is its maker's reservation (no handle or object
        // explains it): c1, and the c2 it holds, stay.
        let mut w = world(2);
        give_handle(&mut w, 1, 2);
        give_handle(&mut w, 2, 1);
        w.unhold(2);
        w.free_cycles(&Local::default());
        assert!(w.free.is_empty());
        assert_eq!(w.open, 2);
    }

    #[test]
    fn no_search_while_a_compartment_runs() {
        let mut w = world(2);
        give_handle(&mut w, 1, 2);
        give_handle(&mut w, 2, 1);
        w.unhold(1);
        w.unhold(2);
        w.slots[1].entries = 1;
        w.free_cycles(&Local::default());
        assert!(w.free.is_empty(), "its handles are out of reach");
        w.slots[1].entries = 0;
        w.free_cycles(&Local::default());
        assert_eq!(freed(&w), vec![1, 2]);
    }

    #[test]
    fn the_root_is_never_freed() {
        let mut w = world(0);
        w.unhold(ROOT);
        w.unhold(ROOT);
        w.free_if_unreferenced(ROOT);
        assert!(w.free.is_empty() && !w.slots[0].closed);
    }
}
