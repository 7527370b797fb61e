"""Each limit ends the run with its own error; the compartment stays usable."""

import time

import pytest

import capy


def test_timeout():
    with capy.Compartment(timeout=0.3) as c:
        c.run("keep = 1")
        start = time.monotonic()
        with pytest.raises(capy.TimeoutError) as e:
            c.run("while True:\n    pass")
        assert time.monotonic() - start < 5
        assert e.value.kind == "Timeout"
        assert isinstance(e.value, capy.CompartmentError)
        assert c.run("keep") == 1


def test_steps():
    with capy.Compartment(steps=1000) as c:
        with pytest.raises(capy.TimeoutError):
            c.run("while True:\n    pass")
        assert c.run("1 + 1") == 2


def test_memory():
    with capy.Compartment(heap="16M") as c:
        c.run("keep = 1")
        with pytest.raises(capy.MemoryLimitError) as e:
            c.run("l = []\nwhile True:\n    l.append('x' * 1000)")
        assert e.value.kind == "MemoryLimit"
        c.run("l = None")
        assert c.run("len([0] * 1000)") == 1000
        assert c.run("keep") == 1


def test_recursion():
    with capy.Compartment(recursion=200) as c:
        with pytest.raises(capy.RecursionLimitError) as e:
            c.run("def r(n):\n    return r(n + 1)\nr(0)")
        assert e.value.kind == "RecursionLimit"
        assert c.run("def d(n):\n    return 0 if n == 0 else 1 + d(n - 1)\nd(150)") == 150


def test_default_recursion_is_1000():
    with capy.Compartment() as c:
        c.run("def d(n):\n    return 0 if n == 0 else 1 + d(n - 1)")
        assert c.call("d", 900) == 900
        with pytest.raises(capy.RecursionLimitError):
            c.call("d", 5000)


def test_raised_by_the_code_itself_they_are_ordinary():
    with capy.Compartment() as c:
        with pytest.raises(capy.CompartmentError) as e:
            c.run("raise MemoryError('mine')")
        assert e.value.kind == "MemoryError"
        assert not isinstance(e.value, capy.MemoryLimitError)
