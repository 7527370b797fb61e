from collections import deque
d = deque([1, 2, 3], 5)
for i in range(4, 9):
    d.append(i)
print(list(d), len(d))
d.appendleft(100)
print(list(d))
print(d.pop(), d.popleft(), list(d))
e = deque((), 3)
try:
    e.pop()
except IndexError:
    print("IndexError")
