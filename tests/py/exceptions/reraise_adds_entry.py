# `raise e` of a caught exception adds an entry for the raising line, even
# in the frame that caught it; a bare `raise` and a `finally` do not.
import traceback


def g():
    raise ValueError("x")


def entries(e):
    return [(fs.name, fs.lineno) for fs in traceback.extract_tb(e.__traceback__)]


try:
    try:
        g()
    except ValueError as e:
        raise e
except ValueError as e:
    print("raise e:", entries(e))

try:
    try:
        g()
    except ValueError:
        raise
except ValueError as e:
    print("bare raise:", entries(e))

try:
    try:
        g()
    finally:
        pass
except ValueError as e:
    print("finally:", entries(e))


def again(e):
    raise e


try:
    try:
        g()
    except ValueError as e:
        again(e)
except ValueError as e:
    print("in another function:", entries(e))

# Raising the same object twice keeps growing its traceback.
saved = None
try:
    g()
except ValueError as e:
    saved = e
for _ in range(2):
    try:
        raise saved
    except ValueError as e:
        print("saved:", entries(e))
