# Attribute inline caches (per code object and name) must never answer
# stale: each case warms a cache at one site, changes something, and reads
# through the same site again.

class P:
    def __init__(self, a, b, swap=False):
        if swap:
            self.b = b
            self.a = a
        else:
            self.a = a
            self.b = b

def get_a(o):
    return o.a

def set_a(o, v):
    o.a = v

p, q = P(1, 2), P(3, 4)
print(get_a(p), get_a(q))

# Same class, attributes added in another order: another dict position.
r = P(6, 5, swap=True)
print(get_a(r), get_a(p))

# A property added to the class later takes precedence over the dict.
for _ in range(3):
    get_a(p)
P.a = property(lambda self: "prop")
print(get_a(p), get_a(r))
del P.a
print(get_a(p), get_a(r))

# Deleting and re-adding the instance attribute.
del p.a
try:
    get_a(p)
except AttributeError as e:
    print("AttributeError", e)
p.a = 10
print(get_a(p))

# Stores: warm, then the class gains __setattr__ or a data descriptor.
for i in range(3):
    set_a(q, i)
print(q.a)
def logging_setattr(self, name, value):
    print("setattr", name, value)
    object.__setattr__(self, name, value)
P.__setattr__ = logging_setattr
set_a(q, 99)
del P.__setattr__
set_a(q, 100)
print(q.a)
P.a = property(lambda self: "got", lambda self, v: print("setter", v))
set_a(q, 7)
print(get_a(q))
del P.a
print(get_a(q))

# The same site sees another class with a class attribute of that name.
class Q:
    a = "class attr of Q"
x = Q()
print(get_a(x))
x.a = "instance"
print(get_a(x), get_a(p))

# Subclass instances through the same site.
class P2(P):
    pass
objs = [P(1, 2), P2(3, 4), P(5, 6), P2(7, 8)]
print([get_a(o) for o in objs])

# __getattribute__ added later.
for _ in range(3):
    get_a(objs[0])
P.__getattribute__ = lambda self, name: "intercepted " + name
print(get_a(objs[0]), get_a(objs[1]))
del P.__getattribute__
print(get_a(objs[0]))

# Names made at run time are not interned: still found, still correct.
name = "".join(["a"])
y = P(0, 0)
setattr(y, name, "dynamic")
print(get_a(y))
set_a(y, "again")
print(getattr(y, name))

# Methods: warm, then shadow in the instance, then replace on the class.
class M:
    def m(self):
        return "M.m"
def call_m(o):
    return o.m()
o = M()
print(call_m(o), call_m(o))
o.m = lambda: "instance m"
print(call_m(o))
del o.m
print(call_m(o))
M.m = lambda self: "replaced"
print(call_m(o))
class N(M):
    def m(self):
        return "N.m"
print(call_m(N()), call_m(o))

# Built-in methods through the same site on different types.
def up(s):
    return s.upper()
print(up("ab"), up(b"cd"), up("ef"))

# Module attributes: warm, rebind, delete.
import math
def get_pi():
    return math.pi
print(get_pi())
math.pi = 3
print(get_pi())
del math.pi
try:
    get_pi()
except AttributeError as e:
    print("AttributeError")

# Many instances with many attributes (dicts that grow and move).
class Big:
    pass
def fill(o, n):
    for i in range(n):
        setattr(o, "f%d" % i, i)
def read_f3(o):
    return o.f3
bigs = [Big() for _ in range(4)]
for i, b in enumerate(bigs):
    fill(b, 5 + i * 10)
print([read_f3(b) for b in bigs])
