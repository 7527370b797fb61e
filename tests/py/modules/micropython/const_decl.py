# Expected output in const_decl.py.exp: `from micropython import const` is a
# MicroPython feature; CPython has no such module.
from micropython import const
A = const(1)
_B = const(A + 2)
C = const(0x10 << 2)
def use():
    return A + _B + C
print(A, _B, C, use())
