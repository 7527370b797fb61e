print(1 == 1.0, 2 ** 64 == float(2 ** 64), 10 ** 20 == 10.0 ** 20)
print(hash(1) == hash(1.0), hash(0) == hash(False))
d = {1: "int"}
d[1.0] = "float"
d[True] = "bool"
print(d)
print(sorted([3, 1.5, -2, 10 ** 20, 0]))
print(max(2 ** 70, 3), min(-2 ** 70, 3))
print(5 < 5.5, 2 ** 53 > 2.0 ** 52)
