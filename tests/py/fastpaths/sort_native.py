# Sorting takes a native path when all keys are ints, floats without NaN,
# strs, or tuples of those; everything else compares through Python `<`.
# Both must be stable and agree with CPython.

data = [(i * 7919) % 101 for i in range(300)]
print(sorted(data)[:20], sorted(data, reverse=True)[:20])

# Stability: equal keys keep their order, also with reverse=True.
pairs = [(v % 5, i) for i, v in enumerate(data)]
print(sorted(pairs, key=lambda p: p[0])[:15])
print(sorted(pairs, key=lambda p: p[0], reverse=True)[:15])

# Floats, with signed zeros that compare equal (order must be stable).
fl = [0.0, -0.0, 1.5, -2.25, 0.0, -0.0, 1e300, -1e-300, float("inf"), float("-inf")]
print([repr(x) for x in sorted(fl)])
print([repr(x) for x in sorted(fl, reverse=True)])

# Strings, including non-ASCII (code point order).
words = ["b", "a", "ä", "Z", "", "ab", "aa", "\u20ac", "\U0001f600", "a"]
print(sorted(words), sorted(words, reverse=True))

# Tuples: per-position kinds, unequal lengths, signed zero inside.
tups = [(1, "b"), (1, "a"), (0, "z"), (1,), (0, "z", 3.0), (-1, ""), (1, "a")]
print(sorted(tups))
print(sorted([(0.0, 1), (-0.0, 0), (0.0, 0)]))
print(sorted(data, key=lambda v: (v % 10, -v))[:12])

# Mixed kinds go through Python comparisons (and still agree).
mixed = [3, 1.5, True, -2, 2.0, False, 10**30, -(10**30)]
print(sorted(mixed))
print(sorted([(1, 2.5), (1, 2), (0, 3.5)]))

# Kinds that cannot be compared raise TypeError, leaving the list intact.
lst = [3, "a", 1]
try:
    lst.sort()
except TypeError as e:
    print("TypeError", e)
print(sorted(lst, key=str))
try:
    sorted([(1, "a"), (1, 2)])
except TypeError as e:
    print("TypeError", e)

# User classes with __lt__, and presorted runs.
class K:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        return self.v < other.v
    def __repr__(self):
        return "K(%d)" % self.v

print(sorted([K(3), K(1), K(2), K(1)]))
print(sorted([K(i) for i in range(10)]))
print(sorted([K(i) for i in range(10)], reverse=True))

# NaN: no crash; the non-NaN values keep a valid relative order only
# within NaN-free stretches, so just check the multiset.
nan = float("nan")
r = sorted([3.0, nan, 1.0, 2.0])
print(len(r), sorted(x for x in r if x == x))
print(sorted([]), sorted([5]), sorted("hello"))
