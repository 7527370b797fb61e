from collections import namedtuple, OrderedDict, deque, defaultdict, Counter
P = namedtuple("P", "x y", defaults=[0])
p = P(1)
print(p, p._asdict(), p._replace(y=5), P._make([3, 4]), P._fields, isinstance(p, tuple))
x, y = P(7, 8)
print(x, y, P(1, 2) == P(1, 2), hash(P(1, 2)) == hash(P(1, 2)), {P(1, 2): 5}[P(1, 2)], P(1, 2) < P(1, 3))
try:
    P()
except TypeError as e:
    print("TypeError", e)
try:
    namedtuple("Bad", "a a")
except ValueError as e:
    print("ValueError", e)
class Pt(namedtuple("Pt", ["a", "b"])):
    def total(self):
        return self.a + self.b
print(Pt(1, 2).total(), Pt(1, 2))
od = OrderedDict([("a", 1), ("b", 2), ("c", 3)])
od.move_to_end("a")
print(list(od), od.popitem(), od.popitem(last=False), od)
od["d"] = 4
od.move_to_end("d", last=False)
print(od, OrderedDict())
dd = defaultdict(list)
dd["a"].append(1)
dd["a"].append(2)
dd["b"]
print(sorted(dd.items()), dd.default_factory, "a" in dd, len(dd))
di = defaultdict(int, {"x": 1})
di["y"] += 2
print(di, defaultdict(None))
try:
    defaultdict(None)["z"]
except KeyError as e:
    print("KeyError", e.args)
d = deque([1, 2, 3])
d.rotate(1)
print(d, d[0], d[-1], 2 in d, len(d), bool(deque()))
d.rotate(-2)
d.extendleft([9, 8])
print(d, list(reversed(list(d))), deque([1, 2], maxlen=2))
d[0] = 0
print(d, d.count(0), d.maxlen, deque(maxlen=3).maxlen)
c = Counter("abracadabra")
print(c.most_common(2), c["a"], c["z"], sorted(c.elements())[:3])
c.update("aa")
print(c["a"], Counter({"x": 2, "y": 5}))
