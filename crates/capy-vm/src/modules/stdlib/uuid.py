"""uuid for capy: RFC 4122 universally unique identifiers.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers CPython 3.11's uuid: UUID (from hex, bytes, bytes_le, fields or
int, with version; str, repr, hex, int, urn, bytes, bytes_le, fields and
their parts, time, clock_seq, node, variant, version, is_safe,
comparisons, hashing, immutability), uuid1, uuid3, uuid4, uuid5,
getnode, the NAMESPACE_* constants, the variant constants and SafeUUID.

Differences: getnode() does not read a network card (capy has no access
to the host): it returns a random 48-bit number with the multicast bit
set, as CPython does when it finds no hardware address, fixed for the
life of the instance. SafeUUID is a small class, not an enum.Enum. There
is no command-line interface.
"""

import hashlib as _hashlib
from _entropy import urandom as _urandom

RESERVED_NCS = "reserved for NCS compatibility"
RFC_4122 = "specified in RFC 4122"
RESERVED_MICROSOFT = "reserved for Microsoft compatibility"
RESERVED_FUTURE = "reserved for future definition"

_ALL_ONES = (1 << 128) - 1


class _Safety:
    def __init__(self, name, value):
        self.name = name
        self.value = value

    def __repr__(self):
        return "<SafeUUID.%s: %r>" % (self.name, self.value)

    def __str__(self):
        return "SafeUUID." + self.name


class SafeUUID:
    """Whether a uuid1 was made in a multiprocessing-safe way (never known
    here)."""

    safe = _Safety("safe", 0)
    unsafe = _Safety("unsafe", -1)
    unknown = _Safety("unknown", None)


_FIELD_BITS = (32, 16, 16, 8, 8, 48)


class UUID:
    """An immutable 128-bit UUID."""

    __slots__ = ("int", "is_safe", "__weakref__")

    def __init__(self, hex=None, bytes=None, bytes_le=None, fields=None,
                 int=None, version=None, *, is_safe=SafeUUID.unknown):
        given = [hex, bytes, bytes_le, fields, int].count(None)
        if given != 4:
            raise TypeError(
                "one of the hex, bytes, bytes_le, fields, or int arguments must be given"
            )
        if hex is not None:
            text = hex.replace("urn:", "").replace("uuid:", "")
            text = text.strip("{}").replace("-", "")
            if len(text) != 32:
                raise ValueError("badly formed hexadecimal UUID string")
            value = _int(text, 16)
        elif bytes_le is not None:
            if len(bytes_le) != 16:
                raise ValueError("bytes_le is not a 16-char string")
            b = bytes_le
            value = _int.from_bytes(
                b[3::-1] + b[5:3:-1] + b[7:5:-1] + b[8:], "big"
            )
        elif bytes is not None:
            if len(bytes) != 16:
                raise ValueError("bytes is not a 16-char string")
            value = _int.from_bytes(bytes, "big")
        elif fields is not None:
            if len(fields) != 6:
                raise ValueError("fields is not a 6-tuple")
            value = 0
            for i, (f, bits) in enumerate(zip(fields, _FIELD_BITS)):
                if not 0 <= f < 1 << bits:
                    raise ValueError(
                        "field %d out of range (need a %d-bit value)" % (i + 1, bits)
                    )
            tl, tm, thv, csh, csl, node = fields
            value = (tl << 96) | (tm << 80) | (thv << 64) | (csh << 56) | (csl << 48) | node
        else:
            if not 0 <= int <= _ALL_ONES:
                raise ValueError("int is out of range (need a 128-bit value)")
            value = int
        if version is not None:
            if not 1 <= version <= 5:
                raise ValueError("illegal version number")
            # The RFC 4122 variant, then the version number.
            value = (value & ~(0xC000 << 48)) | (0x8000 << 48)
            value = (value & ~(0xF000 << 64)) | (version << 76)
        object.__setattr__(self, "int", value)
        object.__setattr__(self, "is_safe", is_safe)

    def __setattr__(self, name, value):
        raise TypeError("UUID objects are immutable")

    def __eq__(self, other):
        if isinstance(other, UUID):
            return self.int == other.int
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, UUID):
            return self.int != other.int
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, UUID):
            return self.int < other.int
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, UUID):
            return self.int > other.int
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, UUID):
            return self.int <= other.int
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, UUID):
            return self.int >= other.int
        return NotImplemented

    def __hash__(self):
        return hash(self.int)

    def __int__(self):
        return self.int

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, str(self))

    def __str__(self):
        h = "%032x" % self.int
        return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])

    def __getstate__(self):
        d = {"int": self.int}
        if self.is_safe is not SafeUUID.unknown:
            d["is_safe"] = self.is_safe.value
        return d

    @property
    def bytes(self):
        return self.int.to_bytes(16, "big")

    @property
    def bytes_le(self):
        b = self.bytes
        return b[3::-1] + b[5:3:-1] + b[7:5:-1] + b[8:]

    @property
    def fields(self):
        return (self.time_low, self.time_mid, self.time_hi_version,
                self.clock_seq_hi_variant, self.clock_seq_low, self.node)

    @property
    def time_low(self):
        return self.int >> 96

    @property
    def time_mid(self):
        return (self.int >> 80) & 0xFFFF

    @property
    def time_hi_version(self):
        return (self.int >> 64) & 0xFFFF

    @property
    def clock_seq_hi_variant(self):
        return (self.int >> 56) & 0xFF

    @property
    def clock_seq_low(self):
        return (self.int >> 48) & 0xFF

    @property
    def time(self):
        return ((self.time_hi_version & 0x0FFF) << 48) | (self.time_mid << 32) | self.time_low

    @property
    def clock_seq(self):
        return ((self.clock_seq_hi_variant & 0x3F) << 8) | self.clock_seq_low

    @property
    def node(self):
        return self.int & 0xFFFFFFFFFFFF

    @property
    def hex(self):
        return "%032x" % self.int

    @property
    def urn(self):
        return "urn:uuid:" + str(self)

    @property
    def variant(self):
        top = self.int >> 61
        if not top & 4:
            return RESERVED_NCS
        if not top & 2:
            return RFC_4122
        if not top & 1:
            return RESERVED_MICROSOFT
        return RESERVED_FUTURE

    @property
    def version(self):
        # Meaningful only for RFC 4122 UUIDs.
        if self.variant == RFC_4122:
            return (self.int >> 76) & 0xF
        return None


