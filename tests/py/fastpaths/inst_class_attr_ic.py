# Class attributes read through instances (self.limit where the class holds
# limit) are cached per class and shape (attric.rs, AttrIc::InstClassAttr):
# every change to the class, the instance or its class must show at once.
class Base:
    limit = 10
    name = "base"
    items = (1, 2)
    class Inner:
        pass
class Sub(Base):
    name = "sub"
class Slotted:
    __slots__ = ("a",)
    degree = 16
    def __init__(self): self.a = 1
def read(o):
    return o.limit, o.name, o.items, o.Inner.__name__
b, s = Base(), Sub()
for i in range(3):
    print(read(b), read(s))
# Class attribute rebound, then shadowed by an instance attribute, then deleted.
Base.limit = 20
print(read(b), read(s))
b.limit = 99
print(read(b), read(s))
del b.limit
print(read(b))
Sub.limit = 5
print(read(s), read(b))
del Sub.limit
print(read(s))
# A base class gains an attribute that a subclass instance reads.
class A: pass
class B(A): pass
x = B()
def get_v(o):
    try:
        return o.v
    except AttributeError:
        return "missing"
print(get_v(x)); A.v = 1; print(get_v(x)); B.v = 2; print(get_v(x)); del B.v; print(get_v(x))
# __class__ changes under a cached site.
class C1: k = "c1"
class C2: k = "c2"
o = C1()
def get_k(o): return o.k
print(get_k(o)); o.__class__ = C2; print(get_k(o))
# Polymorphic site: four classes, each with its own value.
classes = [type("T%d" % i, (), {"val": i}) for i in range(5)]
objs = [c() for c in classes]
print([o.val for o in objs * 2])
# Descriptors are not cached as plain values.
class D:
    def __get__(self, obj, owner): return "from get"
class WithDesc:
    d = D()
    f = len
    def m(self): return "m"
w = WithDesc()
for _ in range(2):
    print(w.d, w.f("abc"), w.m(), type(w.m).__name__)
class WithGetattribute:
    k = 1
    def __getattribute__(self, n): return "intercepted"
g = WithGetattribute()
print(g.k, g.k)
# Slotted classes: constants and the slot itself.
sl = Slotted()
for _ in range(2): print(sl.degree, sl.a)
Slotted.degree = 32
print(sl.degree)
# An instance that gets attributes in another order (another shape).
class P:
    c = "class"
p1, p2 = P(), P()
p2.x = 1; p2.y = 2
def get_c(o): return o.c
print(get_c(p1), get_c(p2)); p2.c = "own"; print(get_c(p2), get_c(p1))
# A mutable class-level container: the same object each time.
class Reg:
    seen = []
r1, r2 = Reg(), Reg()
r1.seen.append(1); r2.seen.append(2)
print(Reg.seen, r1.seen is r2.seen)
# Method call through a class attribute holding a callable instance.
class Call:
    def __call__(self, *a): return ("called", a)
class H:
    handler = Call()
h = H()
print(h.handler(1), h.handler(2))
