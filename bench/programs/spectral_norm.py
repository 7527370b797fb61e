# Float maths and function calls: power iteration for the largest singular
# value of the infinite matrix A[i][j] = 1/((i+j)(i+j+1)/2 + i + 1).
import sys

def a(i, j):
    s = i + j
    return 1.0 / (s * (s + 1) // 2 + i + 1)

def mul_av(v, out):
    n = len(v)
    for i in range(n):
        s = 0.0
        for j in range(n):
            s += a(i, j) * v[j]
        out[i] = s

def mul_atv(v, out):
    n = len(v)
    for i in range(n):
        s = 0.0
        for j in range(n):
            s += a(j, i) * v[j]
        out[i] = s

def mul_atav(v, out, tmp):
    mul_av(v, tmp)
    mul_atv(tmp, out)

N = int(sys.argv[1]) if len(sys.argv) > 1 else 260
u = [1.0] * N
v = [0.0] * N
tmp = [0.0] * N
for _ in range(10):
    mul_atav(u, v, tmp)
    mul_atav(v, u, tmp)
vbv = 0.0
vv = 0.0
for i in range(N):
    vbv += u[i] * v[i]
    vv += v[i] * v[i]
print("spectral_norm", N, "%.9f" % ((vbv / vv) ** 0.5))
