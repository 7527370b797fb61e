"""csv for capy: reading and writing comma-separated values.

Covers CPython 3.11's csv module: reader, writer (writerow/writerows),
DictReader, DictWriter, the Dialect class with the predefined dialects
'excel', 'excel-tab' and 'unix', register_dialect / get_dialect /
unregister_dialect / list_dialects, the formatting parameters (delimiter,
quotechar, escapechar, doublequote, skipinitialspace, lineterminator,
quoting, strict), QUOTE_MINIMAL / QUOTE_ALL / QUOTE_NONNUMERIC /
QUOTE_NONE, field_size_limit, and csv.Error with CPython's messages.

A reader takes any iterable of strings (a list, io.StringIO, a file
opened with newline=''); a writer takes any object with a write() method.

Not covered: Sniffer (format guessing), and the 3.12 additions
(QUOTE_STRINGS, QUOTE_NOTNULL). The set of extra keys named in
DictWriter's "dict contains fields not in fieldnames" error is listed in
the dict's order; CPython lists a set, whose order may differ.
"""

__all__ = ["QUOTE_MINIMAL", "QUOTE_ALL", "QUOTE_NONNUMERIC", "QUOTE_NONE",
           "Error", "Dialect", "excel", "excel_tab", "unix_dialect",
           "field_size_limit", "reader", "writer", "register_dialect",
           "get_dialect", "list_dialects", "unregister_dialect",
           "DictReader", "DictWriter"]

QUOTE_MINIMAL = 0
QUOTE_ALL = 1
QUOTE_NONNUMERIC = 2
QUOTE_NONE = 3


class Error(Exception):
    pass


_field_limit = 128 * 1024
_dialects = {}

# Parameter names, in the order CPython checks them (this decides which
# error is reported when several parameters are wrong).
_PARAMS = ("delimiter", "doublequote", "escapechar", "lineterminator",
           "quotechar", "quoting", "skipinitialspace", "strict")
_DEFAULTS = {"delimiter": ",", "doublequote": True, "escapechar": None,
             "lineterminator": "\r\n", "quotechar": '"',
             "quoting": QUOTE_MINIMAL, "skipinitialspace": False,
             "strict": False}
_MISSING = object()


def _check_char(name, v):
    if not isinstance(v, str):
        raise TypeError('"%s" must be string, not %s' % (name, type(v).__name__))
    if len(v) != 1:
        raise TypeError('"%s" must be a 1-character string' % name)
    return v


def _check_char_or_none(name, v):
    if v is None:
        return None
    if not isinstance(v, str):
        raise TypeError('"%s" must be string or None, not %s'
                        % (name, type(v).__name__))
    if len(v) != 1:
        raise TypeError('"%s" must be a 1-character string' % name)
    return v


class _Dialect:
    """The validated, read-only set of formatting parameters that a reader
    or writer carries as its .dialect (CPython's _csv.Dialect)."""

    def __init__(self, dialect=None, **kwargs):
        for k in kwargs:
            if k not in _DEFAULTS:
                raise TypeError("%r is an invalid keyword argument for this function" % k)
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)
        vals = {}
        for name in _PARAMS:
            v = kwargs.get(name, _MISSING)
            if v is _MISSING and dialect is not None:
                v = getattr(dialect, name, _MISSING)
            vals[name] = v
        # quotechar=None without any quoting setting means "no quoting".
        quoting_given = vals["quoting"] is not _MISSING
        for name in _PARAMS:
            if vals[name] is _MISSING:
                vals[name] = _DEFAULTS[name]

        d = {}
        d["delimiter"] = _check_char("delimiter", vals["delimiter"])
        d["doublequote"] = bool(vals["doublequote"])
        d["escapechar"] = _check_char_or_none("escapechar", vals["escapechar"])
        lt = vals["lineterminator"]
        if lt is not None and not isinstance(lt, str):
            raise TypeError('"lineterminator" must be a string')
        d["lineterminator"] = lt
        d["quotechar"] = _check_char_or_none("quotechar", vals["quotechar"])
        q = vals["quoting"]
        if not isinstance(q, int):
            raise TypeError('"quoting" must be an integer')
        d["skipinitialspace"] = bool(vals["skipinitialspace"])
        d["strict"] = bool(vals["strict"])
        if d["quotechar"] is None and not quoting_given:
            q = QUOTE_NONE
        if q not in (QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE):
            raise TypeError('bad "quoting" value')
        d["quoting"] = int(q)
        if d["quotechar"] is None and q != QUOTE_NONE:
            raise TypeError("quotechar must be set if quoting enabled")
        if lt is None:
            raise TypeError("lineterminator must be set")
        self._d = d


