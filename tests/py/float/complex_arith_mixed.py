# + - * with a complex operand and an int, bool, float, big int or complex
# other: signed zeros, infinities and NaNs follow CPython's rules (a real
# operand is x + 0j).
inf, nan = float("inf"), float("nan")
vals = [0, 1, -3, True, False, 2.5, -0.0, 0.0, inf, -inf, 2**60, 10**30,
        1j, -1j, complex(0.0, -0.0), complex(-0.0, 0.0), complex(-0.0, -0.0),
        complex(1, 2), complex(inf, 1), complex(1, -inf), complex(nan, 0),
        complex(3.5, -2.25)]
for a in vals:
    for b in vals:
        if not (isinstance(a, complex) or isinstance(b, complex)):
            continue
        for r in (a + b, a - b, a * b):
            print(repr(r), end=" ")
        print()

z = 0
c = complex(-0.5, 0.25)
for i in range(20):
    z = z * z + c
print(z, abs(z))
try:
    (1 + 1j) // 2
except TypeError as e:
    print("TypeError", e)
try:
    (1 + 1j) % 2
except TypeError as e:
    print("TypeError", e)
print((1 + 2j) / 2, 2 / (1 + 1j), (1 + 1j) ** 2)

class C(complex):
    def __add__(self, o):
        return "C.add"
print(C(1, 1) + 1j, 1j + C(1, 1), type(C(1, 2) * 2).__name__)
