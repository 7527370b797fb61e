# __import__ checks its arguments; replacing builtins.__import__ redirects
# the import statement (the native one stays reachable).
import builtins

for args in ((1,), ("",), ("xyz", None, None, None, -1), ("builtins", "globals", None, None, 1)):
    try:
        __import__(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(__import__("builtins", "globals").__name__, __import__("_helper").__name__)
print(__import__("_pkg.mod_a").__name__, __import__("_pkg.mod_a", None, None, ["x"]).__name__)

orig = builtins.__import__
seen = []


def custom(name, globals=None, locals=None, fromlist=(), level=0):
    seen.append((name, fromlist, level))
    if name.startswith("fake"):

        class M:
            a = 1
            b = 2

        return M
    return orig(name, globals, locals, fromlist, level)


builtins.__import__ = custom
import fake
import fake.sub
from fake import a
from fake.sub import a, b
import _helper
print(seen, fake.a, a, b, _helper.__name__)
builtins.__import__ = orig
import _pkg
print(len(seen))
