# hash() of tuples of numbers is what CPython computes (item hashes mixed
# xxHash-style, see types/tuple.rs), so these exact values are comparable.
print(hash(()), hash((1,)), hash((1, 2)), hash((2, 1)), hash((-1, 2**70)), hash(((1, 2), 3)))
print(hash((0, 0, 0)), hash((1.5, 2.25)), hash((True, False)), hash((((),),)))
print(hash((1, 2)) == hash((1.0, 2.0)), hash((1, (2, 3))) == hash((1, (2.0, 3))))
print({(1, 2): "a"}[(1.0, 2)], len({(1, 2), (1.0, 2.0), (1, 2.0)}))
try:
    hash((1, [2]))
except TypeError as e:
    print("TypeError", e)
