"""Opcodes and shared helpers of capy's pickle (private module).

Holds what both the pickling side (pickle.py) and the unpickling side
(_pickle_load.py) need, so that neither imports the other:

- the protocol constants and the exception classes PickleError,
  PicklingError and UnpicklingError (their __module__ is 'pickle', so
  they print as pickle.PicklingError; pickle.py re-exports them);
- the opcode byte strings and the framing / batching sizes;
- the Python 2 name tables used with fix_imports;
- low-level encoders and decoders (longs, raw-unicode-escape, the
  string-escape of protocol 0 STRING);
- whichmodule, and the default reduction of instances (_reduce_object,
  CPython's object.__reduce_ex__).

Import the public names from pickle, not from here.
"""

import sys
import copyreg

HIGHEST_PROTOCOL = 5
DEFAULT_PROTOCOL = 4
format_version = "4.0"
compatible_formats = ["1.0", "1.1", "1.2", "1.3", "2.0", "3.0", "4.0", "5.0"]


# The exceptions live here so that _pickle_load can raise them without
# importing pickle; __module__ makes them print as pickle.PicklingError.
class PickleError(Exception):
    __module__ = "pickle"


class PicklingError(PickleError):
    __module__ = "pickle"


class UnpicklingError(PickleError):
    __module__ = "pickle"


# ---- opcodes (one byte each; the names are those of the pickle format)

MARK = b"("
STOP = b"."
POP = b"0"
POP_MARK = b"1"
DUP = b"2"
FLOAT = b"F"
INT = b"I"
BININT = b"J"
BININT1 = b"K"
LONG = b"L"
BININT2 = b"M"
NONE = b"N"
PERSID = b"P"
BINPERSID = b"Q"
REDUCE = b"R"
STRING = b"S"
BINSTRING = b"T"
SHORT_BINSTRING = b"U"
UNICODE = b"V"
BINUNICODE = b"X"
APPEND = b"a"
BUILD = b"b"
GLOBAL = b"c"
DICT = b"d"
EMPTY_DICT = b"}"
APPENDS = b"e"
GET = b"g"
BINGET = b"h"
INST = b"i"
LONG_BINGET = b"j"
LIST = b"l"
EMPTY_LIST = b"]"
OBJ = b"o"
PUT = b"p"
BINPUT = b"q"
LONG_BINPUT = b"r"
SETITEM = b"s"
TUPLE = b"t"
EMPTY_TUPLE = b")"
SETITEMS = b"u"
BINFLOAT = b"G"
TRUE = b"I01\n"
FALSE = b"I00\n"
PROTO = b"\x80"
NEWOBJ = b"\x81"
EXT1 = b"\x82"
EXT2 = b"\x83"
EXT4 = b"\x84"
TUPLE1 = b"\x85"
TUPLE2 = b"\x86"
TUPLE3 = b"\x87"
NEWTRUE = b"\x88"
NEWFALSE = b"\x89"
LONG1 = b"\x8a"
LONG4 = b"\x8b"
BINBYTES = b"B"
SHORT_BINBYTES = b"C"
SHORT_BINUNICODE = b"\x8c"
BINUNICODE8 = b"\x8d"
BINBYTES8 = b"\x8e"
EMPTY_SET = b"\x8f"
ADDITEMS = b"\x90"
FROZENSET = b"\x91"
NEWOBJ_EX = b"\x92"
STACK_GLOBAL = b"\x93"
MEMOIZE = b"\x94"
FRAME = b"\x95"
BYTEARRAY8 = b"\x96"
NEXT_BUFFER = b"\x97"
READONLY_BUFFER = b"\x98"

_TUPLESIZE2CODE = [EMPTY_TUPLE, TUPLE1, TUPLE2, TUPLE3]

