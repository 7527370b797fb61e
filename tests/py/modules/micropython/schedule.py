# micropython.schedule(func, arg): MicroPython-only (CPython has no
# micropython module; expected output in schedule.py.exp). The callback
# runs soon after, at a safe point of the running code (a loop's back
# edge), one at a time, and a full queue raises RuntimeError. An exception
# a callback raises is reported on stderr and the program goes on.
import micropython

done = False


def callback(arg):
    global done
    print("callback", arg)
    done = True


micropython.schedule(callback, 1)
print("scheduled")
n = 0
while not done:
    n += 1
print("ran")

order = []


def inner(arg):
    order.append("inner")


def outer(arg):
    micropython.schedule(inner, None)
    for i in range(10):
        pass
    order.append("outer")


micropython.schedule(outer, None)
while len(order) < 2:
    pass
print(order)

result = []


def flood(arg):
    try:
        for i in range(100):
            micropython.schedule(lambda x: x, None)
    except RuntimeError as e:
        result.append(str(e))


micropython.schedule(flood, None)
while not result:
    pass
print(result)
# The four queued meanwhile run one per safe point: let them.
for i in range(1000):
    pass

try:
    micropython.schedule(5, None)
except TypeError as e:
    print("TypeError")


def boom(arg):
    raise ValueError(arg)


try:
    micropython.schedule(boom, "from callback")
    for i in range(100000):
        pass
    print("loop ended")
except ValueError as e:
    print("caught", e)
