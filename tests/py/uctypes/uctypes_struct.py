# capy-only: CPython has no uctypes; expected output in the .exp file
# (the values are what MicroPython's uctypes gives for the same layouts).
import uctypes

print(uctypes.UINT8, uctypes.INT8, uctypes.UINT16, uctypes.INT16)
print(uctypes.UINT32, uctypes.INT32, uctypes.UINT64, uctypes.INT64)
print(uctypes.FLOAT32, uctypes.FLOAT64, uctypes.PTR, uctypes.ARRAY)
print(uctypes.BF_POS, uctypes.BF_LEN, uctypes.LITTLE_ENDIAN, uctypes.BIG_ENDIAN, uctypes.NATIVE)

POINT = {"x": uctypes.INT16 | 0, "y": uctypes.INT16 | 2}
DESC = {
    "u8": uctypes.UINT8 | 0,
    "i8": uctypes.INT8 | 1,
    "u16": uctypes.UINT16 | 2,
    "i32": uctypes.INT32 | 4,
    "u64": uctypes.UINT64 | 8,
    "i64": uctypes.INT64 | 16,
    "arr": (uctypes.ARRAY | 24, 4 | uctypes.UINT16),
    "pt": (32, POINT),
    "pts": (uctypes.ARRAY | 36, 2, POINT),
    "flags": uctypes.BFUINT8 | 44 | 2 << uctypes.BF_POS | 3 << uctypes.BF_LEN,
    "f32": uctypes.FLOAT32 | 48,
    "f64": uctypes.FLOAT64 | 56,
}
print(uctypes.sizeof(DESC), uctypes.sizeof(POINT))
print(uctypes.sizeof({"a": uctypes.UINT8 | 0, "b": uctypes.UINT32 | 4, "c": uctypes.UINT8 | 8}))
print(uctypes.sizeof({"a": uctypes.UINT8 | 0, "b": uctypes.UINT32 | 4, "c": uctypes.UINT8 | 8}, uctypes.LITTLE_ENDIAN))

buf = bytearray(uctypes.sizeof(DESC))
s = uctypes.struct(uctypes.addressof(buf), DESC, uctypes.LITTLE_ENDIAN)
print(uctypes.sizeof(s))
s.u8 = 0x1ff
s.i8 = -2
s.u16 = 0xbeef
s.i32 = -100000
s.u64 = 2**64 - 1
s.i64 = -2**63
for i in range(4):
    s.arr[i] = i * 1000
s.pt.x = -5
s.pt.y = 6
s.pts[1].y = 77
s.flags = 0b101
s.f32 = 0.5
s.f64 = -1.25
print(s.u8, s.i8, hex(s.u16), s.i32, s.u64, s.i64)
print([s.arr[i] for i in range(len(s.arr))], s.pt.x, s.pt.y, s.pts[1].y, s.pts[0].y)
print(s.flags, buf[44], s.f32, s.f64)
print(bytes(buf[:8]))

# The same bytes seen big-endian.
b = uctypes.struct(uctypes.addressof(buf), {"u16": uctypes.UINT16 | 2, "i32": uctypes.INT32 | 4}, uctypes.BIG_ENDIAN)
print(hex(b.u16), b.i32)
b.u16 = 0x1234
print(hex(s.u16))

try:
    s.nope
except AttributeError:
    print("AttributeError")
try:
    s.arr[4]
except IndexError as e:
    print("IndexError:", e)
try:
    uctypes.sizeof(uctypes.UINT8)
except TypeError as e:
    print("TypeError:", e)
try:
    uctypes.struct(uctypes.addressof(buf), {"bad": (1,)}).bad
except TypeError as e:
    print("TypeError:", e)
d = {}
d["me"] = (0, d)
try:
    uctypes.sizeof(d)
except RecursionError:
    print("RecursionError")
print(type(uctypes.addressof(buf)).__name__, uctypes.addressof(s).exact_equals(uctypes.addressof(buf)))
