import math
print(math.inf, -math.inf, math.isnan(math.nan))
print(math.erf(0.5), math.erfc(0.5), math.gamma(5))
print(math.expm1(1e-10), math.acosh(2), math.asinh(1), math.atanh(0.5))
print(math.isclose(1.0, 1.0 + 1e-10), math.isclose(1.0, 1.1))
