# sys.print_exception(exc, file) is MicroPython's (CPython has no such
# function), so the expected output is in print_exception_file.py.exp: the
# traceback without source lines, written to any object with `write` (capy's
# choice: MicroPython takes only its native streams); an object that is not
# a stream raises OSError; a non-exception prints as str.
import io
import sys


def fail():
    raise ValueError("bad value")


buf = io.StringIO()
try:
    fail()
except ValueError as e:
    sys.print_exception(e, buf)
for line in buf.getvalue().split("\n"):
    print(repr(line.split('"')[0] + (line.split('"')[2] if '"' in line else "")))


class Sink:
    def write(self, s):
        print("write:", repr(s))


sys.print_exception(KeyError("k"), Sink())

for bad in (1, "text", [], None):
    try:
        sys.print_exception(Exception("e"), bad)
    except OSError as e:
        print("OSError:", e)

sys.print_exception(Exception)
sys.print_exception(42, Sink())
