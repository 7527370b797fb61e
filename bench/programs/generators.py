# Generators: pipelines of generator functions and expressions, yield from,
# send().
import sys

def numbers(n):
    i = 0
    while i < n:
        yield i
        i += 1

def evens(src):
    for v in src:
        if v % 2 == 0:
            yield v

def squares(src):
    for v in src:
        yield v * v

def chunked(src, size):
    buf = []
    for v in src:
        buf.append(v)
        if len(buf) == size:
            yield buf
            buf = []
    if buf:
        yield buf

def tree(depth):
    if depth == 0:
        yield 1
        return
    yield depth
    yield from tree(depth - 1)
    yield from tree(depth - 1)

def averager():
    total = 0.0
    count = 0
    avg = None
    while True:
        v = yield avg
        total += v
        count += 1
        avg = total / count

def run(n):
    a = sum(squares(evens(numbers(n))))
    b = 0
    for ch in chunked(numbers(n), 7):
        b += ch[-1] - ch[0]
    c = sum(tree(14))
    avg = averager()
    next(avg)
    last = 0.0
    for v in numbers(n // 2):
        last = avg.send(v)
    d = sum(x * 3 for x in range(n) if x % 5)
    return a, b, c, "%.3f" % last, d

N = int(sys.argv[1]) if len(sys.argv) > 1 else 1800000
print("generators", N, run(N))
