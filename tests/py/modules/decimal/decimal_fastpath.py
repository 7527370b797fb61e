# Decimal + - * quantize and str over many operand shapes, every rounding
# mode and several contexts: the cases capy's native fast paths take and
# the ones they hand back to the Python code (overflow, subnormal, clamp,
# traps, huge coefficients), with the flags each leaves.
from decimal import (Decimal, Context, localcontext, getcontext, Inexact,
                     Rounded, Overflow, Underflow, Subnormal, Clamped,
                     InvalidOperation, ROUND_DOWN, ROUND_HALF_UP,
                     ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP,
                     ROUND_HALF_DOWN, ROUND_05UP)

MODES = [ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING,
         ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP]

seed = 12345


def rnd(n):
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n


def number():
    k = rnd(10)
    if k == 0:
        return rnd(1000) - 500
    if k == 1:
        return Decimal("-0") if rnd(2) else Decimal("0E%d" % (rnd(9) - 4))
    digits = "".join(str(rnd(10)) for _ in range(1 + rnd(24)))
    sign = "-" if rnd(2) else ""
    return Decimal("%s%sE%d" % (sign, digits, rnd(30) - 15))


def flags(ctx):
    return "".join(s.__name__[0:3] for s in (Inexact, Rounded, Overflow,
                                             Underflow, Subnormal, Clamped,
                                             InvalidOperation)
                   if ctx.flags[s])


def show(label, f):
    ctx = getcontext()
    ctx.clear_flags()
    try:
        r = f()
        print(label, str(r), repr(r), flags(ctx))
    except Exception as e:
        print(label, type(e).__name__, flags(ctx))


for prec in (1, 3, 9, 28, 40):
    for mode in MODES:
        with localcontext(prec=prec, rounding=mode):
            for _ in range(12):
                a = number()
                b = number()
                show("add", lambda: a + b)
                show("sub", lambda: a - b)
                show("mul", lambda: a * b)
                if isinstance(a, Decimal):
                    show("q", lambda: a.quantize(Decimal("1E%d" % (rnd(12) - 6))))
                    show("qr", lambda: a.quantize(Decimal("0.01"), rounding=MODES[rnd(8)]))

# Zeros: the sign of an exact zero sum depends on the rounding mode.
for mode in MODES:
    with localcontext(rounding=mode):
        for x, y in ((Decimal("0"), Decimal("-0")), (Decimal("-0"), Decimal("-0")),
                     (Decimal("1.5"), Decimal("-1.50")), (Decimal("-0E3"), 0)):
            print(mode, x + y, x - y, y - x, x * y, -x + y)

# Ints on either side, reflected operators.
d = Decimal("2.5")
print(d + 3, 3 + d, d - 3, 3 - d, d * 3, 3 * d, d * -4, -4 * d)
print(d + True, True * d)

# Specials go to the Python code.
for s in ("Inf", "-Inf", "NaN", "NaN123", "-sNaN7"):
    x = Decimal(s)
    print(str(x), repr(x))
    for op in (lambda: x + 1, lambda: 1 - x, lambda: x * 2,
               lambda: x.quantize(Decimal("0.1"))):
        show("sp", op)

# Exponent range: overflow, subnormal results, clamping.
with localcontext(Context(prec=5, Emax=10, Emin=-10)) as c:
    show("ovf", lambda: Decimal("9.9999E10") + Decimal("0.0001E10"))
    show("ovf2", lambda: Decimal("1E6") * Decimal("1E6"))
    show("sub", lambda: Decimal("1E-10") * Decimal("0.1"))
    show("und", lambda: Decimal("1.2345E-10") * Decimal("0.01"))
    show("qbig", lambda: Decimal("123456").quantize(Decimal("1")))
    show("qexp", lambda: Decimal("1").quantize(Decimal("1E11")))
    c.clamp = 1
    show("clamp", lambda: Decimal("1E10") + 0)
    show("clampq", lambda: Decimal("0").quantize(Decimal("1E8")))

# Traps: a trapped Inexact or Rounded is raised, with the flags set.
with localcontext(prec=3) as c:
    c.traps[Inexact] = True
    show("trapI", lambda: Decimal("1.234") * 1)
    show("exact", lambda: Decimal("1.20") * 1)
    c.traps[Inexact] = False
    c.traps[Rounded] = True
    show("trapR", lambda: Decimal("1.200") + 0)

# An explicit context argument; huge coefficients and exponents.
ctx = Context(prec=4, rounding=ROUND_UP)
print(ctx.add(Decimal("1.23456"), 1), ctx.multiply(3, Decimal("0.33333")), ctx.flags[Inexact])
print(Decimal("1.23456").quantize(Decimal("0.1"), context=ctx))
print(Decimal("1.23456").quantize(Decimal("0.1"), ROUND_DOWN, ctx))
big = Decimal(10 ** 60 + 7)
print(big + 1, big * big, big - big, (big * 3).quantize(Decimal("1E50")))
print(Decimal("1E999999") + Decimal("1E-999999"))
print(Decimal("12345678901234567890123456789012345678") * 99)
print(Decimal("1E+400") * Decimal("1E+400"), Decimal("1.5E-400") - 1)

# str: notation thresholds and capitals.
for s in ("1E-7", "0.000001", "123E-9", "1E+3", "12.5E5", "-0.00", "0E-8",
          "0E+2", "5E-6", "1.000E-6"):
    x = Decimal(s)
    print(s, str(x), x.to_eng_string())
getcontext().capitals = 0
print(Decimal("1E+9"), Decimal("-2.5E-12"))
getcontext().capitals = 1
print(Decimal("1E+9"), Decimal("-2.5E-12"))


class Sub(Decimal):
    pass


print(type(Sub("1.5") + 1).__name__, Sub("1.5") + 1, str(Sub("2E+5")))
