# Big integers: digits of pi from an unbounded spigot (Gibbons' streaming
# algorithm, written from its published description).
import sys

def pi_digits(n):
    q, r, t, k, m, x = 1, 0, 1, 1, 3, 3
    out = []
    while len(out) < n:
        if 4 * q + r - t < m * t:
            out.append(m)
            q, r, m = 10 * q, 10 * (r - m * t), (10 * (3 * q + r)) // t - 10 * m
        else:
            q, r, t, k, m, x = q * k, (2 * q + r) * x, t * x, k + 1, (q * (7 * k + 2) + r * x) // (t * x), x + 2
    return out

N = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
d = pi_digits(N)
s = "".join([str(v) for v in d])
print("pidigits", N, s[:20], s[-20:], sum(d))
