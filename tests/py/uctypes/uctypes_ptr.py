# capy-only: CPython has no uctypes; expected output in the .exp file.
# A PTR field is 8 bytes (as on MicroPython's 64-bit ports) and holds an
# integer address. Bytes carry no tag, so the pointer is untagged:
# int() reads it, dereferencing it faults with TAG (never a forged
# capability to whatever buffer lies at that address).
import uctypes
import cheri

desc = {
    "ptr": (uctypes.PTR | 0, uctypes.UINT8),
    "ptr16": (uctypes.PTR | 0, uctypes.UINT16),
    "ptr2": (uctypes.PTR | 0, {"b": uctypes.UINT8 | 0}),
    "n": uctypes.UINT32 | 8,
}
print(uctypes.sizeof(desc), uctypes.sizeof(desc, uctypes.LITTLE_ENDIAN))
print(uctypes.sizeof({"c": uctypes.UINT8 | 0, "p": (uctypes.PTR | 8, uctypes.UINT8)}))

target = b"01"
addr = uctypes.addressof(target).address
buf = bytearray(addr.to_bytes(8, "little") + bytes(4))
S = uctypes.struct(uctypes.addressof(buf), desc, uctypes.LITTLE_ENDIAN)
print(repr(S.ptr).split()[:2], int(S.ptr) == addr, int(S.ptr2) == addr, uctypes.sizeof(S.ptr))
for expr in ("S.ptr[0]", "S.ptr16[0]", "S.ptr2[1].b"):
    try:
        eval(expr)
    except cheri.CapabilityError as e:
        print(expr, e.kind, e.address - addr, e.capability.tag)

# Big-endian layout reads the pointer big-endian.
B = uctypes.struct(uctypes.addressof(bytearray(b"\x00" * 7 + b"\x2a")), {"p": (uctypes.PTR | 0, uctypes.UINT8)}, uctypes.BIG_ENDIAN)
print(int(B.p))

# A pointer field outside its buffer faults like any other field.
short = uctypes.struct(uctypes.addressof(bytearray(4)), desc, uctypes.LITTLE_ENDIAN)
try:
    int(short.ptr)
except cheri.CapabilityError as e:
    print("short:", e.kind)
try:
    S.ptr = 1
except TypeError as e:
    print("TypeError:", e)