def _read_only(name):
    def get(self):
        return self._d[name]

    def set(self, value):
        raise AttributeError("attribute '%s' of '_csv.Dialect' objects is not writable" % name)
    return property(get, set)


for _name in _PARAMS:
    setattr(_Dialect, _name, _read_only(_name))
del _name


def _make_dialect(args, kwargs, first):
    # reader/writer accept (first, [dialect], **fmtparams).
    if len(args) < 1:
        raise TypeError(" expected at least 1 argument, got 0")
    if len(args) > 2:
        raise TypeError(" expected at most 2 arguments, got %d" % len(args))
    if len(args) == 2:
        if "dialect" in kwargs:
            raise TypeError("argument for %s() given by name ('dialect') and position (2)" % first)
        dialect = args[1]
    else:
        dialect = kwargs.pop("dialect", None)
    if "dialect" in kwargs:
        kwargs = dict(kwargs)
        del kwargs["dialect"]
    return _Dialect(dialect, **kwargs)


class Dialect:
    """Describe a CSV dialect by class attributes; subclass it and set
    delimiter, quotechar, escapechar, doublequote, skipinitialspace,
    lineterminator and quoting (strict is optional)."""
    _name = ""
    _valid = False
    delimiter = None
    quotechar = None
    escapechar = None
    doublequote = None
    skipinitialspace = None
    lineterminator = None
    quoting = None

    def __init__(self):
        if self.__class__ is not Dialect:
            self._valid = True
        self._validate()

    def _validate(self):
        try:
            _Dialect(self)
        except TypeError as e:
            # CPython reports the same text as csv.Error here.
            raise Error(str(e))


class excel(Dialect):
    """The usual properties of an Excel-generated CSV file."""
    delimiter = ","
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\r\n"
    quoting = QUOTE_MINIMAL


class excel_tab(excel):
    """The usual properties of an Excel-generated TAB-delimited file."""
    delimiter = "\t"


class unix_dialect(Dialect):
    """The usual properties of a CSV file generated on UNIX systems."""
    delimiter = ","
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\n"
    quoting = QUOTE_ALL


def register_dialect(*args, **kwargs):
    if len(args) < 1:
        raise TypeError(" expected at least 1 argument, got 0")
    if len(args) > 2:
        raise TypeError(" expected at most 2 arguments, got %d" % len(args))
    name = args[0]
    if not isinstance(name, str):
        raise TypeError("dialect name must be a string")
    _dialects[name] = _Dialect(args[1] if len(args) > 1 else None, **kwargs)


def unregister_dialect(name):
    if name not in _dialects:
        raise Error("unknown dialect")
    del _dialects[name]


def get_dialect(name):
    try:
        return _dialects[name]
    except (KeyError, TypeError):
        raise Error("unknown dialect")


def list_dialects():
    return list(_dialects)


def field_size_limit(*args):
    global _field_limit
    if len(args) > 1:
        raise TypeError("field_size_limit() takes at most 1 argument (%d given)" % len(args))
    old = _field_limit
    if args:
        if not isinstance(args[0], int):
            raise TypeError("limit must be an integer")
        _field_limit = args[0]
    return old


register_dialect("excel", excel)
register_dialect("excel-tab", excel_tab)
register_dialect("unix", unix_dialect)


# Reader states.
_START_RECORD = 0
_START_FIELD = 1
_ESCAPED_CHAR = 2
_IN_FIELD = 3
_IN_QUOTED_FIELD = 4
_ESCAPE_IN_QUOTED_FIELD = 5
_QUOTE_IN_QUOTED_FIELD = 6
_EAT_CRNL = 7
_AFTER_ESCAPED_CRNL = 8

# Fed to the state machine after each line; distinct from any character.
_EOL = None