# A frame is closed once it holds this much; payloads of this size or more
# are written outside any frame.  Frames under 4 bytes get no header.
_FRAME_SIZE_TARGET = 64 * 1024
_FRAME_SIZE_MIN = 4
_FRAME_HEADER_PAD = b"\x00" * 9
_BATCHSIZE = 1000

# Precomputed short opcodes, to save a concatenation per small int/get.
_BININT1_CODES = [BININT1 + bytes((i,)) for i in range(256)]
_BINGET_CODES = [BINGET + bytes((i,)) for i in range(256)]
_BINPUT_CODES = [BINPUT + bytes((i,)) for i in range(256)]
_SHORT_BINUNICODE_HEADS = [SHORT_BINUNICODE + bytes((i,)) for i in range(256)]
_SHORT_BINBYTES_HEADS = [SHORT_BINBYTES + bytes((i,)) for i in range(256)]


# ---- Python 2 name compatibility (fix_imports): a subset of CPython's
# _compat_pickle tables, the names most often found in old pickles.

_IMPORT_MAPPING = {
    "__builtin__": "builtins",
    "copy_reg": "copyreg",
    "Queue": "queue",
    "cPickle": "pickle",
    "StringIO": "io",
    "cStringIO": "io",
    "UserDict": "collections",
    "UserList": "collections",
    "UserString": "collections",
    "exceptions": "builtins",
    "whichdb": "dbm",
    "repr": "reprlib",
    "urlparse": "urllib.parse",
    "thread": "_thread",
    "ConfigParser": "configparser",
}

_NAME_MAPPING = {
    ("__builtin__", "xrange"): ("builtins", "range"),
    ("__builtin__", "reduce"): ("functools", "reduce"),
    ("__builtin__", "intern"): ("sys", "intern"),
    ("__builtin__", "unichr"): ("builtins", "chr"),
    ("__builtin__", "unicode"): ("builtins", "str"),
    ("__builtin__", "long"): ("builtins", "int"),
    ("__builtin__", "basestring"): ("builtins", "str"),
    ("itertools", "izip"): ("builtins", "zip"),
    ("itertools", "imap"): ("builtins", "map"),
    ("itertools", "ifilter"): ("builtins", "filter"),
    ("itertools", "ifilterfalse"): ("itertools", "filterfalse"),
    ("itertools", "izip_longest"): ("itertools", "zip_longest"),
    ("UserDict", "IterableUserDict"): ("collections", "UserDict"),
    ("UserList", "UserList"): ("collections", "UserList"),
    ("UserString", "UserString"): ("collections", "UserString"),
    ("exceptions", "StandardError"): ("builtins", "Exception"),
}

_REVERSE_IMPORT_MAPPING = {
    "builtins": "__builtin__",
    "copyreg": "copy_reg",
    "queue": "Queue",
    "reprlib": "repr",
    "_thread": "thread",
    "configparser": "ConfigParser",
    "urllib.parse": "urlparse",
}

_REVERSE_NAME_MAPPING = {
    ("builtins", "range"): ("__builtin__", "xrange"),
    ("functools", "reduce"): ("__builtin__", "reduce"),
    ("sys", "intern"): ("__builtin__", "intern"),
    ("builtins", "chr"): ("__builtin__", "unichr"),
    ("builtins", "str"): ("__builtin__", "unicode"),
    ("builtins", "int"): ("__builtin__", "long"),
    ("builtins", "zip"): ("itertools", "izip"),
    ("builtins", "map"): ("itertools", "imap"),
    ("builtins", "filter"): ("itertools", "ifilter"),
    ("itertools", "filterfalse"): ("itertools", "ifilterfalse"),
    ("itertools", "zip_longest"): ("itertools", "izip_longest"),
    ("collections", "UserDict"): ("UserDict", "IterableUserDict"),
    ("collections", "UserList"): ("UserList", "UserList"),
    ("collections", "UserString"): ("UserString", "UserString"),
}

