import copy

l = [1, [2, [3]], {"k": [4]}]
d = copy.deepcopy(l)
print(d == l, d is l, d[1] is l[1], d[1][1] is l[1][1], d[2]["k"] is l[2]["k"])
d[1][1].append(99)
print(l, d)

# shared references stay shared
shared = [0]
data = {"a": shared, "b": shared, "c": (shared, shared)}
c = copy.deepcopy(data)
print(c["a"] is c["b"], c["c"][0] is c["a"], c["a"] is shared)

# cycles
cyc = [1]
cyc.append(cyc)
c = copy.deepcopy(cyc)
print(c[1] is c, c is cyc, c[0])
dc = {}
dc["self"] = dc
c = copy.deepcopy(dc)
print(c["self"] is c)
t_cycle = [None]
tup = (t_cycle,)
t_cycle[0] = tup
c = copy.deepcopy(tup)
print(c[0][0] is c, c is tup)

# tuples of immutables are not copied; tuples with mutables are
t = (1, "a", (2, 3))
print(copy.deepcopy(t) is t)
t2 = (1, [2])
c = copy.deepcopy(t2)
print(c == t2, c is t2, c[1] is t2[1])
print(copy.deepcopy(frozenset([1, 2])) == frozenset([1, 2]))

# sets and bytearrays
s = {(1, 2), "x"}
c = copy.deepcopy(s)
print(c == s, c is s)
ba = bytearray(b"ab")
print(copy.deepcopy(ba) == ba, copy.deepcopy(ba) is ba)

# instances
class Node:
    def __init__(self, val, children=()):
        self.val = val
        self.children = list(children)
        self.parent = None
        for ch in self.children:
            ch.parent = self

tree = Node(1, [Node(2), Node(3, [Node(4)])])
c = copy.deepcopy(tree)
print(c.val, [ch.val for ch in c.children], c.children[1].children[0].val)
print(c.children[0] is tree.children[0], c.children[0].parent is c, c.children[1].children[0].parent is c.children[1])

# __deepcopy__ hook receives the memo
class Hook:
    def __init__(self, v):
        self.v = v
    def __deepcopy__(self, memo):
        print("hook called, memo is dict:", isinstance(memo, dict))
        return Hook(copy.deepcopy(self.v, memo) + ["copied"])
h = Hook([1])
c = copy.deepcopy([h, h])
print(c[0].v, c[0] is c[1])

# a user memo dict
memo = {}
x = [1, 2]
c1 = copy.deepcopy(x, memo)
c2 = copy.deepcopy(x, memo)
print(c1 is c2, id(x) in memo, memo[id(x)] is c1)
memo = {id(x): "preset"}
print(copy.deepcopy([x, x], memo))

# __getstate__/__setstate__ in a deep copy
class St:
    def __init__(self):
        self.items = [1]
    def __getstate__(self):
        return {"items": self.items}
    def __setstate__(self, state):
        self.items = state["items"]
        self.from_state = True
s = St()
c = copy.deepcopy(s)
print(c.items, c.items is s.items, c.from_state)

# subclasses and collections
class MyList(list):
    pass
ml = MyList([[1], [2]])
ml.attr = [3]
c = copy.deepcopy(ml)
print(type(c).__name__, c, c[0] is ml[0], c.attr, c.attr is ml.attr)
class MyDict(dict):
    pass
md = MyDict(a=[1])
c = copy.deepcopy(md)
print(type(c).__name__, c, c["a"] is md["a"])
from collections import OrderedDict, defaultdict, deque, namedtuple
od = OrderedDict(z=[1], a=[2])
c = copy.deepcopy(od)
print(c, c["z"] is od["z"])
dd = defaultdict(list)
dd["x"].append([1])
c = copy.deepcopy(dd)
print(c.default_factory is list, c["x"] == dd["x"], c["x"] is dd["x"])
dq = deque([[1], [2]], maxlen=5)
c = copy.deepcopy(dq)
print(c, c.maxlen, c[0] is dq[0])
Pt = namedtuple("Pt", "x y")
p = Pt([1], 2)
c = copy.deepcopy(p)
print(c, type(c).__name__, c.x is p.x)

# exceptions
e = KeyError(["k"])
c = copy.deepcopy(e)
print(type(c).__name__, c.args, c.args[0] is e.args[0])

# classes are atoms even with a metaclass
class Meta(type):
    pass
class WithMeta(metaclass=Meta):
    pass
print(copy.deepcopy(WithMeta) is WithMeta, copy.copy(WithMeta) is WithMeta)

# deep recursion through a long list chain
head = None
for i in range(200):
    head = [i, head]
c = copy.deepcopy(head)
n = 0
while c is not None:
    n += 1
    c = c[1]
print(n)
