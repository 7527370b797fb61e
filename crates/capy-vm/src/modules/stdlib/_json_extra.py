"""json.JSONEncoder and json.JSONDecoder for capy.

Frozen into the binary (modules/frozen.rs), compiled on first import;
the json module exports these classes, and json.dumps/json.loads with
cls= go through dumps_with_cls/loads_with_cls below.

Covers CPython 3.11's classes:
- JSONEncoder(skipkeys, ensure_ascii, check_circular, allow_nan,
  sort_keys, indent, separators, default) with encode, iterencode and an
  overridable default(); the attributes item_separator/key_separator.
  The encoder walks the data itself, so default() is called for every
  object JSON has no form for, at any depth; "Circular reference
  detected", "keys must be str, int, float, bool or None, not X",
  "Object of type X is not JSON serializable" and "Out of range float
  values are not JSON compliant" are raised as in CPython.
- JSONDecoder(object_hook, parse_float, parse_int, parse_constant,
  strict, object_pairs_hook) with decode, raw_decode and scan_once. The
  scanner is written here, with CPython's error messages and positions
  (JSONDecodeError with msg, doc, pos, lineno, colno), and it is a
  subclass of the native json.JSONDecodeError so `except
  json.JSONDecodeError` catches it.
- dumps_with_cls, dump_with_cls, loads_with_cls, load_with_cls: what
  json.dumps/dump/loads/load do when given cls= (or hooks the native
  functions lack).

Not covered: the chunks iterencode yields are not cut where CPython's
are (their concatenation is the same); lone UTF-16 surrogates (`"\\ud800"`
with no partner) decode to U+FFFD because capy strings cannot hold
surrogates; bytes input is decoded as UTF-8 only (CPython also detects
UTF-16/32).
"""

import json as _json

__all__ = ["JSONEncoder", "JSONDecoder", "JSONDecodeError", "dumps_with_cls",
           "dump_with_cls", "loads_with_cls", "load_with_cls"]

_INFINITY = float("inf")

# ---------------------------------------------------------------- encoding

_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\b": "\\b",
    "\f": "\\f",
}
# str.translate tables: control characters, quote and backslash always;
# with ensure_ascii also DEL (CPython escapes everything outside ' '..'~').
_BASIC_TABLE = {}
for _i in range(0x20):
    _BASIC_TABLE[_i] = "\\u%04x" % _i
for _c, _e in _ESCAPES.items():
    _BASIC_TABLE[ord(_c)] = _e
_ASCII_TABLE = dict(_BASIC_TABLE)
_ASCII_TABLE[0x7F] = "\\u007f"
del _i, _c, _e


def _encode_str(s, ensure_ascii):
    if not ensure_ascii:
        return '"' + s.translate(_BASIC_TABLE) + '"'
    if s.isascii():
        return '"' + s.translate(_ASCII_TABLE) + '"'
    out = []
    for c in s:
        n = ord(c)
        if n < 0x7F:
            out.append(_BASIC_TABLE.get(n, c))
        elif n < 0x10000:
            out.append("\\u%04x" % n)
        else:
            # Beyond the BMP: a UTF-16 surrogate pair, as JSON wants.
            n -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 | (n >> 10), 0xDC00 | (n & 0x3FF)))
    return '"' + "".join(out) + '"'


class JSONEncoder:
    """Turns Python data into JSON text; subclasses override default()."""

    item_separator = ", "
    key_separator = ": "

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True,
                 allow_nan=True, sort_keys=False, indent=None, separators=None,
                 default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            # With newlines after items, a trailing space would be noise.
            self.item_separator = ","
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")

    def encode(self, o):
        if isinstance(o, str):
            return _encode_str(o, self.ensure_ascii)
        return "".join(self.iterencode(o, _one_shot=True))

    def iterencode(self, o, _one_shot=False):
        """Yields the JSON text of o piece by piece (for json.dump)."""
        markers = {} if self.check_circular else None
        indent = self.indent
        if indent is not None and not isinstance(indent, str):
            indent = " " * indent
        return _Walker(self, markers, indent).walk(o, 0)


