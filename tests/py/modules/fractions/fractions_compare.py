# Checks Fraction comparisons (with ints, floats, nan/inf, complex),
# hashing consistent with int/float, rounding helpers, conversions and
# limit_denominator.
import math
from fractions import Fraction as F

a = F(1, 2)
print(a == 0.5, 0.5 == a, a == F(2, 4), F(4, 2) == 2, 2 == F(4, 2), a == 1, a == 'x', a == 0.5+0j, a == 0.5+1j)
print(a < 1, a < 0.6, 0.4 < a, a <= F(1, 2), a > F(1, 3), a >= 1, 1 > a, F(1, 3) < F(1, 2))
print(a < float('inf'), a > float('-inf'), a < float('nan'), a > float('nan'), a == float('nan'), a == float('inf'))
print(sorted([F(1, 3), 0.25, 1, F(-1, 2), 0]))
print(max(F(7, 3), 2.3, 2), min(F(7, 3), 2.3, 2))
for v in [F(0), F(5), F(-5), F(1, 2), F(-1, 2), F(1, 3), F(-7, 3), F(10**30), F(1, 10**30), F(2**61 - 1), F(1, 2**61 - 1), F(-1, 2**61 - 1), F(3, 2 * (2**61 - 1))]:
    print(repr(v), hash(v))
print(hash(F(3)) == hash(3), hash(F(1, 4)) == hash(0.25), hash(F(-3, 8)) == hash(-0.375), hash(F(-1)))
print(len({F(1, 2), 0.5, F(2, 4)}), len({F(2), 2, 2.0}))
for v in [F(7, 2), F(5, 2), F(-7, 2), F(-5, 2), F(10, 3), F(-10, 3), F(0), F(-1, 3)]:
    print(v, round(v), math.floor(v), math.ceil(v), math.trunc(v), int(v), float(v), bool(v))
x = F(12345, 1000)
print(round(x, 1), round(x, 2), round(x, -1), round(F(25), -1), round(F(35), -1), round(x, 0), repr(round(x, 0)))
print(round(F(-5, 4), 1), round(F(1, 3), 5), type(round(x)).__name__)
print(complex(F(3, 4)) if hasattr(complex, '__new__') else '')
pi = F(math.pi)
for m in [1, 2, 7, 10, 100, 113, 1000, 10**6]:
    print(m, pi.limit_denominator(m))
for v, m in [(F(3, 8), 4), (F(5, 8), 4), (F(1, 7), 3), (F(-22, 7), 5), (F(7, 3), 2), (F(1, 2), 1), (F(123, 100), 10**6)]:
    print(v, m, v.limit_denominator(m))
print(F('3.141592653589793').limit_denominator(1000), F(0.1).limit_denominator())
try:
    F(1, 3).limit_denominator(0)
except ValueError as e:
    print('ValueError:', e)
try:
    print(F(1, 2) < 'a')
except TypeError as e:
    print('TypeError:', e)
try:
    print(F(1, 2) < 1j)
except TypeError as e:
    print('TypeError:', e)
import copy
c = copy.copy(a)
print(c is a, copy.deepcopy(a) == a)
