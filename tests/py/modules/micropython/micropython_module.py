# MicroPython-only module: CPython has no `micropython`, so the expected output
# is in micropython_module.py.exp (what MicroPython prints).
import micropython
X = micropython.const(10)
print(X, micropython.const(2 ** 10))
@micropython.native
def f(a):
    return a * 2
print(f(21))
print(callable(micropython.opt_level) if hasattr(micropython, "opt_level") else True)
