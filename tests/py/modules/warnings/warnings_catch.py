# Checks warn() together with catch_warnings: record=True logs
# (message, category, text), filters restored on exit, the action
# argument, 'default' showing a repeated warning once, Warning instances
# as messages, the 'error' action raising, replaced showwarning and
# formatwarning, WarningMessage, and warn()'s TypeError messages.
import warnings


def show(log):
    return [(type(w.message).__name__, str(w.message), w.category.__name__) for w in log]


with warnings.catch_warnings(record=True) as log:
    warnings.simplefilter("always")
    warnings.warn("first")
    warnings.warn("second", RuntimeWarning)
    warnings.warn(FutureWarning("as instance"))
    warnings.warn("cat from instance wins", UserWarning, 2)
    warnings.warn(("not", "a string"))
print(show(log))

before = list(warnings.filters)
with warnings.catch_warnings(record=True) as log:
    warnings.simplefilter("default")
    for i in range(3):
        warnings.warn("repeated")
    warnings.warn("repeated", SyntaxWarning)
print(show(log))
print(warnings.filters == before)

with warnings.catch_warnings(record=True) as log:
    warnings.warn("deprecated here", DeprecationWarning)
    warnings.warn("pending", PendingDeprecationWarning)
    warnings.warn("resource", ResourceWarning)
    warnings.warn("user")
print(show(log))

with warnings.catch_warnings(record=True, action="ignore", category=UserWarning) as log:
    warnings.warn("ignored")
    warnings.warn("kept", RuntimeWarning)
print(show(log))

with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("boom", RuntimeWarning)
    except RuntimeWarning as e:
        print("caught", repr(e))
    try:
        warnings.warn(UnicodeWarning("uni"))
    except Warning as e:
        print("caught", repr(e))
    with warnings.catch_warnings(record=True) as inner:
        warnings.simplefilter("always")
        warnings.warn("inner")
    print(show(inner))
    try:
        warnings.warn("still error")
    except UserWarning as e:
        print("caught", repr(e))
print(warnings.filters == before)

seen = []


def my_show(message, category, filename, lineno, file=None, line=None):
    seen.append((str(message), category.__name__))


old = warnings.showwarning
warnings.showwarning = my_show
with warnings.catch_warnings():
    warnings.simplefilter("always")
    warnings.warn("to my_show")
    with warnings.catch_warnings(record=True) as log:
        warnings.simplefilter("always")
        warnings.warn("recorded, not shown")
    print(warnings.showwarning is my_show, show(log))
warnings.showwarning = old
print(seen)

cw = warnings.catch_warnings(record=True)
print(repr(cw), repr(warnings.catch_warnings()))
with cw:
    try:
        cw.__enter__()
    except RuntimeError as e:
        print("RuntimeError:", e)
try:
    warnings.catch_warnings().__exit__(None, None, None)
except RuntimeError as e:
    print("RuntimeError:", e)

for cat in [int, 1, "x", Exception]:
    try:
        warnings.warn("bad category", cat)
    except TypeError as e:
        print("TypeError:", e)

m = warnings.WarningMessage(UserWarning("m"), UserWarning, "f.py", 3)
print(m)
print(m.message, m.category, m.filename, m.lineno, m.file, m.line, m.source)
m = warnings.WarningMessage("text", None, "g.py", 4, line="x = 1")
print(m, m._category_name)
