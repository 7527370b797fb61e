# traceback for capy: printing and formatting exceptions as CPython
# prints them uncaught, their entries as FrameSummary objects, and the
# running stack (extract_stack, format_stack, print_stack, walk_stack,
# through sys._getframe).
#
# capy records, per traceback entry, the file, line and function name;
# e.__traceback__ is a traceback object over those entries (_frame.py);
# every function here also accepts the exception itself as a "traceback". Column markers
# (^^^) are not drawn, as in capy's own tracebacks.
import sys
import _traceback

__all__ = [
    "extract_tb", "format_exc", "format_exception", "format_exception_only",
    "format_list", "format_tb", "print_exc", "print_exception", "print_last",
    "print_tb", "FrameSummary", "StackSummary", "TracebackException",
    "extract_stack", "format_stack", "print_stack", "walk_stack", "print_list",
    "walk_tb",
]

_NONE = object()


def _exc_of(exc, value):
    # The 3.10+ API takes the exception; the older one (type, value, tb).
    if value is not _NONE:
        return value
    if isinstance(exc, type):
        raise TypeError("the exception must be given, not only its type")
    return exc


def _name(e):
    t = type(e)
    mod = getattr(t, "__module__", "builtins")
    if mod in ("builtins", "__main__", None):
        return t.__qualname__ if hasattr(t, "__qualname__") else t.__name__
    return mod + "." + t.__name__


class FrameSummary:
    __slots__ = ("filename", "lineno", "name", "line", "locals")

    def __init__(self, filename, lineno, name, *, lookup_line=True, locals=None, line=None):
        self.filename = filename
        self.lineno = lineno
        self.name = name
        self.line = line
        self.locals = locals

    def __iter__(self):
        return iter((self.filename, self.lineno, self.name, self.line))

    def __getitem__(self, i):
        return (self.filename, self.lineno, self.name, self.line)[i]

    def __len__(self):
        return 4

    def __eq__(self, other):
        if isinstance(other, FrameSummary):
            return tuple(self) == tuple(other)
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __repr__(self):
        return "<FrameSummary file {}, line {} in {}>".format(
            self.filename, self.lineno, self.name)


class StackSummary(list):
    @classmethod
    def from_list(cls, a_list):
        out = cls()
        for f in a_list:
            if isinstance(f, FrameSummary):
                out.append(f)
            else:
                filename, lineno, name, line = f
                out.append(FrameSummary(filename, lineno, name, line=line))
        return out

    def format(self):
        out = []
        for f in self:
            s = '  File "{}", line {}, in {}\n'.format(f.filename, f.lineno, f.name)
            if f.line:
                s += "    {}\n".format(f.line.strip())
            out.append(s)
        return out


def extract_tb(tb, limit=None):
    if tb is None:
        return StackSummary()
    if isinstance(tb, BaseException):
        entries = _traceback.entries(tb)
    else:
        # A traceback object: its exception's entries from its own on.
        entries = _traceback.entries(tb._exc)[tb._i:]
    if limit is not None:
        entries = entries[:limit] if limit >= 0 else entries[limit:]
    return StackSummary.from_list(entries)


def walk_tb(tb):
    """(frame, line) of each entry from `tb` inward."""
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


def walk_stack(f):
    """(frame, line) from `f` outwards. Without `f`, 3.11 starts four
    frames out from this generator's own (an off-by-some that 3.12 fixed;
    kept so programs print what they print under 3.11)."""
    if f is None:
        f = sys._getframe(4) if _depth_at_least(5) else None
    while f is not None:
        yield f, f.f_lineno
        f = f.f_back


def _depth_at_least(n):
    try:
        sys._getframe(n)
    except ValueError:
        return False
    return True


