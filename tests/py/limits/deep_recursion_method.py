class R:
    def __repr__(self):
        return repr(self)
try:
    repr(R())
except RecursionError:
    print("RecursionError in __repr__")
class G:
    def __getattr__(self, name):
        return getattr(self, "x" + name)
try:
    G().a
except RecursionError:
    print("RecursionError in __getattr__")
