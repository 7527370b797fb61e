"""importlib for capy: importing by name at run time.

Covers what programs call: import_module (absolute and relative names,
with `package`), reload (runs a source module's file again in the same
module object, as CPython does), invalidate_caches (capy keeps no finder
caches, so there is nothing to clear).

importlib.util and importlib.machinery (specs, source loaders, find_spec)
are _importlib_util.py. Not covered: importlib.resources,
importlib.metadata and the finder protocol (sys.meta_path); capy's import
system is not built from Python-visible finders.
"""

import sys

__all__ = ["import_module", "reload", "invalidate_caches"]


def _resolve(name, package):
    """The absolute name of `name`, which may be relative to `package`."""
    if not name.startswith("."):
        return name
    if not package:
        raise TypeError(
            "the 'package' argument is required to perform a relative "
            "import for {!r}".format(name)
        )
    level = len(name) - len(name.lstrip("."))
    parts = package.rsplit(".", level - 1)
    if len(parts) < level:
        raise ImportError("attempted relative import beyond top-level package")
    rest = name[level:]
    return parts[0] + "." + rest if rest else parts[0]


def import_module(name, package=None):
    """Imports `name` (`.x` relative to `package`) and returns that module
    itself, not the top-level package `import` binds."""
    if not isinstance(name, str):
        raise TypeError("module name must be str, not " + type(name).__name__)
    absolute = _resolve(name, package)
    if not absolute or absolute.endswith("."):
        raise ValueError("Empty module name")
    __import__(absolute)
    return sys.modules[absolute]


def reload(module):
    """Runs a module's source again in its own namespace; names it no
    longer defines keep their old values, as in CPython."""
    if type(module) is not type(sys):
        raise TypeError("reload() argument must be a module")
    name = getattr(module, "__name__", None)
    if sys.modules.get(name) is not module:
        raise ImportError("module {} not in sys.modules".format(name))
    path = getattr(module, "__file__", None)
    if not isinstance(path, str) or not path.endswith(".py"):
        return module  # built into capy: nothing to run again
    with open(path) as f:
        source = f.read()
    exec(compile(source, path, "exec"), module.__dict__)
    return module


def invalidate_caches():
    """capy's finders keep no caches: nothing to do."""