def extract_stack(f=None, limit=None):
    """The stack from the outermost frame to `f` (default: the caller):
    the `limit` innermost entries, or with a negative limit the outermost."""
    if f is None:
        f = sys._getframe(1)
    entries = []
    while f is not None:
        code = f.f_code
        line = _traceback.source_line(code.co_filename, f.f_lineno)
        entries.append((code.co_filename, f.f_lineno, code.co_name, line))
        f = f.f_back
    if limit is not None:
        entries = entries[:limit] if limit >= 0 else entries[limit:]
    entries.reverse()
    return StackSummary.from_list(entries)


def format_stack(f=None, limit=None):
    if f is None:
        f = sys._getframe(1)
    return format_list(extract_stack(f, limit))


def print_stack(f=None, limit=None, file=None):
    if f is None:
        f = sys._getframe(1)
    print_list(extract_stack(f, limit), file)


def print_list(extracted_list, file=None):
    print("".join(format_list(extracted_list)), file=file or sys.stderr, end="")


def format_list(extracted_list):
    return StackSummary.from_list(extracted_list).format()


def format_tb(tb, limit=None):
    return extract_tb(tb, limit).format()


def print_tb(tb, limit=None, file=None):
    print("".join(format_tb(tb, limit)), file=file or sys.stderr, end="")


def format_exception_only(exc, value=_NONE):
    e = _exc_of(exc, value)
    if e is None:
        return ["NoneType: None\n"]
    text = _traceback.format(e)
    # The lines after the last entry: the exception line (and, for a
    # SyntaxError, its location block).
    lines = text.splitlines(True)
    i = len(lines)
    while i > 0 and not lines[i - 1].startswith("  "):
        i -= 1
    tail = lines[i:]
    if isinstance(e, SyntaxError):
        return tail
    return [_name(e) + (": " + str(e) if str(e) else "") + "\n"]


def format_exception(exc, value=_NONE, tb=_NONE, limit=None, chain=True):
    e = _exc_of(exc, value)
    if e is None:
        return ["NoneType: None\n"]
    if chain and limit is None:
        return _traceback.format(e).splitlines(True)
    out = []
    entries = extract_tb(e, limit)
    if entries:
        out.append("Traceback (most recent call last):\n")
        out.extend(entries.format())
    out.extend(format_exception_only(e))
    return out


def print_exception(exc, value=_NONE, tb=_NONE, limit=None, file=None, chain=True):
    text = "".join(format_exception(exc, value, tb, limit, chain))
    print(text, file=file or sys.stderr, end="")


def format_exc(limit=None, chain=True):
    return "".join(format_exception(sys.exc_info()[1], limit=limit, chain=chain))


def print_exc(limit=None, file=None, chain=True):
    print_exception(sys.exc_info()[1], limit=limit, file=file, chain=chain)


def print_last(limit=None, file=None, chain=True):
    last = getattr(sys, "last_value", None)
    if last is None:
        raise ValueError("no last exception")
    print_exception(last, limit=limit, file=file, chain=chain)


class TracebackException:
    def __init__(self, exc_type, exc_value, exc_traceback, *, limit=None, **kw):
        self._exc = exc_value
        self.exc_type = exc_type
        self.stack = extract_tb(exc_value, limit)
        self.__cause__ = (TracebackException.from_exception(exc_value.__cause__)
                          if exc_value is not None and exc_value.__cause__ is not None else None)
        self.__context__ = (TracebackException.from_exception(exc_value.__context__)
                            if exc_value is not None and exc_value.__context__ is not None
                            and exc_value.__cause__ is None else None)
        self.__suppress_context__ = bool(exc_value is not None and exc_value.__suppress_context__)
        self._str = str(exc_value) if exc_value is not None else ""

    @classmethod
    def from_exception(cls, exc, **kw):
        return cls(type(exc), exc, exc, **kw)

    def __str__(self):
        return self._str

    def __eq__(self, other):
        if isinstance(other, TracebackException):
            return (self.exc_type, self._str, list(self.stack)) == (
                other.exc_type, other._str, list(other.stack))
        return NotImplemented

    def format_exception_only(self):
        return iter(format_exception_only(self._exc))

    def format(self, *, chain=True):
        return iter(format_exception(self._exc, chain=chain))
