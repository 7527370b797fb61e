# uuid against CPython: UUID from every form, its attributes, comparisons,
# hashing, immutability and errors; uuid3/uuid5 exactly; uuid1/uuid4 by
# their properties (version, variant, uniqueness).
import uuid
u = uuid.UUID("{12345678-1234-5678-1234-567812345678}")
print(u, repr(u), u.hex, u.int, u.urn, u.bytes, u.bytes_le, u.fields, u.version, u.variant)
print(u.time_low, u.time_mid, u.time_hi_version, u.clock_seq_hi_variant, u.clock_seq_low, u.node, u.time, u.clock_seq)
for kw in [dict(bytes=u.bytes), dict(bytes_le=u.bytes_le), dict(fields=u.fields), dict(int=u.int), dict(hex="urn:uuid:12345678123456781234567812345678")]:
    v = uuid.UUID(**kw); print(v == u, hash(v) == hash(u), v is not u)
print(uuid.UUID(int=5, version=4), uuid.UUID(int=0).variant, uuid.UUID(int=(1<<128)-1).variant, uuid.UUID(int=0xc << 60 << 64).variant, uuid.UUID(int=0).version)
print(uuid.uuid3(uuid.NAMESPACE_DNS, "python.org"), uuid.uuid5(uuid.NAMESPACE_DNS, "python.org"))
print(uuid.uuid3(uuid.NAMESPACE_URL, "http://x"), uuid.uuid5(uuid.NAMESPACE_OID, "1.2.3"), uuid.uuid5(uuid.NAMESPACE_X500, "cn=x"))
print(uuid.NAMESPACE_DNS, uuid.RFC_4122, uuid.RESERVED_NCS)
a, b = uuid.UUID(int=1), uuid.UUID(int=2)
print(a < b, a <= b, a > b, a >= b, a == b, a != b, a == 1, sorted([b, a]), int(b), str(a))
try: a < 1
except TypeError as e: print("TypeError")
try: a.x = 1
except TypeError as e: print(e)
try: a.int = 1
except TypeError as e: print(e)
for kw in [dict(), dict(hex="123"), dict(hex="zz345678123456781234567812345678"), dict(bytes=b"x"), dict(bytes_le=b"x"), dict(fields=(1,2)), dict(fields=(1<<32,0,0,0,0,0)), dict(fields=(0,0,0,0,0,1<<48)), dict(int=-1), dict(int=1<<128), dict(int=1, version=6), dict(int=1, hex="00")]:
    try: uuid.UUID(**kw)
    except Exception as e: print(type(e).__name__, e)
r = uuid.uuid4()
print(type(r).__name__, r.version, r.variant, len(str(r)), r != uuid.uuid4())
t = uuid.uuid1()
print(t.version, t.variant, t.node == uuid.getnode(), uuid.uuid1(node=5, clock_seq=7).clock_seq, uuid.uuid1(node=5).node)
print(len({uuid.uuid4() for _ in range(100)}), len({uuid.uuid1() for _ in range(100)}))
print(uuid.SafeUUID.unknown, u.is_safe)
print({u: 1}[uuid.UUID(str(u))])
try: uuid.uuid3(uuid.NAMESPACE_URL, b"x")
except TypeError as e: print("TypeError", e)
