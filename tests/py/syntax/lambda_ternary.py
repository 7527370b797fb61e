sq = lambda x: x * x
add = lambda a, b=10: a + b
print(sq(7), add(1), add(1, 2))
print(list(map(lambda s: s.upper(), ["a", "b"])))
print(sorted([3, -1, 2, -5], key=lambda v: abs(v)))
f = lambda *a, **k: (a, sorted(k.items()))
print(f(1, 2, x=3))
print((lambda: "nothing")())
print([(lambda n: n + i)(1) for i in range(3)])
