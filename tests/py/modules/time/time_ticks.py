# Deterministic properties of the clocks (values are timing-dependent).
import time
a = time.monotonic()
b = time.monotonic()
print(b >= a, type(time.perf_counter()).__name__, type(time.time_ns()).__name__)
n0 = time.time_ns()
print(abs(n0 / 1e9 - time.time()) < 5)
print(time.gmtime(0)[:8], time.gmtime(951782400)[:8], time.gmtime(-1)[:6])
print(time.gmtime(4102444800)[:8], time.mktime((2000, 2, 29, 0, 0, 0, 0, 0, 0)))
try:
    time.sleep(-1)
except ValueError as e:
    print("ValueError", e)
