# A capability made for a cheri.Memory shares that memory with the
# compartment it is passed to: the compartment reaches exactly what the
# capability's bounds and permissions allow, sees the caller's writes and
# makes its own visible; any other capability reaches nothing there.
import cheri
import compartment
import uctypes

mem = cheri.Memory(64)
mem.store_bytes(0, b"0123456789abcdefGHIJKLMNOPQRSTUV")

c = compartment.Compartment("reader")
c.exec("""
import cheri
kept = []
def peek(cap, n):
    return cap.load_bytes(0, n)
def poke(cap, data):
    cap.store_bytes(0, data)
    return cap.load_bytes(0, len(data))
def keep(cap):
    kept.append(cap)
def read_kept(n):
    return kept[0].load_bytes(0, n)
def widen(cap):
    return cap.set_bounds(64).load_bytes(0, 64)
def store_cap_at(cap, offset, value):
    cap.store_cap(offset, value)
def info(cap):
    return (cap.base, cap.length, cap.tag, cap.has_perms(cheri.STORE))
""")

def fault(f, *args):
    try:
        return f(*args)
    except compartment.CompartmentError as e:
        return "CompartmentError %s: %s" % (e.kind, e.message.split(" at ")[0])

window = mem.increment(16).set_bounds(16).and_perms(cheri.LOAD)
print(c.get("info")(window) == (window.base, window.length, True, False))
print(c.get("peek")(window, 16))
print(fault(c.get("peek"), window, 17))
print(fault(c.get("poke"), window, b"x"))
print(fault(c.get("widen"), window))
print(mem.load_bytes(0, 32))

# A writable window: the compartment's writes reach the caller's memory.
rw = mem.increment(32).set_bounds(16).and_perms(cheri.LOAD | cheri.STORE)
print(c.get("poke")(rw, b"written by them"))
print(mem.load_bytes(32, 16))
mem.store_bytes(32, b"and by us")
print(c.get("peek")(rw, 9))

# Kept in the compartment: the memory outlives the caller's references.
c.get("keep")(window)
del window, rw
import gc
gc.collect()
print(c.get("read_kept")(4))

# Capabilities stored into shared memory by the compartment load in the
# caller with their tag (tagged memory, the same granules).
cap_store = mem.set_bounds(64).and_perms(cheri.LOAD | cheri.STORE | cheri.LOAD_CAP | cheri.STORE_CAP)
sub = mem.increment(48).set_bounds(8)
c.get("store_cap_at")(cap_store, 16, sub)
back = mem.load_cap(16)
print(back.tag, back.base == sub.base, back.length)

# A capability to a buffer of the caller's heap reaches nothing in the
# compartment: its memory is not shared.
buf = bytearray(b"private")
bcap = uctypes.addressof(buf)
print(fault(c.get("peek"), bcap, 4))

# Two compartments sharing one memory.
d = compartment.Compartment("writer")
d.exec("def put(cap, data):\n    cap.store_bytes(0, data)")
shared = mem.set_bounds(16).and_perms(cheri.LOAD | cheri.STORE)
d.get("put")(shared, b"from d")
print(c.get("peek")(shared, 6), mem.load_bytes(0, 6))
print(fault(c.get("peek"), cheri.null(), 1))
