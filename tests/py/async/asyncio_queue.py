# asyncio.Queue, LifoQueue and PriorityQueue: producers and consumers,
# bounded puts that wait, task_done/join, the nowait errors.
import asyncio


async def producer(q, n, tag):
    for i in range(n):
        await q.put((tag, i))
        print("put", tag, i, q.qsize())
    await q.put(None)


async def consumer(q, out):
    while True:
        item = await q.get()
        q.task_done()
        if item is None:
            return
        out.append(item)
        await asyncio.sleep(0)


async def main():
    q = asyncio.Queue(maxsize=2)
    print(q, q.maxsize, q.empty(), q.full())
    out = []
    await asyncio.gather(producer(q, 5, "a"), consumer(q, out))
    print(out, q.empty())
    try:
        q.get_nowait()
    except asyncio.QueueEmpty:
        print("QueueEmpty")
    q2 = asyncio.Queue(1)
    q2.put_nowait(1)
    try:
        q2.put_nowait(2)
    except asyncio.QueueFull:
        print("QueueFull", q2.full())

    work = asyncio.Queue()
    for i in range(4):
        work.put_nowait(i)
    done = []

    async def worker():
        while True:
            i = await work.get()
            done.append(i * 10)
            work.task_done()

    tasks = [asyncio.create_task(worker()) for _ in range(2)]
    await work.join()
    for t in tasks:
        t.cancel()
    print(sorted(done))

    lifo = asyncio.LifoQueue()
    prio = asyncio.PriorityQueue()
    for v in (3, 1, 2):
        lifo.put_nowait(v)
        prio.put_nowait(v)
    print([lifo.get_nowait() for _ in range(3)], [prio.get_nowait() for _ in range(3)])

    waiting = asyncio.Queue()
    getter = asyncio.create_task(waiting.get())
    await asyncio.sleep(0)
    getter.cancel()
    await asyncio.sleep(0)
    waiting.put_nowait("kept")
    print(getter.cancelled(), waiting.qsize(), await waiting.get())
    try:
        waiting.task_done()
        waiting.task_done()
    except ValueError as e:
        print("ValueError", e)


asyncio.run(main())
