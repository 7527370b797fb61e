import math
print(math.floor(10**30 + 0.5), math.ceil(1e20), math.trunc(-1e19), math.floor(10**40))
print(math.factorial(0), math.factorial(25), len(str(math.factorial(1000))))
print(math.gcd(12, 18), math.gcd(0, 0), math.gcd(-4, 6), math.gcd(2**100, 6**50), math.gcd(12, 18, 27))
print(math.lcm(4, 6), math.isqrt(10**20 + 1), math.comb(10, 3), math.perm(5, 2), math.perm(5))
print(math.log(10**400), math.log2(2**2000), math.log10(10**300 * 10**20), math.log(2**100, 2))
print(math.hypot(3, 4), math.hypot(1, 2, 2), math.hypot(), math.dist((0, 0), (3, 4)))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.prod([1, 2, 3, 4]), math.prod([]))
print(math.ldexp(1.0, -1074), math.ldexp(3, 2), math.frexp(0.0), math.frexp(-1e-310), math.modf(-2.5), math.modf(math.inf))
print(math.copysign(1, -0.0), math.fmod(5.5, math.inf), math.remainder(7, 2))
print(math.gamma(0.5), math.gamma(10), math.erf(-1), math.erfc(3))
print(math.isclose(1e-12, 0, abs_tol=1e-9), math.isclose(math.inf, math.inf), math.tau)
class F:
    def __float__(self):
        return 2.25
class C:
    def __floor__(self):
        return "floor!"
print(math.sqrt(F()), math.floor(C()), math.floor(True), math.sqrt(True))
