# str(KeyError) is the repr of its single argument; other arities as BaseException.
print(str(KeyError("k")), repr(KeyError("k")))
print(repr(str(KeyError())), str(KeyError(1, 2)), str(KeyError("")), str(KeyError(None)))
try:
    {}["missing"]
except KeyError as e:
    print(e, e.args)
try:
    {}[(1, "a")]
except KeyError as e:
    print("key:", e)
print("%s" % KeyError("fmt"), f"{KeyError('f')}", "{}".format(KeyError(3)))
class KE(KeyError):
    def __str__(self):
        return "custom"
print(str(KE("a")), KE("a").args)
class KE2(KeyError):
    pass
print(str(KE2("b")))
print(str(LookupError("plain")), str(IndexError("i")))
