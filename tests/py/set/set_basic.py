s = {3, 1, 2}
s.add(4); s.add(1)
print(sorted(s), len(s), 2 in s, 9 in s)
s.discard(9); s.discard(4); s.remove(3)
print(sorted(s))
try:
    s.remove(42)
except KeyError:
    print("KeyError")
a = {1, 2, 3, 4}
b = {3, 4, 5}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(a ^ b))
print(sorted(a.union(b)), sorted(a.intersection(b)), sorted(a.difference(b)), sorted(a.symmetric_difference(b)))
print({1, 2} <= a, {1, 2} < a, a >= {1}, a.issubset(a), a.isdisjoint({9}), a.issuperset({1, 4}))
c = set(); c.update([1, 2], [3]); print(sorted(c))
c.intersection_update({2, 3, 9}); print(sorted(c))
c.difference_update({2}); print(sorted(c))
print(c.pop(), c, set() == set(), len(set("hello")))
print(sorted({x % 3 for x in range(10)}))
