# Deterministic properties only.
import time
t0 = time.time()
print(type(t0).__name__ in ("int", "float"), t0 > 1600000000)
a = time.time()
time.sleep(0.01)
b = time.time()
print(b >= a)
print(time.localtime(0)[0] in (1969, 1970), len(time.localtime(0)) >= 8)
print(time.gmtime(86400 * 365)[:6])
print(time.mktime(time.localtime(1000000000)) == 1000000000)
