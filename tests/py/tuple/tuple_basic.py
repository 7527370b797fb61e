t = (1, "a", 2.5, None)
print(t, len(t), t[1], t[-1], t[1:3], t[-2:])
print(t + (5,), (0,) * 3, () == tuple(), (1,) < (1, 2), (2,) > (1, 9))
print(t.index("a"), (1, 1, 2).count(1), "a" in t)
try:
    t[0] = 5
except TypeError:
    print("TypeError")
print(tuple([1, 2]), tuple("ab"), hash((1, 2)) == hash((1, 2)))
a, b = (1, 2)
print(a, b, (1, (2, (3,))))
print(max((3, 1), (3, 0)), sorted([(2, 1), (1, 2), (1, 1)]))
