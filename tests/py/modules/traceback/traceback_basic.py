# traceback: print_exc/format_exc inside a handler, format_exception and
# print_exception of a caught exception (with its cause), the exception
# line alone, and extract_tb's entries. CPython names the script by its
# absolute path and draws ^^^ under expressions, capy does neither: the
# output is printed without both.
import os
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__)) + "/"


class Out:
    def write(self, s):
        print(clean(s), end="")


def clean(text):
    lines = text.replace(HERE, "").splitlines(True)
    return "".join(l for l in lines if l.strip(" ^~\n") or not l.strip())



def inner(n):
    return 10 // n


def outer(n):
    return inner(n) + 1


try:
    outer(0)
except ZeroDivisionError as e:
    text = traceback.format_exc()
    print(clean(text))
    traceback.print_exc(file=Out())
    print(traceback.format_exception_only(e))
    print(traceback.format_exception_only(type(e), e))
    for f in traceback.extract_tb(e.__traceback__):
        print(f.name, f.lineno, f.line)
    filename, lineno, name, line = traceback.extract_tb(e.__traceback__)[-1]
    print(name, lineno, line, os.path.basename(filename))
    print(clean("".join(traceback.format_tb(e.__traceback__))))

try:
    try:
        {}["missing"]
    except KeyError as e:
        raise ValueError("bad key") from e
except ValueError as e:
    print(clean("".join(traceback.format_exception(e))))
    traceback.print_exception(type(e), e, e.__traceback__, file=Out())
    print(traceback.format_exception(e, chain=False)[-1], end="")
    te = traceback.TracebackException.from_exception(e)
    print(str(te), te.exc_type.__name__, "".join(te.format_exception_only()), end="")


class AppError(Exception):
    pass


try:
    raise AppError()
except AppError as e:
    print(traceback.format_exception_only(e))
print(traceback.format_exception_only(None))
print(traceback.format_exc())
