# The built-in types, functions and the builtins namespace are one frozen
# base shared by every compartment of the thread (crates/capy-vm/src/base.rs).
# A write that reaches a base object lands in a copy private to the writer:
# no compartment, and not the host, can change what another sees.
# (compartment is capy's own module: the expected output is in the .exp.)
import compartment

a = compartment.Compartment("a")
b = compartment.Compartment("b")
writes = [
    "__builtins__['len'] = lambda x: 'a-len'",
    "exec('import builtins; builtins.sorted = None')",
    "exec('import builtins; del builtins.print')",
    "int.__dict__['bit_length'] = None",
    "setattr(int, 'evil', 1)",
    "type.__setattr__(list, 'append', None)",
    "setattr(abs, 'x', 1)",
    "setattr(ValueError, 'x', 1)",
]
for src in writes:
    try:
        a.exec(src)
        print("ran    ", src)
    except compartment.CompartmentError as e:
        print("refused", src, "->", e.kind)

# The writer sees its own changes ...
print(a.eval("len([1, 2])"), a.eval("sorted"), a.eval("'print' in dir(__import__('builtins'))"))
print(a.eval("(5).bit_length()"), a.eval("hasattr(int, 'evil')"))
# ... nobody else does: not a compartment made before, nor one made after.
c = compartment.Compartment("c")
for who in (b, c):
    print(who.eval("len([1, 2])"), who.eval("sorted([2, 1])"), who.eval("callable(print)"))
print(len([1, 2]), sorted([2, 1]), hasattr(int, "evil"), [].append is not None)

# The host changing its builtins does not reach compartments either.
import builtins
builtins.len = lambda x: "host-len"
d = compartment.Compartment("d")
print(len([1]), b.eval("len([1])"), d.eval("len([1])"))

# A reset compartment starts from the pristine base again.
a.reset()
print(a.eval("len([1, 2])"), a.eval("sorted([3, 1])"))

# Built-in types cross as themselves: they are the same in every
# compartment, so identity holds across the boundary. Built-in functions
# cross as handles: a granted `open` runs in its owner, with its authority.
print(b.eval("int") is int, b.eval("ValueError") is ValueError, b.eval("abs") is abs)
print(type(b.eval("abs")).__name__, b.eval("abs")(-3))
