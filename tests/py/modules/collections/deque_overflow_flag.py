# MicroPython's deque(iterable, maxlen, flag): with a true flag, adding to a
# full deque raises IndexError instead of dropping from the other end.
from collections import deque

d = deque((), 2, True)
print(d.maxlen, len(d))
for v in (1, 2):
    d.append(v)
try:
    d.append(3)
except IndexError as e:
    print("IndexError", e, list(d))
try:
    d.appendleft(0)
except IndexError as e:
    print("IndexError", e, list(d))
try:
    d.extend([7, 8])
except IndexError as e:
    print("IndexError", e, list(d))
print(d.popleft(), list(d))
d.appendleft(5)
print(list(d))
try:
    d.pop()
    d.pop()
    d.pop()
except IndexError as e:
    print("IndexError", e, len(d))
c = d.copy()
c.append(1)
c.append(2)
try:
    c.append(3)
except IndexError as e:
    print("copy keeps flag", e, list(c))
try:
    deque([1, 2, 3], 2, True)
except IndexError as e:
    print("IndexError", e)
# A false flag keeps the usual dropping behaviour.
d = deque([1, 2, 3], 2, False)
d.append(4)
print(list(d))
try:
    deque((), 2, True, 4)
except TypeError:
    print("TypeError")
