"""warnings for capy: issuing, filtering and recording warnings.

Covers CPython 3.11's warnings module: warn, warn_explicit, the filter
list (filters, simplefilter, filterwarnings, resetwarnings) with the
actions 'default', 'error', 'ignore', 'always', 'once' and 'module',
the per-location registry, showwarning / formatwarning (both may be
replaced by the program, as in CPython), catch_warnings (record=True
gives WarningMessage objects; 3.11's action/category/lineno/append
arguments are accepted) and the default filters of a release build.

warn() finds the location through sys._getframe: the file and line of
the frame `stacklevel` calls out, the module named by that frame's
`__name__`, and its globals' `__warningregistry__`; past the outermost
frame it is CPython's "sys:1" in module 'sys'. warn_explicit() takes the location from its
arguments and behaves exactly as in CPython. Not covered: -W options
(sys.warnoptions), the `source` object's traceback (tracemalloc).
"""

import sys

__all__ = ["warn", "warn_explicit", "showwarning", "formatwarning",
           "filterwarnings", "simplefilter", "resetwarnings",
           "catch_warnings"]

_ACTIONS = ("error", "ignore", "always", "default", "module", "once")

# Release-build defaults: DeprecationWarning is shown for __main__ only.
filters = [
    ("default", None, DeprecationWarning, "__main__", 0),
    ("ignore", None, DeprecationWarning, None, 0),
    ("ignore", None, PendingDeprecationWarning, None, 0),
    ("ignore", None, ImportWarning, None, 0),
    ("ignore", None, ResourceWarning, None, 0),
]
defaultaction = "default"
onceregistry = {}

# Bumped whenever the filters change, so that registries (which remember
# warnings already shown) are cleared: a new filter may want them again.
_filters_version = 0

# The registry warn() uses for all its calls (see the module docstring).

# Source lines for formatwarning, by file name.
_line_cache = {}


def _filters_mutated():
    global _filters_version
    _filters_version += 1


def _check_version(registry):
    # A registry filled under other filters starts over.
    if registry.get("version") != _filters_version:
        registry.clear()
        registry["version"] = _filters_version


def _getline(filename, lineno):
    lines = _line_cache.get(filename)
    if lines is None:
        try:
            with open(filename) as f:
                lines = f.read().split("\n")
        except Exception:
            lines = []
        _line_cache[filename] = lines
    if 1 <= lineno <= len(lines):
        return lines[lineno - 1]
    return ""


class WarningMessage:
    """One warning as recorded by catch_warnings(record=True)."""

    _WARNING_DETAILS = ("message", "category", "filename", "lineno", "file",
                        "line", "source")

    def __init__(self, message, category, filename, lineno, file=None,
                 line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, "
                "line : %r}" % (self.message, self._category_name,
                                self.filename, self.lineno, self.line))


def _formatwarnmsg_impl(msg):
    category = msg.category.__name__
    s = "%s:%s: %s: %s\n" % (msg.filename, msg.lineno, category, msg.message)
    line = msg.line
    if line is None:
        line = _getline(msg.filename, msg.lineno)
    if line:
        s += "  %s\n" % line.strip()
    return s


def formatwarning(message, category, filename, lineno, line=None):
    """The text showwarning prints: 'file:line: Category: message', then
    the source line (read from the file when not given), indented."""
    return _formatwarnmsg_impl(WarningMessage(message, category, filename,
                                              lineno, None, line))


def _formatwarnmsg(msg):
    # Honour a formatwarning() replaced by the program.
    fw = formatwarning
    if fw is not _formatwarning_orig:
        return fw(msg.message, msg.category, msg.filename, msg.lineno,
                  msg.line)
    return _formatwarnmsg_impl(msg)


def _showwarnmsg_impl(msg):
    f = msg.file
    if f is None:
        f = sys.stderr
        if f is None:
            return
    text = _formatwarnmsg(msg)
    try:
        f.write(text)
    except OSError:
        pass


def showwarning(message, category, filename, lineno, file=None, line=None):
    """Write a warning to file (default sys.stderr)."""
    _showwarnmsg_impl(WarningMessage(message, category, filename, lineno,
                                     file, line))


_showwarning_orig = showwarning
_formatwarning_orig = formatwarning


def _showwarnmsg(msg):
    # Honour a showwarning() replaced by the program.
    sw = showwarning
    if sw is not _showwarning_orig:
        if not callable(sw):
            raise TypeError("warnings.showwarning() must be set to a "
                            "function or method")
        sw(msg.message, msg.category, msg.filename, msg.lineno, msg.file,
           msg.line)
        return
    # A global lookup, so that catch_warnings can swap it.
    _showwarnmsg_impl(msg)


def _add_filter(item, append):
    if not append:
        try:
            filters.remove(item)
        except ValueError:
            pass
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    _filters_mutated()


