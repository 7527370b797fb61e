"""importlib.util and importlib.machinery for capy: module specs and the
plugin-loading recipe

    spec = importlib.util.spec_from_file_location("plugin", "plugin.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

A source loader reads its file with `open`, so it sees exactly what the
program may read (under --sandbox, only what --allow-read grants).
find_spec looks along sys.path (or the parent package's __path__) for
NAME.py and NAME/__init__.py as capy's import does; a module built into
capy is found by importing it (importing one has no other effect).
"""

import importlib
import sys

__all__ = [
    "ModuleSpec", "SourceFileLoader", "BuiltinImporter", "find_spec",
    "module_from_spec", "spec_from_file_location", "spec_from_loader",
    "resolve_name", "SOURCE_SUFFIXES",
]

SOURCE_SUFFIXES = [".py"]


def _join(d, name):
    return d.rstrip("/") + "/" + name if d else name


def _isfile(p):
    import os
    try:
        return os.path.isfile(p)
    except OSError:
        return False


def _isdir(p):
    import os
    try:
        return os.path.isdir(p)
    except OSError:
        return False


class ModuleSpec:
    def __init__(self, name, loader, *, origin=None, loader_state=None, is_package=None):
        self.name = name
        self.loader = loader
        self.origin = origin
        self.loader_state = loader_state
        self.submodule_search_locations = [] if is_package else None
        self.cached = None
        self.has_location = False

    @property
    def parent(self):
        if self.submodule_search_locations is None:
            return self.name.rpartition(".")[0]
        return self.name

    def __repr__(self):
        args = ["name={!r}".format(self.name), "loader={!r}".format(self.loader)]
        if self.origin is not None:
            args.append("origin={!r}".format(self.origin))
        if self.submodule_search_locations is not None:
            args.append("submodule_search_locations={}".format(self.submodule_search_locations))
        return "ModuleSpec({})".format(", ".join(args))

    def __eq__(self, other):
        if not isinstance(other, ModuleSpec):
            return NotImplemented
        return (self.name, self.loader, self.origin, self.submodule_search_locations) == (
            other.name, other.loader, other.origin, other.submodule_search_locations)


class SourceFileLoader:
    """Loads a module from a .py file: its text compiled and run in the
    module's namespace."""

    def __init__(self, fullname, path):
        self.name = fullname
        self.path = path

    def create_module(self, spec):
        return None

    def get_filename(self, name=None):
        return self.path

    def get_source(self, name=None):
        with open(self.path) as f:
            return f.read()

    def get_code(self, name=None):
        return compile(self.get_source(name), self.path, "exec")

    def exec_module(self, module):
        exec(self.get_code(module.__name__), module.__dict__)

    def is_package(self, name=None):
        return self.path.rpartition("/")[2] == "__init__.py"

    def load_module(self, name=None):
        name = name or self.name
        spec = spec_from_file_location(name, self.path, loader=self)
        module = module_from_spec(spec)
        sys.modules[name] = module
        try:
            self.exec_module(module)
        except BaseException:
            sys.modules.pop(name, None)
            raise
        return sys.modules[name]

    def __eq__(self, other):
        return type(self) is type(other) and (self.name, self.path) == (other.name, other.path)

    def __hash__(self):
        return hash((self.name, self.path))

    def __repr__(self):
        return "<SourceFileLoader object name={!r} path={!r}>".format(self.name, self.path)


class BuiltinImporter:
    """The loader of modules built into capy (in Rust or frozen)."""

    @staticmethod
    def create_module(spec):
        __import__(spec.name)
        return sys.modules[spec.name]

    @staticmethod
    def exec_module(module):
        pass

    def __repr__(self):
        return "<class 'BuiltinImporter'>"


class _NamespaceLoader:
    def create_module(self, spec):
        return None

    def exec_module(self, module):
        pass


def spec_from_loader(name, loader, *, origin=None, is_package=None):
    if is_package is None and hasattr(loader, "is_package"):
        try:
            is_package = loader.is_package(name)
        except ImportError:
            is_package = None
    return ModuleSpec(name, loader, origin=origin, is_package=is_package)


def spec_from_file_location(name, location=None, *, loader=None, submodule_search_locations=None):
    if location is None:
        return None
    location = str(location) if not isinstance(location, str) else location
    if hasattr(location, "__fspath__"):
        location = location.__fspath__()
    if not location.startswith("/"):
        # As CPython: the location made absolute against the current directory.
        import os
        location = os.path.join(os.getcwd(), location)
    if loader is None:
        if not location.endswith(".py"):
            return None
        loader = SourceFileLoader(name, location)
    spec = ModuleSpec(name, loader, origin=location)
    spec.has_location = True
    if submodule_search_locations is None and hasattr(loader, "is_package"):
        if loader.is_package(name):
            submodule_search_locations = [location.rpartition("/")[0]]
    spec.submodule_search_locations = submodule_search_locations
    return spec


def module_from_spec(spec):
    module = None
    if hasattr(spec.loader, "create_module"):
        module = spec.loader.create_module(spec)
    elif hasattr(spec.loader, "exec_module"):
        raise ImportError("loaders that define exec_module() must also define create_module()")
    if module is None:
        module = type(sys)(spec.name)
    d = module.__dict__
    d["__spec__"] = spec
    d["__loader__"] = spec.loader
    d["__package__"] = spec.parent
    if spec.submodule_search_locations is not None:
        d["__path__"] = spec.submodule_search_locations
    if spec.has_location and spec.origin is not None:
        d["__file__"] = spec.origin
    return module


def resolve_name(name, package):
    if name.startswith(".") and not package:
        raise ImportError("no package specified for {!r} (required for relative module names)".format(name))
    return importlib._resolve(name, package)


def _spec_of_module(module, name):
    spec = module.__dict__.get("__spec__")
    if spec is not None:
        return spec
    origin = module.__dict__.get("__file__")
    if origin is not None:
        spec = spec_from_file_location(name, origin)
        if spec is not None:
            return spec
    return ModuleSpec(name, BuiltinImporter, origin="built-in")


def _find_in(dirs, fullname):
    last = fullname.rpartition(".")[2]
    for d in dirs:
        base = _join(d, last)
        init = base + "/__init__.py"
        if _isfile(init):
            return spec_from_file_location(fullname, init, submodule_search_locations=[base])
        if _isfile(base + ".py"):
            return spec_from_file_location(fullname, base + ".py")
        if _isdir(base):
            spec = ModuleSpec(fullname, _NamespaceLoader(), is_package=True)
            spec.submodule_search_locations.append(base)
            return spec
    return None


def find_spec(name, package=None):
    fullname = resolve_name(name, package) if name.startswith(".") else name
    if fullname in sys.modules:
        module = sys.modules[fullname]
        if module is None:
            return None
        return _spec_of_module(module, fullname)
    parent_name = fullname.rpartition(".")[0]
    if parent_name:
        parent = __import__(parent_name, fromlist=["__name__"])
        dirs = getattr(parent, "__path__", None)
        if dirs is None:
            raise ModuleNotFoundError(
                "__path__ attribute not found on {!r} while trying to find {!r}".format(
                    parent_name, fullname), name=fullname)
    else:
        dirs = sys.path
    spec = _find_in(dirs, fullname)
    if spec is not None:
        return spec
    # Not a file: a module built into capy, or none.
    try:
        __import__(fullname)
    except ImportError:
        return None
    module = sys.modules.get(fullname)
    return None if module is None else _spec_of_module(module, fullname)
