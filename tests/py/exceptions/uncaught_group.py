# expect: exit=1
# An uncaught exception group: CPython draws it as a tree (the last line
# closes the innermost last member).
def f():
    try:
        raise ExceptionGroup("x", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise OSError(5)


try:
    f()
except ExceptionGroup as g:
    print(repr(g))
raise ExceptionGroup("outer", [KeyError(1), ExceptionGroup("inner", [ValueError(2)])])
