from itertools import groupby, tee, islice

print([(k, list(g)) for k, g in groupby("AAAABBBCCDAABBB")])
print([k for k, g in groupby("AAAABBBCCD")])
print([(k, len(list(g))) for k, g in groupby([1, 1, 2, 3, 3, 3, 1])])
data = ["apple", "avocado", "banana", "blueberry", "cherry", "apricot"]
print([(k, list(g)) for k, g in groupby(data, key=lambda w: w[0])])
print([(k, list(g)) for k, g in groupby(sorted(data), len)])
print(list(groupby([])))

# Advancing the groupby ends the previous group.
gb = groupby("aaabbc")
k1, g1 = next(gb)
k2, g2 = next(gb)
print(k1, list(g1), k2, list(g2))
gb = groupby("aaabbc")
k1, g1 = next(gb)
print(next(g1))
k2, g2 = next(gb)
print(list(g1), k2, next(g2))
k3, g3 = next(gb)
print(list(g2), k3, list(g3))
try:
    next(gb)
except StopIteration:
    print("StopIteration")

# Consuming a group partly, then the rest of the groups.
groups = []
for k, g in groupby([1, 1, 1, 2, 2, 3]):
    groups.append((k, next(g)))
print(groups)

# Keys are compared with ==; NaN keys that are the same object group.
nan = float("nan")
print([(k, len(list(g))) for k, g in groupby([nan, nan, 1, 1.0, True])])
print([list(g) for k, g in groupby([1, 2, 3, 4, 5, 6], key=lambda x: x // 3)])

# The source is read lazily.
reads = []
def src():
    for c in "aabb":
        reads.append(c)
        yield c
gb = groupby(src())
print(reads)
k, g = next(gb)
print(k, reads)
print(list(g), reads)

# tee
a, b = tee([1, 2, 3, 4])
print(next(a), next(a), list(b), list(a))
x, y, z = tee("abc", 3)
print(list(x), list(y), list(z))
print(tee("abc", 0), len(tee("abc", 1)))
it = iter(range(5))
p, q = tee(it)
print(next(p), next(p), next(q))
print(list(islice(p, 2)), list(q))
reads.clear()
t1, t2 = tee(src())
print(next(t1), reads)
print(next(t2), next(t2), reads)
print(list(t1), list(t2))
# A tee of a tee shares the buffer.
u1, u2 = tee(range(3))
v1, v2 = tee(u1)
print(list(v1), list(v2), list(u2))
try:
    tee("a", -1)
except ValueError as e:
    print("ValueError:", e)
big1, big2 = tee(range(1000))
print(sum(big1), sum(big2))
