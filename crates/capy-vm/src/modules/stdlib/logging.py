"""logging for capy: a flexible event logging system.

Covers the core of CPython 3.11's logging package: the levels (with
getLevelName/addLevelName), LogRecord, Formatter ('%', '{' and '$'
styles, datefmt, defaults, validation), Filter and filter callables,
Handler, StreamHandler, FileHandler, NullHandler, the lastResort
handler, Logger with the dotted-name hierarchy and propagation
(getLogger, getChild, setLevel, getEffectiveLevel, isEnabledFor,
addHandler, removeHandler, hasHandlers, debug/info/warning/error/
critical/exception/log, extra=, exc_info=), basicConfig (level, format,
datefmt, style, stream, filename, filemode, handlers, force, encoding),
disable, the module-level debug/info/warning/error/critical/exception/log
functions, makeLogRecord, setLoggerClass/getLoggerClass and
setLogRecordFactory/getLogRecordFactory.

Differences from CPython: a record says where it was logged (pathname,
filename, module, lineno, funcName, found by walking the running frames and
`stacklevel` as CPython does), but stack_info=True adds nothing. capy has
no threads: thread is None
and threadName 'MainThread'. Tracebacks (exc_info, exception()) are
rendered by sys.print_exception, which shows no source lines. Not
covered: logging.handlers, logging.config, LoggerAdapter, captureWarnings,
locking, and the detailed "--- Logging error ---" report (a short form is
printed instead).
"""

import io
import os
import sys
import time
from _traceback import caller as _caller

__all__ = ["BASIC_FORMAT", "CRITICAL", "DEBUG", "ERROR", "FATAL",
           "FileHandler", "Filter", "Formatter", "Handler", "INFO",
           "LogRecord", "Logger", "NOTSET", "NullHandler", "StreamHandler",
           "WARN", "WARNING", "addLevelName", "basicConfig", "critical",
           "debug", "disable", "error", "exception", "fatal",
           "getLevelName", "getLogger", "getLoggerClass", "info", "log",
           "makeLogRecord", "setLoggerClass", "shutdown", "warn", "warning",
           "getLogRecordFactory", "setLogRecordFactory", "lastResort",
           "raiseExceptions", "getLevelNamesMapping"]

_startTime = time.time()

raiseExceptions = True
logThreads = True
logMultiprocessing = True
logProcesses = True

CRITICAL = 50
FATAL = CRITICAL
ERROR = 40
WARNING = 30
WARN = WARNING
INFO = 20
DEBUG = 10
NOTSET = 0

_levelToName = {
    CRITICAL: "CRITICAL",
    ERROR: "ERROR",
    WARNING: "WARNING",
    INFO: "INFO",
    DEBUG: "DEBUG",
    NOTSET: "NOTSET",
}
_nameToLevel = {
    "CRITICAL": CRITICAL,
    "FATAL": FATAL,
    "ERROR": ERROR,
    "WARN": WARNING,
    "WARNING": WARNING,
    "INFO": INFO,
    "DEBUG": DEBUG,
    "NOTSET": NOTSET,
}


def getLevelNamesMapping():
    return _nameToLevel.copy()


def getLevelName(level):
    """The name of a level number, the number of a level name, or
    "Level %s" for anything unknown."""
    result = _levelToName.get(level)
    if result is not None:
        return result
    result = _nameToLevel.get(level)
    if result is not None:
        return result
    return "Level %s" % level


def addLevelName(level, levelName):
    _levelToName[level] = levelName
    _nameToLevel[levelName] = level


def _checkLevel(level):
    if isinstance(level, int):
        return level
    if str(level) == level:
        if level not in _nameToLevel:
            raise ValueError("Unknown level: %r" % level)
        return _nameToLevel[level]
    raise TypeError("Level not an integer or a valid string: %r" % (level,))


# What a record says about its origin, since capy cannot look at frames.
_UNKNOWN_FILE = "(unknown file)"
_UNKNOWN_FUNC = "(unknown function)"
# The file name this module's own frames carry, skipped by findCaller.
_THIS_FILE = (lambda: None).__code__.co_filename


