import math
print(math.pi, math.e)
print(math.sqrt(16), math.sqrt(2), math.pow(2, 10), math.exp(1), math.log(100, 10), math.log(math.e))
print(math.log10(1000), math.log2(1024), math.fabs(-3), math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.7))
print(math.sin(0), math.cos(0), math.tan(0), round(math.sin(math.pi / 2), 12), math.atan2(1, 1))
print(math.asin(1), math.acos(1), math.atan(1), math.sinh(0), math.cosh(0), math.tanh(0))
print(math.degrees(math.pi), math.radians(180), math.copysign(3, -0.0))
print(math.fmod(7, 3), math.fmod(-7, 3), math.modf(3.25), math.frexp(8.0), math.ldexp(0.5, 4))
print(math.isnan(float("nan")), math.isinf(float("inf")), math.isfinite(1.0))
print(math.floor(3), type(math.floor(2.5)).__name__, math.factorial(10))
try:
    math.sqrt(-1)
except ValueError:
    print("ValueError sqrt")
try:
    math.log(0)
except ValueError:
    print("ValueError log")
