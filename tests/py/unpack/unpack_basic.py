a, b, c = 1, 2, 3
print(a, b, c)
a, b = b, a
print(a, b)
(x, y), z = (1, 2), 3
print(x, y, z)
[p, q] = "pq"
print(p, q)
first, *mid, last = range(6)
print(first, mid, last)
*a, = [1, 2]
print(a)
for i, (k, v) in enumerate({"a": 1, "b": 2}.items()):
    print(i, k, v)
try:
    a, b = [1, 2, 3]
except ValueError:
    print("ValueError too many")
try:
    a, b, c = [1, 2]
except ValueError:
    print("ValueError not enough")
