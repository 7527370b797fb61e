"""pickle for capy: serializing Python objects to bytes and back.

Covers CPython 3.11's pickle interface: dumps, loads, dump, load,
Pickler (dump, memo, clear_memo, persistent_id, dispatch_table,
reducer_override, fast), Unpickler (load, find_class, persistent_load),
HIGHEST_PROTOCOL (5), DEFAULT_PROTOCOL (4), PickleError, PicklingError,
UnpicklingError, and the aliases _Pickler, _Unpickler, _dumps, _loads.

Protocols 0 to 5 are written byte for byte as CPython 3.11's C pickler
writes them (opcode choice, memo numbering, batching of APPENDS /
SETITEMS, 64 KiB framing in protocol 4+, large bytes and str outside
frames), and every opcode of protocols 0-5 is read, so pickles travel
both ways between capy and CPython.  Instances of user classes use the
default reduction (NEWOBJ plus the instance __dict__ / slots as state for
protocol 2+, copyreg._reconstructor for protocol 0/1), honouring
__reduce_ex__, __reduce__, __getnewargs_ex__, __getnewargs__,
__getstate__ and __setstate__.

Not covered: out-of-band buffers (PickleBuffer; NEXT_BUFFER and
READONLY_BUFFER load only from a `buffers` iterable).  Sets pickle their
items in iteration order, which is CPython's (dict/set_order.rs), so
their bytes match too.

Layout: this file holds the public interface and the Pickler; the
opcodes, protocol constants, exceptions and shared helpers are in
_pickle_ops.py and the Unpickler in _pickle_load.py.  Every public name
(and the __module__ of every class) is pickle's, as in CPython.

SECURITY: like CPython's, loads/load can call any importable callable
named in the data (REDUCE, NEWOBJ, INST, BUILD...), so unpickling
untrusted data can run arbitrary code.  Only load data you trust.
"""

import sys
from struct import pack, unpack
import copyreg

__all__ = [
    "PickleError", "PicklingError", "UnpicklingError", "Pickler", "Unpickler",
    "dump", "dumps", "load", "loads", "HIGHEST_PROTOCOL", "DEFAULT_PROTOCOL",
]

# The opcodes, HIGHEST_PROTOCOL / DEFAULT_PROTOCOL, format_version, the
# exceptions and whichmodule are pickle's public names.
from _pickle_ops import *
from _pickle_ops import (
    _BATCHSIZE, _BINGET_CODES, _BININT1_CODES, _BINPUT_CODES,
    _FRAME_HEADER_PAD, _FRAME_SIZE_MIN, _FRAME_SIZE_TARGET, _NOFILE,
    _REVERSE_IMPORT_MAPPING, _REVERSE_NAME_MAPPING, _SHORT_BINBYTES_HEADS,
    _SHORT_BINUNICODE_HEADS, _SPECIAL_GLOBALS, _TUPLESIZE2CODE,
    _codecs_encode, _encode_long, _getattribute, _raw_unicode_escape,
    _reduce_object,
)
from _pickle_load import Unpickler


# ---- pickling

def _batches(items):
    # The items in lists of _BATCHSIZE, as the C pickler groups them for
    # APPENDS and SETITEMS: the last list is shorter, and empty when the
    # count is a multiple of _BATCHSIZE (callers write nothing for it).
    it = iter(items)
    while True:
        batch = []
        for x in it:
            batch.append(x)
            if len(batch) == _BATCHSIZE:
                break
        yield batch
        if len(batch) < _BATCHSIZE:
            return