class _Reader:
    """Iterator over the records of an iterable of lines. A record may
    span several lines when a quoted field contains a newline."""

    def __init__(self, lines, dialect):
        self._it = iter(lines)
        self.dialect = dialect
        self.line_num = 0
        self._fields = None
        self._field = []
        self._state = _START_RECORD
        self._numeric = False
        # Plain attributes: the per-character loop reads them often.
        self._delim = dialect.delimiter
        self._quote = dialect.quotechar
        self._esc = dialect.escapechar
        self._dq = dialect.doublequote
        self._skipsp = dialect.skipinitialspace
        self._quoting = dialect.quoting
        self._strict = dialect.strict

    def __iter__(self):
        return self

    def _reset(self):
        self._fields = []
        self._field = []
        self._state = _START_RECORD
        self._numeric = False

    def _save_field(self):
        s = "".join(self._field)
        self._field = []
        if self._numeric:
            self._numeric = False
            s = float(s)
        self._fields.append(s)

    def _add_char(self, c):
        if len(self._field) >= _field_limit:
            raise Error("field larger than field limit (%d)" % _field_limit)
        self._field.append(c)

    def _process(self, c):
        st = self._state
        if st == _START_RECORD:
            if c is _EOL:
                return
            if c == "\n" or c == "\r":
                self._state = _EAT_CRNL
                return
            st = self._state = _START_FIELD
        if st == _START_FIELD:
            if c is _EOL or c == "\n" or c == "\r":
                self._save_field()
                self._state = _START_RECORD if c is _EOL else _EAT_CRNL
            elif c == self._quote and self._quoting != QUOTE_NONE:
                self._state = _IN_QUOTED_FIELD
            elif c == self._esc:
                self._state = _ESCAPED_CHAR
            elif c == " " and self._skipsp:
                pass
            elif c == self._delim:
                self._save_field()
            else:
                if self._quoting == QUOTE_NONNUMERIC:
                    self._numeric = True
                self._add_char(c)
                self._state = _IN_FIELD
            return
        if st == _ESCAPED_CHAR:
            if c == "\n" or c == "\r":
                self._add_char(c)
                self._state = _AFTER_ESCAPED_CRNL
                return
            if c is _EOL:
                c = "\n"
            self._add_char(c)
            self._state = _IN_FIELD
            return
        if st == _AFTER_ESCAPED_CRNL:
            if c is _EOL:
                return
            st = _IN_FIELD
        if st == _IN_FIELD:
            if c is _EOL or c == "\n" or c == "\r":
                self._save_field()
                self._state = _START_RECORD if c is _EOL else _EAT_CRNL
            elif c == self._esc:
                self._state = _ESCAPED_CHAR
            elif c == self._delim:
                self._save_field()
                self._state = _START_FIELD
            else:
                self._add_char(c)
                self._state = _IN_FIELD
            return
        if st == _IN_QUOTED_FIELD:
            if c is _EOL:
                pass
            elif c == self._esc:
                self._state = _ESCAPE_IN_QUOTED_FIELD
            elif c == self._quote and self._quoting != QUOTE_NONE:
                self._state = _QUOTE_IN_QUOTED_FIELD if self._dq else _IN_FIELD
            else:
                self._add_char(c)
            return
        if st == _ESCAPE_IN_QUOTED_FIELD:
            if c is _EOL:
                c = "\n"
            self._add_char(c)
            self._state = _IN_QUOTED_FIELD
            return
        if st == _QUOTE_IN_QUOTED_FIELD:
            # After a quote inside a quoted field: a doubled quote, the end
            # of the field, or (when not strict) more text for the field.
            if self._quoting != QUOTE_NONE and c == self._quote:
                self._add_char(c)
                self._state = _IN_QUOTED_FIELD
            elif c == self._delim:
                self._save_field()
                self._state = _START_FIELD
            elif c is _EOL or c == "\n" or c == "\r":
                self._save_field()
                self._state = _START_RECORD if c is _EOL else _EAT_CRNL
            elif not self._strict:
                self._add_char(c)
                self._state = _IN_FIELD
            else:
                raise Error("'%s' expected after '%s'" % (self._delim, self._quote))
            return
        if st == _EAT_CRNL:
            if c == "\n" or c == "\r":
                pass
            elif c is _EOL:
                self._state = _START_RECORD
            else:
                raise Error("new-line character seen in unquoted field - "
                            "do you need to open the file in universal-newline mode?")

    def __next__(self):
        self._reset()
        while True:
            try:
                line = next(self._it)
            except StopIteration:
                if self._field or self._state == _IN_QUOTED_FIELD:
                    if self.dialect.strict:
                        raise Error("unexpected end of data")
                    self._save_field()
                    break
                raise
            if not isinstance(line, str):
                raise Error("iterator should return strings, not %s "
                            "(the file should be opened in text mode)"
                            % type(line).__name__)
            self.line_num += 1
            for c in line:
                self._process(c)
            self._process(_EOL)
            if self._state == _START_RECORD:
                break
        fields = self._fields
        self._fields = None
        return fields


def reader(*args, **kwargs):
    """csv.reader(iterable, dialect='excel', **fmtparams): an iterator of
    lists of fields, one list per record."""
    d = _make_dialect(args, kwargs, "reader")
    return _Reader(args[0], d)


