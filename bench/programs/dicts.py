# Dictionary-heavy work: insertion, lookup, update, deletion, iteration,
# with string and integer keys.
import sys

def run(n):
    d = {}
    for i in range(n):
        d["k%d" % i] = i
    hits = 0
    for i in range(0, 2 * n, 3):
        if ("k%d" % i) in d:
            hits += 1
    inv = {}
    for k, v in d.items():
        inv[v % 1000] = inv.get(v % 1000, 0) + len(k)
    for i in range(0, n, 2):
        del d["k%d" % i]
    total = 0
    for k in d:
        total += d[k]
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
        ints[(i * 7919) % 100003] = i
    isum = 0
    for i in range(n):
        isum += ints.get(i, 0)
    return hits, len(inv), len(d), total, s % 1000000007, isum

N = int(sys.argv[1]) if len(sys.argv) > 1 else 80000
print("dicts", N, run(N))
