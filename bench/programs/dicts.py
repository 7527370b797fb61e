# Dictionary-heavy work: insertion, lookup, update, deletion, iteration,
# with string, integer and tuple keys. (String-keyed dicts are kept to
# 10000 keys per round: MicroPython's short string hashes collide a lot
# beyond that and the benchmark would measure only that.)
import sys

def string_round(r, size):
    d = {}
    for i in range(size):
        d["k%d_%d" % (r, i)] = i
    hits = 0
    for i in range(0, 2 * size, 3):
        if ("k%d_%d" % (r, i)) in d:
            hits += 1
    inv = {}
    for k, v in d.items():
        inv[v % 1000] = inv.get(v % 1000, 0) + len(k)
    for i in range(0, size, 2):
        del d["k%d_%d" % (r, i)]
    total = 0
    for k in d:
        total += d[k]
    return hits + len(inv) + len(d) + total

def run(n):
    acc = 0
    for r in range(n // 10000):
        acc += string_round(r, 10000)
    nested = {}
    for i in range(n):
        a = i % 97
        b = i % 13
        row = nested.get(a)
        if row is None:
            row = {}
            nested[a] = row
        row[b] = row.get(b, 0) + i
    s = 0
    for a in nested:
        for b in nested[a]:
            s += nested[a][b] * (a + b)
    ints = {}
    for i in range(n):
        ints[i * 3] = i
    isum = 0
    for i in range(n):
        isum += ints[i * 3]
    for i in range(0, n, 100):
        isum += ints.get(i * 3 + 1, 1)
    pairs = {}
    for i in range(n // 4):
        key = (i % 101, i % 7)
        pairs[key] = pairs.get(key, 0) + 1
    return acc, s % 1000000007, isum, len(pairs), pairs[(5, 5)]

N = int(sys.argv[1]) if len(sys.argv) > 1 else 500000
print("dicts", N, run(N))
