"""Host callables and values granted to a compartment."""

import pytest

import capy


class NotFound(KeyError):
    pass


def test_host_function_gets_converted_arguments():
    seen = []

    def record(*args, **kwargs):
        seen.append((args, kwargs))
        return {"ok": True, "n": len(args)}

    with capy.Compartment(grants={"record": record, "limit": 10, "names": ["a", "b"]}) as c:
        r = c.run("record(1, 2**70, 'x', b'y', [1, (2,)], {3}, key={'k': None})")
        assert r == {"ok": True, "n": 6}
        assert seen == [((1, 2**70, "x", b"y", [1, (2,)], {3}), {"key": {"k": None}})]
        assert c.run("limit * 2") == 20
        assert c.run("names + ['c']") == ["a", "b", "c"]


def test_host_exception_arrives_as_the_same_builtin_type_and_is_catchable():
    def fail(kind):
        raise {"key": KeyError("k"), "value": ValueError("bad value"), "mine": NotFound("nf")}[kind]

    with capy.Compartment(grants={"fail": fail}) as c:
        code = (
            "def attempt(kind):\n"
            "    try:\n"
            "        fail(kind)\n"
            "    except Exception as e:\n"
            "        return type(e).__name__, str(e)\n"
        )
        c.run(code)
        assert c.call("attempt", "key") == ("KeyError", "'k'")
        assert c.call("attempt", "value") == ("ValueError", "bad value")
        # A host subclass arrives as its nearest built-in type.
        assert c.call("attempt", "mine") == ("KeyError", "'nf'")


def test_uncaught_host_exception_surfaces_as_compartment_error():
    def fail():
        raise ZeroDivisionError("host says no")

    with capy.Compartment(grants={"fail": fail}) as c:
        with pytest.raises(capy.CompartmentError) as e:
            c.run("fail()")
        assert e.value.kind == "ZeroDivisionError"
        assert e.value.message == "host says no"
        assert c.run("1") == 1


def test_host_function_returning_an_unconvertible_value():
    with capy.Compartment(grants={"f": lambda: object()}) as c:
        with pytest.raises(capy.CompartmentError) as e:
            c.run("f()")
        assert e.value.kind == "TypeError"


def test_handles_pass_to_host_functions_and_back():
    kept = []

    def keep(h):
        kept.append(h)
        return h

    with capy.Compartment(grants={"keep": keep}) as c:
        c.run("class C:\n    pass\no = C()\nback = keep(o)")
        assert isinstance(kept[0], capy.Handle)
        assert c.run("back is o") is True


def test_reentry_from_a_host_function_is_refused():
    box = {}

    def again():
        return box["c"].run("1")

    with capy.Compartment(grants={"again": again}) as c:
        box["c"] = c
        with pytest.raises(capy.CompartmentError) as e:
            c.run("again()")
        assert e.value.kind == "RuntimeError"
        assert "running" in e.value.message
        assert c.run("2") == 2


def test_host_functions_run_on_the_calling_thread():
    import threading

    threads = []
    with capy.Compartment(grants={"where": lambda: threads.append(threading.get_ident())}) as c:
        c.run("where()")
    assert threads == [threading.get_ident()]
