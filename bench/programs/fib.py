# Recursion and call overhead: naive doubly recursive Fibonacci.
import sys

def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

N = int(sys.argv[1]) if len(sys.argv) > 1 else 32
total = 0
for k in range(N - 3, N + 1):
    total += fib(k)
print("fib", N, total)
