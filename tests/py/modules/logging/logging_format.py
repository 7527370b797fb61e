# Checks Formatter fields (name, levelname, levelno, message, msg, args,
# msecs/created/relativeCreated/process types, asctime with datefmt),
# '{' and '$' styles, defaults=, validation errors, extra= and its
# KeyError, exc_info/exception() (first and last traceback lines only),
# LogRecord.getMessage and repr, makeLogRecord, and FileHandler /
# basicConfig(filename=, filemode=) writing to a file.
import io
import logging
import os

out = io.StringIO()
h = logging.StreamHandler(out)
lg = logging.getLogger("fmt")
lg.propagate = False
lg.addHandler(h)
lg.setLevel(logging.DEBUG)

h.setFormatter(logging.Formatter("%(name)s|%(levelname)s|%(levelno)d|%(message)s|%(msg)s|%(args)s"))
lg.info("hello %s and %d", "you", 3)
lg.debug("no args")
lg.warning("%(x)s-%(y)s", {"x": 1, "y": 2})
h.setFormatter(logging.Formatter("%(message)s %(user)s", defaults={"user": "anon"}))
lg.error("with default")
lg.error("with extra", extra={"user": "bob"})
h.setFormatter(logging.Formatter("{levelname:>8}:{name}:{message}", style="{"))
lg.critical("brace")
h.setFormatter(logging.Formatter("${levelname}:$name:${message}", style="$"))
lg.critical("dollar")
h.setFormatter(logging.Formatter("%(asctime)s|%(message)s", datefmt="%Y"))
lg.info("dated")
h.setFormatter(logging.Formatter())
lg.info("default format")
print(repr(out.getvalue().replace(str(__import__("time").localtime().tm_year), "YYYY")))

fmt = logging.Formatter("%(message)s")
rec = lg.makeRecord("fmt", logging.INFO, "some/path/mod.py", 42, "v=%s", (7,), None, "func")
print(rec.getMessage(), rec.filename, rec.module, rec.lineno, rec.funcName, rec.levelname, repr(rec))
print(type(rec.created).__name__, type(rec.msecs).__name__, type(rec.relativeCreated).__name__,
      type(rec.process).__name__, rec.msecs < 1000, rec.relativeCreated >= 0, rec.exc_info, rec.exc_text)
print(fmt.format(rec), hasattr(rec, "message"), rec.message)
r2 = logging.makeLogRecord({"msg": "made %s", "args": ("here",), "levelno": 40, "custom": 1})
print(r2.getMessage(), r2.custom, r2.levelno, r2.name)
print(fmt.usesTime(), logging.Formatter("%(asctime)s").usesTime())
try:
    lg.info("x", extra={"message": "clash"})
except KeyError as e:
    print("KeyError:", e)
try:
    lg.info("x", extra={"levelname": "clash"})
except KeyError as e:
    print("KeyError:", e)
for args in [("%(message)s", None, "?"), ("plain",), ("{message", None, "{"),
             ("plain", None, "{"), ("a } b {message}", None, "{"), ("{{x}} {message}", None, "{"),
             ("no dollar", None, "$"), ("$$ only", None, "$"), ("a $ b", None, "$"),
             ("${x", None, "$"), ("$$ ${ok} $_x", None, "$")]:
    try:
        logging.Formatter(*args)
        print("ok", args)
    except ValueError as e:
        print("ValueError:", str(e)[:60])
try:
    logging.Formatter("%(missing)s").format(rec)
except ValueError as e:
    print("ValueError:", e)

out.seek(0)
out.truncate()
h.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
try:
    1 / 0
except ZeroDivisionError:
    lg.exception("caught %s", "it")
    lg.error("no traceback")
    lg.warning("with exc_info", exc_info=True)
lg.error("explicit", exc_info=ValueError("given"))
for line in out.getvalue().splitlines():
    if not line.startswith(" "):
        print(repr(line))

name = "logging_format_tmp.log"
fh = logging.FileHandler(name, mode="w")
fh.setFormatter(logging.Formatter("%(levelname)s:%(message)s"))
lg.addHandler(fh)
lg.info("to file")
lg.removeHandler(fh)
fh.close()
print(os.path.basename(fh.baseFilename), repr(open(name).read()))
fh = logging.FileHandler(name)
lg.addHandler(fh)
lg.warning("appended")
lg.removeHandler(fh)
fh.close()
print(repr(open(name).read()))
logging.basicConfig(filename=name, filemode="w", format="%(name)s/%(message)s", force=True)
logging.getLogger("file.test").error("via basicConfig")
logging.root.handlers[0].close()
print(type(logging.root.handlers[0]).__name__, repr(open(name).read()))
os.remove(name)
