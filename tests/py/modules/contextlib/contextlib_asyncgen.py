import asyncio
from contextlib import asynccontextmanager

# Needs async generators driven by `async with` (capy's async generators
# have no __anext__/__aiter__ yet: listed in xfail.txt).
log = []

@asynccontextmanager
async def session(name):
    log.append("open " + name)
    await asyncio.sleep(0)
    try:
        yield name.upper()
    finally:
        log.append("close " + name)

@asynccontextmanager
async def swallow():
    try:
        yield
    except ValueError as e:
        log.append("swallowed " + str(e))

async def main():
    async with session("s1") as s:
        log.append("using " + s)
    async with swallow():
        raise ValueError("v")
    try:
        async with session("s2"):
            raise KeyError("k")
    except KeyError:
        log.append("KeyError out")
    return "ok"

print(asyncio.run(main()))
for line in log:
    print(line)
