# sys.atexit(func) is MicroPython's (CPython has none), so the expected output
# is in sys_atexit.py.exp: one slot, a new function replaces the previous one
# (which is returned), None clears it; the function runs after the program,
# sharing the order of atexit.register (last registered first).
import atexit
import sys


def first():
    print("first: replaced, never runs")


def second():
    print("second at exit:", value)


def registered():
    print("atexit.register function")


print(sys.atexit(first))
print(sys.atexit(None) is first)
print(sys.atexit(None))
atexit.register(registered)
print(sys.atexit(second))
try:
    sys.atexit(5)
except TypeError:
    print("TypeError")
value = "final"
print("end of program")
