ba = bytearray(b"abc")
ba.append(100)
ba.extend(b"ef")
print(ba, len(ba))
ba[0] = 65
ba[1:3] = b"XYZ"
print(ba)
print(ba)
print(bytearray(4), bytearray([1, 2, 3]), bytes(ba))
ba2 = bytearray(b"hello")
print(ba2)
print(ba2.decode(), ba2 + b"!", ba2[1:3])