class LogRecord:
    """Everything about one logged event."""

    def __init__(self, name, level, pathname, lineno, msg, args, exc_info,
                 func=None, sinfo=None, **kwargs):
        ct = time.time()
        self.name = name
        self.msg = msg
        # log("%(a)s", {"a": 1}): a lone mapping is used for %-formatting.
        if (args and len(args) == 1 and isinstance(args[0], dict)
                and args[0]):
            args = args[0]
        self.args = args
        self.levelname = getLevelName(level)
        self.levelno = level
        self.pathname = pathname
        try:
            self.filename = os.path.basename(pathname)
            self.module = os.path.splitext(self.filename)[0]
        except (TypeError, ValueError, AttributeError):
            self.filename = pathname
            self.module = "Unknown module"
        self.exc_info = exc_info
        self.exc_text = None
        self.stack_info = sinfo
        self.lineno = lineno
        self.funcName = func
        self.created = ct
        self.msecs = int((ct - int(ct)) * 1000) + 0.0
        self.relativeCreated = (ct - _startTime) * 1000
        self.thread = None
        self.threadName = "MainThread" if logThreads else None
        self.processName = "MainProcess" if logMultiprocessing else None
        self.process = os.getpid() if logProcesses else None

    def __repr__(self):
        return '<LogRecord: %s, %s, %s, %s, "%s">' % (
            self.name, self.levelno, self.pathname, self.lineno, self.msg)

    def getMessage(self):
        """The message with the arguments merged in."""
        msg = str(self.msg)
        if self.args:
            msg = msg % self.args
        return msg


_logRecordFactory = LogRecord


def setLogRecordFactory(factory):
    global _logRecordFactory
    _logRecordFactory = factory


def getLogRecordFactory():
    return _logRecordFactory


def makeLogRecord(dict):
    """A LogRecord whose attributes come from a dict (e.g. one that was
    sent over a socket)."""
    rv = _logRecordFactory(None, None, "", 0, "", (), None, None)
    for k, v in dict.items():
        setattr(rv, k, v)
    return rv


def _record_fields(record, defaults):
    # The attributes a format string may name (plus the defaults).
    # vars() gives a fresh dict, so adding defaults does not touch record.
    fields = vars(record)
    if defaults:
        merged = dict(defaults)
        merged.update(fields)
        return merged
    return fields


class PercentStyle:
    default_format = "%(message)s"
    asctime_format = "%(asctime)s"
    asctime_search = "%(asctime)"

    def __init__(self, fmt, *, defaults=None):
        self._fmt = fmt or self.default_format
        self._defaults = defaults

    def usesTime(self):
        return self._fmt.find(self.asctime_search) >= 0

    def validate(self):
        import re
        pattern = re.compile(r"%\(\w+\)[#0+ -]*(\*|\d+)?(\.(\*|\d+))?[diouxefgcrsa%]", re.I)
        if not pattern.search(self._fmt):
            raise ValueError("Invalid format '%s' for '%s' style"
                             % (self._fmt, self.default_format[0]))

    def _format(self, record):
        return self._fmt % _record_fields(record, self._defaults)

    def format(self, record):
        try:
            return self._format(record)
        except KeyError as e:
            raise ValueError("Formatting field not found in record: %s" % e)


class StrFormatStyle(PercentStyle):
    default_format = "{message}"
    asctime_format = "{asctime}"
    asctime_search = "{asctime"

    def _format(self, record):
        return self._fmt.format(**_record_fields(record, self._defaults))

    def validate(self):
        # Scan for replacement fields, reporting broken braces the way
        # str.format's parser does; at least one field is required.
        fmt = self._fmt
        n = len(fmt)
        i = 0
        fields = 0
        while i < n:
            c = fmt[i]
            if c == "{":
                if i + 1 < n and fmt[i + 1] == "{":
                    i += 2
                    continue
                j = fmt.find("}", i)
                if j < 0:
                    raise ValueError("invalid format: expected '}' before end of string")
                fields += 1
                i = j + 1
                continue
            if c == "}":
                if i + 1 < n and fmt[i + 1] == "}":
                    i += 2
                    continue
                raise ValueError("invalid format: Single '}' encountered in format string")
            i += 1
        if not fields:
            raise ValueError("invalid format: no fields")


