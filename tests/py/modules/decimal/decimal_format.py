# Checks __format__ (types e E f F g G n % and none, fill/align/sign/z/0/width/
# grouping/precision), hashing against int/float, and comparisons with int/float.
from decimal import *
D = Decimal
xs = ['0', '-0', '1.2300', '-1234567.891', '1E+3', '1E-7', '0.000123', '12345678901234567890', 'inf', '-nan', '0.5', '0E-9', '9.995', '-0.00001']
for s in ['', '10', '<10', '*^12', '+', ' ', '010', '015,', 'f', '.2f', '.0f', 'e', '.3e', 'E', 'g', '.3g', 'G', '%', '.1%', ',',
          '.2', '.0', 'n', 'z.1f', '012.3f', '=+12.2f', ',.2f', '012,.2f', '09,', '08,', '>+15,.3f']:
    print(repr(s), [format(D(x), s) for x in xs])
for s in ['_', '#', '.f', 'x', '10.2q']:
    try:
        format(D(1), s)
    except ValueError as e:
        print(repr(s), type(e).__name__, e)
print(f"{D('1234.5'):,.2f} {D('0.125'):.2f} {D('0.135'):.2f} {D('-1.5'):+.0f}")
with localcontext(rounding=ROUND_DOWN):
    print(format(D('0.129'), '.2f'), format(D('9.99'), '.1e'))
for x in ['1.5', '100', '0.1', '-2.5', '1E+20', '123456789012345678901234567890', '0.000001', '-0', 'inf', '-inf']:
    d = D(x)
    f = float(x)
    print(x, hash(d) == hash(f), hash(d) == hash(d.normalize()), d == f, d < f, d > 1)
print(hash(D(7)) == hash(7), hash(D('7.000')) == hash(7), hash(D(-1)), hash(D(10**30)) == hash(10**30))
print(D('0.1') == 0.1, D('0.5') == 0.5, D('0.1') < 0.1, D(1) == 1, D('1.0') == 1, D('1.5') != 1, D(2) >= 2, D('nan') == D('nan'))
print(sorted([D('1.5'), D(-3), D('0.25'), D('1E+1'), D(2)]), max(D(1), D('1.5')), sum([D('0.1')] * 10))
print({D('1.0'): 'a'}[D(1)], D(1) in {1, 2}, D('2.50') == D('2.5'))
print(getcontext().flags[FloatOperation])
c = Context(traps=[FloatOperation])
setcontext(c)
try:
    D('1.5') < 1.5
except FloatOperation as e:
    print(type(e).__name__, e)
print(D('1.5') == 1.5, D.from_float(1.5))
try:
    D(1.5)
except FloatOperation as e:
    print(type(e).__name__, e)
