# Sets iterate, print and pop in CPython's order: the order of its hash
# table (small ints in their own slots, collisions probed as CPython
# probes them, tables resized at the same points), through every way of
# building one: displays (of constants or not), set(), comprehensions,
# add/discard, the operators and methods, copies and frozensets.

print({3, 1, 2}, {5, 3, 1}, {-1, -2, 7}, {100, 3, 17, 9}, set(range(20, 0, -3)))
x = 11
print({x, 2**64 + 3, 25, -2**61}, {11, 2**64 + 3, 25, -2**61})
print({n * 8 for n in range(6)}, set([0, 8, 16, 24, 32, 40, 48]))
print({1.5, 2, (1, 2), True, -0.0, 0}, frozenset([9, 1, 17, 33]))

s = {0, 16, 32, 48, 64}
s.discard(32)
s.discard(64)
s.add(96)
s.add(128)
print(s)

a = {1, 9, 17, 25, 2, 10}
b = set(range(8, 20))
print(a | b, a & b, a - b, a ^ b, b - a)
print(a.union([40, 8]), a.intersection(b, {9, 10}), a.difference(b, [1]), a.symmetric_difference([1, 2, 99]))
c = set(a)
c |= {72, 80}
print(c)
c &= set(range(0, 100, 8))
print(c)
c ^= {0, 8, 16}
print(c)
c -= {72}
print(c)
d = set(range(50))
d.difference_update(range(0, 50, 2))
print(d)
d.intersection_update({1, 3, 5, 7, 9, 51})
print(d)
f = frozenset(d)
print(f, f.copy() is f, frozenset(f) is f, f | {100}, {100} | f)

p = {5, 13, 21, 29}
print([p.pop() for _ in range(4)], p)
q = set(range(30))
print([q.pop() for _ in range(5)], len(q))
q.update(dict.fromkeys([200, 100, 300]))
print(q)
print(sorted({3, 1, 2}) == list({3, 1, 2}), list({3, 1, 2}), tuple({10, 2, 33}))
print(*{64, 1, 32, 2}, sep=", ")
