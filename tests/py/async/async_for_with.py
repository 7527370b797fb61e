class ARange:
    def __init__(self, n):
        self.n = n
        self.i = 0
    def __aiter__(self):
        return self
    async def __anext__(self):
        if self.i >= self.n:
            raise StopAsyncIteration
        self.i += 1
        return self.i
class ACtx:
    async def __aenter__(self):
        print("aenter")
        return "ctx"
    async def __aexit__(self, *a):
        print("aexit")
async def main():
    out = []
    async for v in ARange(3):
        out.append(v)
    async with ACtx() as c:
        out.append(c)
    return out
def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value
print(run(main()))