_int = int

_node = None


def getnode():
    """A 48-bit node number: random with the multicast bit set (capy does
    not read hardware addresses), the same for every call."""
    global _node
    if _node is None:
        _node = _int.from_bytes(_urandom(6), "big") | (1 << 40)
    return _node


_last_timestamp = None


def uuid1(node=None, clock_seq=None):
    """A UUID from the time, a clock sequence and the node number."""
    global _last_timestamp
    import time
    ns = time.time_ns()
    # 100-ns intervals since the Gregorian reform (1582-10-15).
    timestamp = ns // 100 + 0x01B21DD213814000
    if _last_timestamp is not None and timestamp <= _last_timestamp:
        timestamp = _last_timestamp + 1
    _last_timestamp = timestamp
    if clock_seq is None:
        clock_seq = _int.from_bytes(_urandom(2), "big") & 0x3FFF
    if node is None:
        node = getnode()
    time_low = timestamp & 0xFFFFFFFF
    time_mid = (timestamp >> 32) & 0xFFFF
    time_hi_version = (timestamp >> 48) & 0x0FFF
    clock_seq_low = clock_seq & 0xFF
    clock_seq_hi_variant = (clock_seq >> 8) & 0x3F
    return UUID(fields=(time_low, time_mid, time_hi_version,
                        clock_seq_hi_variant, clock_seq_low, node), version=1)


def _name_bytes(name):
    # 3.11 takes str names only (bytes came in 3.12).
    if isinstance(name, str):
        return name.encode("utf-8")
    raise TypeError("encoding without a string argument")


def uuid3(namespace, name):
    """A UUID from the MD5 hash of a namespace UUID and a name."""
    h = _hashlib.md5(namespace.bytes + _name_bytes(name), usedforsecurity=False)
    return UUID(bytes=h.digest()[:16], version=3)


def uuid4():
    """A random UUID."""
    return UUID(bytes=_urandom(16), version=4)


def uuid5(namespace, name):
    """A UUID from the SHA-1 hash of a namespace UUID and a name."""
    h = _hashlib.sha1(namespace.bytes + _name_bytes(name), usedforsecurity=False)
    return UUID(bytes=h.digest()[:16], version=5)


NAMESPACE_DNS = UUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8")
NAMESPACE_URL = UUID("6ba7b811-9dad-11d1-80b4-00c04fd430c8")
NAMESPACE_OID = UUID("6ba7b812-9dad-11d1-80b4-00c04fd430c8")
NAMESPACE_X500 = UUID("6ba7b814-9dad-11d1-80b4-00c04fd430c8")
