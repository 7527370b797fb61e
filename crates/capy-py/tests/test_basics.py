"""run, call, get, reset, close and `with`; option checking."""

import pytest

import capy


def test_run_returns_the_last_expression_and_state_persists():
    with capy.Compartment() as c:
        assert c.run("x = 40") is None
        assert c.run("x + 2") == 42
        assert c.run("y = x\nfor i in range(3):\n    y += i\ny") == 43
        assert c.run("if x:\n    x\n") is None
        assert c.run("'a cell value'") == "a cell value"


def test_call_and_get():
    with capy.Compartment() as c:
        c.run("def f(a, b=0, *, c=1):\n    return (a + b) * c\nlimit = 7")
        assert c.call("f", 1, 2, c=10) == 30
        assert c.call("f", 5) == 5
        assert c.get("limit") == 7
        with pytest.raises(capy.CompartmentError) as e:
            c.get("missing")
        assert e.value.kind == "NameError"
        with pytest.raises(capy.CompartmentError) as e:
            c.call("f")
        assert e.value.kind == "TypeError"


def test_reset_forgets_state():
    with capy.Compartment(grants={"g": 1}) as c:
        c.run("x = 2")
        c.reset()
        assert c.run("g") == 1
        with pytest.raises(capy.CompartmentError) as e:
            c.run("x")
        assert e.value.kind == "NameError"


def test_errors_have_kind_message_and_traceback():
    with capy.Compartment("calc") as c:
        with pytest.raises(capy.CompartmentError) as e:
            c.run("x = 1\ndef f():\n    return 1 / 0\nf()")
        err = e.value
        assert err.kind == "ZeroDivisionError"
        assert err.message == "division by zero"
        assert 'File "<calc>", line 4' in err.traceback
        assert 'File "<calc>", line 3, in f' in err.traceback
        assert str(err) == "ZeroDivisionError: division by zero"
        with pytest.raises(capy.CompartmentError) as e:
            c.run("1 +")
        assert e.value.kind == "SyntaxError"
        assert c.run("x") == 1


def test_with_closes_and_a_closed_compartment_raises():
    with capy.Compartment() as c:
        c.run("x = 1")
    assert c.closed
    with pytest.raises(capy.CompartmentError) as e:
        c.run("x")
    assert e.value.kind == "Closed"
    for op in (lambda: c.call("f"), lambda: c.get("x"), c.reset):
        with pytest.raises(capy.CompartmentError):
            op()
    c.close()  # twice is fine


def test_close_then_new_compartments_are_independent():
    a = capy.Compartment("a")
    b = capy.Compartment("b")
    a.run("x = 'a'")
    b.run("x = 'b'")
    assert (a.get("x"), b.get("x")) == ("a", "b")
    a.close()
    assert b.get("x") == "b"
    b.close()


def test_no_ambient_authority():
    with capy.Compartment() as c:
        with pytest.raises(capy.CompartmentError):
            c.run("open('/etc/passwd').read()")
        with pytest.raises(capy.CompartmentError):
            c.run("import os\nos.listdir('/')")


@pytest.mark.parametrize(
    "kwargs, exc, word",
    [
        ({"heap": "lots"}, ValueError, "heap"),
        ({"heap": 0}, ValueError, "heap"),
        ({"heap": 1.5}, TypeError, "heap"),
        ({"timeout": -1}, ValueError, "timeout"),
        ({"timeout": "1s"}, TypeError, "timeout"),
        ({"recursion": 0}, ValueError, "recursion"),
        ({"recursion": "deep"}, TypeError, "recursion"),
        ({"steps": 0}, ValueError, "steps"),
        ({"grants": [1]}, TypeError, "grants"),
        ({"grants": {"not a name": 1}}, ValueError, "grants"),
        ({"grants": {"o": object()}}, TypeError, "grants"),
        ({"stdout": 3}, TypeError, "stdout"),
        ({"color": "red"}, TypeError, "color"),
    ],
)
def test_bad_options_name_the_option(kwargs, exc, word):
    with pytest.raises(exc, match=word):
        capy.Compartment(**kwargs)


def test_bad_name():
    with pytest.raises(TypeError, match="name"):
        capy.Compartment(3)
    with pytest.raises(ValueError, match="name"):
        capy.Compartment("")


def test_sizes_and_none_limits():
    for heap in (1 << 20, "64K", "8M", "1G"):
        with capy.Compartment(heap=heap) as c:
            assert c.run("1") == 1
    with capy.Compartment(timeout=None, steps=None) as c:
        assert c.run("sum(range(100))") == 4950
