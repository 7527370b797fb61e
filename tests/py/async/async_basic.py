async def add(a, b):
    return a + b
async def main():
    x = await add(1, 2)
    y = await add(x, 10)
    return y
coro = main()
try:
    coro.send(None)
except StopIteration as e:
    print("result", e.value)
async def raiser():
    raise ValueError("inside coroutine")
async def catcher():
    try:
        await raiser()
    except ValueError as e:
        return "caught " + str(e)
c = catcher()
try:
    c.send(None)
except StopIteration as e:
    print(e.value)