# Exceptions Python 2 also had live in its "exceptions" module; the ones
# Python 3 added are pickled under the nearest Python 2 name.
_PY2_EXCEPTIONS = (
    "ArithmeticError AssertionError AttributeError BaseException "
    "BufferError BytesWarning DeprecationWarning EOFError EnvironmentError "
    "Exception FloatingPointError FutureWarning GeneratorExit IOError "
    "ImportError ImportWarning IndentationError IndexError KeyError "
    "KeyboardInterrupt LookupError MemoryError NameError NotImplementedError "
    "OSError OverflowError PendingDeprecationWarning ReferenceError "
    "RuntimeError RuntimeWarning StopIteration SyntaxError SyntaxWarning "
    "SystemError SystemExit TabError TypeError UnboundLocalError "
    "UnicodeDecodeError UnicodeEncodeError UnicodeError "
    "UnicodeTranslateError UnicodeWarning UserWarning ValueError Warning "
    "ZeroDivisionError"
).split()
for _name in _PY2_EXCEPTIONS:
    _REVERSE_NAME_MAPPING[("builtins", _name)] = ("exceptions", _name)
    _NAME_MAPPING[("exceptions", _name)] = ("builtins", _name)
for _name in ("BlockingIOError ChildProcessError ConnectionError "
              "BrokenPipeError ConnectionAbortedError ConnectionRefusedError "
              "ConnectionResetError FileExistsError FileNotFoundError "
              "IsADirectoryError NotADirectoryError InterruptedError "
              "PermissionError ProcessLookupError TimeoutError").split():
    _REVERSE_NAME_MAPPING[("builtins", _name)] = ("exceptions", "OSError")
_REVERSE_NAME_MAPPING[("builtins", "ModuleNotFoundError")] = ("exceptions", "ImportError")
_REVERSE_NAME_MAPPING[("builtins", "RecursionError")] = ("exceptions", "RuntimeError")
del _name


# ---- helpers

def _codecs_encode(obj, encoding="utf-8", errors="strict"):
    # Stands in for _codecs.encode, which protocol 0-2 pickles of bytes
    # name (capy has no _codecs module); only latin-1 is ever used there.
    if encoding in ("latin1", "latin-1", "iso-8859-1", "iso8859-1"):
        return bytes([ord(c) for c in obj])
    return obj.encode(encoding, errors)


# Objects pickled under a fixed global name, whatever their __module__.
_SPECIAL_GLOBALS = {id(_codecs_encode): ("_codecs", "encode")}
# Globals capy lacks, resolved by the unpickler to local stand-ins.
_LOAD_FALLBACKS = {
    ("_codecs", "encode"): _codecs_encode,
    ("codecs", "encode"): _codecs_encode,
}


def _encode_long(x):
    # Little-endian two's complement, as short as possible (0 -> b"").
    if x == 0:
        return b""
    nbytes = (x.bit_length() >> 3) + 1
    result = x.to_bytes(nbytes, "little", signed=True)
    if x < 0 and nbytes > 1:
        # -128 needs 1 byte, not the 2 the bit_length rule gives.
        if result[-1] == 0xFF and (result[-2] & 0x80) != 0:
            result = result[:-1]
    return result


def _decode_long(data):
    return int.from_bytes(data, "little", signed=True)


def _raw_unicode_escape(text):
    # Protocol 0 str payload: latin-1 bytes, other characters as \\uXXXX or
    # \\UXXXXXXXX; characters that would break the line-based format
    # (backslash, NUL, newline, CR, ^Z) are escaped as well.
    out = []
    for ch in text:
        c = ord(ch)
        if c >= 0x10000:
            out.append("\\U%08x" % c)
        elif c >= 256 or ch in "\\\x00\n\r\x1a":
            out.append("\\u%04x" % c)
        else:
            out.append(ch)
    return bytes([ord(c) for c in "".join(out)])


