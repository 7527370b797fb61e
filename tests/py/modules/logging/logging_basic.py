# Checks basicConfig (level, format, datefmt, stream, style, force, the
# ValueError messages), the module-level debug/info/warning/error/
# critical/log functions, lastResort output to stderr when nothing is
# configured, and levels: getLevelName, addLevelName, level names
# accepted by setLevel and their error messages.
import io
import logging
import sys

err = io.StringIO()
sys.stderr = err
log = logging.getLogger("nohandlers")
log.debug("not shown")
log.info("not shown")
log.warning("last resort %s", "warning")
log.error("last resort error")
logging.getLogger("other").critical("crit %d%%", 5)
sys.stderr = sys.__stderr__
print(repr(err.getvalue()))
print(logging.root.handlers, logging.lastResort.level)

print(logging.getLevelName(10), logging.getLevelName(35), logging.getLevelName("INFO"),
      logging.getLevelName("nope"), logging.getLevelName(logging.WARN), logging.getLevelName(50))
logging.addLevelName(25, "NOTICE")
print(logging.getLevelName(25), logging.getLevelName("NOTICE"))
print(logging.CRITICAL, logging.FATAL, logging.ERROR, logging.WARNING, logging.WARN,
      logging.INFO, logging.DEBUG, logging.NOTSET, logging.BASIC_FORMAT)

out = io.StringIO()
logging.basicConfig(stream=out, level=logging.INFO)
logging.debug("hidden")
logging.info("info %s", "msg")
logging.warning("warn")
logging.error("err %(k)s", {"k": "mapped"})
logging.critical("crit")
logging.log(25, "notice level")
logging.log(logging.DEBUG, "hidden too")
logging.getLogger("a.b").info("from a.b")
print(repr(out.getvalue()))

# A second basicConfig does nothing unless force=True.
out2 = io.StringIO()
logging.basicConfig(stream=out2, format="IGNORED %(message)s")
logging.warning("still to out")
print(repr(out2.getvalue()), out.getvalue().count("\n"))
logging.basicConfig(stream=out2, format="%(levelname)-8s|%(name)s|%(message)s|%(levelno)d",
                    level="DEBUG", force=True)
logging.debug("now shown")
logging.getLogger("x.y").warning("child %d", 1)
logging.basicConfig(stream=out2, format="{levelname}:{message}", style="{", force=True)
logging.info("brace style")
logging.basicConfig(stream=out2, format="$levelname/${message}", style="$", force=True)
logging.error("dollar style")
logging.basicConfig(stream=out2, format="%(asctime)s %(message)s", datefmt="[%Y]", force=True)
logging.warning("dated")
print(repr(out2.getvalue().replace(str(__import__("time").localtime().tm_year), "YYYY")))

for kw in [dict(stream=out, filename="x.log"), dict(style="x"), dict(stream=out, handlers=[]),
           dict(bogus=1, other=2), dict(format="no fields")]:
    try:
        logging.basicConfig(force=True, **kw)
    except ValueError as e:
        print("ValueError:", e)

lg = logging.getLogger("levels")
for lv in ["DEBUG", "WARN", 15, "FATAL"]:
    lg.setLevel(lv)
    print(lg.level, lg.getEffectiveLevel(), lg.isEnabledFor(20))
for bad in ["LOUD", 1.5, None]:
    try:
        lg.setLevel(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
try:
    lg.log("INFO", "x")
except TypeError as e:
    print("TypeError:", e)
