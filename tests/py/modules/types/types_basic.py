# The types module: type objects without a builtin name, MethodType and
# ModuleType constructors, and coroutine as a decorator for generators.
import types


def f():
    yield 1


async def c():
    pass


class A:
    def m(self):
        return self


print(type(f) is types.FunctionType, type(lambda: 0) is types.LambdaType, type(f()) is types.GeneratorType)
print(type(A().m) is types.MethodType, type(types) is types.ModuleType, type(len) is types.BuiltinFunctionType)
co = c()
print(type(co) is types.CoroutineType)
co.close()
print(type(None) is types.NoneType, type(...) is types.EllipsisType, type(NotImplemented) is types.NotImplementedType)
print(isinstance(f, types.FunctionType), isinstance(len, types.FunctionType))
a = A()
bm = types.MethodType(lambda self, x: (self is a, x), a)
print(bm(5), bm.__self__ is a)
m = types.ModuleType("mymod")
m.x = 3
print(m.__name__, m.x, m.__doc__, types.ModuleType("q", "doc").__doc__)
for bad in (lambda: types.MethodType(1, a), lambda: types.MethodType(f, None), lambda: types.ModuleType(5), lambda: types.coroutine(3)):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)


@types.coroutine
def wait(v):
    got = yield v
    return got * 2


async def main():
    r = await wait(1)
    print("main got", r)
    return r


g = main()
print(g.send(None))
try:
    g.send(21)
except StopIteration as e:
    print("StopIteration", e.value)
