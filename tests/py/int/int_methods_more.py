print((255).to_bytes(2, "big"), (255).to_bytes(2, "little"), (-1).to_bytes(2, "big", signed=True), (0).to_bytes(0, "big"))
print((1 << 70).to_bytes(9, "big"), (300).to_bytes(2), int.from_bytes(b"\x01\x00"), int.from_bytes([1, 2], "little"))
print(int.from_bytes(b"\xff\xff", "big", signed=True), int.from_bytes(b"\x00" * 10 + b"\x01", "big"))
for args in ((1000, 1), (-1, 2)):
    try:
        args[0].to_bytes(args[1], "big")
    except OverflowError as e:
        print("OverflowError", e)
try:
    (1).to_bytes(1, "middle")
except ValueError as e:
    print("ValueError", e)
print((0).bit_length(), (-255).bit_length(), (2 ** 100).bit_length(), (255).bit_count(), (-7).bit_count())
print((12).as_integer_ratio(), (2.5).as_integer_ratio(), (-0.125).as_integer_ratio(), (7).__index__())
print(float.fromhex("0x1.8p3"), float.fromhex("-0x1p-2"), (10.5).hex(), (3.0).is_integer(), (3.1).is_integer())
print(complex("1+2j"), complex("-1.5-2.5j"), complex("3j"), complex("-j"), complex("(2+0j)"), complex("5"), complex(1, 2))
for bad in ("1+", "j1", "1 + 2j", ""):
    try:
        complex(bad)
    except ValueError as e:
        print("ValueError", repr(bad), e)
z = 3 + 4j
print(z.real, z.imag, z.conjugate(), abs(z))
print(hash(-1), hash(-2), hash(1) == hash(1.0), int("0b11", 0), int("z", base=36))
