import contextlib
import io
import sys

# print() with no file= must write to whatever sys.stdout is now (capy's
# print writes to the real stdout: listed in xfail.txt).
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    print("captured")
    print("a", "b", sep="-")
print(repr(buf.getvalue()))
err = io.StringIO()
with contextlib.redirect_stderr(err):
    try:
        raise KeyError("k")
    except KeyError:
        sys.stderr.write("handled\n")
print(repr(err.getvalue()))