class _Walker:
    # One encoding run: the encoder's options read once, plus the ids of
    # the containers being encoded (to detect cycles).

    def __init__(self, enc, markers, indent):
        self.enc = enc
        self.markers = markers
        self.indent = indent
        self.ensure_ascii = enc.ensure_ascii
        self.item_sep = enc.item_separator
        self.key_sep = enc.key_separator
        self.allow_nan = enc.allow_nan
        self.sort_keys = enc.sort_keys
        self.skipkeys = enc.skipkeys

    def floatstr(self, o):
        if o != o:
            text = "NaN"
        elif o == _INFINITY:
            text = "Infinity"
        elif o == -_INFINITY:
            text = "-Infinity"
        else:
            return float.__repr__(o)
        if not self.allow_nan:
            raise ValueError("Out of range float values are not JSON compliant")
        return text

    def enter(self, o):
        if self.markers is not None:
            key = id(o)
            if key in self.markers:
                raise ValueError("Circular reference detected")
            self.markers[key] = o

    def leave(self, o):
        if self.markers is not None:
            del self.markers[id(o)]

    def walk(self, o, level):
        # The order of the checks is CPython's: bool before int, and
        # subclasses of str/int/float/list/tuple/dict are taken as such.
        if isinstance(o, str):
            yield _encode_str(o, self.ensure_ascii)
        elif o is None:
            yield "null"
        elif o is True:
            yield "true"
        elif o is False:
            yield "false"
        elif isinstance(o, int):
            yield int.__repr__(o)
        elif isinstance(o, float):
            yield self.floatstr(o)
        elif isinstance(o, (list, tuple)):
            yield from self.walk_list(o, level)
        elif isinstance(o, dict):
            yield from self.walk_dict(o, level)
        else:
            self.enter(o)
            yield from self.walk(self.enc.default(o), level)
            self.leave(o)

    def walk_list(self, lst, level):
        if not lst:
            yield "[]"
            return
        self.enter(lst)
        if self.indent is not None:
            level += 1
            newline = "\n" + self.indent * level
            sep = self.item_sep + newline
            yield "[" + newline
        else:
            sep = self.item_sep
            yield "["
        first = True
        for value in lst:
            if first:
                first = False
            else:
                yield sep
            yield from self.walk(value, level)
        if self.indent is not None:
            yield "\n" + self.indent * (level - 1)
        yield "]"
        self.leave(lst)

    def key_text(self, key):
        # None when the key is skipped (skipkeys).
        if isinstance(key, str):
            return key
        if isinstance(key, float):
            return self.floatstr(key)
        if key is True:
            return "true"
        if key is False:
            return "false"
        if key is None:
            return "null"
        if isinstance(key, int):
            return int.__repr__(key)
        if self.skipkeys:
            return None
        raise TypeError(
            f"keys must be str, int, float, bool or None, not {key.__class__.__name__}"
        )

    def walk_dict(self, dct, level):
        if not dct:
            yield "{}"
            return
        self.enter(dct)
        if self.indent is not None:
            level += 1
            newline = "\n" + self.indent * level
            sep = self.item_sep + newline
            yield "{" + newline
        else:
            sep = self.item_sep
            yield "{"
        items = sorted(dct.items()) if self.sort_keys else dct.items()
        first = True
        for key, value in items:
            text = self.key_text(key)
            if text is None:
                continue
            if first:
                first = False
            else:
                yield sep
            yield _encode_str(text, self.ensure_ascii) + self.key_sep
            yield from self.walk(value, level)
        if self.indent is not None:
            yield "\n" + self.indent * (level - 1)
        yield "}"
        self.leave(dct)


# ---------------------------------------------------------------- decoding

class JSONDecodeError(_json.JSONDecodeError):
    """A ValueError saying where the JSON text went wrong."""

    def __init__(self, msg, doc, pos):
        lineno = doc.count("\n", 0, pos) + 1
        colno = pos - doc.rfind("\n", 0, pos)
        ValueError.__init__(
            self, "%s: line %d column %d (char %d)" % (msg, lineno, colno, pos)
        )
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

    def __reduce__(self):
        return self.__class__, (self.msg, self.doc, self.pos)


JSONDecodeError.__module__ = "json.decoder"


class _NoValue(Exception):
    # No JSON value starts at self.args[0] (becomes "Expecting value").
    pass


_WS = " \t\n\r"
_CONSTANTS = {"NaN": float("nan"), "Infinity": _INFINITY, "-Infinity": -_INFINITY}
_SIMPLE_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f",
                   "n": "\n", "r": "\r", "t": "\t"}
_HEX = "0123456789abcdefABCDEF"


def _skip(s, i):
    n = len(s)
    while i < n and s[i] in _WS:
        i += 1
    return i


def _hex4(s, i):
    # The value of 4 hex digits at s[i:i+4], or None.
    h = s[i : i + 4]
    if len(h) != 4:
        return None
    for c in h:
        if c not in _HEX:
            return None
    return int(h, 16)


