try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise ValueError("wrapped") from e
except ValueError as v:
    print(type(v.__cause__).__name__, v.__cause__ is not None)
try:
    try:
        {}["x"]
    except KeyError:
        raise RuntimeError("during handling")
except RuntimeError as r:
    print(type(r.__context__).__name__)
try:
    try:
        raise TypeError("a")
    except TypeError:
        raise ValueError("b") from None
except ValueError as v:
    print(v.__cause__, v.__suppress_context__)
def nested():
    try:
        raise KeyError("inner")
    finally:
        print("cleanup in nested")
try:
    nested()
except KeyError as k:
    print("got", k)
