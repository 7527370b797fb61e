import asyncio
async def worker(name, n, log):
    for i in range(n):
        log.append((name, i))
        await asyncio.sleep(0)
    return name * n
async def main():
    log = []
    r = await asyncio.gather(worker("a", 2, log), worker("b", 3, log))
    print(r)
    print(sorted(log))
asyncio.run(main())
