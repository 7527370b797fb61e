class V:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return "V(%r, %r)" % (self.x, self.y)
class W(V):
    def __str__(self):
        return "<%s,%s>" % (self.x, self.y)
v, w = V(1, "a"), W(2, 3)
print(v, repr(v), str(v), [v])
print(w, repr(w), [w], "%s %r" % (w, w), "{} {!r}".format(w, w))
class Plain: pass
print(str(Plain()).startswith("<"), repr(Plain()).startswith("<"))
