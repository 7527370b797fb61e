# A builtin function stored as a special method is not bound (CPython's
# builtin_function_or_method is no descriptor): `__len__ = len` calls
# len() with no argument. Methods of built-in types called unbound check
# their receiver with CPython's messages.


class A:
    __mod__ = print
    __len__ = len
    __eq__ = object.__eq__
    __neg__ = abs
    __call__ = repr
    __getitem__ = divmod
    __hash__ = object.__hash__


a = A()
r = a % 5
print("mod returned", r)
for name, op in [
    ("len", lambda: len(a)),
    ("neg", lambda: -a),
    ("getitem", lambda: a[7]),
]:
    try:
        print(name, op())
    except TypeError as e:
        print(name, "TypeError", e)
print(a == a, a != a, hash(a) == hash(a))
print(a([1]))


class B:
    __len__ = staticmethod(lambda: 3)
    __repr__ = lambda self: "B!"


print(len(B()), repr(B()))

for f, args in [
    (bytes.find, ("x",)),
    (str.upper, (5,)),
    (list.append, ((), 1)),
    (dict.get, ([], 1)),
    (str.join, (b"", [])),
    (int.bit_length, ("x",)),
    (bytes.decode, ("x",)),
    (list.__len__, ((),)),
    (set.add, (frozenset(), 1)),
    (str.upper, ()),
    (float.hex, (1,)),
    (tuple.count, ([], 1)),
]:
    try:
        print(f(*args))
    except TypeError as e:
        print("TypeError", e)
# The right receivers, subclasses and the non-instance methods still work.


class S(str):
    pass


print(bool.bit_length(5), int.bit_length(True), bytearray.find(bytearray(b"ab"), b"b"))
print(str.upper(S("s")), list(map(str.upper, ["a"])), str.maketrans("a", "b"))
print(dict.fromkeys([1]), int.__new__(int, 5), object.__eq__(1, 1), list.__len__([1]))
for f in (len, abs, chr, sorted, divmod, isinstance):
    try:
        f()
    except TypeError as e:
        print("TypeError", e)
