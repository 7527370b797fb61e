# Keys and items views compare like sets (==, !=, <, <=, >, >=) with sets,
# frozensets and other keys/items views; values views compare by identity.
# Keys and items views are unhashable, values views hashable.
d = {1: 2, 3: 4}
k, it, v = d.keys(), d.items(), d.values()
print(k == {1, 3}, {1, 3} == k, k != {1, 3}, k == frozenset([1, 3]), k == {1}, k == [1, 3])
print(it == {(1, 2), (3, 4)}, it == {(1, 2)}, it != {(1, 2)}, it == [(1, 2), (3, 4)])
print(k == {3: 0, 1: 0}.keys(), it == {3: 4, 1: 2}.items(), k == it, k == k)
print(k <= {1, 3}, k < {1, 3}, k < {1, 3, 5}, k >= {1}, k > {1}, k > {1, 3}, {1} < k, {1, 3, 5} > k)
print(it <= {(1, 2), (3, 4), (5, 6)}, it < it, {(1, 2)} < it, k <= {1: 1, 3: 3, 4: 4}.keys())
print(v == v, v == d.values(), v != d.values(), v == [2, 4])
u = {1: [], 2: [3]}
print(u.items() == u.items(), u.items() == {1: [], 2: [3]}.items(), u.items() == {1: []}.items())
print(type(hash(v)).__name__)
for bad in ("hash(k)", "hash(it)", "k < [1]", "k <= 1", "v < v", "u.items() == {(1, 2)}"):
    try:
        print(bad, eval(bad))
    except TypeError as exc:
        print(bad, "TypeError", exc)
