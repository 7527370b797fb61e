# Checks Fraction arithmetic with ints, Fractions, floats and complex,
# the result types, powers, divmod, and the ZeroDivisionError messages.
from fractions import Fraction as F

a, b = F(3, 4), F(-5, 6)
for x, y in [(a, b), (a, 2), (2, a), (a, True), (b, F(5, 6))]:
    print(x + y, x - y, x * y, x / y, x // y, x % y, divmod(x, y))
for x, y in [(a, 0.5), (0.5, a), (b, -1.25), (-1.25, b)]:
    r = [x + y, x - y, x * y, x / y, x // y, x % y, divmod(x, y)]
    print(r, [type(v).__name__ for v in r[:6]])
print(a + 1j, 1j * a, a - (2+1j), (2+1j) / F(1, 2))
print(type(a + 1).__name__, type(a // 1).__name__, type(7 // a).__name__)
print(a ** 2, a ** -2, b ** 3, b ** -3, F(-2) ** -1, a ** 0, F(0) ** 5)
print(a ** F(2), a ** F(-1), F(4) ** F(1, 2), a ** 0.5, F(9, 4) ** 0.5)
print(2 ** F(3), 2 ** F(-2), 2 ** F(1, 2), 2.0 ** F(2), 2.0 ** F(-1), 4 ** F(-1, 2))
print(-a, +b, abs(b), -F(0))
s = F(0)
for k in range(1, 11):
    s += F(1, k)
print(s, float(s))
print(sum([F(1, 3)] * 3), sum([F(1, 10)] * 10) == 1)
big = F(10**30 + 1, 3 * 10**20)
print(big, float(big), big * big)

def err(fn):
    try:
        print('ok', fn())
    except Exception as e:
        print(type(e).__name__ + ':', e)

err(lambda: F(3, 2) / 0)
err(lambda: F(-6, 5) / F(0))
err(lambda: F(0) / 0)
err(lambda: 1 / F(0))
err(lambda: F(3, 2) // 0)
err(lambda: F(3, 2) % 0)
err(lambda: divmod(F(3, 2), 0))
err(lambda: F(0) ** -1)
err(lambda: F(0) ** -3)
err(lambda: F(1, 2) + 'x')
err(lambda: 'x' + F(1, 2))
err(lambda: F(1, 2) // 1j)
err(lambda: F(1, 2) ** 'x')
err(lambda: [] + F(1))
