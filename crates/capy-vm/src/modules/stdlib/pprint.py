"""pprint for capy: pretty-printing of Python data structures.

Covers CPython 3.11's pprint: pprint, pformat, pp, saferepr, isreadable,
isrecursive and PrettyPrinter (indent, width, depth, stream, compact,
sort_dicts, underscore_numbers; methods pprint, pformat, isreadable,
isrecursive, format). Containers whose repr does not fit in the width
are split one item per line (or packed, with compact=True) the way
CPython lays them out: dict (sorted by key unless sort_dicts=False),
list, tuple, set, frozenset, str (split at word boundaries), bytes and
bytearray (split into 4-byte groups), dataclass instances with a
generated repr, and collections' OrderedDict, defaultdict, Counter,
deque and ChainMap. Recursive structures print as
<Recursion on TYPE with id=N>, nesting deeper than `depth` as ... .

Not covered: types.SimpleNamespace and types.MappingProxyType (capy has
neither) and the collections User* classes (capy has none). Short sets
print as repr() gives them, so their order is capy's set order, which
can differ from CPython's; sets that are split over lines are sorted.
"""

import sys
import re
from io import StringIO

__all__ = ["pprint", "pformat", "isreadable", "isrecursive", "saferepr",
           "PrettyPrinter", "pp"]


def pprint(object, stream=None, indent=1, width=80, depth=None, *,
           compact=False, sort_dicts=True, underscore_numbers=False):
    """Pretty-print object to stream (default sys.stdout) with a
    newline."""
    printer = PrettyPrinter(stream=stream, indent=indent, width=width,
                            depth=depth, compact=compact,
                            sort_dicts=sort_dicts,
                            underscore_numbers=underscore_numbers)
    printer.pprint(object)


def pformat(object, indent=1, width=80, depth=None, *, compact=False,
            sort_dicts=True, underscore_numbers=False):
    """The pretty-printed text of object, without a trailing newline."""
    return PrettyPrinter(indent=indent, width=width, depth=depth,
                         compact=compact, sort_dicts=sort_dicts,
                         underscore_numbers=underscore_numbers).pformat(object)


def pp(object, *args, sort_dicts=False, **kwargs):
    """pprint with dicts left in insertion order by default."""
    pprint(object, *args, sort_dicts=sort_dicts, **kwargs)


def saferepr(object):
    """repr() that shows recursion instead of looping forever."""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[0]


def isreadable(object):
    """True if saferepr(object) could be read back by eval()."""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[1]


def isrecursive(object):
    """True if object contains itself."""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[2]


class _OrderKey:
    """Sort key that falls back to ordering by type name (then id) when
    two values cannot be compared, so mixed-type keys still sort."""

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __lt__(self, other):
        try:
            return self.obj < other.obj
        except TypeError:
            return ((str(type(self.obj)), id(self.obj))
                    < (str(type(other.obj)), id(other.obj)))


def _item_key(item):
    return _OrderKey(item[0])


def _first(item):
    return item[0]


def _sorted_items(d):
    """d's items sorted by key; keys that cannot be compared with each
    other are ordered by type name (then id), as _OrderKey does.

    The keys are compared directly first: when they all compare, the
    order is the one _OrderKey would give (it tries `<` first), at a
    fraction of the cost of a Python-level __lt__ per comparison."""
    try:
        return sorted(d.items(), key=_first)
    except TypeError:
        # From the dict's order again, not the half-sorted list.
        return sorted(d.items(), key=_item_key)


def _recursion(object):
    return "<Recursion on %s with id=%s>" % (type(object).__name__,
                                             id(object))


# Scalars whose repr is always readable and never recursive.
_SCALARS = frozenset({str, bytes, bytearray, float, complex, bool, type(None)})


def _generated_dataclass_repr(object):
    """True for an instance (not a class) of a dataclass whose __repr__
    is the one the dataclass decorator made."""
    cls = type(object)
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not hasattr(cls, "__dataclass_fields__"):
        return False
    if not params.repr:
        return False
    r = cls.__repr__
    # CPython wraps the generated function (recursive_repr) and names it
    # after __create_fn__; capy's dataclasses defines it in its own module.
    wrapped = getattr(r, "__wrapped__", None)
    if wrapped is not None:
        return "__create_fn__" in getattr(wrapped, "__qualname__", "")
    return getattr(r, "__module__", None) == "dataclasses"


