a = [1, 2, 3]
print(a + [4], a * 2, [0] * 5, 2 in a, a == [1, 2, 3], a < [1, 2, 4], len(a))
b = a
b.append(99)
print(a)
nested = [[0] * 3 for _ in range(3)]
nested[1][1] = 5
print(nested)
print(list(range(5)), list("ab"), list((1, 2)))
print(max(a), min(a), sum(a), sorted(a, reverse=True))
print(a[-1], a[0])
x = [5, 3]
x *= 3
print(x)