class StringTemplateStyle(PercentStyle):
    default_format = "${message}"
    asctime_format = "${asctime}"
    asctime_search = "${asctime}"

    def __init__(self, fmt, *, defaults=None):
        self._fmt = fmt or self.default_format
        self._defaults = defaults
        import string
        self._tpl = string.Template(self._fmt)

    def usesTime(self):
        fmt = self._fmt
        return fmt.find("$asctime") >= 0 or fmt.find(self.asctime_search) >= 0

    def validate(self):
        # Each '$' must start "$$", "$name" or "${name}"; at least one
        # field is required.
        fmt = self._fmt
        n = len(fmt)
        i = 0
        fields = 0
        while i < n:
            if fmt[i] != "$":
                i += 1
                continue
            if i + 1 < n and fmt[i + 1] == "$":
                i += 2
                continue
            j = i + 1
            braced = j < n and fmt[j] == "{"
            if braced:
                j += 1
            k = j
            while k < n and (fmt[k] == "_" or fmt[k].isalnum()) and fmt[k].isascii():
                k += 1
            ok = k > j and not fmt[j].isdigit()
            if ok and braced:
                ok = k < n and fmt[k] == "}"
                k += 1
            if not ok:
                raise ValueError("invalid format: bare '$' not allowed")
            fields += 1
            i = k
        if not fields:
            raise ValueError("invalid format: no fields")

    def _format(self, record):
        return self._tpl.substitute(**_record_fields(record, self._defaults))


BASIC_FORMAT = "%(levelname)s:%(name)s:%(message)s"

_STYLES = {
    "%": (PercentStyle, BASIC_FORMAT),
    "{": (StrFormatStyle, "{levelname}:{name}:{message}"),
    "$": (StringTemplateStyle, "${levelname}:${name}:${message}"),
}


class Formatter:
    """Turn a LogRecord into text using a format string."""

    converter = time.localtime
    default_time_format = "%Y-%m-%d %H:%M:%S"
    default_msec_format = "%s,%03d"

    def __init__(self, fmt=None, datefmt=None, style="%", validate=True, *,
                 defaults=None):
        if style not in _STYLES:
            raise ValueError("Style must be one of: %s" % ",".join(_STYLES.keys()))
        self._style = _STYLES[style][0](fmt, defaults=defaults)
        if validate:
            self._style.validate()
        self._fmt = self._style._fmt
        self.datefmt = datefmt

    def formatTime(self, record, datefmt=None):
        ct = self.converter(record.created)
        if datefmt:
            return time.strftime(datefmt, ct)
        s = time.strftime(self.default_time_format, ct)
        if self.default_msec_format:
            s = self.default_msec_format % (s, record.msecs)
        return s

    def formatException(self, ei):
        sio = io.StringIO()
        exc = ei[1]
        if exc is None:
            # exc_info outside an except block: (None, None, None).
            sio.write("NoneType: None\n")
        else:
            sys.print_exception(exc, sio)
        s = sio.getvalue()
        if s[-1:] == "\n":
            s = s[:-1]
        return s

    def usesTime(self):
        return self._style.usesTime()

    def formatMessage(self, record):
        return self._style.format(record)

    def formatStack(self, stack_info):
        return stack_info

    def format(self, record):
        record.message = record.getMessage()
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        s = self.formatMessage(record)
        if record.exc_info:
            # The traceback text is kept on the record for other handlers.
            if not record.exc_text:
                record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            if s[-1:] != "\n":
                s = s + "\n"
            s = s + record.exc_text
        if record.stack_info:
            if s[-1:] != "\n":
                s = s + "\n"
            s = s + self.formatStack(record.stack_info)
        return s


_defaultFormatter = Formatter()


