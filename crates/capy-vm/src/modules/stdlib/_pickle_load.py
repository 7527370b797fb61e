"""The unpickling half of capy's pickle (private module).

Holds Unpickler, the opcode -> handler-name table and the per-instance
dispatch list it is built from.  Every opcode of protocols 0-5 is read.
Unpickler's __module__ is 'pickle'; import it from there.
"""

import sys
from struct import unpack
import copyreg

# Opcodes, HIGHEST_PROTOCOL and UnpicklingError.
from _pickle_ops import *
from _pickle_ops import (
    _IMPORT_MAPPING, _NAME_MAPPING, _LOAD_FALLBACKS, _NOFILE, _decode_long,
    _escape_decode, _getattribute, _raw_unicode_unescape,
)


class _Stop(Exception):
    pass


class Unpickler:
    """Reads pickles from a binary file (anything with read and readline)."""

    # Shown (and pickled by reference) as pickle.Unpickler.
    __module__ = "pickle"

    def __init__(self, file, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=None):
        if file is _NOFILE:
            self._file_read = None
            self._file_readline = None
        else:
            try:
                self._file_read = file.read
                self._file_readline = file.readline
            except AttributeError:
                raise TypeError("file must have 'read' and 'readline' attributes") from None
        self._buffers = iter(buffers) if buffers is not None else None
        self._data = b""
        self._pos = 0
        self._len = 0
        self.memo = {}
        self.encoding = encoding
        self.errors = errors
        self.proto = 0
        self.fix_imports = fix_imports
        self._dispatch = None

    # -- input: self._data[self._pos:] is unread input (all of it for
    # loads, the current frame for a file); past it, read the file.

    def _read(self, n):
        pos = self._pos
        end = pos + n
        if end <= self._len:
            self._pos = end
            return self._data[pos:end]
        if self._file_read is None or pos < self._len:
            if self._file_read is not None:
                raise UnpicklingError("pickle exhausted before end of frame")
            self._pos = self._len
            raise UnpicklingError("pickle data was truncated")
        data = self._file_read(n)
        if len(data) < n:
            raise UnpicklingError("pickle data was truncated")
        return data

    def _readline(self):
        pos = self._pos
        if pos < self._len:
            end = self._data.find(b"\n", pos)
            if end < 0:
                if self._file_read is not None:
                    raise UnpicklingError("pickle exhausted before end of frame")
                raise UnpicklingError("pickle data was truncated")
            self._pos = end + 1
            return self._data[pos:end + 1]
        if self._file_read is None:
            raise UnpicklingError("pickle data was truncated")
        line = self._file_readline()
        if not line.endswith(b"\n"):
            raise UnpicklingError("pickle data was truncated")
        return line

    def _next_key(self):
        # The next opcode when the buffer is used up.
        if self._file_read is None:
            raise EOFError("Ran out of input")
        b = self._file_read(1)
        if not b:
            raise EOFError("Ran out of input")
        return b[0]

    def load(self):
        """Read one pickle from the file and return the object."""
        if not hasattr(self, "_file_read"):
            raise UnpicklingError("Unpickler.__init__() was not called by %s.__init__()" % type(self).__name__)
        if self._dispatch is None:
            self._dispatch = _build_load_dispatch(self)
        self.metastack = []
        self.stack = []
        self.append = self.stack.append
        self.proto = 0
        self._persistent_load = getattr(self, "persistent_load", None)
        dispatch = self._dispatch
        try:
            while True:
                pos = self._pos
                if pos < self._len:
                    key = self._data[pos]
                    self._pos = pos + 1
                else:
                    key = self._next_key()
                if key == 46:  # STOP
                    break
                dispatch[key]()
        except IndexError:
            raise UnpicklingError("unpickling stack underflow") from None
        stack = self.stack
        if not stack:
            raise UnpicklingError("unpickling stack underflow")
        value = stack.pop()
        if self.metastack:
            # Forgetting a MARK is harmless but CPython leaves it too.
            pass
        return value

    def pop_mark(self):
        items = self.stack
        if not self.metastack:
            raise UnpicklingError("could not find MARK")
        self.stack = self.metastack.pop()
        self.append = self.stack.append
        return items

    def find_class(self, module, name):
        """Return the global `name` of module `module` (override to
        restrict what a pickle may load)."""
        if self.proto < 3 and self.fix_imports:
            key = (module, name)
            if key in _NAME_MAPPING:
                module, name = _NAME_MAPPING[key]
            elif module in _IMPORT_MAPPING:
                module = _IMPORT_MAPPING[module]
        fallback = _LOAD_FALLBACKS.get((module, name))
        try:
            __import__(module)
        except ImportError:
            if fallback is not None:
                return fallback
            raise
        mod = sys.modules[module]
        if self.proto >= 4:
            return _getattribute(mod, name)[0]
        try:
            return getattr(mod, name)
        except AttributeError:
            if fallback is not None:
                return fallback
            raise AttributeError("Can't get attribute %r on %r" % (name, mod)) from None

    def persistent_load_missing(self, pid):
        raise UnpicklingError("A load persistent id instruction was encountered,\n"
                              "but no persistent_load function was specified.")

    # -- opcode handlers

    def load_bad(self):
        self._pos -= 1
        key = self._data[self._pos] if self._pos < self._len else 0
        self._pos += 1
        if 0x20 <= key <= 0x7E:
            raise UnpicklingError("invalid load key, '%c'." % key)
        raise UnpicklingError("invalid load key, '\\x%02x'." % key)

    def load_proto(self):
        proto = self._read(1)[0]
        if not 0 <= proto <= HIGHEST_PROTOCOL:
            raise ValueError("unsupported pickle protocol: %d" % proto)
        self.proto = proto

    def load_frame(self):
        size = unpack("<Q", self._read(8))[0]
        if self._file_read is not None:
            if self._pos < self._len:
                raise UnpicklingError("beginning of a new frame before end of current frame")
            data = self._file_read(size)
            if len(data) < size:
                raise UnpicklingError("pickle exhausted before end of frame")
            self._data = data
            self._pos = 0
            self._len = size
        elif self._pos + size > self._len:
            raise UnpicklingError("pickle data was truncated")

    def load_persid(self):
        try:
            pid = self._readline()[:-1].decode("ascii")
        except UnicodeDecodeError:
            raise UnpicklingError("persistent IDs in protocol 0 must be ASCII strings")
        self.append(self._call_persistent_load(pid))

    def load_binpersid(self):
        if self._persistent_load is None:
            self.persistent_load_missing(None)
        pid = self.stack.pop()
        self.append(self._call_persistent_load(pid))

    def _call_persistent_load(self, pid):
        if self._persistent_load is None:
            self.persistent_load_missing(pid)
        return self._persistent_load(pid)

    def load_none(self):
        self.append(None)

    def load_false(self):
        self.append(False)

    def load_true(self):
        self.append(True)

    def load_int(self):
        data = self._readline()
        if data == b"00\n":
            val = False
        elif data == b"01\n":
            val = True
        else:
            try:
                val = int(data)
            except ValueError:
                raise ValueError("could not convert string to int") from None
        self.append(val)

    def load_binint(self):
        self.append(unpack("<i", self._read(4))[0])

    def load_binint1(self):
        pos = self._pos
        if pos < self._len:
            self._pos = pos + 1
            self.append(self._data[pos])
        else:
            self.append(self._read(1)[0])

    def load_binint2(self):
        self.append(unpack("<H", self._read(2))[0])

    def load_long(self):
        val = self._readline()[:-1]
        if val and val[-1] == 0x4C:  # trailing "L"
            val = val[:-1]
        try:
            self.append(int(val))
        except ValueError:
            raise ValueError("could not convert string to int") from None

    def load_long1(self):
        n = self._read(1)[0]
        self.append(_decode_long(self._read(n)))

    def load_long4(self):
        n = unpack("<i", self._read(4))[0]
        if n < 0:
            raise UnpicklingError("LONG pickle has negative byte count")
        self.append(_decode_long(self._read(n)))

    def load_float(self):
        try:
            self.append(float(self._readline()[:-1].decode("ascii")))
        except ValueError:
            raise ValueError("could not convert string to float") from None

    def load_binfloat(self):
        self.append(unpack(">d", self._read(8))[0])

    def _decode_string(self, value):
        # Python 2 str: bytes when asked for, else decoded.
        if self.encoding == "bytes":
            return value
        if self.encoding.lower().replace("-", "") in ("latin1", "iso88591"):
            return "".join([chr(b) for b in value])
        return value.decode(self.encoding, self.errors)

    def load_string(self):
        data = self._readline()[:-1]
        if len(data) >= 2 and data[0] == data[-1] and data[0] in (0x22, 0x27):
            data = data[1:-1]
        else:
            raise UnpicklingError("the STRING opcode argument must be quoted")
        self.append(self._decode_string(_escape_decode(data)))

    def load_binstring(self):
        n = unpack("<i", self._read(4))[0]
        if n < 0:
            raise UnpicklingError("BINSTRING pickle has negative byte count")
        self.append(self._decode_string(self._read(n)))

    def load_short_binstring(self):
        n = self._read(1)[0]
        self.append(self._decode_string(self._read(n)))

    def load_binbytes(self):
        n = unpack("<I", self._read(4))[0]
        self.append(bytes(self._read(n)))

    def load_short_binbytes(self):
        n = self._read(1)[0]
        self.append(bytes(self._read(n)))

    def load_binbytes8(self):
        n = unpack("<Q", self._read(8))[0]
        self.append(bytes(self._read(n)))

    def load_bytearray8(self):
        n = unpack("<Q", self._read(8))[0]
        self.append(bytearray(self._read(n)))

    def load_next_buffer(self):
        if self._buffers is None:
            raise UnpicklingError("pickle stream refers to out-of-band data but no *buffers* argument was given")
        try:
            buf = next(self._buffers)
        except StopIteration:
            raise UnpicklingError("not enough out-of-band buffers") from None
        self.append(buf)

    def load_readonly_buffer(self):
        buf = self.stack[-1]
        if isinstance(buf, bytearray):
            self.stack[-1] = bytes(buf)

    def load_unicode(self):
        self.append(_raw_unicode_unescape(self._readline()[:-1]))

    def load_binunicode(self):
        n = unpack("<I", self._read(4))[0]
        self.append(self._read(n).decode("utf-8"))

    def load_binunicode8(self):
        n = unpack("<Q", self._read(8))[0]
        self.append(self._read(n).decode("utf-8"))

    def load_short_binunicode(self):
        pos = self._pos
        if pos < self._len:
            n = self._data[pos]
            end = pos + 1 + n
            if end <= self._len:
                self._pos = end
                self.append(self._data[pos + 1:end].decode("utf-8"))
                return
        n = self._read(1)[0]
        self.append(self._read(n).decode("utf-8"))

    def load_tuple(self):
        items = self.pop_mark()  # before self.append: pop_mark rebinds it
        self.append(tuple(items))

    def load_empty_tuple(self):
        self.append(())

    def load_tuple1(self):
        self.stack[-1] = (self.stack[-1],)

    def load_tuple2(self):
        stack = self.stack
        b = stack.pop()
        stack[-1] = (stack[-1], b)

    def load_tuple3(self):
        stack = self.stack
        c = stack.pop()
        b = stack.pop()
        stack[-1] = (stack[-1], b, c)

    def load_empty_list(self):
        self.append([])

    def load_empty_dict(self):
        self.append({})

    def load_empty_set(self):
        self.append(set())

    def load_frozenset(self):
        items = self.pop_mark()
        self.append(frozenset(items))

    def load_list(self):
        items = self.pop_mark()
        self.append(items)

    def load_dict(self):
        items = self.pop_mark()
        d = {}
        for i in range(0, len(items), 2):
            d[items[i]] = items[i + 1]
        self.append(d)

    def _instantiate(self, klass, args):
        if args or not isinstance(klass, type) or hasattr(klass, "__getinitargs__"):
            try:
                value = klass(*args)
            except TypeError as err:
                raise TypeError("in constructor for %s: %s" % (klass.__name__, err)) from None
        else:
            value = klass.__new__(klass)
        self.append(value)

    def load_inst(self):
        module = self._readline()[:-1].decode("ascii")
        name = self._readline()[:-1].decode("ascii")
        klass = self.find_class(module, name)
        self._instantiate(klass, self.pop_mark())

    def load_obj(self):
        args = self.pop_mark()
        cls = args.pop(0)
        self._instantiate(cls, args)

    def load_newobj(self):
        stack = self.stack
        args = stack.pop()
        cls = stack.pop()
        if not isinstance(args, tuple):
            raise UnpicklingError("NEWOBJ expected an arg tuple.")
        if not isinstance(cls, type):
            raise UnpicklingError("NEWOBJ class argument isn't a type object")
        self.append(cls.__new__(cls, *args))

    def load_newobj_ex(self):
        stack = self.stack
        kwargs = stack.pop()
        args = stack.pop()
        cls = stack.pop()
        self.append(cls.__new__(cls, *args, **kwargs))

    def load_global(self):
        module = self._readline()[:-1].decode("utf-8")
        name = self._readline()[:-1].decode("utf-8")
        self.append(self.find_class(module, name))

    def load_stack_global(self):
        stack = self.stack
        name = stack.pop()
        module = stack.pop()
        if type(name) is not str or type(module) is not str:
            raise UnpicklingError("STACK_GLOBAL requires str")
        self.append(self.find_class(module, name))

    def load_ext1(self):
        self._get_extension(self._read(1)[0])

    def load_ext2(self):
        self._get_extension(unpack("<H", self._read(2))[0])

    def load_ext4(self):
        self._get_extension(unpack("<i", self._read(4))[0])

    def _get_extension(self, code):
        obj = copyreg._extension_cache.get(code, _NOFILE)
        if obj is not _NOFILE:
            self.append(obj)
            return
        key = copyreg._inverted_registry.get(code)
        if not key:
            if code <= 0:
                raise UnpicklingError("EXT specifies code <= 0")
            raise ValueError("unregistered extension code %d" % code)
        obj = self.find_class(*key)
        copyreg._extension_cache[code] = obj
        self.append(obj)

    def load_reduce(self):
        stack = self.stack
        args = stack.pop()
        func = stack[-1]
        stack[-1] = func(*args)

    def load_pop(self):
        if self.stack:
            self.stack.pop()
        elif self.metastack:
            self.pop_mark()
        else:
            raise UnpicklingError("unpickling stack underflow")

    def load_pop_mark(self):
        self.pop_mark()

    def load_dup(self):
        self.append(self.stack[-1])

    def _memo_get(self, idx):
        try:
            self.append(self.memo[idx])
        except KeyError:
            raise UnpicklingError("Memo value not found at index %d" % idx) from None

    def load_get(self):
        self._memo_get(int(self._readline()[:-1]))

    def load_binget(self):
        pos = self._pos
        if pos < self._len:
            self._pos = pos + 1
            idx = self._data[pos]
        else:
            idx = self._read(1)[0]
        self._memo_get(idx)

    def load_long_binget(self):
        self._memo_get(unpack("<I", self._read(4))[0])

    def load_put(self):
        i = int(self._readline()[:-1])
        if i < 0:
            raise ValueError("negative PUT argument")
        self.memo[i] = self.stack[-1]

    def load_binput(self):
        self.memo[self._read(1)[0]] = self.stack[-1]

    def load_long_binput(self):
        i = unpack("<I", self._read(4))[0]
        self.memo[i] = self.stack[-1]

    def load_memoize(self):
        memo = self.memo
        memo[len(memo)] = self.stack[-1]

    def load_append(self):
        stack = self.stack
        value = stack.pop()
        stack[-1].append(value)

    def load_appends(self):
        items = self.pop_mark()
        list_obj = self.stack[-1]
        if type(list_obj) is list:
            list_obj.extend(items)
            return
        extend = getattr(list_obj, "extend", None)
        if extend is not None:
            extend(items)
        else:
            append = list_obj.append
            for item in items:
                append(item)

    def load_setitem(self):
        stack = self.stack
        value = stack.pop()
        key = stack.pop()
        stack[-1][key] = value

    def load_setitems(self):
        items = self.pop_mark()
        d = self.stack[-1]
        for i in range(0, len(items), 2):
            d[items[i]] = items[i + 1]

    def load_additems(self):
        items = self.pop_mark()
        set_obj = self.stack[-1]
        if isinstance(set_obj, set):
            set_obj.update(items)
        else:
            add = set_obj.add
            for item in items:
                add(item)

    def load_build(self):
        stack = self.stack
        state = stack.pop()
        inst = stack[-1]
        setstate = getattr(inst, "__setstate__", None)
        if setstate is not None:
            setstate(state)
            return
        slotstate = None
        if isinstance(state, tuple) and len(state) == 2:
            state, slotstate = state
        # capy's inst.__dict__ is a copy, so attributes are set one by one.
        if state:
            if not isinstance(state, dict):
                raise UnpicklingError("state is not a dictionary")
            for k, v in state.items():
                setattr(inst, k, v)
        if slotstate:
            for k, v in slotstate.items():
                setattr(inst, k, v)

    def load_mark(self):
        self.metastack.append(self.stack)
        self.stack = []
        self.append = self.stack.append


