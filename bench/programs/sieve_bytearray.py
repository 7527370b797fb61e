# Indexing and bytes-like buffers: sieve of Eratosthenes on a bytearray,
# then prime gaps and a checksum.
import sys

def sieve(n):
    flags = bytearray(b"\x01" * (n + 1))
    flags[0] = 0
    flags[1] = 0
    i = 2
    while i * i <= n:
        if flags[i]:
            j = i * i
            while j <= n:
                flags[j] = 0
                j += i
        i += 1
    return flags

N = int(sys.argv[1]) if len(sys.argv) > 1 else 3000000
f = sieve(N)
count = 0
last = 2
gap = 0
chk = 0
for p in range(2, N + 1):
    if f[p]:
        count += 1
        if p - last > gap:
            gap = p - last
        last = p
        chk = (chk * 3 + p) % 1000003
print("sieve", N, count, gap, chk)
