# types.FunctionType(code, globals, name, argdefs, closure): a function made
# from another's code object, reading its globals from the dict given.
import types


def f():
    return a


code = f.__code__
f1 = types.FunctionType(code, {"a": 1})
f2 = types.FunctionType(code, {"a": 2}, "renamed")
print(type(f1) is types.FunctionType, f1(), f2(), f1.__name__, f2.__name__)
print(f2.__qualname__, f1.__globals__["a"])


def g(x, y):
    return x * 10 + y


g2 = types.FunctionType(g.__code__, {}, None, (4, 5))
print(g2(), g2(1), g2(1, 2), g2.__defaults__)

# A code with inner functions: each call makes them over the new globals.
maker = types.FunctionType((lambda: (lambda: a)).__code__, {"a": "inner"})
print(maker()())


# A closure: cells of the same number as the code's free variables.
def outer():
    n = 7

    def inner():
        return n

    return inner


inner = outer()
again = types.FunctionType(inner.__code__, {}, "again", None, inner.__closure__)
print(again(), again.__closure__[0].cell_contents)

for args in [(None, {}), (code, None), (code, {}, 5), (code, {}, None, [1]),
             (inner.__code__, {}), (code, {}, None, None, inner.__closure__)]:
    try:
        types.FunctionType(*args)
        print("made")
    except (TypeError, ValueError) as e:
        print(type(e).__name__)
