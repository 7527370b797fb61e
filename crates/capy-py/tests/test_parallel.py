"""Compartments driven from different host threads run at the same time."""

import threading
import time

import capy

WORK = "def work(n):\n    s = 0\n    for i in range(n):\n        s += i * i\n    return s\n"


def test_other_threads_run_python_while_a_compartment_runs():
    # The GIL is released while the compartment works: a host thread
    # keeps counting meanwhile.
    with capy.Compartment() as c:
        c.run(WORK)
        ticks = []
        stop = threading.Event()

        def count():
            while not stop.is_set():
                ticks.append(1)
                time.sleep(0.001)

        t = threading.Thread(target=count)
        t.start()
        c.call("work", 2_000_000)
        stop.set()
        t.join()
        assert len(ticks) > 5


def test_two_compartments_run_at_the_same_time():
    # Each spins for SPIN seconds of wall-clock time (the host's clock, a
    # granted function), computing between looks at it. Run one after the
    # other they would take 2 * SPIN; at the same time, SPIN and a little,
    # however busy the machine is. (The CPU speed-up on free cores is
    # measured by bench/embed.py.)
    spin = 0.5
    code = (
        "def spin(end):\n"
        "    n = 0\n"
        "    while now() < end:\n"
        "        for i in range(500):\n"
        "            n += i\n"
        "    return n\n"
    )
    comps = [capy.Compartment(str(i), grants={"now": time.monotonic}) for i in range(2)]
    for c in comps:
        c.run(code)
    results = []
    start = time.monotonic()
    threads = [
        threading.Thread(target=lambda c=c: results.append(c.call("spin", start + spin)))
        for c in comps
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - start
    for c in comps:
        c.close()
    assert len(results) == 2 and all(r > 0 for r in results)
    assert took < 1.7 * spin, f"two spins of {spin}s took {took:.2f}s"
