# warn() reports the file and line of the frame stacklevel calls out, and
# the 'default' action shows a warning once per location.
import warnings, sys
def old_api():
    warnings.warn("old_api is deprecated", DeprecationWarning, stacklevel=2)
def f():
    old_api()
warnings.simplefilter("default")
with warnings.catch_warnings(record=True) as got:
    warnings.simplefilter("always")
    f()
    warnings.warn("plain")
    warnings.warn("far", stacklevel=10)
for w in got:
    print(w.category.__name__, w.filename.rsplit("/", 1)[-1], w.lineno, w.message)
warnings.showwarning = lambda m, c, fn, ln, file=None, line=None: print("shown", c.__name__, fn.rsplit("/", 1)[-1], ln, m)
for i in range(3):
    warnings.warn("once per line")
warnings.warn("once per line")
print("__warningregistry__" in globals())
