from itertools import product, permutations, combinations, combinations_with_replacement
from math import factorial, comb

print(list(product("AB", "xy")))
print(list(product(range(2), repeat=3)))
print(list(product("ab", [1], repeat=2)))
print(list(product()), list(product("ab", "")), list(product(repeat=0)))
print(len(list(product(range(3), range(4), range(5)))))
g = (i for i in range(2))
print(list(product(g, "ab")))
try:
    product("a", repeat=-1)
except ValueError as e:
    print("ValueError:", e)

print(list(permutations("ABC")))
print(list(permutations("ABCD", 2)))
print(list(permutations(range(3), 0)), list(permutations("ab", 3)), list(permutations([])))
print(["".join(p) for p in permutations("aab")])
print(len(list(permutations(range(6)))) == factorial(6))
print(len(list(permutations(range(6), 3))))

print(list(combinations("ABCD", 2)))
print(list(combinations(range(4), 3)))
print(list(combinations("ab", 0)), list(combinations("ab", 3)), list(combinations("", 0)))
print(all(len(list(combinations(range(n), r))) == comb(n, r) for n in range(7) for r in range(8)))

print(list(combinations_with_replacement("ABC", 2)))
print(list(combinations_with_replacement(range(2), 3)))
print(list(combinations_with_replacement("", 2)), list(combinations_with_replacement("", 0)))
print(list(combinations_with_replacement("ab", 0)))
print(all(len(list(combinations_with_replacement(range(n), r))) == comb(n + r - 1, r)
          for n in range(1, 6) for r in range(5)))

for f, args in [(permutations, ("ab", "x")), (combinations, ("ab", "x")),
                (combinations, ("ab", -1)), (permutations, ("ab", -1)),
                (combinations_with_replacement, ("ab", -2))]:
    try:
        f(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)

# Results are tuples built from the pool, which is read once up front.
pool = [[1], [2]]
c = list(combinations(pool, 2))
print(c, c[0][0] is pool[0])
