# set.pop() takes the first element in iteration order (for small ints
# added in ascending order, the smallest, as in CPython), and popping
# everything, interleaved with adds, loses nothing.
s = set(range(11))
print([s.pop() for _ in range(11)], s)
try:
    s.pop()
except KeyError as e:
    print("KeyError", e)
s = set(range(1000))
seen = []
while s:
    x = s.pop()
    seen.append(x)
    if x % 100 == 0 and x < 500:
        s.add(x + 1000)
print(len(seen), sorted(seen) == sorted(list(range(1000)) + [1000, 1100, 1200, 1300, 1400]))
s = {7}
s.add(8)
s.discard(7)
print(s.pop(), len(s))
d = {i: -i for i in range(5)}
print(d.popitem(), d.popitem(), d)
