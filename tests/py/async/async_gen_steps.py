# Awaiting an async generator's steps (`async for`, `anext`, `asend`,
# `athrow`, `aclose`): the items, the awaits inside the generator, its
# end and its errors, at several levels of nesting.
import asyncio


class Tree:
    def __init__(self, left, value, right):
        self.left = left
        self.value = value
        self.right = right

    async def __aiter__(self):
        if self.left:
            async for i in self.left:
                yield i
        yield self.value
        if self.right:
            async for i in self.right:
                yield i


def tree(lo, hi):
    if lo == hi:
        return None
    mid = (lo + hi) // 2
    return Tree(tree(lo, mid), mid, tree(mid + 1, hi))


async def nested():
    out = []
    async for v in tree(0, 40):
        out.append(v)
    print(out == list(range(40)))


async def ticker(n):
    for i in range(n):
        await asyncio.sleep(0)
        yield i
    return


async def with_awaits():
    got = [v async for v in ticker(5)]
    print("ticks", got)


async def echo():
    received = []
    try:
        while True:
            v = yield len(received)
            received.append(v)
    finally:
        print("echo closed with", received)


async def send_and_close():
    g = echo()
    print(await g.asend(None))
    print(await g.asend("a"))
    print(await g.asend("b"))
    await g.aclose()
    try:
        await g.asend("c")
    except StopAsyncIteration:
        print("StopAsyncIteration after close")


async def catcher():
    try:
        yield 1
    except KeyError as e:
        print("caught", repr(e))
        yield "after throw"
    yield "last"


async def throwing():
    g = catcher()
    print(await g.__anext__())
    print(await g.athrow(KeyError("k")))
    print(await anext(g))
    print(await anext(g, "default"))
    try:
        await anext(g)
    except StopAsyncIteration:
        print("exhausted")


async def failing():
    yield 1
    await asyncio.sleep(0)
    raise ValueError("inside")


async def outer_failing():
    async for v in failing():
        yield v * 10


async def propagate():
    try:
        async for v in outer_failing():
            print("item", v)
    except ValueError as e:
        print("ValueError", e)


async def reuse():
    g = ticker(3)
    step = g.__anext__()
    print(await step)
    try:
        await step
    except RuntimeError as e:
        print("RuntimeError", e)


async def stop_inside():
    yield 1
    raise StopIteration("no")


async def stop_iteration_inside():
    try:
        async for v in stop_inside():
            print("got", v)
    except RuntimeError as e:
        print("RuntimeError", e)


async def main():
    await nested()
    await with_awaits()
    await send_and_close()
    await throwing()
    await propagate()
    await reuse()
    await stop_iteration_inside()


asyncio.run(main())
