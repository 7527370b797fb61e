# ExceptionGroup and BaseExceptionGroup: construction and its checks, str
# and repr, subgroup/split/derive by class, tuple and predicate, nesting,
# catching a group with except (except* is not compiled).
eg = ExceptionGroup("many", [ValueError(1), TypeError("t"), ValueError(2)])
print(eg, repr(eg), eg.message, eg.exceptions, eg.args)
print(isinstance(eg, Exception), isinstance(eg, BaseExceptionGroup), issubclass(ExceptionGroup, Exception))
print(ExceptionGroup.__mro__)
one = ExceptionGroup("one", (KeyError("k"),))
print(one, type(BaseExceptionGroup("b", [ValueError()])).__name__,
      type(BaseExceptionGroup("b", [KeyboardInterrupt()])).__name__)

for args in (("x", []), ("x", [1]), (1, [ValueError()]), ("x", ValueError()), ("x",),
             ("x", [KeyboardInterrupt()])):
    try:
        ExceptionGroup(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

match, rest = eg.split(ValueError)
print(repr(match), repr(rest))
print(repr(eg.subgroup(TypeError)), eg.subgroup(OSError))
print(eg.split((TypeError, ValueError)))
print(repr(eg.subgroup(lambda e: isinstance(e, ValueError) and e.args[0] > 1)))
print(eg.subgroup(lambda e: True) is eg, eg.split(ExceptionGroup)[0] is eg)

nested = ExceptionGroup("outer", [ValueError("a"), ExceptionGroup("inner", [TypeError("b"), ValueError("c")])])
m, r = nested.split(ValueError)
print(repr(m))
print(repr(r))
print(repr(nested.derive([OSError("d")])))

try:
    raise ExceptionGroup("raised", [ValueError(1)])
except Exception as e:
    print("caught", type(e).__name__, e.exceptions)
try:
    try:
        raise ValueError("cause")
    except ValueError as c:
        raise ExceptionGroup("with cause", [TypeError()]) from c
except ExceptionGroup as e:
    m = e.subgroup(TypeError)
    print(repr(m.__cause__), m.__traceback__ is not None)
try:
    eg.split(42)
except TypeError as e:
    print("TypeError", e)