class Filter:
    """Let through records of the named logger and its descendants
    (everything when the name is empty)."""

    def __init__(self, name=""):
        self.name = name
        self.nlen = len(name)

    def filter(self, record):
        if self.nlen == 0:
            return True
        if self.name == record.name:
            return True
        if not record.name.startswith(self.name):
            return False
        return record.name[self.nlen] == "."


class Filterer:
    """Base of loggers and handlers: a list of filters, all of which must
    accept a record. A filter is an object with filter() or a callable."""

    def __init__(self):
        self.filters = []

    def addFilter(self, filter):
        if filter not in self.filters:
            self.filters.append(filter)

    def removeFilter(self, filter):
        if filter in self.filters:
            self.filters.remove(filter)

    def filter(self, record):
        for f in self.filters:
            if hasattr(f, "filter"):
                result = f.filter(record)
            else:
                result = f(record)
            if not result:
                return False
        return True


_handlers = []


class Handler(Filterer):
    """Base class of handlers: level, formatter and filters; subclasses
    implement emit()."""

    def __init__(self, level=NOTSET):
        Filterer.__init__(self)
        self._name = None
        self.level = _checkLevel(level)
        self.formatter = None
        self._closed = False
        _handlers.append(self)

    def get_name(self):
        return self._name

    def set_name(self, name):
        self._name = name

    name = property(get_name, set_name)

    def createLock(self):
        self.lock = None

    def acquire(self):
        pass

    def release(self):
        pass

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def format(self, record):
        fmt = self.formatter if self.formatter else _defaultFormatter
        return fmt.format(record)

    def emit(self, record):
        raise NotImplementedError("emit must be implemented "
                                  "by Handler subclasses")

    def handle(self, record):
        rv = self.filter(record)
        if rv:
            self.emit(record)
        return rv

    def setFormatter(self, fmt):
        self.formatter = fmt

    def flush(self):
        pass

    def close(self):
        self._closed = True
        if self in _handlers:
            _handlers.remove(self)

    def handleError(self, record):
        # CPython prints a detailed report with the call stack; capy has no
        # frames to show, so the report is shorter.
        if raiseExceptions and sys.stderr:
            exc = sys.exc_info()[1]
            try:
                sys.stderr.write("--- Logging error ---\n")
                if exc is not None:
                    sys.print_exception(exc, sys.stderr)
                sys.stderr.write("Message: %r\nArguments: %s\n"
                                 % (record.msg, record.args))
            except OSError:
                pass

    def __repr__(self):
        return "<%s (%s)>" % (self.__class__.__name__,
                              getLevelName(self.level))


class StreamHandler(Handler):
    """Write formatted records, each followed by terminator, to a stream
    (sys.stderr by default, as it is when the handler is made)."""

    terminator = "\n"

    def __init__(self, stream=None):
        Handler.__init__(self)
        if stream is None:
            stream = sys.stderr
        self.stream = stream

    def flush(self):
        if self.stream and hasattr(self.stream, "flush"):
            self.stream.flush()

    def emit(self, record):
        try:
            msg = self.format(record)
            self.stream.write(msg + self.terminator)
            self.flush()
        except RecursionError:
            raise
        except Exception:
            self.handleError(record)

    def setStream(self, stream):
        """Use another stream; returns the old one (None if unchanged)."""
        if stream is self.stream:
            return None
        result = self.stream
        self.flush()
        self.stream = stream
        return result

    def __repr__(self):
        name = getattr(self.stream, "name", "")
        name = str(name)
        if name:
            name += " "
        return "<%s %s(%s)>" % (self.__class__.__name__, name,
                                getLevelName(self.level))


class FileHandler(StreamHandler):
    """A StreamHandler writing to a file it opens itself (at once, or at
    the first record when delay is true)."""

    def __init__(self, filename, mode="a", encoding=None, delay=False,
                 errors=None):
        filename = os.fspath(filename) if hasattr(os, "fspath") else filename
        self.baseFilename = os.path.abspath(filename)
        self.mode = mode
        self.encoding = encoding
        self.errors = errors
        self.delay = delay
        if delay:
            Handler.__init__(self)
            self.stream = None
        else:
            StreamHandler.__init__(self, self._open())

    def _open(self):
        return open(self.baseFilename, self.mode)

    def close(self):
        if self.stream:
            try:
                self.flush()
            finally:
                stream = self.stream
                self.stream = None
                if hasattr(stream, "close"):
                    stream.close()
        StreamHandler.close(self)

    def emit(self, record):
        if self.stream is None:
            if self.mode != "w" or not self._closed:
                self.stream = self._open()
        if self.stream:
            StreamHandler.emit(self, record)

    def __repr__(self):
        return "<%s %s (%s)>" % (self.__class__.__name__, self.baseFilename,
                                 getLevelName(self.level))


