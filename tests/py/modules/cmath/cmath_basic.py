import cmath
z = complex(3, 4)
print(z, z.real, z.imag, abs(z), -z)
print(cmath.sqrt(-1), cmath.phase(complex(0, 1)), cmath.polar(complex(1, 1)))
print(cmath.rect(1, 0), cmath.exp(0), cmath.log(1))
print(z + 1, z * z, z / 2, (1 + 2j) * (3 - 1j), 1j ** 2)
print(cmath.pi == 3.141592653589793, cmath.e)
