# Sorting keys that mix bools and ints (they order as ints; stable on ties),
# natively and through tuple comparison.
print(sorted([True, 0, 1, False, 2, -1]))
xs = [True, 1, False, 0]
print([type(x).__name__ for x in sorted(xs)])
rows = [(i % 2 == 0, i % 3 == 0, i % 5, i) for i in range(12)]
rows.sort()
print(rows)
print(sorted([(1, "b"), (True, "a"), (0, "c"), (False, "d")]))
print(sorted([(True, 2), (1, 1), (False, 3)], reverse=True))
print((True,) < (2,), (False, 1) < (0, 2), (True, 0) > (1, -1), True < 2, False >= 0)
print(sorted([(True, 1.5), (False, 2)]))
print(sorted(["b", "a"], key=lambda s: s == "a"))
try:
    sorted([(True, "x"), (True, 1)])
except TypeError as e:
    print("TypeError", e)
