# atexit: functions run after the program, last registered first, with
# their arguments; unregister drops every registration of a function; one
# that raises is reported on stderr and the others still run.
# expect: stderr
import atexit


def show(*args, **kwargs):
    print("show", args, sorted(kwargs.items()))


def boom():
    print("boom runs")
    raise ValueError("boom")


def dropped():
    print("never printed")


print(atexit.register(show, 1, k=2) is show)
atexit.register(boom)
atexit.register(dropped)
atexit.register(show, 3)
atexit.register(dropped, "again")
atexit.unregister(dropped)
atexit.unregister(len)  # never registered: no error


@atexit.register
def decorated():
    print("decorated, last registered, runs first")


try:
    atexit.register(42)
except TypeError:
    print("TypeError: not callable")

print("end of program")


def registers_late():
    print("registers_late runs")
    atexit.register(show, "registered during exit: never runs")


atexit.register(registers_late)
