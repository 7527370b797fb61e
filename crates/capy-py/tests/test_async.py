"""run_async and awaiting a Pending: granted coroutine functions are
awaited by the host's event loop while the code waits."""

import asyncio

import pytest

import capy


async def slow_add(x, y=1):
    await asyncio.sleep(0.01)
    return x + y


async def failing(msg):
    await asyncio.sleep(0)
    raise KeyError(msg)


def test_run_async_awaits_host_coroutines():
    with capy.Compartment(grants={"add": slow_add, "double": lambda x: 2 * x}) as c:
        c.run("def f(n):\n    return [add(i, y=10) for i in range(n)]")
        assert asyncio.run(c.run_async("double(add(1)) + sum(f(3))")) == 4 + 33


def test_run_async_runs_other_tasks_meanwhile():
    ticks = []

    async def ticker():
        for _ in range(5):
            ticks.append(1)
            await asyncio.sleep(0.005)

    async def main(c):
        t = asyncio.ensure_future(ticker())
        r = await c.run_async("add(add(1), 2)")
        await t
        return r

    with capy.Compartment(grants={"add": slow_add}) as c:
        assert asyncio.run(main(c)) == 4
        assert len(ticks) == 5


def test_async_host_exception_reaches_the_code():
    with capy.Compartment(grants={"fail": failing}) as c:
        code = "try:\n    fail('nope')\nexcept KeyError as e:\n    r = str(e)\nr"
        assert asyncio.run(c.run_async(code)) == "'nope'"
        with pytest.raises(capy.CompartmentError) as e:
            asyncio.run(c.run_async("fail('x')"))
        assert e.value.kind == "KeyError"


def test_async_function_under_run_is_refused_and_external_under_run_async():
    with capy.Compartment(grants={"add": slow_add, "fetch": capy.external("fetch")}) as c:
        with pytest.raises(capy.CompartmentError) as e:
            c.run("add(1)")
        assert e.value.kind == "RuntimeError" and "run_async" in e.value.message
        with pytest.raises(capy.CompartmentError) as e:
            asyncio.run(c.run_async("fetch(1)"))
        assert e.value.kind == "RuntimeError"
        assert c.run("3") == 3


def test_awaiting_a_pending_runs_to_the_next_external():
    async def main(c):
        p = c.start("a = add(1)\nb = fetch(a)\nadd(b)")
        assert p.is_async and p.name == "add"
        p = await p
        assert isinstance(p, capy.Pending) and not p.is_async
        assert (p.name, p.args) == ("fetch", (2,))
        # An external's Pending awaits to itself: the host answers it.
        assert (await p) is p
        done = await asyncio.get_running_loop().run_in_executor(None, p.resume, 40)
        return await done if isinstance(done, capy.Pending) else done

    with capy.Compartment(grants={"add": slow_add, "fetch": capy.external("fetch")}) as c:
        d = asyncio.run(main(c))
        assert isinstance(d, capy.Done) and d.value == 41


def test_an_async_call_in_flight_cannot_be_snapshotted():
    with capy.Compartment(grants={"add": slow_add}) as c:
        p = c.start("add(1)")
        with pytest.raises(capy.SnapshotError) as e:
            p.snapshot(b"k" * 32)
        assert "async" in str(e.value)
        c.reset()
