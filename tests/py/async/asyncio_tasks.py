# The asyncio scheduler: tasks, sleep ordering, gather, wait_for, Event,
# Lock and cancellation.
import asyncio

log = []


async def sleeper(name, t):
    log.append(("start", name))
    await asyncio.sleep(t)
    log.append(("end", name))
    return name


async def failing():
    await asyncio.sleep(0)
    raise ValueError("failed")


async def forever():
    try:
        while True:
            await asyncio.sleep(0.01)
    except asyncio.CancelledError:
        log.append(("cancelled", "forever"))
        raise


async def main():
    # Shorter sleeps finish first, whatever the start order.
    r = await asyncio.gather(sleeper("slow", 0.03), sleeper("fast", 0.01), sleeper("now", 0))
    print(r, [e for e in log if e[0] == "end"])

    print(await asyncio.gather(failing(), sleeper("x", 0), return_exceptions=True))
    try:
        await asyncio.gather(failing(), sleeper("y", 0))
    except ValueError as e:
        print("gather raised", e)

    t = asyncio.create_task(forever())
    await asyncio.sleep(0.02)
    print(t.done(), t.cancel())
    try:
        await t
    except asyncio.CancelledError:
        print("awaited a cancelled task", t.cancelled(), log[-1])

    try:
        await asyncio.wait_for(sleeper("late", 1), 0.02)
    except asyncio.TimeoutError:
        print("timeout")
    print(await asyncio.wait_for(sleeper("quick", 0), 1))

    ev = asyncio.Event()
    got = []

    async def waiter(i):
        await ev.wait()
        got.append(i)

    ws = [asyncio.create_task(waiter(i)) for i in range(3)]
    await asyncio.sleep(0)
    print(ev.is_set(), got)
    ev.set()
    await asyncio.gather(*ws)
    print(ev.is_set(), sorted(got))

    lock = asyncio.Lock()
    order = []

    async def locked(i):
        async with lock:
            order.append(("in", i))
            await asyncio.sleep(0)
            order.append(("out", i))

    await asyncio.gather(*[locked(i) for i in range(3)])
    print(order, lock.locked())
    return "main done"


print(asyncio.run(main()))
try:
    asyncio.run(42)
except (TypeError, ValueError) as e:
    print(type(e).__name__, e)


try:
    asyncio.new_event_loop().create_task(42)
except TypeError:
    print("TypeError")
