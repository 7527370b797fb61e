# List permutation and reversal: count pancake flips over all permutations
# of 1..n (generated in lexicographic order with next_permutation).
import sys

def next_perm(p):
    i = len(p) - 2
    while i >= 0 and p[i] >= p[i + 1]:
        i -= 1
    if i < 0:
        return False
    j = len(p) - 1
    while p[j] <= p[i]:
        j -= 1
    p[i], p[j] = p[j], p[i]
    p[i + 1:] = p[i + 1:][::-1]
    return True

def fannkuch(n):
    perm = list(range(1, n + 1))
    max_flips = 0
    checksum = 0
    index = 0
    while True:
        q = perm[:]
        flips = 0
        first = q[0]
        while first != 1:
            q[:first] = q[:first][::-1]
            flips += 1
            first = q[0]
        if flips > max_flips:
            max_flips = flips
        checksum += flips if index % 2 == 0 else -flips
        index += 1
        if not next_perm(perm):
            break
    return max_flips, checksum

N = int(sys.argv[1]) if len(sys.argv) > 1 else 8
REPEAT = 9
for _ in range(REPEAT):
    m, c = fannkuch(N)
print("fannkuch", N, m, c)
