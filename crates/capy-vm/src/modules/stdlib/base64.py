"""base64 for capy: Base16, Base32, Base64, Base85 and Ascii85 codecs.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers CPython 3.11's base64: b64encode/b64decode (altchars, validate),
standard_b64encode/standard_b64decode, urlsafe_b64encode/urlsafe_b64decode,
b32encode/b32decode (casefold, map01), b32hexencode/b32hexdecode,
b16encode/b16decode (casefold), b85encode/b85decode (pad),
a85encode/a85decode (foldspaces, wrapcol, pad, adobe, ignorechars),
encodebytes/decodebytes and the file helpers encode/decode.

Base64 and Base16 run in the native binascii module; Base32 and the
Base85 family are written here. Errors are binascii.Error (a ValueError)
or ValueError/TypeError with CPython's messages.
"""

import binascii

__all__ = [
    "encode", "decode", "encodebytes", "decodebytes",
    "b64encode", "b64decode", "b32encode", "b32decode",
    "b32hexencode", "b32hexdecode", "b16encode", "b16decode",
    "b85encode", "b85decode", "a85encode", "a85decode",
    "standard_b64encode", "standard_b64decode",
    "urlsafe_b64encode", "urlsafe_b64decode",
]

bytes_types = (bytes, bytearray)


def _to_bytes(s):
    """What the decoders accept: bytes-like objects, or str holding ASCII."""
    if isinstance(s, str):
        try:
            return s.encode("ascii")
        except UnicodeEncodeError:
            raise ValueError("string argument should contain only ASCII characters")
    if isinstance(s, (bytes, bytearray)):
        return bytes(s)
    if isinstance(s, memoryview):
        return s.tobytes()
    raise TypeError(
        "argument should be a bytes-like object or ASCII string, not %r"
        % type(s).__name__
    )


def _need_bytes(s):
    """What the encoders accept: bytes-like objects only."""
    if isinstance(s, (bytes, bytearray)):
        return bytes(s)
    if isinstance(s, memoryview):
        return s.tobytes()
    raise TypeError(
        "a bytes-like object is required, not '%s'" % type(s).__name__
    )


def _swap(data, frm, to):
    """data with each byte of frm replaced by the byte of to at its place."""
    if not frm:
        return data
    table = bytearray(range(256))
    for a, b in zip(frm, to):
        table[a] = b
    return data.translate(bytes(table))


# ---------------------------------------------------------------- Base64

def b64encode(s, altchars=None):
    """Base64 of the bytes-like s; altchars (2 bytes) replaces '+' and '/'."""
    out = binascii.b2a_base64(s, newline=False)
    if altchars is not None:
        assert len(altchars) == 2, repr(altchars)
        out = _swap(out, b"+/", bytes(altchars))
    return out


def b64decode(s, altchars=None, validate=False):
    """Decodes Base64. Characters outside the alphabet are skipped unless
    validate is true, which raises binascii.Error for them."""
    s = _to_bytes(s)
    if altchars is not None:
        altchars = _to_bytes(altchars)
        assert len(altchars) == 2, repr(altchars)
        s = _swap(s, altchars, b"+/")
    return binascii.a2b_base64(s, strict_mode=bool(validate))


def standard_b64encode(s):
    return b64encode(s)


def standard_b64decode(s):
    return b64decode(s)


def urlsafe_b64encode(s):
    """Base64 with '-' and '_' in place of '+' and '/'."""
    return _swap(b64encode(s), b"+/", b"-_")


def urlsafe_b64decode(s):
    return b64decode(_swap(_to_bytes(s), b"-_", b"+/"))


# ---------------------------------------------------------------- Base32

_B32 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_B32HEX = b"0123456789ABCDEFGHIJKLMNOPQRSTUV"
# Padding characters a final group of 1..4 bytes ends with.
_B32_PAD = {0: 0, 1: 6, 2: 4, 3: 3, 4: 1}
_B32_DECODE_TABLES = {}