def filterwarnings(action, message="", category=Warning, module="",
                   lineno=0, append=False):
    """Add a filter: `message` is a regular expression matched
    (case-insensitively) at the start of the warning text, `module` one
    matched against the module name."""
    assert action in _ACTIONS, "invalid action: %r" % (action,)
    assert isinstance(message, str), "message must be a string"
    assert isinstance(category, type), "category must be a class"
    assert issubclass(category, Warning), "category must be a Warning subclass"
    assert isinstance(module, str), "module must be a string"
    assert isinstance(lineno, int) and lineno >= 0, \
        "lineno must be an int >= 0"
    if message or module:
        import re
    msg_re = re.compile(message, re.I) if message else None
    mod_re = re.compile(module) if module else None
    _add_filter((action, msg_re, category, mod_re, lineno), append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    """Add a filter that matches any message and any module."""
    assert action in _ACTIONS, "invalid action: %r" % (action,)
    assert isinstance(lineno, int) and lineno >= 0, \
        "lineno must be an int >= 0"
    _add_filter((action, None, category, None, lineno), append)


def resetwarnings():
    """Remove all filters (the default action then applies)."""
    filters[:] = []
    _filters_mutated()


def _matches(pattern, text):
    if pattern is None:
        return True
    if isinstance(pattern, str):
        # A plain string (as in the default filters) must be equal.
        return pattern == text
    return pattern.match(text) is not None


def warn_explicit(message, category, filename, lineno, module=None,
                  registry=None, module_globals=None, source=None):
    """Issue a warning attributed to the given file, line and module;
    `registry` remembers locations already warned about."""
    lineno = int(lineno)
    if module is None:
        module = filename or "<unknown>"
        if module[-3:].lower() == ".py":
            module = module[:-3]
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    if registry is not None:
        _check_version(registry)
        if registry.get(key):
            return
    for item in filters:
        action, msg, cat, mod, ln = item
        if (_matches(msg, text) and issubclass(category, cat)
                and _matches(mod, module) and (ln == 0 or lineno == ln)):
            break
    else:
        action = defaultaction
        item = None
    if action == "error":
        raise message
    if action == "ignore":
        return
    if action != "always":
        # Remember this location, then apply the action's own rule.
        if registry is not None:
            registry[key] = True
        if action == "once" or action == "module":
            # Both remember (text, category) in the caller's registry;
            # 'once' without a registry uses the module-wide one.
            reg = registry
            if reg is None and action == "once":
                reg = onceregistry
            if reg is not None:
                _check_version(reg)
                altkey = (text, category)
                if reg.get(altkey):
                    return
                reg[altkey] = True
        elif action != "default":
            raise RuntimeError("Unrecognized action (%r) in warnings.filters:\n %s"
                               % (action, item))
    _showwarnmsg(WarningMessage(message, category, filename, lineno, None,
                                None, source))


def warn(message, category=None, stacklevel=1, source=None):
    """Issue a warning (category defaults to UserWarning; a Warning
    instance as message supplies its own category)."""
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '%s'"
                        % type(category).__name__)
    if not isinstance(stacklevel, int):
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(stacklevel).__name__)
    try:
        frame = sys._getframe(stacklevel)
    except ValueError:
        globs = sys.__dict__
        filename, lineno = "sys", 1
    else:
        globs = frame.f_globals
        filename, lineno = frame.f_code.co_filename, frame.f_lineno
    module = globs["__name__"] if "__name__" in globs else "<string>"
    registry = globs.setdefault("__warningregistry__", {})
    warn_explicit(message, category, filename, lineno, module, registry,
                  globs, source)


class catch_warnings:
    """Context manager that saves the filters and showwarning on entry and
    restores them on exit. With record=True, warnings are not shown but
    appended, as WarningMessage objects, to the list __enter__ returns."""

    def __init__(self, *, record=False, module=None, action=None,
                 category=Warning, lineno=0, append=False):
        self._record = record
        self._module = sys.modules[__name__] if module is None else module
        self._entered = False
        if action is None:
            self._filter = None
        else:
            self._filter = (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append("record=True")
        if self._module is not sys.modules[__name__]:
            args.append("module=%r" % self._module)
        return "%s(%s)" % (type(self).__name__, ", ".join(args))

    def __enter__(self):
        if self._entered:
            raise RuntimeError("Cannot enter %r twice" % self)
        self._entered = True
        m = self._module
        self._saved_filters = m.filters
        m.filters = self._saved_filters[:]
        m._filters_mutated()
        self._saved_showwarning = m.showwarning
        self._saved_showwarnmsg_impl = m._showwarnmsg_impl
        if self._filter is not None:
            m.simplefilter(*self._filter)
        if self._record:
            log = []
            m._showwarnmsg_impl = log.append
            # A replaced showwarning would bypass the log.
            m.showwarning = m._showwarning_orig
            return log
        return None

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError("Cannot exit %r without entering first" % self)
        m = self._module
        m.filters = self._saved_filters
        m._filters_mutated()
        m.showwarning = self._saved_showwarning
        m._showwarnmsg_impl = self._saved_showwarnmsg_impl
