"""Printed text: captured, or given to a callable."""

import capy


def test_captured_output():
    with capy.Compartment() as c:
        c.run("print('a', 1)\nimport sys\nsys.stdout.write('b\\n')")
        assert c.output() == "a 1\nb\n"
        assert c.output() == ""
        c.run("print('c', end='')")
        assert c.output() == "c"


def test_output_callback_on_the_host_thread():
    got = []
    with capy.Compartment(stdout=got.append) as c:
        c.run("for i in range(3):\n    print(i)")
        assert "".join(got) == "0\n1\n2\n"
        assert c.output() == ""


def test_output_kept_across_an_error():
    with capy.Compartment() as c:
        try:
            c.run("print('before')\n1/0")
        except capy.CompartmentError:
            pass
        assert c.output() == "before\n"