class _StderrHandler(StreamHandler):
    """Writes to whatever sys.stderr is at the time of each record."""

    def __init__(self, level=NOTSET):
        Handler.__init__(self, level)

    @property
    def stream(self):
        return sys.stderr


_defaultLastResort = _StderrHandler(WARNING)
lastResort = _defaultLastResort


class NullHandler(Handler):
    """A handler that does nothing (for libraries that log)."""

    def handle(self, record):
        pass

    def emit(self, record):
        pass

    def createLock(self):
        self.lock = None


class PlaceHolder:
    """Stands in the hierarchy for a dotted prefix that has no logger yet,
    remembering the loggers below it."""

    def __init__(self, alogger):
        self.loggerMap = {alogger: None}

    def append(self, alogger):
        if alogger not in self.loggerMap:
            self.loggerMap[alogger] = None


_loggerClass = None


def setLoggerClass(klass):
    global _loggerClass
    if klass != Logger:
        if not issubclass(klass, Logger):
            raise TypeError("logger not derived from logging.Logger: "
                            + klass.__name__)
    _loggerClass = klass


def getLoggerClass():
    return _loggerClass


class Manager:
    """Holds the loggers by name and links each to its nearest ancestor."""

    def __init__(self, rootnode):
        self.root = rootnode
        self.disable = 0
        self.emittedNoHandlerWarning = False
        self.loggerDict = {}
        self.loggerClass = None
        self.logRecordFactory = None

    def getLogger(self, name):
        if not isinstance(name, str):
            raise TypeError("A logger name must be a string")
        rv = self.loggerDict.get(name)
        if isinstance(rv, PlaceHolder):
            ph = rv
            rv = (self.loggerClass or _loggerClass)(name)
            rv.manager = self
            self.loggerDict[name] = rv
            self._fixupChildren(ph, rv)
            self._fixupParents(rv)
        elif rv is None:
            rv = (self.loggerClass or _loggerClass)(name)
            rv.manager = self
            self.loggerDict[name] = rv
            self._fixupParents(rv)
        return rv

    def setLoggerClass(self, klass):
        if klass != Logger:
            if not issubclass(klass, Logger):
                raise TypeError("logger not derived from logging.Logger: "
                                + klass.__name__)
        self.loggerClass = klass

    def _fixupParents(self, alogger):
        # The parent is the nearest existing logger among the dotted
        # prefixes; prefixes without one get a placeholder.
        name = alogger.name
        i = name.rfind(".")
        rv = None
        while i > 0 and rv is None:
            substr = name[:i]
            obj = self.loggerDict.get(substr)
            if obj is None:
                self.loggerDict[substr] = PlaceHolder(alogger)
            elif isinstance(obj, Logger):
                rv = obj
            else:
                obj.append(alogger)
            i = name.rfind(".", 0, i - 1)
        if rv is None:
            rv = self.root
        alogger.parent = rv

    def _fixupChildren(self, ph, alogger):
        # Loggers below the new one that were linked past it now point to it.
        name = alogger.name
        namelen = len(name)
        for c in ph.loggerMap.keys():
            if c.parent.name[:namelen] != name:
                alogger.parent = c.parent
                c.parent = alogger


