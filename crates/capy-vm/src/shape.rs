//! Shapes: attribute layouts that instances share (issue 10).
//!
//! An instance keeps its attribute values in a plain vector of slots and
//! the id of its *shape*: the ordered list of its attribute names. Shapes
//! form a tree per VM: the root is the empty layout, and adding attribute
//! `n` to an instance of shape `s` moves it to the child of `s` for `n`
//! (made on first use). Instances of a class that gain the same attributes
//! in the same order therefore share one shape, so the names and the table
//! that finds them are stored once, not per instance, and an attribute
//! cache (attric.rs) that knows the shape knows the slot. The root's
//! children are per class (the first name and the instance's class), so
//! each class has its own subtree, whose size hint (`Node::most`) no other
//! class's attributes inflate.
//!
//! Deleting an attribute walks from the root again with the remaining
//! names, so a shape always lists an instance's attributes in insertion
//! order, as a dict would. An instance with more than [`MAX_SLOTS`]
//! attributes, or whose `__dict__` a program asks for, keeps its
//! attributes in a real dict object instead (see `obj::Instance`).
//!
//! Names are interned strings (permanent roots: vm.rs), so the table
//! needs no tracing. The table is per VM, so compartments never see each
//! other's shapes; the frozen base holds no instance with attributes. Its
//! bytes count against the VM's heap quota (`Shapes::bytes`), and its
//! size is capped ([`MAX_SHAPES`], [`MAX_NAMES`]): a program that invents
//! attribute names or classes without end gets dicts instead of an
//! ever-growing table.

use crate::heap::Heap;
use crate::value::{Gc, Value};
use std::collections::HashMap;

/// Most attributes kept in slots: one more moves them to a dict.
pub const MAX_SLOTS: usize = 30;
/// Most shapes a VM makes.
const MAX_SHAPES: usize = 1 << 16;
/// Most names stored over all shapes (each shape lists all of its names).
const MAX_NAMES: usize = 1 << 20;

/// The empty layout: where every instance starts.
pub const ROOT: u32 = 0;
/// Not a shape: marks an instance whose attributes live in a dict object.
pub const DICT: u32 = u32::MAX;

struct Node {
    /// Names in slot order (interned strings) with their hashes.
    names: Box<[(Value, u64)]>,
    parent: u32,
    /// Adding `name` to an instance of this shape leads to `child` (not
    /// for the root: see `Shapes::firsts`).
    children: Vec<(Value, u32)>,
    /// Bit `hash % 64` of each name: a clear bit proves a name absent
    /// without a scan (method lookups ask instances about names they lack).
    bloom: u64,
    /// The most names of any shape at or below this one: how many slots
    /// an instance passing through here may want (reserved at once).
    most: u16,
}

/// A VM's table of shapes (see the module comment).
#[derive(Default)]
pub struct Shapes {
    /// Made with the first attribute (an idle compartment pays nothing).
    nodes: Vec<Node>,
    names: usize,
    /// The root's children: (class, first name) → shape.
    firsts: HashMap<(Gc, Gc), u32>,
    /// Bytes held (about): what the VM has charged to its quota.
    bytes: usize,
}

impl Shapes {
    fn node(&self, s: u32) -> Option<&Node> {
        self.nodes.get(s as usize)
    }