class PrettyPrinter:
    def __init__(self, indent=1, width=80, depth=None, stream=None, *,
                 compact=False, sort_dicts=True, underscore_numbers=False):
        indent = int(indent)
        width = int(width)
        if indent < 0:
            raise ValueError("indent must be >= 0")
        if depth is not None and depth <= 0:
            raise ValueError("depth must be > 0")
        if not width:
            raise ValueError("width must be != 0")
        self._depth = depth
        self._indent_per_level = indent
        self._width = width
        self._stream = stream if stream is not None else sys.stdout
        self._compact = bool(compact)
        self._sort_dicts = sort_dicts
        self._underscore_numbers = underscore_numbers

    # -- public API --------------------------------------------------------

    def pprint(self, object):
        if self._stream is not None:
            self._format(object, self._stream, 0, 0, {}, 0)
            self._stream.write("\n")

    def pformat(self, object):
        out = StringIO()
        self._format(object, out, 0, 0, {}, 0)
        return out.getvalue()

    def isrecursive(self, object):
        return self.format(object, {}, 0, 0)[2]

    def isreadable(self, object):
        text, readable, recursive = self.format(object, {}, 0, 0)
        return readable and not recursive

    def format(self, object, context, maxlevels, level):
        """(repr text, readable, recursive) for object; subclasses may
        override this to change how single values are shown."""
        return self._safe_repr(object, context, maxlevels, level)

    # -- layout ------------------------------------------------------------
    # _format writes object at the current position: `indent` is the
    # column it starts at, `allowance` the number of characters that will
    # follow it on its last line (closing brackets, commas).

    def _format(self, object, stream, indent, allowance, context, level):
        objid = id(object)
        if objid in context:
            stream.write(_recursion(object))
            self._recursive = True
            self._readable = False
            return
        rep = self._repr(object, context, level)
        max_width = self._width - indent - allowance
        if len(rep) > max_width:
            layout = self._layout_for(object)
            if layout is not None:
                context[objid] = 1
                layout(self, object, stream, indent, allowance, context,
                       level + 1)
                del context[objid]
                return
            if _generated_dataclass_repr(object):
                context[objid] = 1
                self._pprint_dataclass(object, stream, indent, allowance,
                                       context, level + 1)
                del context[objid]
                return
        stream.write(rep)

    def _layout_for(self, object):
        # Chosen by the class that supplies the repr, so a subclass that
        # keeps its base's repr is laid out like the base, and one with
        # its own repr is left alone.
        return _LAYOUTS.get(_repr_owner(type(object)))

    def _pprint_dataclass(self, object, stream, indent, allowance, context,
                          level):
        import dataclasses
        name = object.__class__.__name__
        indent += len(name) + 1
        items = [(f.name, getattr(object, f.name))
                 for f in dataclasses.fields(object) if f.repr]
        stream.write(name + "(")
        self._format_namespace_items(items, stream, indent, allowance,
                                     context, level)
        stream.write(")")

    def _pprint_dict(self, object, stream, indent, allowance, context,
                     level):
        write = stream.write
        write("{")
        if self._indent_per_level > 1:
            write((self._indent_per_level - 1) * " ")
        if len(object):
            if self._sort_dicts:
                items = _sorted_items(object)
            else:
                items = list(object.items())
            self._format_dict_items(items, stream, indent, allowance + 1,
                                    context, level)
        write("}")

    def _pprint_ordered_dict(self, object, stream, indent, allowance,
                             context, level):
        if not len(object):
            stream.write(repr(object))
            return
        name = object.__class__.__name__
        stream.write(name + "(")
        self._format(list(object.items()), stream, indent + len(name) + 1,
                     allowance + 1, context, level)
        stream.write(")")

    def _pprint_list(self, object, stream, indent, allowance, context,
                     level):
        stream.write("[")
        self._format_items(object, stream, indent, allowance + 1, context,
                           level)
        stream.write("]")

    def _pprint_tuple(self, object, stream, indent, allowance, context,
                      level):
        stream.write("(")
        end = ",)" if len(object) == 1 else ")"
        self._format_items(object, stream, indent, allowance + len(end),
                           context, level)
        stream.write(end)

    def _pprint_set(self, object, stream, indent, allowance, context,
                    level):
        if not len(object):
            stream.write(repr(object))
            return
        cls = object.__class__
        if cls is set:
            stream.write("{")
            end = "}"
        else:
            stream.write(cls.__name__ + "({")
            end = "})"
            indent += len(cls.__name__) + 1
        items = sorted(object, key=_OrderKey)
        self._format_items(items, stream, indent, allowance + len(end),
                           context, level)
        stream.write(end)

    def _pprint_str(self, object, stream, indent, allowance, context,
                    level):
        write = stream.write
        if not len(object):
            write(repr(object))
            return
        chunks = []
        lines = object.splitlines(True)
        if level == 1:
            # Top level: the pieces go inside parentheses.
            indent += 1
            allowance += 1
        max_width1 = max_width = self._width - indent
        rep = ""
        for i, line in enumerate(lines):
            rep = repr(line)
            if i == len(lines) - 1:
                max_width1 -= allowance
            if len(rep) <= max_width1:
                chunks.append(rep)
                continue
            # Too long: cut the line after runs of whitespace, packing
            # as many words into each piece as fit.
            parts = [p for p in re.findall(r"\S*\s*", line) if p]
            max_width2 = max_width
            current = ""
            for j, part in enumerate(parts):
                candidate = current + part
                if j == len(parts) - 1 and i == len(lines) - 1:
                    max_width2 -= allowance
                if len(repr(candidate)) > max_width2:
                    if current:
                        chunks.append(repr(current))
                    current = part
                else:
                    current = candidate
            if current:
                chunks.append(repr(current))
        if len(chunks) == 1:
            write(rep)
            return
        if level == 1:
            write("(")
        for i, piece in enumerate(chunks):
            if i > 0:
                write("\n" + " " * indent)
            write(piece)
        if level == 1:
            write(")")

    def _pprint_bytes(self, object, stream, indent, allowance, context,
                      level):
        write = stream.write
        if len(object) <= 4:
            write(repr(object))
            return
        parens = level == 1
        if parens:
            indent += 1
            allowance += 1
            write("(")
        sep = ""
        for piece in _bytes_pieces(object, self._width - indent, allowance):
            write(sep)
            write(piece)
            if not sep:
                sep = "\n" + " " * indent
        if parens:
            write(")")

    def _pprint_bytearray(self, object, stream, indent, allowance, context,
                          level):
        stream.write("bytearray(")
        self._pprint_bytes(bytes(object), stream, indent + 10,
                           allowance + 1, context, level + 1)
        stream.write(")")

    def _pprint_default_dict(self, object, stream, indent, allowance,
                             context, level):
        if not len(object):
            stream.write(repr(object))
            return
        factory = self._repr(object.default_factory, context, level)
        name = object.__class__.__name__
        indent += len(name) + 1
        stream.write("%s(%s,\n%s" % (name, factory, " " * indent))
        self._pprint_dict(object, stream, indent, allowance + 1, context,
                          level)
        stream.write(")")

    def _pprint_counter(self, object, stream, indent, allowance, context,
                        level):
        if not len(object):
            stream.write(repr(object))
            return
        name = object.__class__.__name__
        stream.write(name + "({")
        if self._indent_per_level > 1:
            stream.write((self._indent_per_level - 1) * " ")
        self._format_dict_items(object.most_common(), stream,
                                indent + len(name) + 1, allowance + 2,
                                context, level)
        stream.write("})")

    def _pprint_chain_map(self, object, stream, indent, allowance, context,
                          level):
        maps = object.maps
        if not len(maps) or (len(maps) == 1 and not len(maps[0])):
            stream.write(repr(object))
            return
        name = object.__class__.__name__
        stream.write(name + "(")
        indent += len(name) + 1
        for i, m in enumerate(maps):
            if i == len(maps) - 1:
                self._format(m, stream, indent, allowance + 1, context,
                             level)
                stream.write(")")
            else:
                self._format(m, stream, indent, 1, context, level)
                stream.write(",\n" + " " * indent)

    def _pprint_deque(self, object, stream, indent, allowance, context,
                      level):
        if not len(object):
            stream.write(repr(object))
            return
        name = object.__class__.__name__
        stream.write(name + "(")
        indent += len(name) + 1
        stream.write("[")
        if object.maxlen is None:
            self._format_items(object, stream, indent, allowance + 2,
                               context, level)
            stream.write("])")
        else:
            self._format_items(object, stream, indent, 2, context, level)
            maxlen = self._repr(object.maxlen, context, level)
            stream.write("],\n%smaxlen=%s)" % (" " * indent, maxlen))

    def _format_dict_items(self, items, stream, indent, allowance, context,
                           level):
        write = stream.write
        indent += self._indent_per_level
        sep = ",\n" + " " * indent
        last_index = len(items) - 1
        for i, (key, value) in enumerate(items):
            last = i == last_index
            rep = self._repr(key, context, level)
            write(rep)
            write(": ")
            self._format(value, stream, indent + len(rep) + 2,
                         allowance if last else 1, context, level)
            if not last:
                write(sep)

    def _format_namespace_items(self, items, stream, indent, allowance,
                                context, level):
        write = stream.write
        sep = ",\n" + " " * indent
        last_index = len(items) - 1
        for i, (key, value) in enumerate(items):
            last = i == last_index
            write(key)
            write("=")
            if id(value) in context:
                # An attribute referring back to an enclosing object.
                write("...")
            else:
                self._format(value, stream, indent + len(key) + 1,
                             allowance if last else 1, context, level)
            if not last:
                write(sep)

    def _format_items(self, items, stream, indent, allowance, context,
                      level):
        """Items of a sequence, one per line, or with compact=True as
        many per line as fit."""
        write = stream.write
        indent += self._indent_per_level
        if self._indent_per_level > 1:
            write((self._indent_per_level - 1) * " ")
        sep_nl = ",\n" + " " * indent
        sep = ""
        width = max_width = self._width - indent + 1
        items = list(items)
        count = len(items)
        for i, item in enumerate(items):
            last = i == count - 1
            if last:
                # The closing bracket must fit after the last item.
                max_width -= allowance
                width -= allowance
            if self._compact:
                rep = self._repr(item, context, level)
                need = len(rep) + 2
                if width < need:
                    width = max_width
                    if sep:
                        sep = sep_nl
                if width >= need:
                    width -= need
                    write(sep)
                    sep = ", "
                    write(rep)
                    continue
            write(sep)
            sep = sep_nl
            self._format(item, stream, indent, allowance if last else 1,
                         context, level)

    def _repr(self, object, context, level):
        text, readable, recursive = self.format(object, context.copy(),
                                                self._depth, level)
        if not readable:
            self._readable = False
        if recursive:
            self._recursive = True
        return text

    # -- one-line repr ---------------------------------------------------------

    def _inline_types(self):
        # The item types _safe_repr shows itself, as repr(item), readable
        # and not recursive (what format would return for them), rather
        # than with two calls per item: the scalars, and int without
        # underscore_numbers. None when a subclass replaces format or
        # _safe_repr: the override sees every item. (Only the class is
        # asked: an instance attribute replacing them is not consulted for
        # these items; asking cost more than the calls it saves.)
        cls = type(self)
        if cls.format is not _BASE_FORMAT or cls._safe_repr is not _BASE_SAFE_REPR:
            return _NO_TYPES
        return _SCALARS if self._underscore_numbers else _SCALARS_AND_INT

    def _safe_repr(self, object, context, maxlevels, level):
        """(text, readable, recursive): repr of object, with dicts
        sorted as configured, containers past `maxlevels` shown as ...
        and self-references shown as <Recursion on ...>."""
        typ = type(object)
        if typ in _SCALARS:
            return repr(object), True, False
        # The built-in types themselves (cannot be changed): no MRO walk.
        owner = _EXACT_OWNERS.get(typ)
        if owner is None:
            owner = _repr_owner(typ)
        if owner is int:
            if self._underscore_numbers:
                return "{:_d}".format(object), True, False
            return repr(object), True, False
        if owner is dict:
            if not object:
                return "{}", True, False
            objid = id(object)
            if maxlevels and level >= maxlevels:
                return "{...}", False, objid in context
            if objid in context:
                return _recursion(object), False, True
            context[objid] = 1
            readable = True
            recursive = False
            parts = []
            level += 1
            if self._sort_dicts:
                items = _sorted_items(object)
            else:
                items = object.items()
            inline = self._inline_types()
            for k, v in items:
                if type(k) in inline:
                    ktext, kreadable, krecur = repr(k), True, False
                else:
                    ktext, kreadable, krecur = self.format(k, context,
                                                           maxlevels, level)
                if type(v) in inline:
                    vtext, vreadable, vrecur = repr(v), True, False
                else:
                    vtext, vreadable, vrecur = self.format(v, context,
                                                           maxlevels, level)
                parts.append("%s: %s" % (ktext, vtext))
                readable = readable and kreadable and vreadable
                if krecur or vrecur:
                    recursive = True
            del context[objid]
            return "{%s}" % ", ".join(parts), readable, recursive
        is_list = owner is list
        if is_list or owner is tuple:
            if is_list:
                if not object:
                    return "[]", True, False
                shape = "[%s]"
            elif len(object) == 1:
                shape = "(%s,)"
            else:
                if not object:
                    return "()", True, False
                shape = "(%s)"
            objid = id(object)
            if maxlevels and level >= maxlevels:
                return shape % "...", False, objid in context
            if objid in context:
                return _recursion(object), False, True
            context[objid] = 1
            readable = True
            recursive = False
            parts = []
            level += 1
            inline = self._inline_types()
            for item in object:
                if type(item) in inline:
                    parts.append(repr(item))
                    continue
                text, ireadable, irecur = self.format(item, context,
                                                      maxlevels, level)
                parts.append(text)
                if not ireadable:
                    readable = False
                if irecur:
                    recursive = True
            del context[objid]
            return shape % ", ".join(parts), readable, recursive
        text = repr(object)
        return text, bool(text and not text.startswith("<")), False


