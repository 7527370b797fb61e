# List-heavy work: appends, slicing, slice assignment, comprehensions,
# sorting (with keys), reversing, searching.
import sys

def lcg(seed):
    return (seed * 1103515245 + 12345) & 0x7FFFFFFF

def run(n):
    seed = 7
    data = []
    for _ in range(n):
        seed = lcg(seed)
        data.append(seed % 10000)
    chunks = [data[i:i + 50] for i in range(0, n, 50)]
    acc = 0
    for c in chunks:
        c.sort()
        acc += c[0] + c[-1] + c[len(c) // 2]
    s1 = sorted(data)
    s2 = sorted(data, key=lambda v: (v % 100, v))
    s3 = sorted(data, reverse=True)
    rev = data[::-1]
    window = 0
    for i in range(0, n - 10, 7):
        window += sum(data[i:i + 10])
    work = list(range(2000))
    for i in range(300):
        work[i:i + 5] = [i, i, i]
        work.insert(i * 3 % len(work), -i)
        work.pop()
    squares = [v * v for v in data if v & 1]
    idx = 0
    for probe in (s1[100], s1[n // 2], s1[-5]):
        idx += s1.index(probe)
    return (acc, s1[n // 3], s2[n // 3], s3[10], rev[5], window % 1000003,
            len(work), sum(work) % 10007, len(squares), idx)

N = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
print("lists", N, run(N))
