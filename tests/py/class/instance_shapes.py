# Instance attributes kept in slots named by a shared layout: adding,
# overwriting and deleting in various orders must iterate as a dict would.
class P:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

ps = [P(i, i * 2, i * 3) for i in range(5)]
print([(p.x, p.y, p.z) for p in ps])
print(vars(ps[3]))

# Deleting the first, middle and last attribute, then adding them back.
for name in ("x", "y", "z"):
    p = P(1, 2, 3)
    delattr(p, name)
    print(name, vars(p), hasattr(p, name))
    setattr(p, name, 9)
    print(name, vars(p), getattr(p, name))

# Deleting everything, then starting again.
p = P(1, 2, 3)
del p.z
del p.x
del p.y
print(vars(p))
p.y = 5
print(vars(p), p.y)
try:
    del p.x
except AttributeError:
    print("AttributeError")

# The same class's instances with different attribute orders.
class Free:
    pass

a, b, c = Free(), Free(), Free()
a.m = 1; a.n = 2
b.n = 3; b.m = 4
c.m = 5
print(vars(a), vars(b), vars(c))

def read(o):
    return o.m * 10 + o.n

# A cached read site sees instances of both layouts in turn.
for o in (a, b, a, b):
    print(read(o), end=" ")
print()
c.n = 6
print(read(c), vars(c))

# Two classes sharing attribute names.
class Q:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

def total(o):
    return o.x + o.y + o.z

print(total(P(1, 2, 3)), total(Q(10, 20, 30)), total(P(4, 5, 6)))
q = Q(1, 2, 3)
q.w = 4
print(vars(q), vars(P(1, 2, 3)))

# A store site that both adds and overwrites the same name.
def put(o, v):
    o.k = v

o = Free()
for v in range(3):
    put(o, v)
    put(Free(), v)
print(vars(o))

# Names built at run time find the same attributes.
o = Free()
o.alpha = 1
key = "".join(["al", "pha"])
print(getattr(o, key), hasattr(o, key + "x"))
setattr(o, key, 2)
print(vars(o), o.alpha)
delattr(o, key)
print(vars(o))

# Attributes shadowing methods, and then removed again.
class W:
    def f(self):
        return "method"

w = W()
print(w.f())
w.f = lambda: "attr"
print(w.f())
del w.f
print(w.f())

# __class__ assignment keeps the attributes; cached sites see the change.
class A1:
    def __init__(self):
        self.p = 1
        self.q = 2

class A2:
    q = "class q"
    def __init__(self):
        self.p = 10

def pq(o):
    return o.p, o.q

x = A1()
print(pq(x), pq(A2()))
x.__class__ = A2
print(pq(x), vars(x))
del x.q
print(pq(x), vars(x))

# Subclasses add attributes after their base's __init__.
class Base:
    def __init__(self):
        self.a = 1

class Sub(Base):
    def __init__(self):
        super().__init__()
        self.b = 2

print(vars(Sub()), vars(Base()), [vars(o) for o in (Sub(), Base(), Sub())])

# Classes made at run time with the same attribute names.
def make(n):
    class K:
        def __init__(self, v):
            self.v = v
            self.n = n
    return K

ks = [make(i)(i * 2) for i in range(20)]
print(sum(k.v + k.n for k in ks), vars(ks[-1]))
