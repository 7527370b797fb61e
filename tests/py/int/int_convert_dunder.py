# int() of bytes with an explicit base, of objects whose __int__/__index__
# return the wrong type, bytearray() of an int too large for a size.
print(int(b"12", 10), int(b"z", 36), int(bytearray(b"ff"), 16), int(b"0x1f", 0), int(b" 7 ", 8))
for args in ((b"x", 10), (b"\xff", 10), (b"1", 1), ([1], 10), (1.5, 10)):
    try:
        print(int(*args))
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)


class Good:
    def __int__(self):
        return 7


class Big:
    def __index__(self):
        return 2**70


print(int(Good()), int(Big()))
for name in ("__int__", "__index__"):
    for ret in (None, 1.5, "3"):
        C = type("C", (), {name: lambda self, r=ret: r})
        try:
            int(C())
        except TypeError as e:
            print("TypeError", e)
for n in (2**70, -(2**70)):
    try:
        bytearray(n)
    except OverflowError as e:
        print("OverflowError", e)
try:
    bytes(-1)
except ValueError as e:
    print("ValueError", e)
