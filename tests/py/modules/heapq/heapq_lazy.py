# Checks that heapq.merge is lazy (reads one item ahead per input), works as a generator, and raises errors lazily.
import heapq

log = []


def source(name, items):
    for x in items:
        log.append((name, x))
        yield x


m = heapq.merge(source("a", [1, 4, 9]), source("b", [2, 3, 10]))
print(type(m).__name__, log)
print(next(m), log)
print(next(m), log)
print(next(m), log)
print(list(m))
print(log)

# An infinite input is fine as long as we stop asking.
def count(start, step):
    while True:
        yield start
        start += step

m = heapq.merge(count(0, 2), count(1, 3))
print([next(m) for _ in range(10)])

# Errors come when items are compared, not at the call.
m = heapq.merge([1, 2], ["a", "b"])
print("created")
try:
    print(list(m))
except TypeError as e:
    print("TypeError:", e)
try:
    list(heapq.merge([1], 5))
except TypeError as e:
    print("TypeError:", e)
try:
    list(heapq.merge([1], [2], key=5))
except TypeError as e:
    print("TypeError:", e)
try:
    heapq.merge([1], foo=2)
except TypeError as e:
    print("TypeError:", e)
