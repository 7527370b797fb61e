# Checks Fraction construction (ints, floats, strings, pairs, Fractions),
# normalisation, str/repr, properties, from_float/from_decimal and the
# errors CPython raises for bad input.
from fractions import Fraction

print(Fraction(), Fraction(7), Fraction(-6, 4), Fraction(6, -4), Fraction(0, -5))
print(repr(Fraction(3, 9)), repr(Fraction(True)), repr(Fraction(False, True)))
print(Fraction(1.5), Fraction(0.1), Fraction(-2.75), Fraction(1e20), Fraction(5e-324))
for s in ['3/4', ' -3/4 ', '+10/20', '1.25', '-2e3', '.5', '5.', '1_000/3', '1_0.2_5e-1_0',
          '2E+2', '-0', '0.000', '12e-3', '\t7\n']:
    f = Fraction(s)
    print(repr(s), f, f.numerator, f.denominator)
print(Fraction(Fraction(3, 4)), Fraction(Fraction(1, 2), Fraction(3, 4)), Fraction(3, Fraction(1, 2)))
print(Fraction(10, 4).as_integer_ratio(), Fraction(-1, 3).as_integer_ratio())
print(Fraction.from_float(0.25), Fraction.from_float(3), Fraction.from_decimal(4))
f = Fraction(22, 7)
print(f.numerator, f.denominator, type(f.numerator).__name__)

class MyFrac(Fraction):
    pass
m = MyFrac(2, 4)
print(repr(m), type(m).__name__, type(m + 1).__name__)

def err(fn):
    try:
        r = fn()
        print('ok', r)
    except Exception as e:
        print(type(e).__name__ + ':', e)

for bad in ['', '3/', '/4', '3/-4', '1/2e3', '.', 'e5', '1__0', '1_', '_1', 'abc', '3 / 4',
            '1.5/2', '0x10', 'inf', 'nan', '--1', '1e', '1.2.3']:
    err(lambda: Fraction(bad))
err(lambda: Fraction(1, 0))
err(lambda: Fraction(-7, 0))
err(lambda: Fraction('5/0'))
err(lambda: Fraction(0, 0))
err(lambda: Fraction(Fraction(1, 2), 0))
err(lambda: Fraction(1.5, 2))
err(lambda: Fraction(1, 2.0))
err(lambda: Fraction([1]))
err(lambda: Fraction(None))
err(lambda: Fraction(float('nan')))
err(lambda: Fraction(float('inf')))
err(lambda: Fraction(float('-inf')))
err(lambda: Fraction.from_float('1.5'))
err(lambda: Fraction.from_float(None))
err(lambda: Fraction.from_decimal(1.5))
err(lambda: Fraction.from_decimal('1.5'))
