# Where a record comes from: the frames are walked out of logging's own,
# then `stacklevel - 1` further; lineno is the line of the logging call.
import logging, io

stream = io.StringIO()
h = logging.StreamHandler(stream)
h.setFormatter(logging.Formatter("%(funcName)s:%(lineno)d %(module)s %(message)s"))
log = logging.getLogger("walk")
log.addHandler(h)
log.propagate = False
log.setLevel(logging.DEBUG)


def inner(level):
    log.warning("inner %d", level, stacklevel=level)


def middle(level):
    inner(level)


def outer(level):
    middle(level)


for level in (1, 2, 3, 4, 100):
    outer(level)
log.log(logging.ERROR, "via log")
log.exception("no exception here")
log.critical("%s and %s", "two", "args")
print(stream.getvalue(), end="")
r = log.makeRecord("walk", logging.INFO, "/a/b/c.py", 7, "m %s", ("x",), None)
print(r.filename, r.module, r.lineno, r.getMessage())
r = log.makeRecord("walk", logging.INFO, "noext", 7, "m", (), None)
print(r.filename, r.module)
print(log.findCaller()[1:3], log.findCaller(stacklevel=2)[2])
try:
    log.findCaller(stacklevel="x")
except TypeError as e:
    print("TypeError")