def _bytes_pieces(object, width, allowance):
    """reprs of consecutive runs of 4-byte groups of object, each as
    long as fits in width (the last also leaving room for allowance)."""
    current = b""
    last = len(object) // 4 * 4
    for i in range(0, len(object), 4):
        part = object[i:i + 4]
        candidate = current + part
        if i == last:
            width -= allowance
        if len(repr(candidate)) > width:
            if current:
                yield repr(current)
            current = part
        else:
            current = candidate
    if current:
        yield repr(current)


_BASE_FORMAT = PrettyPrinter.format
_BASE_SAFE_REPR = PrettyPrinter._safe_repr
_SCALARS_AND_INT = _SCALARS | {int}
_NO_TYPES = frozenset()

# Layout functions keyed by the types whose repr they reproduce.
_LAYOUTS = {
    dict: PrettyPrinter._pprint_dict,
    list: PrettyPrinter._pprint_list,
    tuple: PrettyPrinter._pprint_tuple,
    set: PrettyPrinter._pprint_set,
    frozenset: PrettyPrinter._pprint_set,
    str: PrettyPrinter._pprint_str,
    bytes: PrettyPrinter._pprint_bytes,
    bytearray: PrettyPrinter._pprint_bytearray,
}
# Built-in types whose repr the one-line formatter knows about.
_KNOWN_REPRS = {int, dict, list, tuple}
_EXACT_OWNERS = {t: t for t in _KNOWN_REPRS}


def _repr_owner(typ):
    """The class in typ's MRO whose __repr__ typ uses, if that is one of
    the built-in types handled here (else None).

    This walks the MRO instead of comparing typ.__repr__ with
    dict.__repr__ and so on, as CPython does, because in capy the
    built-in types all share one __repr__ object (dict.__repr__ is
    list.__repr__), so identity cannot tell them apart."""
    for c in typ.__mro__:
        if c in _LAYOUTS or c in _KNOWN_REPRS:
            return c
        if "__repr__" in c.__dict__:
            return None
    return None


def _add_collections_layouts():
    try:
        import collections
    except ImportError:
        return
    for name, layout in (("OrderedDict", PrettyPrinter._pprint_ordered_dict),
                         ("defaultdict", PrettyPrinter._pprint_default_dict),
                         ("Counter", PrettyPrinter._pprint_counter),
                         ("ChainMap", PrettyPrinter._pprint_chain_map),
                         ("deque", PrettyPrinter._pprint_deque)):
        cls = getattr(collections, name, None)
        # Only when the class has a repr of its own: one inherited from
        # dict must keep the plain dict layout.
        if cls is not None and "__repr__" in cls.__dict__:
            _LAYOUTS[cls] = layout


_add_collections_layouts()
