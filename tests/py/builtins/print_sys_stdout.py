# print() writes to whatever sys.stdout is now.
import io
import sys

old = sys.stdout
buf = io.StringIO()
sys.stdout = buf
print("hidden", 1, sep="-", end="!\n")
print("second")
sys.stdout = old
print(repr(buf.getvalue()))
print(sys.stdout is sys.__stdout__)


class Collect:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)
        return len(s)

    def flush(self):
        self.parts.append("<flush>")


c = Collect()
sys.stdout = c
print("a", "b")
print("c", flush=True)
sys.stdout = old
print(c.parts)

# file= still wins over sys.stdout.
other = io.StringIO()
sys.stdout = c
print("to other", file=other)
sys.stdout = old
print(repr(other.getvalue()), len(c.parts))


class NoWrite:
    pass


sys.stdout = NoWrite()
try:
    print("x")
    err = None
except AttributeError as e:
    err = e
sys.stdout = old
print(type(err).__name__)
print("done")

# sys.stdout = None: print() does nothing.
sys.stdout = None
print("nowhere")
sys.stdout = old
print("after None")
