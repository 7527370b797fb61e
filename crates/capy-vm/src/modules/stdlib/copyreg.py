"""copyreg for capy: the registry pickle and copy consult.

Covers the parts of CPython 3.11's copyreg that pickling needs:
dispatch_table and pickle() (register a reduction function for a type),
constructor() (kept for compatibility; checks callability only),
_reconstructor (what protocol 0/1 pickles of plain instances call when
they load), __newobj__ and __newobj_ex__ (the markers pickle turns into
the NEWOBJ / NEWOBJ_EX opcodes), and the extension-code registry
(add_extension, remove_extension, clear_extension_cache) used by the
EXT1/EXT2/EXT4 opcodes.

Not covered: _reduce_ex and _slotnames as public helpers (capy's pickle
does the default reduction itself, because capy's object has no
__reduce_ex__).
"""

dispatch_table = {}


def pickle(ob_type, pickle_function, constructor_ob=None):
    if not callable(pickle_function):
        raise TypeError("reduction functions must be callable")
    dispatch_table[ob_type] = pickle_function
    if constructor_ob is not None:
        constructor(constructor_ob)


def constructor(object):
    if not callable(object):
        raise TypeError("constructors must be callable")


def _reconstructor(cls, base, state):
    # Inverse of the protocol 0/1 default reduction: build an instance of
    # cls through the first builtin base, feeding it that base's value.
    if base is object:
        obj = object.__new__(cls)
    else:
        obj = base.__new__(cls, state)
        if base.__init__ != object.__init__:
            base.__init__(obj, state)
    return obj


def __newobj__(cls, *args):
    return cls.__new__(cls, *args)


def __newobj_ex__(cls, args, kwargs):
    return cls.__new__(cls, *args, **kwargs)


# Extension codes: small integers standing for (module, name) pairs, so a
# pickle can name a global in 2-5 bytes.  Only useful between programs
# that register the same codes.
_extension_registry = {}  # (module, name) -> code
_inverted_registry = {}  # code -> (module, name)
_extension_cache = {}  # code -> object


def add_extension(module, name, code):
    code = int(code)
    if not 1 <= code <= 0x7FFFFFFF:
        raise ValueError("code out of range")
    key = (module, name)
    if _extension_registry.get(key) == code and _inverted_registry.get(code) == key:
        return
    if key in _extension_registry:
        raise ValueError("key %s is already registered with code %s" % (key, _extension_registry[key]))
    if code in _inverted_registry:
        raise ValueError("code %s is already in use for key %s" % (code, _inverted_registry[code]))
    _extension_registry[key] = code
    _inverted_registry[code] = key


def remove_extension(module, name, code):
    key = (module, name)
    if _extension_registry.get(key) != code or _inverted_registry.get(code) != key:
        raise ValueError("key %s is not registered with code %s" % (key, code))
    del _extension_registry[key]
    del _inverted_registry[code]
    if code in _extension_cache:
        del _extension_cache[code]


def clear_extension_cache():
    _extension_cache.clear()