_LOAD_OPS = {
    MARK: "load_mark", POP: "load_pop", POP_MARK: "load_pop_mark", DUP: "load_dup",
    FLOAT: "load_float", INT: "load_int", BININT: "load_binint", BININT1: "load_binint1",
    LONG: "load_long", BININT2: "load_binint2", NONE: "load_none", PERSID: "load_persid",
    BINPERSID: "load_binpersid", REDUCE: "load_reduce", STRING: "load_string",
    BINSTRING: "load_binstring", SHORT_BINSTRING: "load_short_binstring",
    UNICODE: "load_unicode", BINUNICODE: "load_binunicode", APPEND: "load_append",
    BUILD: "load_build", GLOBAL: "load_global", DICT: "load_dict", EMPTY_DICT: "load_empty_dict",
    APPENDS: "load_appends", GET: "load_get", BINGET: "load_binget", INST: "load_inst",
    LONG_BINGET: "load_long_binget", LIST: "load_list", EMPTY_LIST: "load_empty_list",
    OBJ: "load_obj", PUT: "load_put", BINPUT: "load_binput", LONG_BINPUT: "load_long_binput",
    SETITEM: "load_setitem", TUPLE: "load_tuple", EMPTY_TUPLE: "load_empty_tuple",
    SETITEMS: "load_setitems", BINFLOAT: "load_binfloat", PROTO: "load_proto",
    NEWOBJ: "load_newobj", EXT1: "load_ext1", EXT2: "load_ext2", EXT4: "load_ext4",
    TUPLE1: "load_tuple1", TUPLE2: "load_tuple2", TUPLE3: "load_tuple3",
    NEWTRUE: "load_true", NEWFALSE: "load_false", LONG1: "load_long1", LONG4: "load_long4",
    BINBYTES: "load_binbytes", SHORT_BINBYTES: "load_short_binbytes",
    SHORT_BINUNICODE: "load_short_binunicode", BINUNICODE8: "load_binunicode8",
    BINBYTES8: "load_binbytes8", EMPTY_SET: "load_empty_set", ADDITEMS: "load_additems",
    FROZENSET: "load_frozenset", NEWOBJ_EX: "load_newobj_ex", STACK_GLOBAL: "load_stack_global",
    MEMOIZE: "load_memoize", FRAME: "load_frame", BYTEARRAY8: "load_bytearray8",
    NEXT_BUFFER: "load_next_buffer", READONLY_BUFFER: "load_readonly_buffer",
}


def _build_load_dispatch(unpickler):
    # A 256-entry list of bound methods, indexed by opcode byte.
    bad = unpickler.load_bad
    table = [bad] * 256
    for code, name in _LOAD_OPS.items():
        table[code[0]] = getattr(unpickler, name)
    return table


# The opcode -> handler-name table, public like CPython's dispatch dict.
Unpickler.dispatch = {code[0]: name for code, name in _LOAD_OPS.items()}
