"""hmac for capy: keyed-hash message authentication (RFC 2104).

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers CPython 3.11's hmac: HMAC (update, copy, digest, hexdigest, name,
digest_size, block_size), new(key, msg=None, digestmod), the one-shot
digest(key, msg, digest) and compare_digest. digestmod may be a name
("sha256"), a hashlib constructor (hashlib.sha256) or an object with a
new() function. Built on the native hashlib.

compare_digest looks at every byte whatever the inputs (no early exit),
but an interpreter gives no timing guarantee beyond that.
"""

import hashlib as _hashlib

trans_5C = bytes((x ^ 0x5C) for x in range(256))
trans_36 = bytes((x ^ 0x36) for x in range(256))

digest_size = None


def _constructor(digestmod):
    if isinstance(digestmod, str):
        name = digestmod
        return lambda d=b"": _hashlib.new(name, d)
    if callable(digestmod):
        return digestmod
    new = getattr(digestmod, "new", None)
    if new is not None:
        return new
    raise TypeError("object of type %r is not a valid digestmod" % type(digestmod).__name__)


class HMAC:
    """An HMAC computation: feed it with update(), read digest()."""

    blocksize = 64

    def __init__(self, key, msg=None, digestmod=""):
        if not isinstance(key, (bytes, bytearray)):
            raise TypeError(
                "key: expected bytes or bytearray, but got %r" % type(key).__name__
            )
        if not digestmod:
            raise TypeError("Missing required parameter 'digestmod'.")
        make = _constructor(digestmod)
        self._outer = make()
        self._inner = make()
        self.digest_size = self._inner.digest_size
        block = getattr(self._inner, "block_size", None)
        if block is None or block < 16:
            block = self.blocksize
        self.block_size = block
        key = bytes(key)
        if len(key) > block:
            key = make(key).digest()
        key = key + bytes(block - len(key))
        self._outer.update(key.translate(trans_5C))
        self._inner.update(key.translate(trans_36))
        if msg is not None:
            self.update(msg)

    @property
    def name(self):
        return "hmac-" + self._inner.name

    def update(self, msg):
        self._inner.update(msg)

    def copy(self):
        other = HMAC.__new__(HMAC)
        other.digest_size = self.digest_size
        other.block_size = self.block_size
        other._inner = self._inner.copy()
        other._outer = self._outer.copy()
        return other

    def _finish(self):
        outer = self._outer.copy()
        outer.update(self._inner.digest())
        return outer

    def digest(self):
        return self._finish().digest()

    def hexdigest(self):
        return self._finish().hexdigest()


def new(key, msg=None, digestmod=""):
    """A new HMAC object (digestmod is required)."""
    return HMAC(key, msg, digestmod)


def digest(key, msg, digest):
    """The HMAC of msg under key with hash digest, in one call."""
    return HMAC(key, msg, digest).digest()


def compare_digest(a, b):
    """a == b for two str (ASCII) or two bytes-like values, looking at
    every byte."""
    buffers = (bytes, bytearray, memoryview)
    if isinstance(a, str) and isinstance(b, str):
        if not (a.isascii() and b.isascii()):
            raise TypeError("comparing strings with non-ASCII characters is not supported")
        a = a.encode()
        b = b.encode()
    elif not (isinstance(a, buffers) or isinstance(b, buffers)):
        raise TypeError(
            "unsupported operand types(s) or combination of types: '%s' and '%s'"
            % (type(a).__name__, type(b).__name__)
        )
    else:
        for x in (a, b):
            if not isinstance(x, buffers):
                raise TypeError(
                    "a bytes-like object is required, not '%s'" % type(x).__name__
                )
    a = bytes(a)
    b = bytes(b)
    diff = len(a) ^ len(b)
    other = b if len(a) == len(b) else a
    for x, y in zip(a, other):
        diff |= x ^ y
    return diff == 0
