import math
for name, f in [("sqrt(-1)", lambda: math.sqrt(-1)), ("log(0)", lambda: math.log(0)),
                ("log(-1)", lambda: math.log(-1)), ("acos(2)", lambda: math.acos(2)),
                ("exp(1000)", lambda: math.exp(1000)), ("pow(0,-1)", lambda: math.pow(0, -1)),
                ("gamma(0)", lambda: math.gamma(0)), ("fmod(1,0)", lambda: math.fmod(1, 0)),
                ("factorial(-1)", lambda: math.factorial(-1)), ("factorial(1.5)", lambda: math.factorial(1.5)),
                ("ldexp(1,100000)", lambda: math.ldexp(1, 100000)), ("lgamma(0)", lambda: math.lgamma(0)),
                ("log(1,1)", lambda: math.log(1, 1)), ("floor(inf)", lambda: math.floor(math.inf)),
                ("floor(nan)", lambda: math.floor(math.nan)), ("sqrt('a')", lambda: math.sqrt("a")),
                ("sin(inf)", lambda: math.sin(math.inf)), ("isqrt(-1)", lambda: math.isqrt(-1)),
                ("cosh(1000)", lambda: math.cosh(1000)), ("atanh(1)", lambda: math.atanh(1))]:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)