def _raw_unicode_unescape(data):
    # Inverse of _raw_unicode_escape: bytes are latin-1 except \\u and \\U
    # escapes (a backslash before anything else is literal).
    if b"\\" not in data:
        try:
            return data.decode("ascii")
        except UnicodeError:
            return "".join([chr(b) for b in data])
    out = []
    i = 0
    n = len(data)
    while i < n:
        b = data[i]
        if b == 0x5C and i + 1 < n and data[i + 1] in (0x75, 0x55):
            width = 4 if data[i + 1] == 0x75 else 8
            digits = data[i + 2:i + 2 + width]
            if len(digits) != width:
                raise UnicodeDecodeError("rawunicodeescape", bytes(data), i, n, "truncated \\uXXXX escape")
            out.append(chr(int(digits.decode("ascii"), 16)))
            i += 2 + width
        else:
            out.append(chr(b))
            i += 1
    return "".join(out)


_SIMPLE_ESCAPES = {
    ord("n"): 10, ord("t"): 9, ord("r"): 13, ord("\\"): 92, ord("'"): 39,
    ord('"'): 34, ord("a"): 7, ord("b"): 8, ord("f"): 12, ord("v"): 11,
}


def _escape_decode(data):
    # Python 2 string-literal escapes (the STRING opcode's payload).
    if b"\\" not in data:
        return bytes(data)
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        b = data[i]
        i += 1
        if b != 0x5C or i >= n:
            out.append(b)
            continue
        c = data[i]
        i += 1
        if c in _SIMPLE_ESCAPES:
            out.append(_SIMPLE_ESCAPES[c])
        elif c == 0x0A:
            pass  # backslash-newline: line continuation
        elif c == ord("x"):
            digits = data[i:i + 2]
            try:
                out.append(int(digits.decode("ascii"), 16))
            except ValueError:
                raise ValueError("invalid \\x escape at position %d" % (i - 2))
            i += 2
        elif 0x30 <= c <= 0x37:
            value = c - 0x30
            for _ in range(2):
                if i < n and 0x30 <= data[i] <= 0x37:
                    value = value * 8 + data[i] - 0x30
                    i += 1
            out.append(value & 0xFF)
        else:
            out.append(0x5C)
            out.append(c)
    return bytes(out)


def _getattribute(obj, name):
    # Follow a dotted qualname; returns (object, parent).
    parent = None
    for subpath in name.split("."):
        if subpath == "<locals>":
            raise AttributeError("Can't get local attribute {!r} on {!r}".format(name, obj))
        try:
            parent = obj
            obj = getattr(obj, subpath)
        except AttributeError:
            raise AttributeError("Can't get attribute {!r} on {!r}".format(name, obj)) from None
    return obj, parent


def whichmodule(obj, name):
    """The name of the module `obj` (called `name` there) belongs to."""
    module_name = getattr(obj, "__module__", None)
    if module_name is not None:
        return module_name
    # capy's builtin functions carry no __module__: look for them in the
    # loaded modules, builtins first.
    import builtins
    if getattr(builtins, name, None) is obj:
        return "builtins"
    for module_name, module in list(sys.modules.items()):
        if module_name == "__main__" or module_name == "__mp_main__" or module is None:
            continue
        try:
            if _getattribute(module, name)[0] is obj:
                return module_name
        except AttributeError:
            pass
    return "__main__"


def _is_builtin_type(cls):
    # CPython's "static (non-heap) type" test; in capy, classes defined in
    # Python report a module other than builtins.
    return getattr(cls, "__module__", None) == "builtins"


def _slotnames(cls):
    # Names of the slots an instance of cls may have set, private names
    # mangled, __dict__/__weakref__ left out.
    names = []
    for c in cls.__mro__:
        try:
            slots = c.__dict__["__slots__"]
        except (KeyError, AttributeError):
            continue
        if isinstance(slots, str):
            slots = (slots,)
        for name in slots:
            if name in ("__dict__", "__weakref__"):
                continue
            if name.startswith("__") and not name.endswith("__"):
                stripped = c.__name__.lstrip("_")
                if stripped:
                    name = "_%s%s" % (stripped, name)
            names.append(name)
    return names


