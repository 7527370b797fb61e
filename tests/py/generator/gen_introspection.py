# gi_running / gi_suspended / gi_code / gi_frame / gi_yieldfrom and the
# coroutine (cr_*) and async generator (ag_*) counterparts; a running
# generator refuses send, next, throw and close with ValueError.


def g():
    print("inside: running", gen.gi_running, "suspended", gen.gi_suspended)
    for name, act in [
        ("send", lambda: gen.send(None)),
        ("next", lambda: next(gen)),
        ("throw", lambda: gen.throw(KeyError)),
        ("close", lambda: gen.close()),
    ]:
        try:
            act()
        except ValueError as e:
            print(name, type(e).__name__, e)
    f = gen.gi_frame
    print("inside frame", f.f_code.co_name, f.f_lineno, sorted(f.f_locals))
    local = 5
    x = yield 1
    yield from sub(x)
    return local


def sub(n):
    yield n
    yield n + 1


gen = g()
print(gen.gi_running, gen.gi_suspended, gen.gi_code.co_name, gen.gi_yieldfrom)
print(gen.gi_frame.f_code.co_name == gen.gi_code.co_name, gen.gi_frame.f_locals)
print(next(gen))
print(gen.gi_running, gen.gi_suspended, gen.gi_frame.f_lineno)
print(sorted(gen.gi_frame.f_locals))
print(id(gen) > 0, id(gen.gi_frame) > 0)
print(gen.send(7))
y = gen.gi_yieldfrom
print(type(y).__name__, y.gi_code.co_name, y.gi_frame.f_locals)
print(list(gen))
print(gen.gi_frame, gen.gi_yieldfrom, gen.gi_running, gen.gi_suspended)
print(gen.gi_code.co_name)
for attr in ("cr_running", "ag_running", "gi_nothing"):
    try:
        getattr(gen, attr)
    except AttributeError as e:
        print("AttributeError", e)


# Closing an unstarted or finished generator is fine; a generator that
# closes itself while running is refused.
def selfclose():
    try:
        me.close()
    except ValueError as e:
        print("selfclose", e)
    yield 1


me = selfclose()
print(list(me))
me.close()
fresh = g()
fresh.close()
print(fresh.gi_frame, fresh.gi_suspended)


async def co():
    print("cr_running inside", c.cr_running)
    return 3


c = co()
print(c.cr_running, c.cr_suspended, c.cr_code.co_name, c.cr_await, c.cr_frame is not None)
try:
    c.send(None)
except StopIteration as e:
    print("returned", e.value)
print(c.cr_frame, c.cr_running)
for attr in ("gi_running", "ag_code"):
    try:
        getattr(c, attr)
    except AttributeError as e:
        print("AttributeError", e)


class Awaitable:
    def __await__(self):
        yield "tick"
        return "done"


async def waits():
    return await Awaitable()


w = waits()
print(w.send(None), type(w.cr_await).__name__, w.cr_suspended)
try:
    w.send(None)
except StopIteration as e:
    print("returned", e.value)


async def agen():
    yield 1


a = agen()
print(a.ag_running, a.ag_code.co_name, a.ag_await, a.ag_frame is not None)
