# Small-integer arithmetic in tight loops: Collatz chain lengths plus a
# digit-sum / modular mixing pass.
import sys

def collatz_len(n):
    steps = 0
    while n != 1:
        if n & 1:
            n = 3 * n + 1
        else:
            n >>= 1
        steps += 1
    return steps

def mix(limit):
    acc = 0
    for i in range(limit):
        x = i
        s = 0
        while x:
            s += x % 10
            x //= 10
        acc = (acc * 31 + s) % 1000003
    return acc

N = int(sys.argv[1]) if len(sys.argv) > 1 else 60000
best = 0
best_n = 0
for n in range(1, N):
    c = collatz_len(n)
    if c > best:
        best = c
        best_n = n
print("collatz", best_n, best, "mix", mix(N * 4))
