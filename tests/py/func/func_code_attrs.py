# f.__code__ and its co_* attributes (co_flags in CPython's bits), also
# through bound methods.
def f(a, b=2, /, c=3, *args, d, **kw):
    x = 1
    def g():
        return x
    return g
c = f.__code__
print(c.co_name, c.co_qualname, c.co_argcount, c.co_posonlyargcount, c.co_kwonlyargcount, c.co_nlocals, c.co_varnames, c.co_cellvars, c.co_freevars, c.co_flags, c.co_firstlineno, c.co_filename.endswith('co.py'))
g = f(1, d=1)
print(g.__code__.co_freevars, g.__code__.co_flags, g.__code__.co_qualname)
def gen(): yield 1
async def co(): pass
async def ag(): yield 1
print(gen.__code__.co_flags & 0x20, co.__code__.co_flags & 0x80, ag.__code__.co_flags & 0x200)
class A:
    def m(self): return self
print(A.m.__code__.co_qualname, A().m.__code__.co_name, (lambda: 0).__code__.co_name)
print(hasattr(print, '__code__'), type(f.__code__).__name__)
print(f.__code__.co_names, g.__code__.co_names)
