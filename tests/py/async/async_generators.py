# Async generators: async for, aiter/anext (with and without a default),
# asend/athrow/aclose, awaits inside the generator, comprehensions,
# exceptions and cleanup.
import asyncio


async def count(n, delay=0):
    for i in range(n):
        if delay:
            await asyncio.sleep(delay)
        yield i


async def echo():
    received = []
    try:
        while True:
            v = yield len(received)
            received.append(v)
    except ValueError as e:
        yield "caught %s" % e
    finally:
        print("echo cleanup", received)


async def failing():
    yield 1
    raise KeyError("inside")


async def main():
    async for x in count(3):
        print("for", x)
    async for x in count(2, delay=0.001):
        print("slept", x)
    print([x async for x in count(4)], [x * x async for x in count(5) if x % 2])
    it = aiter(count(2))
    print(await anext(it), await anext(it), await anext(it, "default"))
    try:
        await anext(it)
    except StopAsyncIteration:
        print("StopAsyncIteration")
    g = count(1)
    print(type(g).__name__, aiter(g) is g, type(g.__anext__()).__name__)

    e = echo()
    print(await e.asend(None), await e.asend("a"), await e.asend("b"))
    print(await e.athrow(ValueError("boom")))
    await e.aclose()
    try:
        await e.asend(None)
    except StopAsyncIteration:
        print("closed")

    try:
        async for x in failing():
            print("got", x)
    except KeyError as err:
        print("KeyError", err)

    for bad in (lambda: aiter(1), lambda: anext(1)):
        try:
            bad()
        except TypeError as err:
            print("TypeError", err)

    async def early():
        try:
            yield 1
            yield 2
        finally:
            print("early cleanup")

    g = early()
    async for x in g:
        print("early", x)
        break
    await g.aclose()

    class Ticker:
        def __init__(self, n):
            self.n = n

        def __aiter__(self):
            return self

        async def __anext__(self):
            if self.n == 0:
                raise StopAsyncIteration
            self.n -= 1
            await asyncio.sleep(0)
            return self.n

    print([x async for x in Ticker(3)], await anext(Ticker(0), "empty"))


asyncio.run(main())