    /// Approximate bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Whether no instance has gained an attribute here yet.
    pub fn is_unused(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// The names of shape `s` with their hashes, in slot order.
    pub fn names(&self, s: u32) -> &[(Value, u64)] {
        self.node(s).map_or(&[], |n| &n.names)
    }

    /// How many slots an instance of shape `s` has.
    #[inline]
    pub fn len(&self, s: u32) -> usize {
        self.node(s).map_or(0, |n| n.names.len())
    }

    /// The shape an instance of shape `s` had before its last attribute
    /// was added (`s` itself for the root).
    pub fn parent(&self, s: u32) -> u32 {
        self.node(s).map_or(ROOT, |n| n.parent)
    }

    /// How many slots to reserve for an instance entering shape `s`.
    pub fn hint(&self, s: u32) -> usize {
        self.node(s).map_or(0, |n| n.most as usize)
    }

    /// The slot of `name` (a str with hash `hash`) in shape `s`: by
    /// identity first (names are interned, so that is the usual hit), then
    /// by contents for a name built at run time.
    #[inline]
    pub fn find(&self, heap: &Heap, s: u32, name: Value, hash: u64) -> Option<usize> {
        let n = self.node(s)?;
        if n.bloom & (1 << (hash % 64)) == 0 {
            return None;
        }
        if let Some(i) = n.names.iter().position(|&(k, _)| k.is(name)) {
            return Some(i);
        }
        let want = heap.pystr(name)?;
        n.names
            .iter()
            .position(|&(k, h)| h == hash && heap.pystr(k).is_some_and(|k| k.same(want)))
    }

    /// The slot of the attribute named `name` (given as text) in shape `s`.
    pub fn find_str(&self, heap: &Heap, s: u32, name: &str) -> Option<usize> {
        self.names(s)
            .iter()
            .position(|&(k, _)| heap.plain_str_of(k) == Some(name))
    }

    /// The existing shape after adding `name` (by identity) to shape `s`
    /// of an instance of `class`.
    #[inline]
    pub fn next(&self, s: u32, name: Value, class: Gc) -> Option<u32> {
        if s == ROOT {
            return self.firsts.get(&(class, name.as_obj()?)).copied();
        }
        let n = self.node(s)?;
        n.children
            .iter()
            .find(|&&(k, _)| k.is(name))
            .map(|&(_, c)| c)
    }

    /// The shape after adding `name` (interned, hash `hash`) to shape `s`
    /// of an instance of `class`: made on first use. None when the
    /// instance would have too many slots or the table is full (the
    /// instance then takes a dict).
    pub fn child(&mut self, s: u32, name: Value, hash: u64, class: Gc) -> Option<u32> {
        if self.nodes.is_empty() {
            self.nodes.push(Node {
                names: Box::new([]),
                parent: ROOT,
                children: Vec::new(),
                bloom: 0,
                most: 0,
            });
        }
        if let Some(c) = self.next(s, name, class) {
            return Some(c);
        }
        let key = name.as_obj()?;
        let n = self.nodes.get(s as usize)?;
        let len = n.names.len() + 1;
        if len > MAX_SLOTS || self.nodes.len() >= MAX_SHAPES || self.names + len > MAX_NAMES {
            return None;
        }
        let mut names = Vec::with_capacity(len);
        names.extend_from_slice(&n.names);
        names.push((name, hash));
        let node = Node {
            names: names.into_boxed_slice(),
            parent: s,
            children: Vec::new(),
            bloom: n.bloom | 1 << (hash % 64),
            most: len as u16,
        };
        let c = u32::try_from(self.nodes.len()).ok()?;
        self.nodes.push(node);
        self.names += len;
        // The node, its names, and the transition that leads to it.
        self.bytes += std::mem::size_of::<Node>()
            + len * std::mem::size_of::<(Value, u64)>()
            + std::mem::size_of::<(Value, u32)>();
        if s == ROOT {
            self.firsts.insert((class, key), c);
        } else {
            self.nodes[s as usize].children.push((name, c));
        }
        self.raise_most(s, len as u16);
        Some(c)
    }

    /// Records that an instance passing through `s` may reach `len`
    /// slots: every ancestor's hint covers it.
    fn raise_most(&mut self, mut s: u32, len: u16) {
        loop {
            let Some(n) = self.nodes.get_mut(s as usize) else {
                return;
            };
            if n.most >= len {
                return;
            }
            n.most = len;
            if s == ROOT {
                return;
            }
            s = n.parent;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Gc;

    const K: Gc = Gc { idx: 99, gen: 1 };

    fn name(i: u32) -> (Value, u64) {
        (Value::Obj(Gc { idx: i, gen: 1 }), i as u64 * 7)
    }

    #[test]
    fn same_order_same_shape() {
        let mut t = Shapes::default();
        let (x, hx) = name(1);
        let (y, hy) = name(2);
        let a = t.child(ROOT, x, hx, K).unwrap();
        let ab = t.child(a, y, hy, K).unwrap();
        assert_eq!(t.child(ROOT, x, hx, K), Some(a));
        assert_eq!(t.child(a, y, hy, K), Some(ab));
        assert_eq!(t.len(ab), 2);
        assert_eq!(t.parent(ab), a);
        // The other order is another shape.
        let b = t.child(ROOT, y, hy, K).unwrap();
        let ba = t.child(b, x, hx, K).unwrap();
        assert_ne!(ba, ab);
        let heap = Heap::new();
        assert_eq!(t.find(&heap, ab, y, hy), Some(1));
        assert_eq!(t.find(&heap, ba, y, hy), Some(0));
        assert_eq!(t.find(&heap, a, y, hy), None);
        // The hint of a shape covers its deepest descendant.
        assert_eq!(t.hint(a), 2);
        // Another class has its own subtree.
        let other = Gc { idx: 100, gen: 1 };
        let oa = t.child(ROOT, x, hx, other).unwrap();
        assert_ne!(oa, a);
        assert_eq!(t.hint(oa), 1);
    }

    #[test]
    fn instance_fits_a_heap_slot() {
        // Unboxed in `Obj`: every object of the heap would grow with it.
        let inst = std::mem::size_of::<crate::obj::Instance>();
        let obj = std::mem::size_of::<crate::obj::Obj>();
        println!("Instance {inst} bytes, Obj {obj} bytes");
        assert!(inst <= 56 && obj <= 64);
    }

    #[test]
    fn too_many_slots() {
        let mut t = Shapes::default();
        let mut s = ROOT;
        for i in 0..MAX_SLOTS as u32 {
            let (n, h) = name(i + 1);
            s = t.child(s, n, h, K).unwrap();
        }
        let (n, h) = name(1000);
        assert_eq!(t.child(s, n, h, K), None);
    }
}
