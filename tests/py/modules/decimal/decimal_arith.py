# Checks arithmetic (+ - * / // % ** divmod, unary ops) with Decimals and ints,
# every rounding mode, trailing zeros/ideal exponents, signals, flags and traps.
from decimal import *
D = Decimal

def tr(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, str(e))

print(D('1.1') + D('2.2'), D('1.30') * 2, D('1.30') - D('0.30'), D(1) / 3, D(2) / 3)
print(D('12.00') / 4, D(1) / 4, D('1.000') / D('0.5'), D(100) / D('1E+2'), D(7) // 2, D(-7) // 2, D(-7) % 2, D(7) % D('-2.5'))
print(D(2) ** 10, D('1.1') ** 2, D(2) ** -2, D('-2') ** 3, D(2) ** D('0.5'), 3 + D('0.5'), 10 - D(3), 2 * D('1.5'), 7 / D(2), 2 ** D(3))
print(divmod(D(7), D(2)), divmod(D('-7.5'), 2), -D('1.50'), +D('-0'), abs(D('-2.50')), -D('0'))
vals = ['1.2345', '-1.2345', '2.5', '-2.5', '0.125', '9.9999', '-0.0005', '1.15', '1.25', '1.35']
for r in [ROUND_HALF_EVEN, ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_UP, ROUND_DOWN, ROUND_CEILING, ROUND_FLOOR, ROUND_05UP]:
    with localcontext(prec=2, rounding=r) as ctx:
        print(r, [str(+D(v)) for v in vals], str(D(1) / 7), str(D(2) / 3 * 3), str(D('9.96') + D('0.04')))
with localcontext(prec=5):
    print(D('123456') + 0, D('1E+10') + D('1E-10'), D('1E+10') - D('1E-10'), D(1) - D('1E-20'))
    print(D('0.00') + D('-0.00'), D('-0.00') + D('-0.000'), D(1) - D(1))
with localcontext(rounding=ROUND_FLOOR):
    print(D(1) - D(1), D('-0') + D('0'))
# signals
for f in [lambda: D(1) / 0, lambda: D(0) / 0, lambda: D(-1).sqrt(), lambda: D(10) // D('1E-30'),
          lambda: D('inf') - D('inf'), lambda: D('snan') + 1, lambda: D('nan') < 1, lambda: D('snan') == 1,
          lambda: D(1) + 1.0, lambda: 1.5 * D(1), lambda: D(1) + 'a', lambda: D(5) % 0, lambda: D('inf') * 0]:
    tr(f)
print(issubclass(DivisionByZero, ZeroDivisionError), issubclass(DecimalException, ArithmeticError), issubclass(FloatOperation, TypeError))
print(Underflow.__mro__[1:4], DivisionUndefined.__mro__[1:3])
c = Context(prec=3, Emin=-5, Emax=5, traps=[])
for s in ['1.2345e-7', '1e-9', '9.999e5', '1e7', '0e10', '1.2345e-5']:
    c.clear_flags()
    print(s, c.create_decimal(s), [k.__name__ for k, v in c.flags.items() if v])
c2 = Context(prec=3, Emin=-5, Emax=5, traps=[Underflow, Subnormal, Inexact, Rounded, Clamped])
tr(lambda: c2.create_decimal('1.2345e-7'))
tr(lambda: Context(Emax=1, traps=[Overflow, Inexact, Rounded]).create_decimal('1e5'))
print(Context(prec=3, Emax=5, rounding=ROUND_DOWN, traps=[]).create_decimal('1e7'))
print(Context(prec=3, Emin=-5, Emax=5, clamp=1).create_decimal('1.2e5'))
# context methods
ctx = Context(prec=6, rounding=ROUND_HALF_UP, traps=[])
print(ctx.add(1, D('0.0000005')), ctx.subtract(D(1), 3), ctx.multiply(D('1.5'), 3), ctx.divide(2, 3), ctx.divide_int(17, 5),
      ctx.remainder(17, 5), ctx.divmod(17, 5), ctx.power(2, D('0.5')), ctx.sqrt(2), ctx.exp(1), ctx.ln(10), ctx.log10(2),
      ctx.abs(-5), ctx.minus(5), ctx.plus(D('1.23456789')), ctx.compare(1, 2), ctx.max(1, 2), ctx.min(1, 2), ctx.fma(2, 3, 4))
print(ctx.create_decimal_from_float(0.1), ctx.quantize(D('1.23456'), D('0.01')), ctx.normalize(D('1.200')), ctx.scaleb(D(1), 3), ctx.Etiny(), ctx.Etop())
tr(lambda: ctx.add(1, 1.5))
print(ctx)
print(getcontext())
print(BasicContext)
print(ExtendedContext)
print(DefaultContext.prec)
with localcontext() as lc:
    lc.prec = 4
    print(D(1) / 7, getcontext().prec)
print(getcontext().prec)
tr(lambda: localcontext(foo=1))
tr(lambda: Context(prec=0))
tr(lambda: Context(Emax=-1))
saved = getcontext()
setcontext(Context(prec=3, traps=[]))
print(D(2) / 3, D(1) / 0, getcontext().flags[DivisionByZero])
setcontext(saved)
