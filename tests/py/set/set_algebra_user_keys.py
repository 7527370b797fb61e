# Set algebra and comparisons with keys whose __hash__/__eq__ are Python
# methods: how often each runs, and __eq__ that mutates a set mid-operation.

calls = {"hash": 0, "eq": 0}


class K:
    def __init__(self, v, bucket=None):
        self.v = v
        self.bucket = v if bucket is None else bucket

    def __hash__(self):
        calls["hash"] += 1
        return self.bucket

    def __eq__(self, other):
        calls["eq"] += 1
        return isinstance(other, K) and self.v == other.v

    def __repr__(self):
        return "K(%r)" % self.v


def counted(label, f):
    calls["hash"] = calls["eq"] = 0
    r = f()
    if isinstance(r, (set, frozenset)):
        r = sorted(k.v for k in r)
    print(label, r, calls["hash"], calls["eq"])


ks = [K(i) for i in range(6)]
a = set(ks[:4])
b = frozenset(ks[2:])
# The stored hashes are reused: no __hash__ runs, only lookups' __eq__
# on identical keys are skipped too.
counted("and", lambda: a & b)
counted("or", lambda: a | b)
counted("sub", lambda: a - b)
counted("xor", lambda: a ^ b)
counted("le", lambda: a <= b)
counted("lt", lambda: set(ks[2:4]) < b)
counted("ge", lambda: b >= set(ks[3:5]))
counted("gt-size", lambda: set(ks[:2]) > b)
counted("issubset", lambda: set(ks[3:4]).issubset(b))
counted("isdisjoint", lambda: a.isdisjoint(b))

# Equal but distinct keys: __eq__ decides membership.
c = {K(2), K(3), K(9)}
counted("and-eq", lambda: a & c)
counted("sub-eq", lambda: a - c)
counted("le-eq", lambda: {K(2)} <= c)

# Keys that all collide (one bucket): lookups walk the probe chain.
coll = [K(i, bucket=7) for i in range(20)]
s = set(coll)
counted("collide-in", lambda: K(13, bucket=7) in s)
counted("collide-out", lambda: K(99, bucket=7) in s)
d = {k: k.v for k in coll}
counted("collide-dict", lambda: d[K(17, bucket=7)])
del d[coll[5]]
counted("collide-after-del", lambda: d[K(19, bucket=7)])


# An __eq__ that empties the set being probed: no crash, a consistent answer.
class Evil:
    def __init__(self, v, target):
        self.v = v
        self.target = target

    def __hash__(self):
        return 1

    def __eq__(self, other):
        self.target.clear()
        return isinstance(other, Evil) and self.v == other.v


t = set()
t.add(Evil(1, t))
t.add(Evil(2, t))
u = {Evil(2, t)}
try:
    print("evil-and", len(u & t), len(t))
except RuntimeError as e:
    print("evil-and RuntimeError")
t2 = set()
t2.add(Evil(1, t2))
t2.add(Evil(2, t2))
print("evil-le", {Evil(3, t2)} <= t2, len(t2))
t3 = set()
t3.add(Evil(1, t3))
t3.add(Evil(2, t3))
try:
    t3 -= {Evil(2, t3)}
    print("evil-isub", len(t3))
except RuntimeError:
    print("evil-isub RuntimeError")

counted("isdisjoint-small", lambda: set(ks[:1]).isdisjoint(b))
counted("issuperset", lambda: b.issuperset(set(ks[3:5])))
counted("issuperset-list", lambda: b.issuperset(ks[3:5]))
counted("isdisjoint-list", lambda: a.isdisjoint(ks[4:]))
