"""Values crossing both ways."""

import pytest

import capy

VALUES = [
    None,
    True,
    False,
    0,
    -7,
    2**63 - 1,
    2**63,
    -(2**200),
    3**500,
    1.5,
    float("inf"),
    complex(1, -2),
    "",
    "héllo ✓",
    b"\x00\xff",
    bytearray(b"ab"),
    [],
    [1, [2, [3, []]]],
    (),
    (1, ("a", (b"b",))),
    {},
    {"a": [1, {"b": (2,)}], 3: None, (1, 2): frozenset({4})},
    set(),
    {1, "x", (2, 3)},
    frozenset({1, frozenset({2})}),
]


@pytest.fixture(scope="module")
def comp():
    with capy.Compartment() as c:
        c.run("def echo(v):\n    return v\ndef kind(v):\n    return type(v).__name__")
        yield c


@pytest.mark.parametrize("v", VALUES, ids=repr)
def test_round_trip(comp, v):
    back = comp.call("echo", v)
    assert back == v
    assert type(back) is type(v)
    assert comp.call("kind", v) == type(v).__name__


def test_values_made_inside_come_out(comp):
    assert comp.run("2 ** 100") == 2**100
    assert comp.run("[b'x', bytearray(3), {1, 2}, frozenset(), 1j, {'k': (None,)}]") == [
        b"x",
        bytearray(3),
        {1, 2},
        frozenset(),
        1j,
        {"k": (None,)},
    ]
    assert comp.run("{i: str(i) for i in range(3)}") == {0: "0", 1: "1", 2: "2"}


def test_big_ints_compute_inside(comp):
    assert comp.call("echo", 10**40 + 1) == 10**40 + 1
    comp.run("def sq(n):\n    return n * n")
    assert comp.call("sq", 2**100) == 2**200


def test_other_objects_are_handles(comp):
    comp.run("class Box:\n    def __init__(self, n):\n        self.n = n\ndef n_of(b):\n    return b.n")
    box = comp.run("Box(5)")
    assert isinstance(box, capy.Handle)
    assert comp.call("n_of", box) == 5
    f = comp.get("n_of")
    assert isinstance(f, capy.Handle)
    # A handle of another compartment is refused.
    with capy.Compartment() as other:
        other.run("def f(x):\n    return x")
        with pytest.raises(ValueError):
            other.call("f", box)


def test_recursive_structure_comes_out_with_a_handle(comp):
    v = comp.run("l = [1]\nl.append(l)\nl")
    assert v[0] == 1 and isinstance(v[1], capy.Handle)


def test_host_objects_do_not_enter(comp):
    with pytest.raises(TypeError, match="cannot enter"):
        comp.call("echo", object())
    with pytest.raises(TypeError):
        comp.call("echo", [1, lambda: 0])


def test_subclasses_cross_by_value(comp):
    class MyInt(int):
        pass

    assert comp.call("kind", MyInt(3)) == "int"
    assert comp.call("kind", True) == "bool"


def test_too_deep_is_refused(comp):
    v = []
    for _ in range(300):
        v = [v]
    with pytest.raises(ValueError, match="deep"):
        comp.call("echo", v)
