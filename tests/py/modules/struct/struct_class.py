# struct.Struct and bytes-like buffers (memoryview, array) in struct functions.
import struct
from array import array

s = struct.Struct("<hI")
print(s.size, s.format, type(s).__name__)
b = s.pack(-2, 70000)
print(b, s.unpack(b), s.unpack_from(b"\x00" + b, 1))
print(s.unpack_from(b"xx" + b, offset=2))
buf = bytearray(10)
s.pack_into(buf, 2, 1, 2)
print(buf)
print(list(struct.Struct("<H").iter_unpack(b"\x01\x00\x02\x00")))
print(struct.Struct(b">i").format, struct.Struct(b">i").size)
print(struct.Struct("ii").size, struct.Struct("bi").size, struct.Struct("=bi").size)
try:
    s.pack(1)
except struct.error as e:
    print("error", e)
try:
    s.unpack(b"123")
except struct.error as e:
    print("error", e)
try:
    struct.Struct("z")
except struct.error as e:
    print("error", e)
try:
    struct.Struct()
except TypeError:
    print("TypeError")
try:
    struct.Struct(5)
except TypeError:
    print("TypeError")

buf = b"0123456789"
print(struct.unpack("h", memoryview(buf)[1:3]))
print(struct.unpack_from("<i", memoryview(buf), 2))
print(struct.unpack("<HH", array("H", [1, 2])))
ba = bytearray(b">----<<<<<<<")
struct.pack_into("<i", memoryview(ba)[2:], 1, 0x30313233)
print(ba)
try:
    struct.pack_into("<i", memoryview(b"12345678"), 0, 1)
except TypeError:
    print("TypeError readonly")
try:
    struct.pack_into("<i", bytes(8), 0, 1)
except TypeError:
    print("TypeError bytes")
a = array("b", [0] * 8)
struct.pack_into("<bb", a, 3, 5, -6)
print(a)
try:
    struct.pack_into("<i", memoryview(ba)[:3], 0, 1)
except struct.error as e:
    print("error", e)
try:
    struct.unpack("<i", 5)
except TypeError:
    print("TypeError int")
