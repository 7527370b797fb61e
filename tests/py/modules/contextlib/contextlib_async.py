import asyncio
from contextlib import AsyncExitStack, aclosing, nullcontext

log = []

class AsyncRes:
    def __init__(self, name):
        self.name = name
    async def __aenter__(self):
        log.append("aenter " + self.name)
        return self
    async def __aexit__(self, *exc):
        log.append("aexit " + self.name + " " + (exc[0].__name__ if exc[0] else "-"))

class Gen:
    async def aclose(self):
        log.append("aclosed")

async def main():
    async with AsyncExitStack() as stack:
        a = await stack.enter_async_context(AsyncRes("a"))
        b = stack.enter_context(nullcontext("sync"))
        stack.callback(log.append, "sync callback")
        async def acb(x):
            await asyncio.sleep(0)
            log.append("async callback " + x)
        stack.push_async_callback(acb, "arg")
        await stack.enter_async_context(AsyncRes("b"))
        log.append("stack body " + a.name + " " + b)
    try:
        async with AsyncExitStack() as stack:
            await stack.enter_async_context(AsyncRes("c"))
            raise KeyError("k")
    except KeyError:
        log.append("KeyError out")
    stack = AsyncExitStack()
    await stack.enter_async_context(AsyncRes("d"))
    await stack.aclose()
    try:
        await stack.enter_async_context(object())
    except TypeError as e:
        log.append("TypeError: " + str(e))
    async with aclosing(Gen()) as g:
        log.append(type(g).__name__)
    async with nullcontext(5) as five:
        log.append(five)
    return "ok"

print(asyncio.run(main()))
for line in log:
    print(line)