def _b32_encode(alphabet, s):
    data = _need_bytes(s)
    out = bytearray()
    for i in range(0, len(data), 5):
        chunk = data[i:i + 5]
        n = int.from_bytes(chunk + bytes(5 - len(chunk)), "big")
        group = bytes(alphabet[(n >> (35 - 5 * j)) & 31] for j in range(8))
        pad = _B32_PAD[len(chunk) % 5] if len(chunk) < 5 else 0
        if pad:
            group = group[:8 - pad] + b"=" * pad
        out += group
    return bytes(out)


def _b32_decode(alphabet, s, casefold=False, map01=None):
    table = _B32_DECODE_TABLES.get(alphabet)
    if table is None:
        table = {c: i for i, c in enumerate(alphabet)}
        _B32_DECODE_TABLES[alphabet] = table
    data = _to_bytes(s)
    if len(data) % 8:
        raise binascii.Error("Incorrect padding")
    if map01 is not None:
        map01 = _to_bytes(map01)
        assert len(map01) == 1, repr(map01)
        data = _swap(data, b"01", b"O" + map01)
    if casefold:
        data = data.upper()
    body = data.rstrip(b"=")
    pads = len(data) - len(body)
    out = bytearray()
    for i in range(0, len(body), 8):
        n = 0
        for c in body[i:i + 8]:
            v = table.get(c)
            if v is None:
                raise binascii.Error("Non-base32 digit found")
            n = n * 32 + v
        out += (n << (5 * (8 - len(body[i:i + 8])))).to_bytes(5, "big")
    if pads:
        if pads not in (1, 3, 4, 6) or not body:
            raise binascii.Error("Incorrect padding")
        # 1, 3, 4 or 6 pad characters leave 4, 3, 2 or 1 bytes.
        keep = {1: 4, 3: 3, 4: 2, 6: 1}[pads]
        del out[len(out) - 5 + keep:]
    return bytes(out)


def b32encode(s):
    return _b32_encode(_B32, s)


def b32decode(s, casefold=False, map01=None):
    return _b32_decode(_B32, s, casefold, map01)


def b32hexencode(s):
    return _b32_encode(_B32HEX, s)


def b32hexdecode(s, casefold=False):
    return _b32_decode(_B32HEX, s, casefold)


# ---------------------------------------------------------------- Base16

def b16encode(s):
    return binascii.hexlify(_need_bytes(s)).upper()


_B16_DIGITS = frozenset(b"0123456789ABCDEF")


def b16decode(s, casefold=False):
    s = _to_bytes(s)
    if casefold:
        s = s.upper()
    for c in s:
        if c not in _B16_DIGITS:
            raise binascii.Error("Non-base16 digit found")
    return binascii.unhexlify(s)


# ------------------------------------------------------- Base85 / Ascii85

_B85_ALPHABET = (
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    b"abcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"
)
_A85_ALPHABET = bytes(range(33, 118))
_B85_DECODE = None


def _words85(data, alphabet, pad, z_for_zero, y_for_spaces):
    """Each 4-byte group of data as 5 characters of alphabet; the last
    group is cut short unless pad. 'z'/'y' abbreviate all-zero and
    all-space groups when asked (Ascii85)."""
    extra = -len(data) % 4
    padded = data + bytes(extra)
    out = bytearray()
    for i in range(0, len(padded), 4):
        word = padded[i:i + 4]
        if z_for_zero and word == b"\0\0\0\0":
            out += b"z"
            continue
        if y_for_spaces and word == b"    ":
            out += b"y"
            continue
        n = int.from_bytes(word, "big")
        chars = bytearray(5)
        for j in range(4, -1, -1):
            n, r = divmod(n, 85)
            chars[j] = alphabet[r]
        out += chars
    if extra and not pad:
        if out[-1:] == b"z":
            out[-1:] = alphabet[0:1] * 5
        del out[len(out) - extra:]
    return bytes(out)


def b85encode(b, pad=False):
    """Base85 (as used by git), optionally padding the input to a multiple
    of 4 bytes."""
    return _words85(_need_bytes(b), _B85_ALPHABET, pad, False, False)


