"""start() suspends at calls of capy.external functions: Pending, resume,
throw, Done; what a pending run allows and refuses."""

import pytest

import capy


def compartment(**kw):
    grants = {"fetch": capy.external("fetch"), "double": lambda x: 2 * x}
    grants.update(kw.pop("grants", {}))
    return capy.Compartment(grants=grants, **kw)


def test_start_resume_until_done():
    with compartment() as c:
        p = c.start("a = fetch('x', n=1)\nb = fetch(a)\n[a, b, double(b)]")
        assert isinstance(p, capy.Pending)
        assert (p.name, p.args, p.kwargs) == ("fetch", ("x",), {"n": 1})
        assert p.compartment is c
        p = p.resume(10)
        assert isinstance(p, capy.Pending)
        assert p.args == (10,)
        d = p.resume([20])
        assert isinstance(d, capy.Done)
        assert d.value == [10, [20], [20, 20]]
        # The state of a started run persists like a run's.
        assert c.run("a") == 10


def test_start_without_external_calls_is_done_at_once():
    with compartment() as c:
        d = c.start("x = 6\nx * 7")
        assert isinstance(d, capy.Done) and d.value == 42
        assert isinstance(c.start("x = 1"), capy.Done)
        assert c.start("x = 1").value is None


def test_external_calls_in_loops_and_nested_functions():
    code = (
        "def get_all(keys):\n"
        "    out = {}\n"
        "    for k in keys:\n"
        "        out[k] = helper(k)\n"
        "    return out\n"
        "def helper(k):\n"
        "    return [fetch(k, i) for i in range(2)]\n"
        "get_all(['a', 'b'])"
    )
    with compartment() as c:
        p = c.start(code)
        seen = []
        while isinstance(p, capy.Pending):
            seen.append(p.args)
            p = p.resume(p.args[0] * (p.args[1] + 1))
        assert seen == [("a", 0), ("a", 1), ("b", 0), ("b", 1)]
        assert p.value == {"a": ["a", "aa"], "b": ["b", "bb"]}


def test_throw_raises_in_the_code_which_may_catch_it():
    with compartment() as c:
        code = "try:\n    fetch(1)\nexcept KeyError as e:\n    r = 'caught ' + str(e)\nr"
        assert c.start(code).throw(KeyError("k")).value == "caught 'k'"
        # An exception type works too; uncaught, it is the run's error.
        p = c.start("fetch(2)")
        with pytest.raises(capy.CompartmentError) as e:
            p.throw(ValueError)
        assert e.value.kind == "ValueError"
        with pytest.raises(TypeError):
            c.start("fetch(3)").throw(42)


def test_errors_after_a_pending_and_the_compartment_stays_usable():
    with compartment() as c:
        p = c.start("x = fetch()\n1 / x")
        with pytest.raises(capy.CompartmentError) as e:
            p.resume(0)
        assert e.value.kind == "ZeroDivisionError"
        assert "<main>" in e.value.traceback
        assert c.run("x") == 0


def test_a_second_job_while_pending_is_refused():
    with compartment() as c:
        p = c.start("fetch()")
        for job in (lambda: c.run("1"), lambda: c.start("1"), lambda: c.get("x"), lambda: c.call("f")):
            with pytest.raises(capy.CompartmentError) as e:
                job()
            assert e.value.kind == "Pending"
        assert p.resume(5).value == 5
        assert c.run("2") == 2


def test_double_resume_raises():
    with compartment() as c:
        p = c.start("fetch() + 1")
        assert p.resume(1).value == 2
        with pytest.raises(capy.CompartmentError) as e:
            p.resume(1)
        assert e.value.kind == "Resumed"
        with pytest.raises(capy.CompartmentError):
            p.throw(ValueError("x"))


def test_reset_while_pending_abandons_the_run():
    with compartment() as c:
        c.run("log = []")
        p = c.start("try:\n    fetch()\nexcept BaseException:\n    pass\nlog.append(fetch())\n")
        c.reset()
        with pytest.raises(capy.CompartmentError) as e:
            p.resume(1)
        assert e.value.kind == "Resumed"
        assert c.run("1 + 1") == 2
        with pytest.raises(capy.CompartmentError):
            c.run("log")


def test_close_while_pending_ends_cleanly():
    c = compartment()
    p = c.start("fetch()\nwhile True:\n    pass")
    c.close()
    assert c.closed
    with pytest.raises(capy.CompartmentError) as e:
        p.resume(1)
    assert e.value.kind in ("Closed", "Resumed")


def test_abandoned_code_that_keeps_catching_ends_at_its_time_limit():
    import time

    c = compartment(timeout=0.5)
    c.start("while True:\n    try:\n        fetch()\n    except BaseException:\n        pass\n")
    t = time.monotonic()
    c.close()
    assert time.monotonic() - t < 5


def test_external_outside_start_is_a_runtime_error_in_the_code():
    with compartment() as c:
        with pytest.raises(capy.CompartmentError) as e:
            c.run("fetch(1)")
        assert e.value.kind == "RuntimeError"
        assert "start()" in e.value.message
        assert c.run("'fine'") == "fine"


def test_the_pending_name_is_the_external_declaration():
    with capy.Compartment(grants={"get": capy.external("http.get")}) as c:
        p = c.start("get('/')")
        assert p.name == "http.get"
        assert repr(capy.external("x")) == "capy.external('x')"
        p.resume(None)


def test_time_spent_pending_is_not_the_runs_time():
    import time

    with compartment(timeout=0.3) as c:
        p = c.start("a = fetch()\nb = fetch()\na + b")
        time.sleep(0.4)
        p = p.resume(1)
        time.sleep(0.4)
        assert p.resume(2).value == 3
        # The run's own time still counts.
        p = c.start("fetch()\nwhile True:\n    pass")
        with pytest.raises(capy.TimeoutError):
            p.resume(0)
