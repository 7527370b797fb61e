# Float arithmetic: escape-time Mandelbrot set over a grid, counting the
# points inside and summing iteration counts.
import sys

def mandel(w, h, max_iter):
    inside = 0
    total = 0
    for py in range(h):
        ci = -1.2 + 2.4 * py / h
        for px in range(w):
            cr = -2.1 + 3.0 * px / w
            zr = 0.0
            zi = 0.0
            i = 0
            while i < max_iter:
                zr2 = zr * zr
                zi2 = zi * zi
                if zr2 + zi2 > 4.0:
                    break
                zi = 2.0 * zr * zi + ci
                zr = zr2 - zi2 + cr
                i += 1
            if i == max_iter:
                inside += 1
            total += i
    return inside, total

N = int(sys.argv[1]) if len(sys.argv) > 1 else 560
inside, total = mandel(N, N, 50)
print("mandel", N, inside, total)
