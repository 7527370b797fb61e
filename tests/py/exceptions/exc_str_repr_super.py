# BaseException.__str__ and __repr__ as methods: super().__str__() in a
# subclass, and calling them on the class.
class E(Exception):
    def __str__(self):
        return "<" + super().__str__() + ">"
class R(ValueError):
    def __repr__(self):
        return "R!" + super().__repr__()
print(str(E("x")), repr(E("x")), str(E()), str(E(1, 2)))
print(Exception.__str__(ValueError("q")), BaseException.__repr__(ValueError("q")))
print(repr(R("a", 1)), str(R("a")), [R(2)])
print(Exception.__str__(KeyError("k")), str(KeyError("k")), repr(KeyError("k")))
try:
    raise E("boom")
except E as e:
    print("caught", e, e.args)
