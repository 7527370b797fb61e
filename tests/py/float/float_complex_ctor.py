# float() and complex() of objects with __float__/__complex__/__index__,
# of bytes; number operators a type lacks raise TypeError.
class F:
    def __float__(self):
        return 2.5


class I:
    def __index__(self):
        return 3


class C:
    def __complex__(self):
        return 1 + 2j


print(float(F()), float(I()), float(b"1.5"), float(bytearray(b" -2e3 ")), float(b"inf"))
print(complex(F()), complex(I()), complex(C()), complex(1, F()), complex(real=1, imag=2))
print(complex(), complex(2), complex(1.5, 2), complex(1j, 1j), complex("1+2j"), complex(imag=3))
bad_float = [type("X", (), {"__float__": lambda self, r=r: r})() for r in (6, "a", None)]
bad_complex = [type("Y", (), {"__complex__": lambda self, r=r: r})() for r in (6, "a", 1.5)]
for f, args in [(float, (b,)) for b in bad_float] + [(complex, (b,)) for b in bad_complex] + [
    (float, (b"x",)),
    (float, (b"\xff",)),
    (float, ([],)),
    (complex, (None,)),
    (complex, (1, None)),
    (complex, ("1", 2)),
    (complex, (1, "2")),
    (complex, (1, 2, 3)),
    (complex, (C(), C())),
    (complex, (object(),)),
]:
    try:
        print(f(*args))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
for e in ("1 | 1.0", "1.5 << 2", "2.0 ^ 1.0", "1j // 2", "1j % 1j", "divmod(1j, 1)", "~1.5"):
    try:
        print(eval(e))
    except TypeError as x:
        print(e, "TypeError", x)
