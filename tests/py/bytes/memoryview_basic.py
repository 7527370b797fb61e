ba = bytearray(b"abcdef")
m = memoryview(ba)
print(len(m), m[0], bytes(m[1:3]))
m[0] = 90
print(ba)
m2 = m[2:5]
m2[0] = 48
print(ba, bytes(m2))
print(bytes(memoryview(b"xyz")))
