"""base64 for capy: Base16, Base32, Base64, Base85 and Ascii85 codecs.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers CPython 3.11's base64: b64encode/b64decode (altchars, validate),
standard_b64encode/standard_b64decode, urlsafe_b64encode/urlsafe_b64decode,
b32encode/b32decode (casefold, map01), b32hexencode/b32hexdecode,
b16encode/b16decode (casefold), b85encode/b85decode (pad),
a85encode/a85decode (foldspaces, wrapcol, pad, adobe, ignorechars),
encodebytes/decodebytes and the file helpers encode/decode.

Base64 and Base16 run in the native binascii module, the byte loops of
Base32, Base16 decoding and the Base85 family in the native _base64
(modules/base64core.rs); this module checks arguments and options.
Errors are binascii.Error (a ValueError) or ValueError/TypeError with
CPython's messages.
"""

import binascii
import _base64

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
    """What the encoders accept: bytes-like objects only (CPython's take
    a memoryview of anything else, hence its message)."""
    if isinstance(s, (bytes, bytearray)):
        return bytes(s)
    if isinstance(s, memoryview):
        return s.tobytes()
    raise TypeError(
        "memoryview: a bytes-like object is required, not '%s'"
        % type(s).__name__
    )


_SWAP_TABLES = {}


def _swap(data, frm, to):
    """data with each byte of frm replaced by the byte of to at its place."""
    if not frm:
        return data
    key = (frm, to)
    table = _SWAP_TABLES.get(key)
    if table is None:
        if len(_SWAP_TABLES) > 64:
            _SWAP_TABLES.clear()
        table = _SWAP_TABLES[key] = bytes.maketrans(frm, to)
    return data.translate(table)


_URLSAFE_ENCODE = bytes.maketrans(b"+/", b"-_")
_URLSAFE_DECODE = bytes.maketrans(b"-_", b"+/")


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
    return binascii.b2a_base64(s, newline=False).translate(_URLSAFE_ENCODE)


def urlsafe_b64decode(s):
    return binascii.a2b_base64(_to_bytes(s).translate(_URLSAFE_DECODE))


# ---------------------------------------------------------------- Base32

def _b32_decode(hex, s, casefold=False, map01=None):
    data = _to_bytes(s)
    if map01 is not None:
        map01 = _to_bytes(map01)
        assert len(map01) == 1, repr(map01)
        data = _swap(data, b"01", b"O" + map01)
    if casefold:
        data = data.upper()
    return _base64.b32decode(data, hex)


def b32encode(s):
    return _base64.b32encode(_need_bytes(s), False)


def b32decode(s, casefold=False, map01=None):
    return _b32_decode(False, s, casefold, map01)


def b32hexencode(s):
    return _base64.b32encode(_need_bytes(s), True)


def b32hexdecode(s, casefold=False):
    return _b32_decode(True, s, casefold)


# ---------------------------------------------------------------- Base16

def b16encode(s):
    return binascii.hexlify(s).upper()


def b16decode(s, casefold=False):
    s = _to_bytes(s)
    if casefold:
        s = s.upper()
    return _base64.b16decode(s)


# ------------------------------------------------------- Base85 / Ascii85

def b85encode(b, pad=False):
    """Base85 (as used by git), optionally padding the input to a multiple
    of 4 bytes."""
    return _base64.encode85(_need_bytes(b), False, pad, False)


def b85decode(b):
    return _base64.b85decode(_to_bytes(b))


def _wrap(text, width):
    return b"\n".join(text[i:i + width] for i in range(0, len(text), width))


def a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False):
    """Ascii85: 'z' for four zero bytes, 'y' for four spaces (foldspaces),
    lines of wrapcol characters, <~ ~> framing (adobe)."""
    out = _base64.encode85(_need_bytes(b), True, pad, foldspaces)
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


def a85decode(b, *, foldspaces=False, adobe=False, ignorechars=b" \t\n\r\x0b"):
    data = _to_bytes(b)
    if adobe:
        if not data.endswith(b"~>"):
            raise ValueError(
                "Ascii85 encoded byte sequences must end with {!r}".format(b"~>")
            )
        data = data[2:-2] if data.startswith(b"<~") else data[:-2]
    return _base64.a85decode(data, foldspaces, _to_bytes(ignorechars))


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
