# MicroPython's asyncio extras, which CPython lacks or does differently
# (hence the .exp): ThreadSafeFlag (here an Event with one waiter that
# clears itself as wait() returns), sleep_ms refusing a deadline past half
# the ticks period, wait_for_ms, and wait_for's rules: cancelling the caller
# wins even when the awaited task has just finished (CPython 3.11 returns
# the result instead), and a task that ignores the timeout's cancellation
# still ends in TimeoutError (CPython 3.11 returns its result).
import asyncio
import time


async def flag_waiter(name, flag):
    print("waiting", name)
    await flag.wait()
    print("woken", name)


async def flags():
    flag = asyncio.ThreadSafeFlag()
    t = asyncio.create_task(flag_waiter(1, flag))
    await asyncio.sleep(0)
    flag.set()
    await t
    flag.set()
    t = asyncio.create_task(flag_waiter(2, flag))
    await asyncio.sleep(0)
    print("done already:", t.done())
    flag.set()
    flag.clear()
    t = asyncio.create_task(flag_waiter(3, flag))
    await asyncio.sleep(0)
    try:
        await flag.wait()
    except RuntimeError as e:
        print("RuntimeError", e)
    t.cancel()
    await asyncio.sleep(0)
    print("cancelled waiter:", t.cancelled())
    flag.set()
    await flag.wait()
    print("flag cleared by wait")


async def work(n, ms):
    await asyncio.sleep_ms(ms)
    print("work", n, "finished")
    return n * 2


async def stubborn():
    try:
        await asyncio.sleep(0.2)
    except asyncio.CancelledError:
        print("stubborn ignores the cancel")
    return "stubborn result"


async def caller(n):
    try:
        print("caller got", await asyncio.wait_for(work(n, 0), 1))
    except asyncio.CancelledError:
        print("caller", n, "cancelled")
        raise


async def main():
    await flags()
    print("--")
    await asyncio.sleep_ms(1)
    try:
        await asyncio.sleep_ms(time.ticks_add(0, -1) // 2 + 1)
    except OverflowError:
        print("OverflowError")
    print(await asyncio.wait_for_ms(work(1, 1), 500))
    try:
        await asyncio.wait_for_ms(work(2, 500), 10)
    except asyncio.TimeoutError:
        print("timeout")
    try:
        await asyncio.wait_for(stubborn(), 0.01)
    except asyncio.TimeoutError:
        print("TimeoutError after the task ended")
    print("--")
    # The caller is cancelled after 1 to 4 turns: before `work` started,
    # while it sleeps, just after it finished, and when the result is on
    # its way back; the cancellation wins every time.
    for turns in range(1, 5):
        t = asyncio.create_task(caller(turns))
        for _ in range(turns):
            await asyncio.sleep(0)
        print("cancel after", turns, "turns; done:", t.done())
        t.cancel()
        try:
            await t
        except asyncio.CancelledError:
            print("caller task cancelled:", t.cancelled())
        await asyncio.sleep(0.01)


asyncio.run(main())
