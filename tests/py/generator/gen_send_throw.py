def acc():
    total = 0
    while True:
        v = yield total
        if v is None:
            break
        total += v
    return "done:" + str(total)
g = acc()
print(next(g), g.send(5), g.send(10))
try:
    g.send(None)
except StopIteration as e:
    print("returned", e.value)
def catcher():
    while True:
        try:
            yield "ready"
        except ValueError as e:
            yield "caught " + str(e)
g = catcher()
print(next(g), g.throw(ValueError("boom")), next(g))
def closer():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")
g = closer()
print(next(g))
g.close()
print("closed")
try:
    next(g)
except StopIteration:
    print("exhausted after close")