def b85decode(b):
    global _B85_DECODE
    if _B85_DECODE is None:
        _B85_DECODE = {c: i for i, c in enumerate(_B85_ALPHABET)}
    data = _to_bytes(b)
    extra = -len(data) % 5
    data = data + b"~" * extra
    out = bytearray()
    for i in range(0, len(data), 5):
        n = 0
        for j in range(5):
            v = _B85_DECODE.get(data[i + j])
            if v is None:
                raise ValueError("bad base85 character at position %d" % (i + j))
            n = n * 85 + v
        if n > 0xFFFFFFFF:
            raise ValueError("base85 overflow in hunk starting at byte %d" % i)
        out += n.to_bytes(4, "big")
    if extra:
        del out[len(out) - extra:]
    return bytes(out)


def _wrap(text, width):
    return b"\n".join(text[i:i + width] for i in range(0, len(text), width))


def a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False):
    """Ascii85: 'z' for four zero bytes, 'y' for four spaces (foldspaces),
    lines of wrapcol characters, <~ ~> framing (adobe)."""
    out = _words85(_need_bytes(b), _A85_ALPHABET, pad, True, foldspaces)
    if adobe:
        out = b"<~" + out
    if wrapcol:
        width = max(2 if adobe else 1, wrapcol)
        out = _wrap(out, width)
        if adobe and len(out) % (width + 1) + 2 > width:
            out += b"\n"
    if adobe:
        out += b"~>"
    return out


def _a85_word(group):
    n = 0
    for v in group:
        n = n * 85 + v
    if n > 0xFFFFFFFF:
        raise ValueError("Ascii85 overflow")
    return n.to_bytes(4, "big")


def a85decode(b, *, foldspaces=False, adobe=False, ignorechars=b" \t\n\r\x0b"):
    data = _to_bytes(b)
    if adobe:
        if not data.endswith(b"~>"):
            raise ValueError(
                "Ascii85 encoded byte sequences must end with {!r}".format(b"~>")
            )
        data = data[2:-2] if data.startswith(b"<~") else data[:-2]
    out = bytearray()
    group = []
    for c in data:
        if 33 <= c <= 117:
            group.append(c - 33)
            if len(group) == 5:
                out += _a85_word(group)
                group = []
        elif c == 122:  # 'z'
            if group:
                raise ValueError("z inside Ascii85 5-tuple")
            out += b"\0\0\0\0"
        elif foldspaces and c == 121:  # 'y'
            if group:
                raise ValueError("y inside Ascii85 5-tuple")
            out += b"    "
        elif c in ignorechars:
            continue
        else:
            raise ValueError("Non-Ascii85 digit found: %c" % c)
    if group:
        # A final group of k characters carries k - 1 bytes: it is
        # completed with the highest digit and the surplus dropped.
        k = len(group)
        out += _a85_word(group + [84] * (5 - k))[:k - 1]
    return bytes(out)


# ------------------------------------------------------ MIME-style Base64

MAXLINESIZE = 76  # characters per line of output
MAXBINSIZE = (MAXLINESIZE // 4) * 3


def _check_buffer(s):
    if isinstance(s, (bytes, bytearray, memoryview)):
        if isinstance(s, memoryview) and s.format not in ("c", "b", "B"):
            raise TypeError(
                "expected single byte elements, not %r from %s"
                % (s.format, type(s).__name__)
            )
        return
    raise TypeError("expected bytes-like object, not %s" % type(s).__name__)


def encodebytes(s):
    """Base64 in lines of at most 76 characters, each ending in a newline."""
    _check_buffer(s)
    data = bytes(s)
    pieces = []
    for i in range(0, len(data), MAXBINSIZE):
        pieces.append(binascii.b2a_base64(data[i:i + MAXBINSIZE]))
    return b"".join(pieces)


def decodebytes(s):
    _check_buffer(s)
    return binascii.a2b_base64(bytes(s))


def encode(input, output):
    """Reads binary file input to its end and writes its Base64, in lines,
    to binary file output."""
    while True:
        chunk = input.read(MAXBINSIZE)
        if not chunk:
            break
        while len(chunk) < MAXBINSIZE:
            more = input.read(MAXBINSIZE - len(chunk))
            if not more:
                break
            chunk += more
        output.write(binascii.b2a_base64(chunk))


def decode(input, output):
    """Decodes the Base64 lines of binary file input into binary file output."""
    while True:
        line = input.readline()
        if not line:
            break
        output.write(binascii.a2b_base64(line))
