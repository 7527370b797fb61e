print([x * x for x in range(8)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(x, y) for x in range(3) for y in range(x)])
print([[j for j in range(i)] for i in range(4)])
print([c.upper() for c in "hello" if c not in "l"])
print([x if x % 2 else -x for x in range(6)])
m = [[1, 2, 3], [4, 5, 6]]
print([list(col) for col in zip(*m)], [v for row in m for v in row])
x = "outer"
[x for x in range(3)]
print(x)
