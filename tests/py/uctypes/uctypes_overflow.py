# capy-only: capy's uctypes is bounded by capabilities (DESIGN.md part 2);
# MicroPython would expose the heap here and CPython has no uctypes, so
# the expected output is in uctypes_overflow.py.exp.
import uctypes
import cheri

# The classic overflow: a 1-byte buffer read as 16 KiB.
try:
    uctypes.bytearray_at(uctypes.addressof(bytearray(1)), 16384)
except cheri.CapabilityError as e:
    print(e.kind, e.capability.length, e.address == e.capability.base)

try:
    uctypes.bytes_at(uctypes.addressof(b"abc"), 4)
except cheri.CapabilityError as e:
    print(e.kind)
print(uctypes.bytes_at(uctypes.addressof(b"abc"), 3))

# A struct larger than its buffer: fields inside work, the others fault.
desc = {"a": uctypes.UINT32 | 0, "b": uctypes.UINT32 | 4, "c": uctypes.UINT64 | 8}
buf = bytearray(8)
s = uctypes.struct(uctypes.addressof(buf), desc, uctypes.LITTLE_ENDIAN)
s.b = 7
print(s.a, s.b, buf)
for f in ("c",):
    try:
        getattr(s, f)
    except cheri.CapabilityError as e:
        print(f, e.kind, e.address - e.capability.base)
try:
    s.c = 1
except cheri.CapabilityError as e:
    print("store", e.kind)
print(buf)

# An integer address is not a capability: dereferencing it is a TAG fault.
try:
    uctypes.struct(0x10000, desc).a
except cheri.CapabilityError as e:
    print("int address:", e.kind, e.capability.tag)
try:
    uctypes.bytes_at(0x10000, 1)
except cheri.CapabilityError as e:
    print("int address:", e.kind)

# bytes are read-only: their capability has no Store permission.
ro = uctypes.struct(uctypes.addressof(b"\x01\x02\x03\x04"), desc, uctypes.LITTLE_ENDIAN)
print(hex(ro.a))
try:
    ro.a = 0
except cheri.CapabilityError as e:
    print("bytes:", e.kind)

# bytearray_at aliases the buffer, within the checked size.
data = bytearray(b"hello")
v = uctypes.bytearray_at(uctypes.addressof(data), 5)
v[0] = ord("j")
print(data, len(v), v[4])
try:
    v[5]
except IndexError:
    print("IndexError")

# A large buffer: the allocator aligns it so the bounds fit; what padding
# the bounds must include is unmapped and faults.
big = bytearray(100001)
cap = uctypes.addressof(big)
print(cap.length, cap.base % 32, cheri.perms_names(cap.perms))
try:
    cap.load_u8(100001)
except cheri.CapabilityError as e:
    print("padding:", e.kind)
# Shrinking the buffer after taking its address: the cut-off part faults.
small = bytearray(8)
sc = uctypes.addressof(small)
del small[4:]
try:
    sc.load_u8(6)
except cheri.CapabilityError as e:
    print("shrunk:", e.kind)
print(sc.load_u8(3))
