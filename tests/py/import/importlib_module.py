# importlib.import_module returns the named module itself (not the
# top-level package), resolves relative names against `package`, and
# reports bad names as CPython does.
import importlib
import sys


m = importlib.import_module("_pkg.sub.deep")
print(m.__name__, m is sys.modules["_pkg.sub.deep"])
print(importlib.import_module("json").__name__)
print(importlib.import_module(".mod_a", "_pkg").__name__)
print(importlib.import_module("..mod_b", "_pkg.sub").__name__)
print(importlib.import_module(".", "_pkg.sub").__name__)
print(importlib.import_module("os.path").__name__ in ("posixpath", "os.path"))

for args in ((".x",), ("...x", "_pkg"), ("no_such_module_xyz",)):
    try:
        importlib.import_module(*args)
    except (TypeError, ImportError) as e:
        print(type(e).__name__, e)

importlib.invalidate_caches()
