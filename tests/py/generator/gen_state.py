def g():
    yield 1
gen = g()
print(list(gen), list(gen))
def running():
    try:
        yield 1
    except GeneratorExit:
        print("GeneratorExit seen")
        raise
r = running()
next(r)
r.close()
def with_return():
    yield 1
    return 5
try:
    it = with_return()
    next(it)
    next(it)
except StopIteration as e:
    print("value", e.value, e.args)
def pipeline():
    nums = (i for i in range(20))
    evens = (n for n in nums if n % 2 == 0)
    sq = (e * e for e in evens)
    return list(sq)
print(pipeline())
