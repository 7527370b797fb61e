import copy

# atoms are returned as they are
for x in [1, 2.5, 3j, "s", b"b", None, True, len, int, range(3), Ellipsis]:
    print(copy.copy(x) is x, copy.deepcopy(x) is x)
def f():
    pass
print(copy.copy(f) is f, copy.deepcopy(f) is f)

# built-in containers
l = [1, [2, 3]]
c = copy.copy(l)
print(c == l, c is l, c[1] is l[1])
d = {"a": [1], "b": 2}
c = copy.copy(d)
print(c == d, c is d, c["a"] is d["a"])
s = {1, 2}
print(copy.copy(s) == s, copy.copy(s) is s)
t = (1, [2])
print(copy.copy(t) is t, copy.copy(frozenset([1])) == frozenset([1]))
ba = bytearray(b"xy")
c = copy.copy(ba)
c[0] = 65
print(ba, c)

# instances: no __init__ call, attributes shared
class P:
    inits = 0
    def __init__(self, x):
        P.inits += 1
        self.x = x
        self.items = [x]

p = P(5)
q = copy.copy(p)
print(type(q).__name__, q.x, q.items is p.items, P.inits, q is p)
q.x = 9
print(p.x, q.x)

# __copy__ hook
class H:
    def __init__(self, v):
        self.v = v
    def __copy__(self):
        return H(self.v + 100)
print(copy.copy(H(1)).v)

# __getstate__ / __setstate__
class S:
    def __init__(self):
        self.a = 1
        self.secret = "x"
    def __getstate__(self):
        return {"a": self.a}
    def __setstate__(self, state):
        self.restored = True
        self.a = state["a"] * 10

r = copy.copy(S())
print(r.a, r.restored, hasattr(r, "secret"))

class OnlySet:
    def __setstate__(self, state):
        print("setstate called with", state)
        for k, v in state.items():
            setattr(self, k, v)
o = OnlySet()
copy.copy(o)
o.z = 3
print(copy.copy(o).z)

class OnlyGet:
    def __getstate__(self):
        return {"g": 7}
print(copy.copy(OnlyGet()).g)

# subclasses of built-in types
class MyList(list):
    pass
ml = MyList([1, [2]])
ml.tag = "t"
c = copy.copy(ml)
print(type(c).__name__, c, c[1] is ml[1], c.tag)
class MyDict(dict):
    pass
md = MyDict(a=1)
c = copy.copy(md)
print(type(c).__name__, c, c is md)
class MyInt(int):
    pass
mi = MyInt(7)
mi.note = "n"
c = copy.copy(mi)
print(type(c).__name__, c, c.note)
class MyTuple(tuple):
    pass
c = copy.copy(MyTuple((1, 2)))
print(type(c).__name__, c)
class MyStr(str):
    pass
c = copy.copy(MyStr("hey"))
print(type(c).__name__, c, c.upper())

# collections
from collections import OrderedDict, defaultdict, deque, namedtuple, Counter
od = OrderedDict([("b", 1), ("a", 2)])
print(copy.copy(od), copy.copy(od) is od)
dd = defaultdict(list, {"k": [1]})
c = copy.copy(dd)
c["new"].append(1)
print(sorted(c.items()), c.default_factory is list, "new" in dd)
dq = deque([1, 2, 3], maxlen=3)
c = copy.copy(dq)
c.append(4)
print(c, dq, c.maxlen)
Pt = namedtuple("Pt", "x y")
print(copy.copy(Pt(1, [2])), copy.copy(Counter("abca")))

# exceptions
e = ValueError("bad", 3)
c = copy.copy(e)
print(type(c).__name__, c.args, c is e)

print(copy.Error is copy.error, issubclass(copy.Error, Exception))
