# Int and float comparisons take fast paths; mixed int/float comparisons
# must stay exact beyond 2**53, and NaN must compare unequal.
big = 2**53 + 1
print(big > 9007199254740992.0, big == 9007199254740992.0, 9007199254740992.0 < big)
print(2**63 - 1 > 9.223372036854776e18, -2**63 == -9.223372036854776e18)
nan = float("nan")
print(nan < 1.0, nan > 1.0, nan == nan, nan != nan, 1 < nan, 1.5 <= 1.5)
print(1 < 2.5, 3 >= 2.5, 2 == 2.0, -0.0 == 0, 1.0 != 1)
print(True < 2.0, 1e308 * 10 > 2**62)
x, y = 0.1 + 0.2, 0.3
print(x > y, x == y, x != y)
for a, b in ((1, 1.0), (5, 4.5), (-7, -7.5)):
    print(a < b, a <= b, a > b, a >= b, a == b, a != b)
