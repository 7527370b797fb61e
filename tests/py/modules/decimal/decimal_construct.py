# Checks Decimal construction (str, int, float, tuple, Decimal), str/repr,
# to_eng_string, as_tuple, as_integer_ratio and conversion errors.
from decimal import *
D = Decimal

def tr(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, str(e))

for s in ['1.10', '-0', '1E+3', 'Infinity', '-inf', 'NaN', 'sNaN', ' 12 ', '1_000',
          '0.000001', '1E-7', '.5', '5.', '+1e-0', '-sNaN123', 'nan0012', '١٢',
          '123.456e-20', '1e+_3', '0E-10', '-12.5E+3', 'iNfInItY']:
    d = D(s)
    print(repr(s), repr(d), str(d), d.to_eng_string(), d.as_tuple())
for s in ['1e', 'e1', '.', '1.2.3', ' ', '', 'infinit', 'nan1.2', 'abc']:
    tr(lambda: D(s))
print(D(0.1))
print(D(-0.0), D(1e22), D(2.5), D.from_float(0.1) == D(0.1), D.from_float(3))
print(D(float('nan')), D(float('-inf')))
print(D(12345678901234567890), D(-7), D(True))
print(D((0, (1, 2), -3)), D((1, [4, 0, 5], 2)), D((0, (1, 2), 'F')), D((1, (1, 2), 'N')), D((0, (), 'n')))
tr(lambda: D([1]))
tr(lambda: D((2, (1,), 0)))
tr(lambda: D((0, (1, 12), 3)))
tr(lambda: D((0, (1,), 1.5)))
tr(lambda: D(1j))
tr(lambda: D(None))
print(D(D('-1.50')))
for s in ['0E+4', '0E-8', '0E+3', '0E+5', '1E+4', '123E-10', '1.5E+7', '-12E+1', '0.00001', '12.5E-8']:
    print(s, D(s).to_eng_string())
for s in ['1.25', '-0.75', '100', '1E+3', '0', '3.14159']:
    print(s, D(s).as_integer_ratio(), D(s).adjusted())
tr(lambda: D('inf').as_integer_ratio())
tr(lambda: D('nan').as_integer_ratio())
c = Context(traps=[])
print(repr(c.create_decimal('abc')), c.flags[InvalidOperation])
print(repr(Context(prec=3).create_decimal('3.14159')), repr(Context(prec=3, rounding=ROUND_DOWN).create_decimal(2.71828)))
print(repr(D('1.5e3', Context(capitals=0))), Context(capitals=0).to_sci_string(D('1.5e3')))