def _scan_string(s, i, strict):
    # s[i-1] is the opening quote; returns (text, index after the close).
    begin = i - 1
    n = len(s)
    chunks = []
    while True:
        j = i
        while j < n:
            c = s[j]
            if c == '"' or c == "\\":
                break
            if strict and c < " ":
                raise JSONDecodeError("Invalid control character at", s, j)
            j += 1
        if j >= n:
            raise JSONDecodeError("Unterminated string starting at", s, begin)
        if j > i:
            chunks.append(s[i:j])
        if s[j] == '"':
            return "".join(chunks), j + 1
        # A backslash escape.
        if j + 1 >= n:
            raise JSONDecodeError("Unterminated string starting at", s, begin)
        esc = s[j + 1]
        if esc != "u":
            if esc not in _SIMPLE_ESCAPES:
                raise JSONDecodeError("Invalid \\escape", s, j)
            chunks.append(_SIMPLE_ESCAPES[esc])
            i = j + 2
            continue
        code = _hex4(s, j + 2)
        if code is None:
            raise JSONDecodeError("Invalid \\uXXXX escape", s, j + 1)
        i = j + 6
        if 0xD800 <= code <= 0xDBFF and s[i : i + 2] == "\\u":
            low = _hex4(s, i + 2)
            if low is None:
                raise JSONDecodeError("Invalid \\uXXXX escape", s, i + 1)
            if 0xDC00 <= low <= 0xDFFF:
                code = 0x10000 + (((code - 0xD800) << 10) | (low - 0xDC00))
                i += 6
        if 0xD800 <= code <= 0xDFFF:
            # A lone surrogate: capy strings cannot hold one.
            code = 0xFFFD
        chunks.append(chr(code))


def _is_digit(c):
    return "0" <= c <= "9"


class _Scanner:
    # The recursive-descent parser of one decoder's settings.

    def __init__(self, dec):
        self.object_hook = dec.object_hook
        self.object_pairs_hook = dec.object_pairs_hook
        self.parse_float = dec.parse_float
        self.parse_int = dec.parse_int
        self.parse_constant = dec.parse_constant
        self.strict = dec.strict

    def value(self, s, i):
        n = len(s)
        if i >= n:
            raise _NoValue(i)
        c = s[i]
        if c == '"':
            return _scan_string(s, i + 1, self.strict)
        if c == "{":
            return self.object(s, i + 1)
        if c == "[":
            return self.array(s, i + 1)
        if c == "n" and s.startswith("null", i):
            return None, i + 4
        if c == "t" and s.startswith("true", i):
            return True, i + 4
        if c == "f" and s.startswith("false", i):
            return False, i + 5
        # A number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?
        j = i
        if c == "-":
            j += 1
        if j < n and s[j] == "0":
            j += 1
        elif j < n and "1" <= s[j] <= "9":
            j += 1
            while j < n and _is_digit(s[j]):
                j += 1
        else:
            j = -1
        if j >= 0:
            is_float = False
            if j + 1 < n and s[j] == "." and _is_digit(s[j + 1]):
                j += 2
                while j < n and _is_digit(s[j]):
                    j += 1
                is_float = True
            if j < n and (s[j] == "e" or s[j] == "E"):
                k = j + 1
                if k < n and (s[k] == "+" or s[k] == "-"):
                    k += 1
                if k < n and _is_digit(s[k]):
                    k += 1
                    while k < n and _is_digit(s[k]):
                        k += 1
                    j = k
                    is_float = True
            if is_float:
                return self.parse_float(s[i:j]), j
            return self.parse_int(s[i:j]), j
        if c == "N" and s.startswith("NaN", i):
            return self.parse_constant("NaN"), i + 3
        if c == "I" and s.startswith("Infinity", i):
            return self.parse_constant("Infinity"), i + 8
        if c == "-" and s.startswith("-Infinity", i):
            return self.parse_constant("-Infinity"), i + 9
        raise _NoValue(i)

    def member(self, s, i):
        # A value inside a container: no value there is an error here.
        try:
            return self.value(s, i)
        except _NoValue as e:
            raise JSONDecodeError("Expecting value", s, e.args[0]) from None

    def object(self, s, i):
        pairs = []
        i = _skip(s, i)
        c = s[i : i + 1]
        if c != '"':
            if c == "}":
                return self.make_object(pairs), i + 1
            raise JSONDecodeError("Expecting property name enclosed in double quotes", s, i)
        while True:
            key, i = _scan_string(s, i + 1, self.strict)
            i = _skip(s, i)
            if s[i : i + 1] != ":":
                raise JSONDecodeError("Expecting ':' delimiter", s, i)
            i = _skip(s, i + 1)
            value, i = self.member(s, i)
            pairs.append((key, value))
            i = _skip(s, i)
            c = s[i : i + 1]
            if c == "}":
                return self.make_object(pairs), i + 1
            if c != ",":
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i = _skip(s, i + 1)
            if s[i : i + 1] != '"':
                raise JSONDecodeError(
                    "Expecting property name enclosed in double quotes", s, i
                )

    def make_object(self, pairs):
        if self.object_pairs_hook is not None:
            return self.object_pairs_hook(pairs)
        obj = dict(pairs)
        if self.object_hook is not None:
            return self.object_hook(obj)
        return obj

    def array(self, s, i):
        values = []
        i = _skip(s, i)
        if s[i : i + 1] == "]":
            return values, i + 1
        while True:
            value, i = self.member(s, i)
            values.append(value)
            i = _skip(s, i)
            c = s[i : i + 1]
            if c == "]":
                return values, i + 1
            if c != ",":
                raise JSONDecodeError("Expecting ',' delimiter", s, i)
            i = _skip(s, i + 1)


