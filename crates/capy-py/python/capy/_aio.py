"""asyncio support: `Compartment.run_async` and `await pending`.

The compartment's thread runs the code; the event loop's thread only
waits for it in an executor (the waits release the GIL). A call of a
granted coroutine function suspends the run (a `Pending`); its coroutine
is awaited here, on the loop, and the run resumes with its result.
"""

import asyncio

from ._capy import Pending


async def _step(fn, *args):
    # start/resume block until the compartment answers: off the loop.
    return await asyncio.get_running_loop().run_in_executor(None, fn, *args)


async def drive(pending, externals=True):
    """Awaits the async host calls from `pending` on, resuming after each,
    until the run ends (a Done) or waits in an external function (that
    Pending, for the host to answer; with externals=False the call fails
    with RuntimeError instead, as under `run`)."""
    p = pending
    while isinstance(p, Pending):
        fn = p._function
        if fn is None:
            if externals:
                return p
            err = RuntimeError(f"external function '{p.name}' can be called only under start()")
            p = await _step(p.throw, err)
            continue
        try:
            value = await fn(*p.args, **p.kwargs)
        except Exception as e:  # noqa: BLE001 - it goes to the code
            p = await _step(p.throw, e)
        else:
            p = await _step(p.resume, value)
    return p


async def run_async(compartment, code):
    """`compartment.run(code)` with its async host functions awaited on
    the running loop."""
    p = await _step(compartment.start, code)
    done = await drive(p, externals=False)
    return done.value
