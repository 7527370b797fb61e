# capy-only: CPython has no `cheri` module; expected output in the .exp file.
# Sealing: opaque handles that only the holder of the key can open.
import cheri

mem = cheri.Memory(256)
state = mem.set_bounds(32).and_perms(cheri.LOAD | cheri.STORE | cheri.GLOBAL)
state.store_u32(0, 0x5ec2e7)
sealer = cheri.sealing_root()
print(sealer.tag, cheri.perms_names(sealer.perms), sealer.address)
key = sealer.set_address(0x42).set_bounds(1)
print(key.base, key.length)
handle = state.seal(key)
print(handle.sealed, hex(handle.otype), handle.tag)

def fault(what, f, *args):
    try:
        f(*args)
        print(what, "no fault")
    except cheri.CapabilityError as e:
        print(what, e.kind)

fault("load", handle.load_u32, 0)
fault("store", handle.store_u8, 0, 1)
fault("seal again", handle.seal, key)
fault("set_bounds_exact", handle.set_bounds_exact, 4)
# Hardware-style changes of a sealed capability clear its tag.
print("moved", handle.increment(4).tag, "narrowed", handle.set_bounds(4).tag,
      "perms", handle.and_perms(cheri.LOAD).tag)
# The wrong key, a key without Unseal, a key without Seal.
other = sealer.set_address(0x43).set_bounds(1)
fault("unseal other type", handle.unseal, other)
fault("unseal without Unseal", handle.unseal, key.and_perms(cheri.SEAL))
fault("seal without Seal", state.seal, key.and_perms(cheri.UNSEAL))
fault("seal with a data capability", state.seal, state)
fault("reserved otype", state.seal, sealer.set_address(3))
opened = handle.unseal(key)
print(opened.sealed, opened.exact_equals(state), hex(opened.load_u32(0)))
# A sealed capability can be stored and loaded like any other.
mem.store_cap(64, handle)
back = mem.load_cap(64)
print(back.tag, back.sealed, back.exact_equals(handle))
