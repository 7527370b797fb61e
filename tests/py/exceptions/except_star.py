# except* (PEP 654): matching and splitting by type, wrapping a naked
# exception, the unmatched rest, exceptions raised by the clauses, bare
# raise and sys.exc_info() inside a clause, __context__, else/finally,
# subclasses' derive, and the TypeErrors for bad clause types.
import sys


def run(f):
    try:
        f()
    except BaseException as g:
        print("  raised", type(g).__name__, repr(g))
        print("  context", repr(g.__context__))
    else:
        print("  nothing raised")


def naked_unmatched():
    try:
        raise ValueError(1)
    except* TypeError:
        print("not here")


def naked_matched():
    try:
        raise ValueError(1)
    except* ValueError as e:
        print("  caught", repr(e), repr(sys.exc_info()[1]), e is sys.exc_info()[1])
        print("  leaf", repr(e.exceptions[0]), e.exceptions[0].__traceback__ is not None)


def naked_reraise():
    try:
        raise ValueError(1)
    except* ValueError:
        raise


def naked_new():
    try:
        raise ValueError(1)
    except* ValueError:
        raise TypeError(2)


def split_two():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), KeyError(3)])
    except* ValueError as e:
        print("  V", repr(e))
    except* TypeError as e:
        print("  T", repr(e))


def raise_in_clauses():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2), KeyError(3)])
    except* ValueError:
        raise OSError(9)
    except* TypeError as e:
        print("  T still runs", repr(e))
        raise


def raise_e():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError as e:
        raise e


def all_reraised():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise
    except* TypeError:
        raise


def both_new():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* ValueError:
        raise KeyError(1)
    except* TypeError:
        raise KeyError(2)


def nested_groups():
    try:
        raise ExceptionGroup("outer", [ValueError(1),
                                       ExceptionGroup("inner", [TypeError(2), ValueError(3)])])
    except* ValueError as e:
        print("  V", repr(e))


def whole_group():
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)])
    except* (ValueError, TypeError) as e:
        print("  all", repr(e))


def base_group():
    try:
        raise BaseExceptionGroup("b", [KeyboardInterrupt(), ValueError(1)])
    except* KeyboardInterrupt as e:
        print("  KI", type(e).__name__, repr(e))


def else_finally():
    try:
        print("  body")
    except* ValueError:
        print("not here")
    else:
        print("  else")
    finally:
        print("  finally")
    try:
        raise ExceptionGroup("eg", [ValueError(1)])
    except* ValueError:
        print("  handled")
    else:
        print("not here")
    finally:
        print("  finally 2")


def handler_loops():
    out = []
    for i in range(3):
        try:
            raise ValueError(i)
        except* ValueError as e:
            for x in e.exceptions:
                if x.args[0] == 1:
                    continue
                out.append(x.args[0])
                break
    print("  ", out, sys.exc_info())


def name_unbound():
    try:
        raise ValueError(1)
    except* ValueError as e:
        pass
    try:
        e
    except NameError:
        print("  e unbound")


def inside_except():
    try:
        raise KeyError("outer")
    except KeyError:
        try:
            raise ExceptionGroup("x", [ValueError(1), TypeError(2)])
        except* ValueError:
            raise OSError(5)


def raise_from():
    try:
        raise ExceptionGroup("x", [ValueError(1)])
    except* ValueError as e:
        raise RuntimeError("r") from e


class MyEG(ExceptionGroup):
    def derive(self, excs):
        return MyEG(self.message + "!", excs)


def subclass_derive():
    try:
        raise MyEG("m", [ValueError(1), TypeError(2)])
    except* ValueError as e:
        print("  V", repr(e))


def generator():
    try:
        yield 1
        raise ExceptionGroup("g", [ValueError(1), TypeError(2)])
    except* ValueError as e:
        yield repr(e)
    except* TypeError as e:
        yield repr(e)


for f in (naked_unmatched, naked_matched, naked_reraise, naked_new, split_two,
          raise_in_clauses, raise_e, all_reraised, both_new, nested_groups,
          whole_group, base_group, else_finally, handler_loops, name_unbound,
          inside_except, raise_from, subclass_derive):
    print(f.__name__)
    run(f)
print(list(generator()))

orig = ExceptionGroup("eg", [ValueError(1), TypeError(2)])
try:
    try:
        raise orig
    except* ValueError:
        pass
except ExceptionGroup as g:
    print(g is orig, g.exceptions[0] is orig.exceptions[1], repr(g))
try:
    raise orig
except* (ValueError, TypeError) as e:
    print(e is orig)

for T in (ExceptionGroup, BaseExceptionGroup, (ValueError, ExceptionGroup), int, (int,), "x"):
    try:
        try:
            raise ValueError
        except* T:
            pass
    except TypeError as t:
        print("TypeError:", t, repr(t.__context__))
print(sys.exc_info())
