o = object()
print(type(o).__name__, isinstance(o, object), o == o, o != object())
class A: pass
print(isinstance(A(), object), issubclass(A, object))
try:
    o.x = 1
except AttributeError:
    print("AttributeError")
print(len("abc"), len([1]), len({1: 2}), len(range(5)), len(b"xy"))
try:
    len(5)
except TypeError:
    print("TypeError")