class JSONDecoder:
    """Turns JSON text into Python data, with hooks for objects and numbers."""

    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None,
                 parse_constant=None, strict=True, object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant or _CONSTANTS.__getitem__
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook

    def scan_once(self, s, idx):
        """(value, end) for the value at s[idx]; StopIteration(idx) if none."""
        try:
            return _Scanner(self).value(s, idx)
        except _NoValue as e:
            raise StopIteration(e.args[0]) from None

    def decode(self, s):
        if not isinstance(s, str):
            raise TypeError(
                "expected string or bytes-like object, got '%s'" % type(s).__name__
            )
        obj, end = self.raw_decode(s, _skip(s, 0))
        end = _skip(s, end)
        if end != len(s):
            raise JSONDecodeError("Extra data", s, end)
        return obj

    def raw_decode(self, s, idx=0):
        """(value, end) for the JSON value at s[idx] (no leading blanks
        allowed); text after it is left alone."""
        if not isinstance(s, str):
            raise TypeError("first argument must be a string, not %s" % type(s).__name__)
        if idx < 0:
            raise ValueError("idx cannot be negative")
        try:
            return _Scanner(self).value(s, idx)
        except _NoValue as e:
            raise JSONDecodeError("Expecting value", s, e.args[0]) from None


# ------------------------------------------------- json.dumps/loads with cls=

def dumps_with_cls(obj, cls=None, *, skipkeys=False, ensure_ascii=True,
                   check_circular=True, allow_nan=True, indent=None,
                   separators=None, default=None, sort_keys=False, **kw):
    """json.dumps(obj, cls=cls, ...): cls(**options).encode(obj)."""
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii,
               check_circular=check_circular, allow_nan=allow_nan, indent=indent,
               separators=separators, default=default, sort_keys=sort_keys,
               **kw).encode(obj)


def dump_with_cls(obj, fp, cls=None, *, skipkeys=False, ensure_ascii=True,
                  check_circular=True, allow_nan=True, indent=None,
                  separators=None, default=None, sort_keys=False, **kw):
    """json.dump(obj, fp, cls=cls, ...): writes the chunks of iterencode."""
    if cls is None:
        cls = JSONEncoder
    enc = cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii,
              check_circular=check_circular, allow_nan=allow_nan, indent=indent,
              separators=separators, default=default, sort_keys=sort_keys, **kw)
    for chunk in enc.iterencode(obj):
        fp.write(chunk)


def loads_with_cls(s, cls=None, *, object_hook=None, parse_float=None,
                   parse_int=None, parse_constant=None, object_pairs_hook=None,
                   **kw):
    """json.loads(s, cls=cls, ...): cls(**options).decode(s); only the
    hooks given are passed on, as CPython does."""
    if isinstance(s, str):
        if s.startswith("\ufeff"):
            raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)
    elif isinstance(s, (bytes, bytearray)):
        s = bytes(s).decode("utf-8-sig" if s[:3] == b"\xef\xbb\xbf" else "utf-8")
    else:
        raise TypeError(
            f"the JSON object must be str, bytes or bytearray, not {s.__class__.__name__}"
        )
    if cls is None:
        cls = JSONDecoder
    if object_hook is not None:
        kw["object_hook"] = object_hook
    if object_pairs_hook is not None:
        kw["object_pairs_hook"] = object_pairs_hook
    if parse_float is not None:
        kw["parse_float"] = parse_float
    if parse_int is not None:
        kw["parse_int"] = parse_int
    if parse_constant is not None:
        kw["parse_constant"] = parse_constant
    return cls(**kw).decode(s)


def load_with_cls(fp, cls=None, **kw):
    """json.load(fp, cls=cls, ...)."""
    return loads_with_cls(fp.read(), cls, **kw)