class Logger(Filterer):
    """A named channel for log records; names with dots form a tree, and
    records travel up it to the handlers of ancestors (propagate)."""

    def __init__(self, name, level=NOTSET):
        Filterer.__init__(self)
        self.name = name
        self.level = _checkLevel(level)
        self.parent = None
        self.propagate = True
        self.handlers = []
        self.disabled = False

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def debug(self, msg, *args, **kwargs):
        if self.isEnabledFor(DEBUG):
            self._log(DEBUG, msg, args, **kwargs)

    def info(self, msg, *args, **kwargs):
        if self.isEnabledFor(INFO):
            self._log(INFO, msg, args, **kwargs)

    def warning(self, msg, *args, **kwargs):
        if self.isEnabledFor(WARNING):
            self._log(WARNING, msg, args, **kwargs)

    def warn(self, msg, *args, **kwargs):
        import warnings
        warnings.warn("The 'warn' method is deprecated, "
                      "use 'warning' instead", DeprecationWarning, 2)
        self.warning(msg, *args, **kwargs)

    def error(self, msg, *args, **kwargs):
        if self.isEnabledFor(ERROR):
            self._log(ERROR, msg, args, **kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.error(msg, *args, exc_info=exc_info, **kwargs)

    def critical(self, msg, *args, **kwargs):
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, msg, args, **kwargs)

    fatal = critical

    def log(self, level, msg, *args, **kwargs):
        if not isinstance(level, int):
            if raiseExceptions:
                raise TypeError("level must be an integer")
            return
        if self.isEnabledFor(level):
            self._log(level, msg, args, **kwargs)

    def findCaller(self, stack_info=False, stacklevel=1):
        # Walk out of this module's frames to the code that logged, then
        # `stacklevel - 1` frames further out (frames of this module do
        # not count); the outermost frame if the stack ends first.
        # (_traceback.caller walks the frames natively: the same answer
        # as stepping sys._getframe(0).f_back, without a frame object per
        # step, which cost more than the rest of logging a record.)
        found = _caller(_THIS_FILE, stacklevel)
        if found is None:
            return _UNKNOWN_FILE, 0, _UNKNOWN_FUNC, None
        return found[0], found[1], found[2], None

    def makeRecord(self, name, level, fn, lno, msg, args, exc_info,
                   func=None, extra=None, sinfo=None):
        rv = _logRecordFactory(name, level, fn, lno, msg, args, exc_info,
                               func, sinfo)
        if extra is not None:
            present = vars(rv)
            for key in extra:
                if (key in ["message", "asctime"]) or (key in present):
                    raise KeyError("Attempt to overwrite %r in LogRecord" % key)
                setattr(rv, key, extra[key])
        return rv

    def _log(self, level, msg, args, exc_info=None, extra=None,
             stack_info=False, stacklevel=1):
        fn, lno, func, sinfo = self.findCaller(stack_info, stacklevel)
        if exc_info:
            if isinstance(exc_info, BaseException):
                exc_info = (type(exc_info), exc_info, exc_info.__traceback__)
            elif not isinstance(exc_info, tuple):
                exc_info = sys.exc_info()
        record = self.makeRecord(self.name, level, fn, lno, msg, args,
                                 exc_info, func, extra, sinfo)
        self.handle(record)

    def handle(self, record):
        if (not self.disabled) and self.filter(record):
            self.callHandlers(record)

    def addHandler(self, hdlr):
        if hdlr not in self.handlers:
            self.handlers.append(hdlr)

    def removeHandler(self, hdlr):
        if hdlr in self.handlers:
            self.handlers.remove(hdlr)

    def hasHandlers(self):
        c = self
        while c:
            if c.handlers:
                return True
            if not c.propagate:
                return False
            c = c.parent
        return False

    def callHandlers(self, record):
        """Pass the record to the handlers of this logger and of its
        ancestors (until one has propagate false); lastResort if none."""
        c = self
        found = 0
        while c:
            for hdlr in c.handlers:
                found = found + 1
                if record.levelno >= hdlr.level:
                    hdlr.handle(record)
            if not c.propagate:
                c = None
            else:
                c = c.parent
        if found == 0:
            if lastResort:
                if record.levelno >= lastResort.level:
                    lastResort.handle(record)
            elif raiseExceptions and not self.manager.emittedNoHandlerWarning:
                sys.stderr.write("No handlers could be found for logger"
                                 " \"%s\"\n" % self.name)
                self.manager.emittedNoHandlerWarning = True

    def getEffectiveLevel(self):
        logger = self
        while logger:
            if logger.level:
                return logger.level
            logger = logger.parent
        return NOTSET

    def isEnabledFor(self, level):
        if self.disabled:
            return False
        if self.manager.disable >= level:
            return False
        return level >= self.getEffectiveLevel()

    def getChild(self, suffix):
        if self.root is not self:
            suffix = ".".join((self.name, suffix))
        return self.manager.getLogger(suffix)

    def __repr__(self):
        level = getLevelName(self.getEffectiveLevel())
        return "<%s %s (%s)>" % (self.__class__.__name__, self.name, level)


