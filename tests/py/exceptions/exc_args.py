e = ValueError("msg", 42)
print(e.args, str(e), repr(e))
print(str(ValueError()), repr(ValueError()), ValueError().args)
print(KeyError("k").args)
print(str(Exception("one")), repr(Exception("one")))
class Custom(Exception):
    pass
c = Custom("a", "b")
print(c.args, str(c), isinstance(c, Exception))
try:
    raise Custom
except Custom as ex:
    print("raised class ->", type(ex).__name__, ex.args)
e2 = OSError(2, "No such file")
print(e2.args, e2.errno, e2.strerror if hasattr(e2, "strerror") else "")
s = StopIteration(5)
print(s.value, s.args)
