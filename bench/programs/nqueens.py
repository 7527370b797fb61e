# Backtracking search with sets and recursion: count all solutions to the
# n-queens problem.
import sys

def solve(n):
    count = 0
    cols = set()
    d1 = set()
    d2 = set()

    def place(row):
        nonlocal count
        if row == n:
            count += 1
            return
        for c in range(n):
            if c in cols or (row - c) in d1 or (row + c) in d2:
                continue
            cols.add(c)
            d1.add(row - c)
            d2.add(row + c)
            place(row + 1)
            cols.remove(c)
            d1.remove(row - c)
            d2.remove(row + c)

    place(0)
    return count

N = int(sys.argv[1]) if len(sys.argv) > 1 else 11
REPEAT = 3
for _ in range(REPEAT):
    results = [solve(k) for k in range(4, N + 1)]
print("nqueens", N, results)
