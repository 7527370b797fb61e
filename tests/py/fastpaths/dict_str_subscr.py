# d[s] and d[s] = v with a str key take a short path for exact dicts
# (eval.rs subscr_fast / store_subscr_fast). Everything the general
# protocol decides must come out the same.
from collections import OrderedDict, defaultdict, Counter

# Counting: new keys, then updates, with keys equal but not identical.
words = "a bb a ccc bb a dddd".split(" ")
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
print(sorted(counts.items()))
key = "".join(["b", "b"])
print(counts[key], key in counts, key is words[1])
counts[key] = 10
print(counts["bb"], len(counts))

# Missing keys raise KeyError with the key.
try:
    counts["zz"]
except KeyError as e:
    print("KeyError", repr(e.args[0]))

# Non-str keys beside str keys: ints, a tuple, a float equal to an int.
m = {"1": "s", 1: "i", (1,): "t"}
print(m["1"], m[1], m[1.0], m[(1,)], m[True])
m[1.0] = "f"
print(m, len(m))


# A str subclass key: equal to the str, and its own __eq__/__hash__ run.
class Loud(str):
    def __eq__(self, other):
        print("eq", str.__str__(self), other)
        return str.__eq__(self, other)

    def __hash__(self):
        return str.__hash__(self)


d = {"k": 1}
print(d[Loud("k")])
d[Loud("k")] = 2
print(d, type(list(d)[0]).__name__)
d2 = {Loud("x"): 5}
print(d2["x"])
d2["x"] = 6
print(d2, [type(k).__name__ for k in d2])


# Dict subclasses keep their own protocol.
class Spy(dict):
    def __getitem__(self, k):
        print("get", k)
        return dict.__getitem__(self, k)

    def __setitem__(self, k, v):
        print("set", k, v)
        dict.__setitem__(self, k, v)

    def __missing__(self, k):
        return "missing " + k


s = Spy()
s["a"] = 1
print(s["a"], s["b"])


class Miss(dict):
    def __missing__(self, k):
        return k * 2


print(Miss(a=1)["a"], Miss()["zz"])

dd = defaultdict(list)
dd["x"].append(1)
dd["x"].append(2)
print(dict(dd))
c = Counter()
c["n"] += 3
print(c["n"], c["none"])
od = OrderedDict()
od["b"] = 1
od["a"] = 2
od["b"] = 3
print(list(od.items()))

# Changing a dict's size while iterating it is still caught.
g = {"a": 1}
try:
    for k in g:
        g["new" + k] = 1
except RuntimeError as e:
    print("RuntimeError", e)
# Replacing a value while iterating is allowed.
h = {"a": 1, "b": 2}
for k in h:
    h[k] = h[k] * 10
print(h)

# Stores into a module's globals are seen by global lookups.
globals()["later"] = 41


def read_later():
    return later


print(read_later())
globals()["later"] = 42
print(read_later())

# Many new keys: the table grows under the short path.
big = {}
for i in range(2000):
    big["k" + str(i)] = i
total = 0
for i in range(0, 2000, 7):
    total += big["k" + str(i)]
print(len(big), total, big["k1999"])
# Deleted keys leave tombstones that the probe walks past.
for i in range(0, 2000, 2):
    del big["k" + str(i)]
big["k4"] = "back"
print(len(big), big["k4"], big["k5"], "k6" in big)
