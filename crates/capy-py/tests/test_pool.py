"""A closed compartment's thread is parked and runs the next compartment:
nothing of the closed one (globals, modules, output, grants, changed
built-ins) is visible to the next."""

import os

import pytest

import capy


def threads():
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return None


def test_the_next_compartment_sees_nothing_of_a_closed_one():
    for _ in range(3):
        a = capy.Compartment("a", grants={"secret": 41, "tell": lambda: "told"})
        a.run(
            "import sys, builtins, json\n"
            "x = secret + 1\n"
            "sys.modules['mine'] = 5\n"
            "builtins.len = None\n"
            "print('a wrote this')"
        )
        assert a.run("tell()") == "told"
        a.close()
        with capy.Compartment("b") as b:
            for name in ("x", "secret", "tell", "json"):
                with pytest.raises(capy.CompartmentError) as e:
                    b.run(name)
                assert e.value.kind == "NameError"
            assert b.run("import sys\n'mine' in sys.modules") is False
            assert b.run("len([1, 2])") == 2
            assert b.output() == ""
            b.run("print('b')")
            assert b.output() == "b\n"


def test_closing_and_making_compartments_reuses_threads():
    n = threads()
    if n is None:
        pytest.skip("no /proc/self/task")
    for i in range(50):
        with capy.Compartment(str(i)) as c:
            assert c.run("1 + %d" % i) == 1 + i
    # A closed compartment's thread is parked before close() returns:
    # the next one runs on it (one new thread at most, if none was parked).
    assert threads() <= n + 1


def test_a_dropped_compartment_frees_its_thread_for_the_next():
    c = capy.Compartment()
    c.run("y = 2")
    del c
    with capy.Compartment() as d:
        with pytest.raises(capy.CompartmentError):
            d.run("y")
