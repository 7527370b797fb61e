# complex ** int is computed by repeated multiplication for integral
# exponents up to 100 (exact for small ones), in polar form otherwise.
print(1j ** 2, 1j ** 3, 1j ** 4, 1j ** -1, 1j ** 0, (-1j) ** 2, 1j ** 2.0)
print((1 + 2j) ** 5, (1 + 2j) ** -2, (2 + 0j) ** -1, (1.5 - 2j) ** 3, (1.5 - 2j) ** -3)
print((1 + 1j) ** 100, (1 + 1j) ** 101, (1 + 1j) ** -100, (3 - 4j) ** 0.5, (1.5 - 2j) ** 0.25)
print(2 ** 1j, 2.5 ** (1 + 1j), (1 + 1j) ** (1 - 1j), 0j ** 0, 0j ** 2, 0j ** 0.5, (-8) ** (1 / 3))
print(pow(1j, 2), pow(2, -1 + 0j), complex(-0.0, 0.0) ** 2, (1e-3 + 1e-3j) ** 7)
for e in ("0j ** -1", "0j ** 1j", "0j ** -2.5", "(1e200 + 1e200j) ** 2", "(1e200 + 1e200j) ** 2.5", "(1e-200 + 0j) ** -2"):
    try:
        print(e, eval(e))
    except (ZeroDivisionError, OverflowError) as x:
        print(e, type(x).__name__, x)
