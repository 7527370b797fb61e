# Checks dialects: the predefined excel/excel-tab/unix, register_dialect
# with a name, class or keyword arguments, get_dialect, list_dialects,
# unregister_dialect, Dialect subclasses and their validation, the
# read-only dialect attributes, and the TypeError/csv.Error messages for
# bad formatting parameters.
import csv
import io


def t(f, *a, **k):
    try:
        r = f(*a, **k)
        if r is None or isinstance(r, (list, str, int)):
            print("ok", r)
        else:
            print("ok")
    except Exception as e:
        print(type(e).__name__ + ":", e)


def w(**k):
    return csv.writer(io.StringIO(), **k)


t(w, delimiter='ab')
t(w, delimiter='')
t(w, delimiter=None)
t(w, delimiter=1)
t(w, quotechar='ab')
t(w, quotechar='')
t(w, quotechar=None)
t(w, quotechar=None, quoting=csv.QUOTE_NONE)
t(w, quotechar=None, quoting=csv.QUOTE_MINIMAL)
t(w, quotechar=1)
t(w, escapechar='ab')
t(w, escapechar=1)
t(w, lineterminator=1)
t(w, lineterminator=None)
t(w, quoting=10)
t(w, quoting=-1)
t(w, quoting='a')
t(w, quoting=None)
t(w, quoting=1.0)
t(w, delimiter=None, quoting=9)
t(w, doublequote=0)
t(w, strict=[])
t(w, dialect='nope')
t(w, foo=1)
t(csv.writer, io.StringIO(), 'excel', 'x')
t(csv.writer)
t(csv.reader)
t(csv.reader, 1)
t(csv.get_dialect, 'zz')
t(csv.register_dialect)
t(csv.register_dialect, 1)
t(csv.register_dialect, 'x', delimiter=1)
t(csv.unregister_dialect, 'zz')
t(csv.field_size_limit, 'a')
t(csv.field_size_limit, 1, 2)

d = csv.get_dialect('excel')
print(repr(d.delimiter), repr(d.quotechar), repr(d.escapechar), d.doublequote,
      d.skipinitialspace, repr(d.lineterminator), d.quoting, d.strict)
t(setattr, d, 'delimiter', ';')
t(setattr, d, 'quoting', 1)
d = csv.get_dialect('unix')
print(repr(d.lineterminator), d.quoting)
d = csv.get_dialect('excel-tab')
print(repr(d.delimiter))
print(csv.list_dialects())
print(csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC, csv.QUOTE_NONE)
print(csv.excel.delimiter, repr(csv.excel_tab.delimiter), csv.unix_dialect.quoting)
print(issubclass(csv.excel_tab, csv.excel), issubclass(csv.Error, Exception))

t(csv.register_dialect, 'semi', 'excel', delimiter=';')
d = csv.get_dialect('semi')
print(d.delimiter, d.quoting)
t(csv.register_dialect, 'allq', csv.excel, quoting=csv.QUOTE_ALL)
print(csv.get_dialect('allq').quoting)
t(csv.register_dialect, 'kw', delimiter='|', quotechar="'", strict=True)
d = csv.get_dialect('kw')
print(d.delimiter, d.quotechar, d.strict, repr(d.lineterminator))
print(csv.list_dialects())
csv.unregister_dialect('kw')
t(csv.get_dialect, 'kw')
print(csv.list_dialects())
s = io.StringIO()
csv.writer(s, 'semi').writerow(['a', 'b;c'])
csv.writer(s, dialect='allq').writerow(['a', 1])
print(repr(s.getvalue()))
print(list(csv.reader(['1;2'], 'semi')))
print(csv.reader([], dialect=csv.get_dialect('semi'), delimiter='|').dialect.delimiter)


class Semi(csv.Dialect):
    delimiter = ';'
    quotechar = "'"
    quoting = csv.QUOTE_MINIMAL
    lineterminator = '\n'
    doublequote = True
    skipinitialspace = True


e = Semi()
print(e.delimiter, e.doublequote, e.escapechar, e.skipinitialspace, Semi._valid, e._valid)
print(list(csv.reader(["a; 'b;c'"], Semi)))
print(list(csv.reader(["a; 'b;c'"], dialect=e)))
s = io.StringIO()
csv.writer(s, Semi).writerow(["x;y", "it's"])
print(repr(s.getvalue()))


class OnlyDelim(csv.Dialect):
    delimiter = ';'


class NoQuote(csv.Dialect):
    delimiter = ';'
    quotechar = None
    quoting = csv.QUOTE_MINIMAL
    lineterminator = '\n'


class NoTerm(csv.Dialect):
    delimiter = ';'
    quotechar = '"'
    quoting = csv.QUOTE_MINIMAL


t(csv.Dialect)
t(OnlyDelim)
t(NoQuote)
t(NoTerm)