class RootLogger(Logger):
    """The logger at the top of the hierarchy, named 'root'."""

    def __init__(self, level):
        Logger.__init__(self, "root", level)


_loggerClass = Logger

root = RootLogger(WARNING)
Logger.root = root
Logger.manager = Manager(Logger.root)


def basicConfig(**kwargs):
    """Give the root logger a handler with a formatter, unless it already
    has handlers (force=True removes them first)."""
    force = kwargs.pop("force", False)
    encoding = kwargs.pop("encoding", None)
    errors = kwargs.pop("errors", "backslashreplace")
    if force:
        for h in root.handlers[:]:
            root.removeHandler(h)
            h.close()
    if len(root.handlers) == 0:
        handlers = kwargs.pop("handlers", None)
        if handlers is None:
            if "stream" in kwargs and "filename" in kwargs:
                raise ValueError("'stream' and 'filename' should not be "
                                 "specified together")
        else:
            if "stream" in kwargs or "filename" in kwargs:
                raise ValueError("'stream' or 'filename' should not be "
                                 "specified together with 'handlers'")
        if handlers is None:
            filename = kwargs.pop("filename", None)
            mode = kwargs.pop("filemode", "a")
            if filename:
                h = FileHandler(filename, mode, encoding=encoding,
                                errors=errors)
            else:
                stream = kwargs.pop("stream", None)
                h = StreamHandler(stream)
            handlers = [h]
        dfs = kwargs.pop("datefmt", None)
        style = kwargs.pop("style", "%")
        if style not in _STYLES:
            raise ValueError("Style must be one of: %s" % ",".join(_STYLES.keys()))
        fs = kwargs.pop("format", _STYLES[style][1])
        fmt = Formatter(fs, dfs, style)
        for h in handlers:
            if h.formatter is None:
                h.setFormatter(fmt)
            root.addHandler(h)
        level = kwargs.pop("level", None)
        if level is not None:
            root.setLevel(level)
        if kwargs:
            keys = ", ".join(kwargs.keys())
            raise ValueError("Unrecognised argument(s): %s" % keys)


def getLogger(name=None):
    """The logger with this name (created on first use); the root logger
    when no name is given."""
    if not name or isinstance(name, str) and name == root.name:
        return root
    return Logger.manager.getLogger(name)


def critical(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.critical(msg, *args, **kwargs)


fatal = critical


def error(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.error(msg, *args, **kwargs)


def exception(msg, *args, exc_info=True, **kwargs):
    error(msg, *args, exc_info=exc_info, **kwargs)


def warning(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.warning(msg, *args, **kwargs)


def warn(msg, *args, **kwargs):
    import warnings
    warnings.warn("The 'warn' function is deprecated, "
                  "use 'warning' instead", DeprecationWarning, 2)
    warning(msg, *args, **kwargs)


def info(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.info(msg, *args, **kwargs)


def debug(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.debug(msg, *args, **kwargs)


def log(level, msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.log(level, msg, *args, **kwargs)


def disable(level=CRITICAL):
    """Ignore every record at this level or below, in all loggers."""
    root.manager.disable = level


def shutdown(handlerList=None):
    """Flush and close all handlers."""
    for h in reversed(handlerList if handlerList is not None else _handlers[:]):
        try:
            h.flush()
            h.close()
        except (OSError, ValueError):
            pass
