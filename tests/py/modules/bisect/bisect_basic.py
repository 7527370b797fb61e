import bisect
from bisect import bisect_left, bisect_right, insort_left, insort_right

a = [1, 2, 4, 4, 4, 7, 9]
for x in [0, 1, 3, 4, 5, 9, 10]:
    print(x, bisect_left(a, x), bisect_right(a, x), bisect.bisect(a, x))
print(bisect_left([], 5), bisect_right([], 5))
print(bisect_left(a, 4, 3), bisect_left(a, 4, 0, 2), bisect_right(a, 4, 0, 4), bisect_right(a, 9, 2, 5))
print(bisect_left(a, 4, hi=3), bisect_right(a, 4, lo=5))
try:
    bisect_left(a, 1, -1)
except ValueError as e:
    print("ValueError:", e)
try:
    insort_left(a, 1, -1)
except ValueError as e:
    print("ValueError:", e)

b = []
for v in [5, 1, 4, 1, 5, 9, 2, 6]:
    insort_right(b, v)
print(b)
c = []
for v in [3, 1, 2]:
    bisect.insort(c, v)
print(c)

# insort_left / insort_right put equal items on different sides
class Item:
    def __init__(self, k, tag):
        self.k = k
        self.tag = tag
    def __lt__(self, other):
        return self.k < other.k
    def __repr__(self):
        return "%d%s" % (self.k, self.tag)

items = [Item(1, "a"), Item(2, "a"), Item(3, "a")]
insort_left(items, Item(2, "L"))
insort_right(items, Item(2, "R"))
print(items)

# key= (3.10+)
recs = [("a", 1), ("b", 3), ("c", 3), ("d", 8)]
print(bisect_left(recs, 3, key=lambda r: r[1]), bisect_right(recs, 3, key=lambda r: r[1]))
insort_left(recs, ("x", 3), key=lambda r: r[1])
insort_right(recs, ("y", 3), key=lambda r: r[1])
insort_right(recs, ("z", 0), key=lambda r: r[1])
print(recs)

# grades example
def grade(score, breakpoints=[60, 70, 80, 90], grades="FDCBA"):
    return grades[bisect.bisect(breakpoints, score)]
print([grade(s) for s in [33, 99, 77, 70, 89, 90, 100]])

# works on any sequence with __getitem__ and __len__
print(bisect_left("acegi", "d"), bisect_right(range(0, 100, 5), 35), bisect_left((1.5, 2.5), 2))

# only __lt__ is used
class OnlyLt:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        return self.v < other.v
xs = [OnlyLt(i) for i in (1, 3, 5)]
print(bisect_left(xs, OnlyLt(3)), bisect_right(xs, OnlyLt(3)))
try:
    bisect_left([1, 2], "a")
except TypeError:
    print("TypeError")
