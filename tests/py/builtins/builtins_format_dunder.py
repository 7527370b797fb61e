# The built-in types' __format__ called directly, on their own values and
# on instances of subclasses.
class I(int):
    def __format__(self, spec):
        return "I<" + int.__format__(self, spec) + ">"


class F(float):
    pass


class S(str):
    def __format__(self, spec):
        return str.__format__(self, spec).replace(" ", ".")


print(int.__format__(5, "x"), int.__format__(255, "08b"), int.__format__(7, ""))
print(float.__format__(1.5, ">6"), float.__format__(2.0, ".3f"), str.__format__("a", "^5"))
print(format(I(10), "04d"), f"{I(3):>4}", "{:x}".format(I(255)))
print(format(F(1.25), ".1f"), f"{F(2):g}")
print(format(S("ab"), ">5"), f"{S('x'):^5}")
try:
    int.__format__(5, "z")
except ValueError as e:
    print("ValueError", e)
try:
    format([1], "x")
except TypeError as e:
    print("TypeError", e)


class Plain:
    pass


try:
    format(Plain(), "x")
except TypeError as e:
    print("TypeError", e)
p = Plain()
print(format(p, "") == str(p))
for bad in (5, None, b"x"):
    try:
        format(1, bad)
    except TypeError as e:
        print("TypeError", e)


class Spec(str):
    pass


print(format(255, Spec("x")), format("a", Spec(">3")))
