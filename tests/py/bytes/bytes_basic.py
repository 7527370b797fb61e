b = b"hello world"
print(b, len(b), b[0], b[-1], b[1:4], b[-3:])
print(b.split(b" "), b.replace(b"o", b"0"))
print(b.find(b"wor"), b.count(b"l"), b.startswith(b"he"), b"wor" in b, 104 in b)
print(bytes(3), bytes([65, 66, 67]), bytes(range(5)))
print(b + b"!", b * 2, b == b"hello world", b < b"help")
print(list(b"abc"), b"-".join([b"a", b"b"]))
print(b.hex(), bytes.fromhex("414243"))
print(b"%d-%s" % (5, b"x"))
try:
    bytes([256])
except ValueError:
    print("ValueError")
