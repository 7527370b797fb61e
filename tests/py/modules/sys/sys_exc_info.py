# sys.exc_info(): the exception being handled, or three Nones.
import sys

print(sys.exc_info())


def show():
    t, v, tb = sys.exc_info()
    print(t, repr(v), tb is None)


try:
    raise ValueError("outer")
except ValueError:
    show()
    try:
        raise KeyError("inner")
    except KeyError:
        show()
    # Back to the outer exception once the inner handler is done.
    show()
print(sys.exc_info())

# Inside finally after an exception, and in a function called from a handler.
try:
    try:
        raise TypeError("t")
    finally:
        show()
except TypeError:
    pass

try:
    1 / 0
except ZeroDivisionError as e:
    t, v, tb = sys.exc_info()
    print(t is ZeroDivisionError, v is e, tb is not None)


# A generator that handles an exception.
def gen():
    try:
        raise IndexError(3)
    except IndexError:
        yield sys.exc_info()[0]
    yield sys.exc_info()[0]


print(list(gen()))

try:
    sys.exc_info(1)
except TypeError as e:
    print("TypeError", e)
print(sys.exc_info())