class Pickler:
    """Writes pickles of objects to a binary file (anything with write)."""

    def __init__(self, file, protocol=None, *, fix_imports=True, buffer_callback=None):
        if protocol is None:
            protocol = DEFAULT_PROTOCOL
        if protocol < 0:
            protocol = HIGHEST_PROTOCOL
        elif not 0 <= protocol <= HIGHEST_PROTOCOL:
            raise ValueError("pickle protocol must be <= %d" % HIGHEST_PROTOCOL)
        if buffer_callback is not None and protocol < 5:
            raise ValueError("buffer_callback needs protocol >= 5")
        self._buffer_callback = buffer_callback
        if file is _NOFILE:
            self._file_write = None
        else:
            try:
                self._file_write = file.write
            except AttributeError:
                raise TypeError("file must have a 'write' attribute") from None
        self.memo = {}
        self.proto = int(protocol)
        self.bin = protocol >= 1
        self.fast = 0
        self.fix_imports = fix_imports and protocol < 3
        self._out = None
        self._frame_start = -1
        self._pers_id = getattr(self, "persistent_id", None)
        self._reducer_override = getattr(self, "reducer_override", None)

    def clear_memo(self):
        """Forget the objects already written, so they are written in full
        again instead of as memo references."""
        self.memo.clear()

    def _run(self, obj):
        # One complete pickle into a fresh bytearray.
        if not hasattr(self, "_file_write"):
            raise PicklingError("Pickler.__init__() was not called by %s.__init__()" % type(self).__name__)
        out = self._out = bytearray()
        self._pers_id = getattr(self, "persistent_id", None)
        self._reducer_override = getattr(self, "reducer_override", None)
        proto = self.proto
        if proto >= 2:
            out += PROTO + bytes((proto,))
        if proto >= 4:
            self._frame_start = len(out)
            out += _FRAME_HEADER_PAD
        else:
            self._frame_start = -1
        self.save(obj)
        out += STOP
        if self._frame_start >= 0:
            self._end_frame()
            self._frame_start = -1
        self._out = None
        return out

    def dump(self, obj):
        """Write a pickle of obj to the file."""
        out = self._run(obj)
        self._file_write(bytes(out))

    # -- framing: the current frame starts at self._frame_start with a
    # 9-byte placeholder for its FRAME header, filled in (or removed if the
    # frame is too small to be worth one) when the frame ends.

    def _end_frame(self):
        out = self._out
        start = self._frame_start
        size = len(out) - start - 9
        if size >= _FRAME_SIZE_MIN:
            out[start:start + 9] = FRAME + pack("<Q", size)
        else:
            del out[start:start + 9]

    def _write_large(self, header, payload):
        # A big bytes/str payload goes outside frames, so a reader can
        # take it straight from the file.
        out = self._out
        if self._frame_start >= 0:
            self._end_frame()
            out += header
            out += payload
            self._frame_start = len(out)
            out += _FRAME_HEADER_PAD
        else:
            out += header
            out += payload

    # -- memo

    def memoize(self, obj):
        if self.fast:
            return
        memo = self.memo
        idx = len(memo)
        if self.proto >= 4:
            self._out += MEMOIZE
        elif self.bin:
            if idx < 256:
                self._out += _BINPUT_CODES[idx]
            else:
                self._out += LONG_BINPUT + pack("<I", idx)
        else:
            self._out += PUT + repr(idx).encode("ascii") + b"\n"
        memo[id(obj)] = (idx, obj)

    def put(self, idx):
        if self.proto >= 4:
            return MEMOIZE
        if self.bin:
            if idx < 256:
                return _BINPUT_CODES[idx]
            return LONG_BINPUT + pack("<I", idx)
        return PUT + repr(idx).encode("ascii") + b"\n"

    def get(self, i):
        if self.bin:
            if i < 256:
                return _BINGET_CODES[i]
            return LONG_BINGET + pack("<I", i)
        return GET + repr(i).encode("ascii") + b"\n"

    # -- the dispatcher

    def save(self, obj, save_persistent_id=True):
        if self._frame_start >= 0 and len(self._out) - self._frame_start >= _FRAME_SIZE_TARGET + 9:
            self._end_frame()
            self._frame_start = len(self._out)
            self._out += _FRAME_HEADER_PAD

        if self._pers_id is not None and save_persistent_id:
            pid = self._pers_id(obj)
            if pid is not None:
                self.save_pers(pid)
                return

        x = self.memo.get(id(obj))
        if x is not None:
            self._out += self.get(x[0])
            return

        t = type(obj)
        f = self._dispatch.get(t)
        if f is not None:
            f(self, obj)
            return

        rv = NotImplemented
        if self._reducer_override is not None:
            rv = self._reducer_override(obj)
        if rv is NotImplemented:
            table = getattr(self, "dispatch_table", None)
            if table is None:
                table = copyreg.dispatch_table
            reduce = table.get(t)
            if reduce is not None:
                rv = reduce(obj)
            elif isinstance(obj, type):
                self.save_global(obj)
                return
            else:
                reduce = getattr(obj, "__reduce_ex__", None)
                if reduce is not None:
                    rv = reduce(self.proto)
                else:
                    reduce = getattr(obj, "__reduce__", None)
                    if reduce is not None:
                        rv = reduce()
                    else:
                        rv = _reduce_object(obj, self.proto)

        if isinstance(rv, str):
            self.save_global(obj, rv)
            return
        if not isinstance(rv, tuple):
            raise PicklingError("__reduce__ must return a string or tuple")
        n = len(rv)
        if not 2 <= n <= 6:
            raise PicklingError("tuple returned by __reduce__ must contain 2 through 6 elements")
        self.save_reduce(*rv, obj=obj)

    def save_pers(self, pid):
        if self.bin:
            self.save(pid, save_persistent_id=False)
            self._out += BINPERSID
        else:
            try:
                self._out += PERSID + str(pid).encode("ascii") + b"\n"
            except UnicodeEncodeError:
                raise PicklingError("persistent IDs in protocol 0 must be ASCII strings")

    def save_reduce(self, func, args, state=None, listitems=None, dictitems=None,
                    state_setter=None, *, obj=None):
        if not isinstance(args, tuple):
            raise PicklingError("second item of the tuple returned by __reduce__ must be a tuple")
        if not callable(func):
            raise PicklingError("first item of the tuple returned by __reduce__ must be callable")
        save = self.save
        proto = self.proto
        func_name = getattr(func, "__name__", "")
        if proto >= 2 and func_name == "__newobj_ex__":
            cls, args, kwargs = args
            if not hasattr(cls, "__new__"):
                raise PicklingError("args[0] from __newobj_ex__ args has no __new__")
            if obj is not None and cls is not type(obj):
                raise PicklingError("args[0] from __newobj_ex__ args has the wrong class")
            if proto >= 4:
                save(cls)
                save(args)
                save(kwargs)
                self._out += NEWOBJ_EX
            else:
                import functools
                save(functools.partial(cls.__new__, cls, *args, **kwargs))
                save(())
                self._out += REDUCE
        elif proto >= 2 and func_name == "__newobj__":
            if not args:
                raise PicklingError("__newobj__ arglist is empty")
            cls = args[0]
            if not hasattr(cls, "__new__"):
                raise PicklingError("args[0] from __newobj__ args has no __new__")
            if obj is not None and cls is not type(obj):
                raise PicklingError("args[0] from __newobj__ args has the wrong class")
            save(cls)
            save(args[1:])
            self._out += NEWOBJ
        else:
            save(func)
            save(args)
            self._out += REDUCE

        if obj is not None:
            x = self.memo.get(id(obj))
            if x is not None:
                # obj was reached again through its own arguments.
                self._out += POP + self.get(x[0])
            else:
                self.memoize(obj)

        if listitems is not None:
            self._batch_appends(listitems)
        if dictitems is not None:
            self._batch_setitems(dictitems)
        if state is not None:
            if state_setter is None:
                save(state)
                self._out += BUILD
            else:
                save(state_setter)
                save(obj)
                save(state)
                self._out += TUPLE2 + REDUCE + POP

    # -- one method per builtin type

    def save_none(self, obj):
        self._out += NONE

    def save_bool(self, obj):
        if self.proto >= 2:
            self._out += NEWTRUE if obj else NEWFALSE
        else:
            self._out += TRUE if obj else FALSE

    def save_long(self, obj):
        if self.bin:
            if obj >= 0:
                if obj <= 0xFF:
                    self._out += _BININT1_CODES[obj]
                    return
                if obj <= 0xFFFF:
                    self._out += BININT2 + pack("<H", obj)
                    return
            if -0x80000000 <= obj <= 0x7FFFFFFF:
                self._out += BININT + pack("<i", obj)
                return
        if self.proto >= 2:
            data = _encode_long(obj)
            n = len(data)
            if n < 256:
                self._out += LONG1 + bytes((n,)) + data
            else:
                self._out += LONG4 + pack("<i", n) + data
            return
        if -0x80000000 <= obj <= 0x7FFFFFFF:
            self._out += INT + repr(obj).encode("ascii") + b"\n"
        else:
            self._out += LONG + repr(obj).encode("ascii") + b"L\n"

    def save_float(self, obj):
        if self.bin:
            self._out += BINFLOAT + pack(">d", obj)
        else:
            self._out += FLOAT + repr(obj).encode("ascii") + b"\n"

    def save_complex(self, obj):
        self.save_reduce(complex, (obj.real, obj.imag), obj=obj)

    def save_bytes(self, obj):
        if self.proto < 3:
            if not obj:
                self.save_reduce(bytes, (), obj=obj)
            else:
                self.save_reduce(_codecs_encode, ("".join([chr(b) for b in obj]), "latin1"), obj=obj)
            return
        n = len(obj)
        if n <= 0xFF:
            self._out += _SHORT_BINBYTES_HEADS[n]
            self._out += obj
        elif n > 0xFFFFFFFF and self.proto >= 4:
            self._write_large(BINBYTES8 + pack("<Q", n), obj)
        elif n >= _FRAME_SIZE_TARGET:
            self._write_large(BINBYTES + pack("<I", n), obj)
        else:
            self._out += BINBYTES + pack("<I", n)
            self._out += obj
        self.memoize(obj)

    def save_bytearray(self, obj):
        if self.proto < 5:
            if not obj:
                self.save_reduce(bytearray, (), obj=obj)
            else:
                self.save_reduce(bytearray, (bytes(obj),), obj=obj)
            return
        n = len(obj)
        if n >= _FRAME_SIZE_TARGET:
            self._write_large(BYTEARRAY8 + pack("<Q", n), obj)
        else:
            self._out += BYTEARRAY8 + pack("<Q", n)
            self._out += obj
        self.memoize(obj)

    def save_str(self, obj):
        out = self._out
        if self.bin:
            data = obj.encode("utf-8")
            n = len(data)
            if n <= 0xFF and self.proto >= 4:
                out += _SHORT_BINUNICODE_HEADS[n]
                out += data
            elif n > 0xFFFFFFFF and self.proto >= 4:
                self._write_large(BINUNICODE8 + pack("<Q", n), data)
            elif n >= _FRAME_SIZE_TARGET:
                self._write_large(BINUNICODE + pack("<I", n), data)
            else:
                out += BINUNICODE + pack("<I", n)
                out += data
        else:
            out += UNICODE + _raw_unicode_escape(obj) + b"\n"
        self.memoize(obj)

    def save_tuple(self, obj):
        out = self._out
        if not obj:
            out += EMPTY_TUPLE if self.bin else MARK + TUPLE
            return
        n = len(obj)
        save = self.save
        memo = self.memo
        if n <= 3 and self.proto >= 2:
            for element in obj:
                save(element)
            x = memo.get(id(obj))
            if x is not None:
                # The tuple contains itself (through a mutable object): drop
                # the items and fetch the copy already built.
                self._out += POP * n + self.get(x[0])
            else:
                self._out += _TUPLESIZE2CODE[n]
                self.memoize(obj)
            return
        out += MARK
        for element in obj:
            save(element)
        x = memo.get(id(obj))
        if x is not None:
            if self.bin:
                self._out += POP_MARK + self.get(x[0])
            else:
                self._out += POP * (n + 1) + self.get(x[0])
            return
        self._out += TUPLE
        self.memoize(obj)

    def save_list(self, obj):
        self._out += EMPTY_LIST if self.bin else MARK + LIST
        self.memoize(obj)
        self._batch_list_exact(obj)

    def _batch_list_exact(self, obj):
        save = self.save
        if not self.bin:
            for x in obj:
                save(x)
                self._out += APPEND
            return
        n = len(obj)
        if n == 0:
            return
        if n == 1:
            save(obj[0])
            self._out += APPEND
            return
        # Exact lists always use MARK ... APPENDS, even for a last batch
        # of one item (as CPython's C pickler does).
        start = 0
        while start < len(obj):
            self._out += MARK
            for x in obj[start:start + _BATCHSIZE]:
                save(x)
            self._out += APPENDS
            start += _BATCHSIZE

    def _batch_appends(self, items):
        save = self.save
        if not self.bin:
            for x in items:
                save(x)
                self._out += APPEND
            return
        for batch in _batches(items):
            if len(batch) > 1:
                self._out += MARK
                for x in batch:
                    save(x)
                self._out += APPENDS
            elif batch:
                save(batch[0])
                self._out += APPEND

    def save_dict(self, obj):
        self._out += EMPTY_DICT if self.bin else MARK + DICT
        self.memoize(obj)
        self._batch_dict_exact(obj)

    def _batch_dict_exact(self, obj):
        save = self.save
        if not self.bin:
            for k, v in obj.items():
                save(k)
                save(v)
                self._out += SETITEM
            return
        n = len(obj)
        if n == 0:
            return
        if n == 1:
            for k, v in obj.items():
                save(k)
                save(v)
            self._out += SETITEM
            return
        # Batches of 1000 pairs; like CPython's C pickler, a dict whose
        # size is a multiple of 1000 ends with an empty MARK SETITEMS.
        items = list(obj.items())
        start = 0
        while True:
            batch = items[start:start + _BATCHSIZE]
            self._out += MARK
            for k, v in batch:
                save(k)
                save(v)
            self._out += SETITEMS
            if len(batch) != _BATCHSIZE:
                return
            start += _BATCHSIZE

    def _batch_setitems(self, items):
        save = self.save
        if not self.bin:
            for k, v in items:
                save(k)
                save(v)
                self._out += SETITEM
            return
        for batch in _batches(items):
            if len(batch) > 1:
                self._out += MARK
                for k, v in batch:
                    save(k)
                    save(v)
                self._out += SETITEMS
            elif batch:
                k, v = batch[0]
                save(k)
                save(v)
                self._out += SETITEM

    def save_set(self, obj):
        if self.proto < 4:
            self.save_reduce(set, (list(obj),), obj=obj)
            return
        self._out += EMPTY_SET
        self.memoize(obj)
        items = list(obj)
        save = self.save
        for start in range(0, len(items), _BATCHSIZE):
            self._out += MARK
            for x in items[start:start + _BATCHSIZE]:
                save(x)
            self._out += ADDITEMS

    def save_frozenset(self, obj):
        if self.proto < 4:
            self.save_reduce(frozenset, (list(obj),), obj=obj)
            return
        self._out += MARK
        save = self.save
        for x in obj:
            save(x)
        x = self.memo.get(id(obj))
        if x is not None:
            self._out += POP_MARK + self.get(x[0])
            return
        self._out += FROZENSET
        self.memoize(obj)

    def save_range(self, obj):
        self.save_reduce(range, (obj.start, obj.stop, obj.step), obj=obj)

    def save_slice(self, obj):
        self.save_reduce(slice, (obj.start, obj.stop, obj.step), obj=obj)

    def save_global(self, obj, name=None):
        special = _SPECIAL_GLOBALS.get(id(obj))
        if special is not None:
            module_name, name = special
        else:
            if name is None:
                name = getattr(obj, "__qualname__", None)
            if name is None:
                name = obj.__name__
            module_name = whichmodule(obj, name)
        if "<locals>" in name.split("."):
            raise AttributeError("Can't pickle local object %r" % name)
        if special is None:
            try:
                __import__(module_name)
                module = sys.modules[module_name]
            except (ImportError, KeyError):
                raise PicklingError("Can't pickle %r: import of module %r failed" % (obj, module_name)) from None
            try:
                obj2, parent = _getattribute(module, name)
            except AttributeError:
                raise PicklingError("Can't pickle %r: attribute lookup %s on %s failed" % (obj, name, module_name)) from None
            if obj2 is not obj:
                raise PicklingError("Can't pickle %r: it's not the same object as %s.%s" % (obj, module_name, name))
        else:
            module = parent = None

        proto = self.proto
        if proto >= 2:
            code = copyreg._extension_registry.get((module_name, name))
            if code:
                if code <= 0xFF:
                    self._out += EXT1 + bytes((code,))
                elif code <= 0xFFFF:
                    self._out += EXT2 + pack("<H", code)
                else:
                    self._out += EXT4 + pack("<i", code)
                return

        lastname = name.rpartition(".")[2]
        if parent is module:
            name = lastname
        if proto >= 4:
            self.save(module_name)
            self.save(name)
            self._out += STACK_GLOBAL
        elif parent is not module:
            # A nested qualname cannot be written with GLOBAL before
            # protocol 4: fetch it with getattr from its parent instead.
            self.save_reduce(getattr, (parent, lastname))
        elif proto >= 3:
            self._out += GLOBAL + module_name.encode("utf-8") + b"\n" + name.encode("utf-8") + b"\n"
        else:
            if self.fix_imports:
                key = (module_name, name)
                if key in _REVERSE_NAME_MAPPING:
                    module_name, name = _REVERSE_NAME_MAPPING[key]
                elif module_name in _REVERSE_IMPORT_MAPPING:
                    module_name = _REVERSE_IMPORT_MAPPING[module_name]
            try:
                self._out += GLOBAL + module_name.encode("ascii") + b"\n" + name.encode("ascii") + b"\n"
            except UnicodeEncodeError:
                raise PicklingError("can't pickle global identifier '%s.%s' using pickle protocol %i" % (module_name, name, proto)) from None
        self.memoize(obj)

    def save_type(self, obj):
        if obj is type(None):
            return self.save_reduce(type, (None,), obj=obj)
        if obj is type(NotImplemented):
            return self.save_reduce(type, (NotImplemented,), obj=obj)
        if obj is type(...):
            return self.save_reduce(type, (...,), obj=obj)
        return self.save_global(obj)

    def save_singleton(self, obj):
        self.save_global(obj, "Ellipsis" if obj is ... else "NotImplemented")

    _dispatch = {}


