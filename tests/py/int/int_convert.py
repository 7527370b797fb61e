print(int("42"), int("-17"), int("  9 "), int("+5"))
print(int("ff", 16), int("0xff", 16), int("777", 8), int("0b101", 2), int("z", 36))
print(int("0x1a", 0), int("0o17", 0), int("10", 0))
print(int(3.99), int(-3.99), int(True), int(1e20))
print(int("1_000"))
for bad in ("abc", "", "1.5", "0x"):
    try:
        int(bad)
    except ValueError:
        print("ValueError for", repr(bad))
print(str(-0), repr(12), hex(-255), oct(8), bin(-3))
print(int.from_bytes(b"\x01\x02", "big"), int.from_bytes(b"\x01\x02", "little"))
print((1025).to_bytes(2, "big"), (1025).to_bytes(4, "little"))
