# CPython's surface where programs print it: messages of common errors,
# default reprs, function attributes, zip(strict=), sum(start=),
# math.nextafter/ulp, sys.getsizeof of built-in values.
import math
import sys

for f in (lambda: "a" + 1, lambda: "a" + [1], lambda: [1] + (1,), lambda: (1,) + [1],
          lambda: b"a" + "s", lambda: bytearray(b"a") + "s"):
    try:
        f()
    except TypeError as e:
        print("TypeError:", e)
for f in (lambda: [1, 2].index(5), lambda: ["x"].index("y"), lambda: (1,).index(5),
          lambda: [1].remove(5), lambda: "abc".index("z")):
    try:
        f()
    except ValueError as e:
        print("ValueError:", e)


class Plain:
    class Inner:
        pass


r = repr(Plain())
print(r.startswith("<__main__.Plain object at 0x"), r.endswith(">"))
print(repr(Plain.Inner()).startswith("<__main__.Plain.Inner object at 0x"))
print(object.__repr__(Plain()).startswith("<__main__.Plain object at"))
print(repr(object()).startswith("<object object at 0x"))


def outer():
    x, y = 1, [2]

    def inner():
        return x, y

    return inner


def kwonly(a, *, b=3, c=4):
    return a + b + c


cl = outer().__closure__
print(type(cl).__name__, len(cl), [c.cell_contents for c in cl], outer.__closure__)
print(kwonly.__kwdefaults__, outer.__kwdefaults__)

print(list(zip([1, 2], "ab", strict=True)), list(zip(strict=True)))
for args in (([1, 2], [3]), ([1], [2, 3]), ([1, 2], [1, 2], [1]), ([1, 2], [1, 2], [1, 2, 3])):
    try:
        print(list(zip(*args, strict=True)))
    except ValueError as e:
        print("ValueError:", e)
print(list(zip([1, 2, 3], [4], strict=False)))

print(sum([1, 2], start=10), sum([[1], [2]], start=[]), sum((0.5, 0.25), 1))
for bad in (lambda: sum([1], 2, start=3), lambda: sum([1], begin=2)):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)

print(math.nextafter(1.0, 2.0), math.nextafter(1.0, 0.0), math.nextafter(0.0, 1.0), math.nextafter(3.0, 3.0))
print(math.ulp(1.0), math.ulp(-1e300), math.ulp(0.0), math.ulp(float("inf")), math.ulp(sys.float_info.max))
print(math.isnan(math.ulp(float("nan"))))

for v in (0, 1, 2**30, -2**62, 10**100, 1.5, True, None, 1j, "", "abc", "é", "€x", "😀",
          b"", b"abc", bytearray(), bytearray(b"ab"), (), (1, 2, 3), [], [0] * 10, {},
          {1: 2}, {"a": 1}, dict.fromkeys(range(10)), set(), {1, 2, 3}, set(range(5)),
          frozenset(range(100)), range(5)):
    print(type(v).__name__, sys.getsizeof(v))


class Sized:
    def __sizeof__(self):
        return 100


class SlottedSized:
    __slots__ = ("a",)

    def __sizeof__(self):
        return 100


print(sys.getsizeof(Sized()), sys.getsizeof(SlottedSized()))
print(sys.float_info.max, sys.float_info.epsilon, sys.float_info.dig, sys.float_info.mant_dig)
print(sys.hash_info.modulus, sys.hash_info.inf, sys.int_info.bits_per_digit)
