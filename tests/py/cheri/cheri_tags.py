# capy-only: CPython has no `cheri` module; expected output in the .exp file.
# Tagged memory: one tag per 16-byte granule.
import cheri

mem = cheri.Memory(1024)
obj = mem.set_bounds(48).and_perms(cheri.LOAD | cheri.STORE | cheri.GLOBAL)
mem.store_cap(128, obj)
got = mem.load_cap(128)
print(got.tag, got.exact_equals(obj))

# A data store anywhere in the granule clears its tag ...
mem.store_u8(143, mem.load_u8(143))
stale = mem.load_cap(128)
print(stale.tag, stale.address == obj.address, stale.length == obj.length)
# ... and the bits alone are not a capability.
try:
    stale.load_u8(0)
except cheri.CapabilityError as e:
    print(e.kind)
# Overwriting with the same bytes through store_bytes also clears it.
mem.store_cap(160, obj)
mem.store_bytes(160, mem.load_bytes(160, 16))
print(mem.load_cap(160).tag)

def fault(what, f, *args):
    try:
        f(*args)
        print(what, "no fault")
    except cheri.CapabilityError as e:
        print(what, e.kind)

# Capability accesses need 16-byte alignment.
fault("misaligned store_cap", mem.store_cap, 136, obj)
fault("misaligned load_cap", mem.load_cap, 8)
# Storing a tagged capability needs StoreCap; data stores do not.
nocap = mem.and_perms(cheri.LOAD | cheri.STORE | cheri.GLOBAL | cheri.LOAD_CAP)
fault("store_cap without StoreCap", nocap.store_cap, 192, obj)
nocap.store_cap(192, obj.clear_tag())
print("untagged store ok", mem.load_cap(192).tag)
# A local (non-Global) capability needs StoreLocalCap as well.
local = obj.and_perms(cheri.LOAD)
fault("store local", mem.and_perms(cheri.ALL & ~cheri.STORE_LOCAL_CAP).store_cap, 208, local)
mem.store_cap(208, local)
print("local stored by root", mem.load_cap(208).tag)
# Loading through a capability without LoadCap gives an untagged value.
mem.store_cap(224, obj)
print("no LoadCap:", mem.and_perms(cheri.ALL & ~cheri.LOAD_CAP).load_cap(224).tag)
# Without MutableLoad the loaded capability loses its store rights.
weak = mem.and_perms(cheri.ALL & ~cheri.MUTABLE_LOAD).load_cap(224)
print("no MutableLoad:", weak.tag, cheri.perms_names(weak.perms))
# A capability can be kept in memory and the only copy dropped.
del obj, got, weak
print(mem.load_cap(224).load_bytes(0, 4))
