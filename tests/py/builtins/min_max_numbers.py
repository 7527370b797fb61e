# min/max over ints and floats (decided without the general comparison),
# and the cases that must still take it: NaN, mixed types, bools, ties.
nan = float("nan")
print(min([3, 1, 2]), max([3, 1, 2]), min(5, -7), max(-1.5, -0.5))
print(min([nan, 1.0, 2.0]), min([1.0, nan, 0.5]), max([2.0, nan]), max(nan, nan))
print(min([2, 1.5, 1]), max([1, 2.0, 2]), max([2.0, 2]), min([1, 1.0]), min([1.0, 1]))
print(max([True, 1]), max([1, True]), min([False, 0]), min(0, False))
print(min([-0.0, 0.0]), min([0.0, -0.0]), max([0.0, -0.0]))
print(min(2 ** 70, 3), max(2 ** 70, 3), max(-2 ** 63, -2 ** 63 - 1))
print(min({5, 3, 9}), max(frozenset([5, 3, 9])), min((x * 0.5 for x in range(5))))
print(max([1, 2, 3], key=lambda v: -v), min([], default="empty"))
pairs = [(1, "a"), (1, "b")]
print(min(pairs, key=lambda p: p[0]), max(pairs, key=lambda p: p[0]))
try:
    min([1, "a"])
except TypeError as e:
    print("TypeError", e)
