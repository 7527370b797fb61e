# capy-only: CPython has no `cheri` module; expected output in the .exp file.
# Representability: large regions get rounded bounds (CRRL/CRAM).
import cheri

for n in (16000, 16384, 100000, 100001, 1048577):
    print(n, cheri.representable_length(n), hex(cheri.representable_alignment_mask(n)))

mem = cheri.Memory(1 << 18)
print(mem.base % 32 == 0, mem.length)
# A 100000-byte buffer at a 16-byte aligned (not 32) base: bounds widen.
c = mem.set_address(mem.base + 0x10).set_bounds(100000)
print(c.tag, c.length, c.base - mem.base, c.top - mem.base)
try:
    mem.set_address(mem.base + 0x10).set_bounds_exact(100000)
except cheri.CapabilityError as e:
    print(e.kind)
# The padding is inside the bounds, so an overflow into it goes unnoticed.
c.store_u8(100000 + 15, 1)
print("padding written", mem.load_u8(0x10 + 100000 + 15))
# At a 32-byte aligned base the bounds are exact.
e = mem.set_address(mem.base + 0x20).set_bounds_exact(100000)
print(e.length, e.base - mem.base)
try:
    e.store_u8(100000, 1)
except cheri.CapabilityError as x:
    print(x.kind, x.address - e.base)
# Small lengths are always exact.
print(mem.set_address(mem.base + 3).set_bounds_exact(16383).length)
