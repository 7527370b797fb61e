# The order in which asyncio runs tasks, as CPython's: a cancelled task that
# was already due to run keeps its turn (tasks cancelling each other still
# take turns), cancelling a task that awaits another cancels that one, a
# task may cancel itself, a woken Event waiter returns even if the event
# was cleared again, and an exception nobody retrieved is reported soon.
import asyncio


async def canceller(name, other, tasks):
    for i in range(3):
        try:
            print("start", name)
            await asyncio.sleep(0)
            print("done", name)
        except asyncio.CancelledError:
            print("cancelled", name)
        if other is not None:
            print(name, "cancels", other)
            tasks[other].cancel()


async def fairness():
    tasks = {}
    tasks["a"] = asyncio.create_task(canceller("a", "b", tasks))
    tasks["b"] = asyncio.create_task(canceller("b", "a", tasks))
    tasks["c"] = asyncio.create_task(canceller("c", None, tasks))
    await tasks["c"]
    await asyncio.sleep(0)


async def spin():
    try:
        while True:
            print("spin")
            await asyncio.sleep(0)
    except asyncio.CancelledError:
        print("spin cancelled")


async def repeat_cancel(name, other):
    n = 0
    while other.cancel():
        n += 1
        await asyncio.sleep(0)
    print(name, "cancelled it", n, "times")


async def inner(allow):
    try:
        await asyncio.sleep(1)
        return "inner finished"
    except asyncio.CancelledError:
        print("inner cancelled")
        if allow:
            raise
        return "inner refused"


async def outer(allow):
    try:
        print("outer got", await asyncio.create_task(inner(allow)))
    except asyncio.CancelledError:
        print("outer cancelled")
        raise


async def self_cancel(then_await):
    asyncio.current_task().cancel()
    print("cancelled myself")
    if then_await:
        await asyncio.sleep(0)
        print("not reached")
    return "ignored"


async def flip(name, ev):
    for i in range(3):
        ev.set()
        ev.clear()
        print("wait", name)
        await ev.wait()


async def ticker(name):
    for i in range(3):
        print("tick", name)
        await asyncio.sleep(0)


async def raiser(i):
    raise ValueError(i, "lost")


async def main():
    await fairness()
    print("--")
    t = asyncio.create_task(spin())
    for i in range(2):
        asyncio.create_task(repeat_cancel("b%d" % i, t))
    await t
    await asyncio.sleep(0)
    print("--")
    for allow in (True, False):
        t = asyncio.create_task(outer(allow))
        await asyncio.sleep(0.01)
        print("cancel:", t.cancel())
        try:
            await t
        except asyncio.CancelledError:
            print("outer task cancelled:", t.cancelled())
    print("--")
    for then_await in (False, True):
        t = asyncio.create_task(self_cancel(then_await))
        try:
            await t
        except asyncio.CancelledError:
            print("self-cancelled:", t.cancelled())
    print("--")
    ev = asyncio.Event()
    ts = [asyncio.create_task(ticker(0)), asyncio.create_task(flip("x", ev)),
          asyncio.create_task(ticker(1)), asyncio.create_task(flip("y", ev))]
    await ts[1]
    ev.set()
    await asyncio.gather(*ts)
    print("--")
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda loop, ctx: print("handler:", repr(ctx["exception"])))
    asyncio.create_task(raiser(1))
    print("created")
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    t = asyncio.create_task(raiser(2))
    await asyncio.sleep(0)
    try:
        await t
    except ValueError as e:
        print("retrieved", e)
    await asyncio.sleep(0)
    print("end")


asyncio.run(main())
