# Item access, calls of instances and properties whose methods are plain
# Python functions run in the frame loop.


class Seq:
    def __init__(self, n):
        self.n = n
        self.log = []

    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError(i)
        return i * i

    def __setitem__(self, i, v):
        self.log.append((i, v))


s = Seq(4)
print(s[2], list(s), [x for x in s], 9 in s)
for x in s:
    print("it", x)
s[1] = "a"
s["k"] = s[3]
print(s.log)
try:
    s[10]
except IndexError as e:
    print("IndexError", e)


class D(dict):
    def __getitem__(self, k):
        return ("D", k)


d = D(a=1)
print(d["a"], d["zz"])


class F:
    def __init__(self):
        self.calls = 0

    def __call__(self, x, y=10):
        self.calls += 1
        return x + y


f = F()
print(f(1), f(1, 2), f(x=3), f(*[4], **{"y": 5}), f.calls)
print(list(map(F(), [1, 2])))


class P:
    def __init__(self):
        self._x = 1

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = v * 2

    @x.deleter
    def x(self):
        print("deleting")
        self._x = None

    @property
    def ro(self):
        return "read only"


p = P()
print(p.x)
p.x = 5
print(p.x, p._x)
del p.x
print(p.x)
try:
    p.ro = 1
except AttributeError as e:
    print("AttributeError")
p.__dict__["x"] = "shadow"
print(p.x, p.ro)


class GA(P):
    def __getattribute__(self, name):
        if name == "x":
            return "from __getattribute__"
        return object.__getattribute__(self, name)

    def __setattr__(self, name, v):
        object.__setattr__(self, "_" + name if name == "x" else name, ("set", v))


g = GA()
print(g.x, g.ro)
g.x = 3
print(g._x)


class Chain:
    @property
    def a(self):
        return self.b + 1

    @property
    def b(self):
        return self.c * 2

    c = 20


print(Chain().a, getattr(Chain(), "a"), hasattr(Chain(), "b"))
