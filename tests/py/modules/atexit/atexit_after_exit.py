# Exit functions also run after sys.exit() (the exit status is kept) and
# see the module's state as the program left it.
# expect: exit=3
import atexit
import sys

state = "start"


def report():
    print("state at exit:", state)


atexit.register(report)
state = "changed"
print("before exit")
sys.exit(3)
