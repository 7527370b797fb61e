# Checks formatwarning and showwarning output: the
# "file:line: Category: message" line, the source line read from the file
# (stripped) or given explicitly, file= output, a replaced formatwarning
# being used by showwarning, and warn_explicit's printed output.
import io
import os
import sys
import warnings

with open("warnings_format_tmp.py", "w") as f:
    f.write("first = 1\n    indented_line = 2   \nthird\n")

print(repr(warnings.formatwarning("msg", UserWarning, "nofile.py", 5)))
print(repr(warnings.formatwarning("msg", UserWarning, "nofile.py", 5, "  given line  ")))
print(repr(warnings.formatwarning("msg", UserWarning, "nofile.py", 5, "")))
print(repr(warnings.formatwarning(UserWarning("inst"), DeprecationWarning, "sys", 1)))
print(repr(warnings.formatwarning("m", RuntimeWarning, "warnings_format_tmp.py", 2)))
print(repr(warnings.formatwarning("m", RuntimeWarning, "warnings_format_tmp.py", 9)))

out = io.StringIO()
warnings.showwarning("shown", FutureWarning, "warnings_format_tmp.py", 1, out)
warnings.showwarning("shown2", FutureWarning, "x.py", 1, out, "src")
print(repr(out.getvalue()))

err = io.StringIO()
sys.stderr = err
warnings.showwarning("to stderr", UserWarning, "x.py", 3)
with warnings.catch_warnings():
    warnings.simplefilter("always")
    warnings.warn_explicit("explicit", SyntaxWarning, "warnings_format_tmp.py", 3)
    warnings.warn_explicit(RuntimeWarning("instance"), UserWarning, "nofile.py", 8)
sys.stderr = sys.__stderr__
print(repr(err.getvalue()))

old = warnings.formatwarning
warnings.formatwarning = lambda m, c, f, l, line=None: "[%s|%s|%s|%s]\n" % (m, c.__name__, f, l)
out = io.StringIO()
warnings.showwarning("custom", UserWarning, "y.py", 4, out)
warnings.formatwarning = old
warnings.showwarning("normal", UserWarning, "y.py", 4, out)
print(repr(out.getvalue()))
os.remove("warnings_format_tmp.py")
