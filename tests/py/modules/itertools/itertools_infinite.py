import itertools
from itertools import count, cycle, repeat, islice

# count
c = count()
print(next(c), next(c), next(c), repr(c))
print(list(islice(count(10), 4)))
print(list(islice(count(5, -2), 5)))
print(list(islice(count(0.5, 0.25), 4)))
print(repr(count(3)), repr(count(3, 2)), repr(count(1.5)), repr(count(0, 1.0)), repr(count(-1, -1)))
print(list(zip(count(1), "abc")))
print(list(islice(count(2**65), 2)))
try:
    count("a")
except TypeError as e:
    print("TypeError:", e)

# cycle
print(list(islice(cycle("abc"), 8)))
print(list(cycle([])))
seen = []
def gen():
    for i in range(3):
        seen.append(i)
        yield i
cy = cycle(gen())
print([next(cy) for _ in range(7)], seen)
try:
    cycle(5)
except TypeError as e:
    print("TypeError:", e)

# repeat
print(list(repeat("x", 3)), list(repeat(1, 0)), list(repeat(1, -2)))
r = repeat(7, 2)
print(repr(r), next(r), repr(r), next(r), repr(r))
print(repr(repeat("a")), repr(repeat(None, -5)))
print(list(islice(repeat([1]), 3)))
print(list(map(pow, range(5), repeat(2))))
try:
    repeat(1, 2.5)
except TypeError as e:
    print("TypeError:", e)

# accumulate
print(list(itertools.accumulate([1, 2, 3, 4, 5])))
print(list(itertools.accumulate([1, 2, 3, 4, 5], lambda a, b: a * b)))
print(list(itertools.accumulate([3, 1, 4, 1, 5, 9, 2], max)))
print(list(itertools.accumulate([1, 2, 3], initial=100)))
print(list(itertools.accumulate([], initial=5)), list(itertools.accumulate([])))
print(list(itertools.accumulate("abc")))
print(list(itertools.accumulate([[1], [2], [3]])))
try:
    itertools.accumulate(3)
except TypeError as e:
    print("TypeError:", e)
