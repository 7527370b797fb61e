# asyncio.TaskGroup: all tasks awaited at the end of the block; a failing
# task cancels its siblings and the block, failures come out as one
# ExceptionGroup; get_running_loop. (Delays far apart: under GC stress on a
# loaded machine, starting a task can take milliseconds.)
import asyncio

log = []


async def work(name, delay, fail=False):
    try:
        await asyncio.sleep(delay)
        if fail:
            raise ValueError(name)
        log.append(name)
        return name
    except asyncio.CancelledError:
        log.append("cancelled " + name)
        raise


async def main():
    print(asyncio.get_running_loop() is asyncio.get_running_loop())
    async with asyncio.TaskGroup() as tg:
        a = tg.create_task(work("a", 0.05))
        b = tg.create_task(work("b", 0.01))
    print(a.result(), b.result(), log)
    log.clear()

    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(work("ok", 0.01))
            tg.create_task(work("bad", 0.05, fail=True))
            tg.create_task(work("slow", 1.0))
            await asyncio.sleep(5)
            log.append("block went on")
    except ExceptionGroup as eg:
        print("group:", eg, [repr(e) for e in eg.exceptions])
    print(sorted(log))
    log.clear()

    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(work("x", 0.01))
            raise KeyError("body")
    except ExceptionGroup as eg:
        print("body:", [repr(e) for e in eg.exceptions])
    print(log)

    tg = asyncio.TaskGroup()
    never = work("never", 0)
    try:
        tg.create_task(never)
    except RuntimeError as e:
        print("RuntimeError", "not been entered" in str(e))
    never.close()


try:
    asyncio.get_running_loop()
except RuntimeError as e:
    print("RuntimeError", e)
asyncio.run(main())