def _save_function(self, obj):
    self.save_global(obj)


Pickler._dispatch = {
    type(None): Pickler.save_none,
    bool: Pickler.save_bool,
    int: Pickler.save_long,
    float: Pickler.save_float,
    complex: Pickler.save_complex,
    bytes: Pickler.save_bytes,
    bytearray: Pickler.save_bytearray,
    str: Pickler.save_str,
    tuple: Pickler.save_tuple,
    list: Pickler.save_list,
    dict: Pickler.save_dict,
    set: Pickler.save_set,
    frozenset: Pickler.save_frozenset,
    range: Pickler.save_range,
    slice: Pickler.save_slice,
    type: Pickler.save_type,
    type(_save_function): _save_function,
    type(len): _save_function,
    type(...): Pickler.save_singleton,
    type(NotImplemented): Pickler.save_singleton,
}
# The dispatch table is public in CPython's pure-Python pickler.
Pickler.dispatch = Pickler._dispatch


# ---- shorthands

def dump(obj, file, protocol=None, *, fix_imports=True, buffer_callback=None):
    """Write a pickle of obj to the open binary file."""
    Pickler(file, protocol, fix_imports=fix_imports, buffer_callback=buffer_callback).dump(obj)


def dumps(obj, protocol=None, *, fix_imports=True, buffer_callback=None):
    """Return the pickle of obj as bytes."""
    p = Pickler(_NOFILE, protocol, fix_imports=fix_imports, buffer_callback=buffer_callback)
    return bytes(p._run(obj))


def load(file, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=None):
    """Read one pickle from the open binary file; return the object."""
    return Unpickler(file, fix_imports=fix_imports, encoding=encoding, errors=errors,
                     buffers=buffers).load()


def loads(data, /, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=None):
    """Return the object stored in the pickle `data` (bytes-like)."""
    if isinstance(data, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    u = Unpickler(_NOFILE, fix_imports=fix_imports, encoding=encoding, errors=errors,
                  buffers=buffers)
    data = bytes(data)
    u._data = data
    u._len = len(data)
    return u.load()


# CPython's names for the pure-Python implementations (pyperformance uses
# them); capy has only this one.
_Pickler = Pickler
_Unpickler = Unpickler
_dump = dump
_dumps = dumps
_load = load
_loads = loads
