# capy-only: CPython has no `cheri` module (DESIGN.md part 2), so the
# expected output is in cheri_bounds.py.exp.
# Bounds, permissions and monotonicity of derived capabilities.
import cheri

root = cheri.Memory(4096)
print(root.length, root.offset, root.tag, root.sealed, root.otype)
print(root.perms == cheri.ALL, root.base % 4096)

buf = root.set_bounds(16).and_perms(cheri.LOAD | cheri.STORE | cheri.GLOBAL)
print(cheri.perms_names(buf.perms), buf.length, buf.base == root.base)
buf.store_u64(8, 0x1122334455667788)
print(hex(buf.load_u64(8)), hex(buf.load_u16(8)), hex(buf.load_u8(15)))
buf.store_bytes(0, b"capy")
print(buf.load_bytes(0, 4), root.load_bytes(0, 4))

def fault(f, *args):
    try:
        f(*args)
        print("no fault")
    except cheri.CapabilityError as e:
        c = e.capability
        print(e.kind, "at offset", e.address - c.base, "bounds", c.length, "tag", c.tag)

# One past the end, and a wide access that starts inside.
fault(buf.load_u8, 16)
fault(buf.load_u64, 12)
fault(buf.store_bytes, 10, b"0123456789")
fault(buf.load_bytes, 0, 1 << 40)
# Negative offsets reach below the base.
fault(buf.load_u8, -1)
# The bytes next to the buffer are untouched by the failed stores.
print(root.load_bytes(16, 8))

# Monotonicity: asking for more than we have clears the tag.
wide = buf.set_bounds(32)
print("widened:", wide.tag, wide.length)
fault(wide.load_u8, 0)
# and_perms can only remove permissions.
again = buf.and_perms(cheri.ALL)
print(again.perms == buf.perms, again.is_subset(buf), buf.is_subset(root), root.is_subset(buf))
ro = buf.and_perms(cheri.LOAD)
fault(ro.store_u8, 0, 1)
print(ro.load_u8(0))
# set_bounds_exact refuses to grow too.
fault(buf.set_bounds_exact, 17)
# Moving the cursor inside or just past the bounds keeps the tag.
print(buf.set_address(buf.base + 16).tag, buf.increment(-1).tag)
# Far away: the address is no longer representable and the tag goes.
print(buf.set_address(buf.base + (1 << 30)).tag)
# An untagged value cannot be used, even with the right address ...
forged = cheri.null(buf.address)
fault(forged.load_u8, 0)
# ... until an authorising capability rebuilds it (CBuildCap).
data = buf.clear_tag()
print(data.tag, root.build(data).tag, root.build(data).exact_equals(buf))
fault(buf.build, root.clear_tag())
# No Memory gives authority over another one.
other = cheri.Memory(64)
print(other.base >= root.base + root.length, other.is_subset(root))
fault(root.load_u8, other.base - root.base)
print(cheri.representable_length(16000), cheri.representable_length(100001))
print(hex(cheri.representable_alignment_mask(16384)))
print(type(buf).__name__, isinstance(cheri.CapabilityError("x"), Exception))
for bad in (-1, "4"):
    try:
        cheri.Memory(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__)
try:
    cheri.Memory(1 << 62)
except MemoryError:
    print("MemoryError")