def _default_getstate(obj, cls):
    # What CPython 3.11's object.__getstate__ returns: the instance dict
    # (None when empty), paired with a dict of the set slots if any.
    state = getattr(obj, "__dict__", None)
    if not state:
        state = None
    slots = _slotnames(cls)
    if slots:
        slotstate = {}
        for name in slots:
            try:
                slotstate[name] = getattr(obj, name)
            except AttributeError:
                pass
        if slotstate:
            state = (state, slotstate)
    return state


# Immutable builtin bases whose subclasses get their value as NEWOBJ args
# (CPython's __getnewargs__ of these types).
_NEWARGS_BASES = (int, float, str, bytes, tuple)


def _reduce_object(obj, proto):
    """The default reduction of CPython's object.__reduce_ex__, done here
    because capy's object has none."""
    cls = type(obj)
    user_getstate = getattr(cls, "__getstate__", None)
    if proto >= 2:
        if _is_builtin_type(cls):
            raise TypeError("cannot pickle %r object" % cls.__name__)
        kwargs = None
        getnewargs_ex = getattr(obj, "__getnewargs_ex__", None)
        if getnewargs_ex is not None:
            rv = getnewargs_ex()
            if not isinstance(rv, tuple):
                raise TypeError("__getnewargs_ex__ should return a tuple, not '%.200s'" % type(rv).__name__)
            if len(rv) != 2:
                raise ValueError("__getnewargs_ex__ should return a tuple of length 2, not %d" % len(rv))
            args, kwargs = rv
            if not isinstance(args, tuple):
                raise TypeError("first item of the tuple returned by __getnewargs_ex__ must be a tuple, not '%.200s'" % type(args).__name__)
            if not isinstance(kwargs, dict):
                raise TypeError("second item of the tuple returned by __getnewargs_ex__ must be a dict, not '%.200s'" % type(kwargs).__name__)
        else:
            getnewargs = getattr(obj, "__getnewargs__", None)
            if getnewargs is not None:
                args = getnewargs()
                if not isinstance(args, tuple):
                    raise TypeError("__getnewargs__ should return a tuple, not '%.200s'" % type(args).__name__)
            else:
                args = ()
                for base in _NEWARGS_BASES:
                    if isinstance(obj, base):
                        args = (base(obj),)
                        break
                else:
                    if isinstance(obj, complex):
                        args = (obj.real, obj.imag)
        if user_getstate is not None:
            state = obj.__getstate__()
        else:
            state = _default_getstate(obj, cls)
        listitems = iter(obj) if isinstance(obj, list) else None
        dictitems = iter(obj.items()) if isinstance(obj, dict) else None
        if kwargs:
            return (copyreg.__newobj_ex__, (cls, args, kwargs), state, listitems, dictitems)
        return (copyreg.__newobj__, (cls,) + args, state, listitems, dictitems)

    # Protocols 0 and 1: copyreg._reconstructor(cls, base, base(obj)).
    for base in cls.__mro__:
        if _is_builtin_type(base):
            break
    else:
        base = object
    if base is object:
        state = None
    else:
        if base is cls:
            raise TypeError("cannot pickle %r object" % cls.__name__)
        state = base(obj)
    args = (cls, base, state)
    if user_getstate is not None:
        dict_ = obj.__getstate__()
    else:
        if _slotnames(cls):
            raise TypeError("a class that defines __slots__ without defining __getstate__ cannot be pickled")
        dict_ = getattr(obj, "__dict__", None)
    if dict_:
        return (copyreg._reconstructor, args, dict_)
    return (copyreg._reconstructor, args)


class _NoFile:
    pass


_NOFILE = _NoFile()