def _is_number(v):
    # CPython quotes everything that is not a number under
    # QUOTE_NONNUMERIC (bool counts as a number).
    return isinstance(v, (int, float, complex)) or (
        not isinstance(v, str) and (hasattr(v, "__float__") or hasattr(v, "__index__")))


class _Writer:
    def __init__(self, f, dialect):
        self._write = f.write
        self.dialect = dialect

    def _field_text(self, field, quoted, out):
        d = self.dialect
        lt = d.lineterminator
        for c in field:
            want_escape = False
            if (c == d.delimiter or c == d.escapechar or c == d.quotechar
                    or c in lt):
                if d.quoting == QUOTE_NONE:
                    want_escape = True
                else:
                    if c == d.quotechar:
                        if d.doublequote:
                            out.append(d.quotechar)
                        else:
                            want_escape = True
                    elif c == d.escapechar:
                        want_escape = True
                    if not want_escape:
                        quoted = True
                if want_escape:
                    if d.escapechar is None:
                        raise Error("need to escape, but no escapechar set")
                    out.append(d.escapechar)
            out.append(c)
        return quoted

    def writerow(self, *args):
        if len(args) != 1:
            raise TypeError("writer.writerow() takes exactly one argument (%d given)" % len(args))
        row = args[0]
        d = self.dialect
        try:
            it = iter(row)
        except TypeError:
            raise Error("iterable expected, not %s" % type(row).__name__)
        parts = []
        nfields = 0
        for field in it:
            nfields += 1
            if d.quoting == QUOTE_NONNUMERIC:
                quoted = not _is_number(field)
            else:
                quoted = d.quoting == QUOTE_ALL
            if field is None:
                text = ""
            elif isinstance(field, str):
                text = field
            else:
                text = str(field)
            out = []
            quoted = self._field_text(text, quoted, out)
            body = "".join(out)
            if quoted:
                body = d.quotechar + body + d.quotechar
            parts.append(body)
        line = d.delimiter.join(parts)
        if nfields > 0 and line == "":
            # A lone empty field would read back as an empty record.
            if d.quoting == QUOTE_NONE:
                raise Error("single empty field record must be quoted")
            line = d.quotechar * 2
        return self._write(line + d.lineterminator)

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


def writer(*args, **kwargs):
    """csv.writer(fileobj, dialect='excel', **fmtparams): an object whose
    writerow()/writerows() write delimited records to fileobj."""
    d = _make_dialect(args, kwargs, "writer")
    f = args[0]
    if not hasattr(f, "write"):
        raise TypeError('argument 1 must have a "write" method')
    return _Writer(f, d)


class DictReader:
    """Read records as dicts keyed by fieldnames (taken from the first
    record when not given). Extra values go to a list under restkey,
    missing ones are filled with restval. Blank records are skipped."""

    def __init__(self, f, fieldnames=None, restkey=None, restval=None,
                 dialect="excel", *args, **kwds):
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.reader = reader(f, dialect, *args, **kwds)
        self.dialect = dialect
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    @fieldnames.setter
    def fieldnames(self, value):
        self._fieldnames = value

    def __next__(self):
        if self.line_num == 0:
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num
        while row == []:
            row = next(self.reader)
        names = self.fieldnames
        d = dict(zip(names, row))
        nf = len(names)
        nr = len(row)
        if nf < nr:
            d[self.restkey] = row[nf:]
        elif nf > nr:
            for key in names[nr:]:
                d[key] = self.restval
        return d


class DictWriter:
    """Write dicts as records, fields in the order of fieldnames; keys
    missing from a dict get restval, unknown keys raise ValueError (or
    are dropped with extrasaction='ignore')."""

    def __init__(self, f, fieldnames, restval="", extrasaction="raise",
                 dialect="excel", *args, **kwds):
        if fieldnames is not None and iter(fieldnames) is fieldnames:
            fieldnames = list(fieldnames)
        self.fieldnames = fieldnames
        self.restval = restval
        if extrasaction.lower() not in ("raise", "ignore"):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'" % extrasaction)
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        header = dict(zip(self.fieldnames, self.fieldnames))
        return self.writerow(header)

    def _dict_to_list(self, rowdict):
        if self.extrasaction == "raise":
            wrong = [k for k in rowdict if k not in self.fieldnames]
            if wrong:
                raise ValueError("dict contains fields not in fieldnames: "
                                 + ", ".join([repr(x) for x in wrong]))
        return [rowdict.get(key, self.restval) for key in self.fieldnames]

    def writerow(self, rowdict):
        return self.writer.writerow(self._dict_to_list(rowdict))

    def writerows(self, rowdicts):
        return self.writer.writerows(map(self._dict_to_list, rowdicts))
