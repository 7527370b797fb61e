# Checks sqrt/exp/ln/log10/power correctness, quantize, normalize, to_integral,
# max/min/compare, fma, scaleb, copy_*, predicates, round/floor/ceil/trunc.
import math
from decimal import *
D = Decimal

def tr(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, str(e))

for x in ['2', '100', '0.001', '1', '0', '-0', '1E-10', '1.0000', '4E+2', '0.04', '1.21', '10', 'inf', '12345.6789']:
    d = D(x)
    print(x, d.sqrt(), d.exp(), d.ln() if d >= 0 else '-', d.log10() if d >= 0 else '-')
tr(lambda: D(-1).ln())
tr(lambda: D(-2).log10())
for a, b in [(4, '0.5'), (2, -2), ('2.0', -2), (10, -2), ('0.5', 2), ('1.0', 3), (8, '0.333'), (2, '1.5'), (-2, 3),
             (0, -1), ('-0', -3), ('inf', -1), ('-inf', 3), (1, 'inf'), ('0.5', 'inf'), ('1.000', 1000), (2, 1000), ('0.1', 100)]:
    print(a, b, repr(D(a) ** D(b)))
tr(lambda: D(-2) ** D('0.5'))
tr(lambda: D(0) ** 0)
for prec in [5, 12, 40]:
    with localcontext(prec=prec):
        print(D(2).sqrt(), D(3).exp(), D('0.5').ln(), D(7).log10(), D(3) ** D('0.25'), D('1.0000001').ln())
with localcontext(rounding=ROUND_DOWN, prec=5):
    print(D(2).sqrt(), D(2).ln(), D(2) ** D('0.5'), D(4) ** D('0.5'), D(3) ** -1, D('9.999') ** 3)
print(D('1.23456').quantize(D('0.01')), D('1.235').quantize(D('0.01')), D('1.225').quantize(D('0.01'), rounding=ROUND_HALF_UP),
      D('123').quantize(D('1E+1')), D('-0.5').quantize(D(1), ROUND_CEILING), D('7').quantize(D('0.000')))
tr(lambda: D('1E+30').quantize(D('0.1')))
tr(lambda: D('inf').quantize(D(1)))
print(D('1.200').normalize(), D('0.00').normalize(), D('-1E+2').normalize(), D('120.0').normalize())
print(D('2.5').to_integral_value(), D('3.5').to_integral_value(), D('-2.7').to_integral_value(ROUND_DOWN), D('1E+3').to_integral_exact())
print(D(1).max(D(2)), D(1).min(D('nan')), D('1.0').max(D('1')), D('-0').min(D('0')), D(3).compare(D('3.0')), D(2).compare(D('nan')))
print(D(2).fma(3, 4), D('1E+20').fma(D('1E+20'), -1), D(5).scaleb(-2), D('1.5').copy_sign(D('-0')), D('-3').copy_abs(), D('3').copy_negate())
d = D('-12.5')
print(d.is_signed(), d.is_finite(), d.is_nan(), d.is_infinite(), d.is_zero(), d.is_normal(), D('1E-999999').is_subnormal(),
      D('nan').is_qnan(), D('snan').is_snan(), D(0).is_zero(), d.adjusted(), D(1).same_quantum(D('1.0')))
print(round(D('2.675'), 2), round(D('2.5')), round(D('-2.5')), round(D('3.5')), round(D('1.23456'), -1), round(D('123'), -1))
print(math.floor(D('-2.5')), math.ceil(D('-2.5')), math.trunc(D('-2.5')), int(D('9.99')), float(D('0.1')), complex(D('1.5')))
tr(lambda: round(D('nan')))
tr(lambda: int(D('inf')))
tr(lambda: round(D('inf'), 2))
tr(lambda: float(D('snan')))
