import cmath
print(cmath.sqrt(4), cmath.sqrt(-4), cmath.sqrt(complex(3, 4)), cmath.sqrt(0))
print(cmath.phase(-1), cmath.phase(complex(-1, -1)), cmath.polar(-2), cmath.polar(complex(3, 4)))
print(cmath.rect(2, 0), cmath.exp(complex(0, 0)), cmath.exp(1))
print(cmath.log(cmath.e), cmath.log(-1), cmath.log10(100), cmath.log(8, 2))
print(cmath.sin(0), cmath.cos(0), cmath.isnan(complex(float("nan"), 0)), cmath.isinf(complex(0, float("inf"))))
for bad in (0, complex(0, 0)):
    try:
        cmath.log(bad)
    except ValueError as e:
        print("ValueError", e)
try:
    cmath.sqrt("x")
except TypeError as e:
    print("TypeError", e)
