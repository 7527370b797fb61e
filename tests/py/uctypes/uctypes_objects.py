# capy-only: CPython has no uctypes; expected output in the .exp file.
# Struct objects as MicroPython shows them: their kind follows the
# descriptor, UINT8 arrays and bytearray_at read like bytearrays, and a
# struct converts to bytes through its capability.
from collections import OrderedDict
import uctypes
import cheri

# Printing: the kind and the address (hex, no 0x), whatever the descriptor.
print(uctypes.struct(0, {"a": uctypes.UINT8 | 0}))
print(uctypes.struct(0, [1]))
print(uctypes.struct(0x20, (uctypes.ARRAY | 0, uctypes.UINT8 | 1)))
print(uctypes.struct(0, (uctypes.PTR | 0, uctypes.UINT8)))
print(uctypes.struct(0, (0, {})))

data = bytearray(b"01234567")
desc = {
    "arr": (uctypes.ARRAY | 0, uctypes.UINT8 | 2),
    "arr2": (uctypes.ARRAY | 2, uctypes.INT8 | 2),
    "sub": (4, {"x": uctypes.UINT8 | 0, "y": uctypes.UINT8 | 1}),
    "w": uctypes.UINT16 | 6,
}
S = uctypes.struct(uctypes.addressof(data), desc, uctypes.LITTLE_ENDIAN)
print(S.arr, S.arr[-1], len(S.arr), list(S.arr))
S.arr[0] = -1
print(data, type(S.arr2), repr(S.arr2)[:14], len(S.arr2))
print(bytes(S), bytearray(S.sub), bytes(S.arr2), bytes(S.arr))
print(uctypes.sizeof(S), uctypes.sizeof(S.arr), uctypes.sizeof(S.sub))

# Errors MicroPython raises as TypeError.
for expr in (
    "hash(S)",
    "S[0]",
    "S.sub[0]",
    "S.arr2.x",
    "uctypes.struct(data, {})",
    "uctypes.struct(uctypes.addressof(data), []).x",
    "uctypes.struct(uctypes.addressof(data), {'x': []}).x",
    "uctypes.struct(uctypes.addressof(data), {'x': 1.5}).x",
    "bytes(uctypes.struct(uctypes.addressof(data), [1]))",
    "uctypes.sizeof(S, uctypes.LITTLE_ENDIAN)",
    "uctypes.sizeof(S.w)",
    "uctypes.sizeof(())",
    "uctypes.sizeof(('garbage',))",
    "uctypes.sizeof((uctypes.PTR * 3,))",
    "uctypes.sizeof((0, {}, 'garbage'))",
    "uctypes.sizeof((uctypes.PTR | 0,))",
    "uctypes.sizeof((uctypes.ARRAY | 0,))",
    "uctypes.sizeof((uctypes.ARRAY | 0, 1, {}, 'garbage'))",
    "uctypes.sizeof([])",
    "int(S)",
):
    try:
        eval(expr)
        print(expr, "no error")
    except TypeError as e:
        print(expr, "TypeError:", e)
try:
    del S[0]
except TypeError:
    print("del: TypeError")
try:
    S.arr = 1
except TypeError as e:
    print("assign aggregate:", e)
try:
    S.arr2[2]
except IndexError as e:
    print("IndexError:", e)

# Aggregate descriptors of their own, and OrderedDict descriptors.
print(uctypes.sizeof((uctypes.ARRAY | 0, uctypes.UINT16 | 3)), uctypes.sizeof((0, {"a": uctypes.UINT8 | 3})))
A = uctypes.struct(uctypes.addressof(data), (uctypes.ARRAY | 0, 2, {"b": uctypes.UINT8 | 0}))
print(A[1].b, uctypes.sizeof(A), len(A))
od = OrderedDict({"a": uctypes.UINT8 | 0, "b": uctypes.UINT32 | 4})
print(uctypes.sizeof(od), uctypes.sizeof(od, uctypes.LITTLE_ENDIAN))
print(uctypes.struct(uctypes.addressof(data), od, uctypes.LITTLE_ENDIAN).b == int.from_bytes(data[4:], "little"))

# bytearray_at: an aliasing view printed as a bytearray; addressof gives
# back the capability, or the integer for an integer address, which
# faults only when it is used.
v = uctypes.bytearray_at(uctypes.addressof(data), 4)
print(v, uctypes.addressof(v).length, bytes(v))
print([uctypes.addressof(uctypes.bytearray_at(1 << i, 8)) for i in range(4)])
try:
    print(uctypes.bytearray_at(16, 2))
except cheri.CapabilityError as e:
    print("int address:", e.kind)

# addressof of other buffers: array.array, memoryview (narrowed to it).
import array
arr = array.array("h", [1, -2])
print(uctypes.bytes_at(uctypes.addressof(arr), 4))
mv = uctypes.addressof(memoryview(data)[2:5])
print(mv.length, mv.address - uctypes.addressof(data).address, mv.load_u8(0))
ro = uctypes.addressof(memoryview(b"abcd")[1:])
print(cheri.perms_names(ro.perms), ro.length)
try:
    mv.load_u8(3)
except cheri.CapabilityError as e:
    print("memoryview:", e.kind)
