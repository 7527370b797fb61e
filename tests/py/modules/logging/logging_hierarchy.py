# Checks getLogger's dotted hierarchy (parents fixed up when a middle
# logger is created later), propagation, effective levels, handler
# levels, addHandler/removeHandler/hasHandlers, getChild, disabled
# loggers, logging.disable, Filter objects and filter callables on
# loggers and handlers, NullHandler, and the reprs of loggers/handlers.
import io
import logging

out = io.StringIO()
h = logging.StreamHandler(out)
h.setFormatter(logging.Formatter("%(name)s:%(levelname)s:%(message)s"))
root = logging.getLogger()
print(root is logging.root, logging.getLogger("root") is root, root.name, root.level)
root.addHandler(h)
root.setLevel(logging.DEBUG)

abc = logging.getLogger("a.b.c")
print(abc.parent is root, abc.name)
a = logging.getLogger("a")
print(abc.parent is a, a.parent is root)
ab = logging.getLogger("a.b")
print(abc.parent is ab, ab.parent is a, logging.getLogger("a.b") is ab)
print(a.getChild("b") is ab, root.getChild("a") is a, ab.getChild("c.d").parent is abc)
try:
    logging.getLogger(5)
except TypeError as e:
    print("TypeError:", e)

a.setLevel(logging.WARNING)
print(abc.level, abc.getEffectiveLevel(), ab.getEffectiveLevel(), root.getEffectiveLevel())
abc.info("hidden by a's level")
abc.warning("shown via root")
abc.setLevel(logging.INFO)
abc.info("abc info")

ah = logging.StreamHandler(out)
ah.setFormatter(logging.Formatter("[a-handler] %(message)s"))
a.addHandler(ah)
abc.error("reaches both")
a.propagate = False
abc.error("only a-handler")
print(abc.hasHandlers(), logging.getLogger("zz").hasHandlers())
a.propagate = True
ah.setLevel(logging.CRITICAL)
abc.error("a-handler level too high")
a.removeHandler(ah)
a.removeHandler(ah)
abc.critical("after remove")

abc.disabled = True
abc.critical("disabled")
abc.disabled = False
logging.disable(logging.ERROR)
abc.error("globally disabled")
abc.critical("above disable")
print(abc.isEnabledFor(logging.ERROR), abc.isEnabledFor(logging.CRITICAL))
logging.disable(logging.NOTSET)

# Filters.
f = logging.Filter("a.b")
print(f.filter(logging.makeLogRecord({"name": "a.b"})), f.filter(logging.makeLogRecord({"name": "a.bc"})),
      f.filter(logging.makeLogRecord({"name": "a.b.c"})), f.filter(logging.makeLogRecord({"name": "a"})),
      logging.Filter().filter(logging.makeLogRecord({"name": "x"})))
h.addFilter(f)
logging.getLogger("a").error("filtered out by handler")
logging.getLogger("a.b.c.d").error("passes handler filter")
h.removeFilter(f)


def no_secrets(record):
    return "secret" not in record.getMessage()


ab.addFilter(no_secrets)
ab.error("a secret message")
ab.error("a public message")
abc.error("secret from child: logger filters apply only where logged")
ab.removeFilter(no_secrets)


class Tagger(logging.Filter):
    def filter(self, record):
        record.msg = "[tag] " + record.msg
        return True


ab.addFilter(Tagger())
ab.warning("tagged")
print(repr(out.getvalue()))

nh = logging.NullHandler()
q = logging.getLogger("quiet")
q.addHandler(nh)
q.propagate = False
q.error("goes nowhere")
print(q.hasHandlers())

print(repr(root), repr(a), repr(abc), repr(logging.getLogger("fresh")))
print(repr(h), repr(nh), repr(logging.Handler()), repr(logging.StreamHandler(io.StringIO())))
hh = logging.Handler(logging.INFO)
print(repr(hh), hh.name, hh.level)
hh.name = "named"
print(hh.get_name())
try:
    hh.emit(logging.makeLogRecord({}))
except NotImplementedError as e:
    print("NotImplementedError:", e)
