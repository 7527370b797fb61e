# time.struct_time from gmtime/localtime, strftime over it and over plain
# 9-tuples, asctime and ctime, and strftime's range errors.
import time
t = time.gmtime(1700000000)
print(t, t.tm_year, t[0], len(t), tuple(t))
print(time.strftime("%Y-%m-%d %H:%M:%S %a %b %j %U %%", t))
print(time.asctime(t), time.ctime(1700000000))
print(time.strftime("%d/%m/%y", (2024, 2, 29, 0, 0, 0, 3, 60, 0)))
print(type(time.localtime()).__name__, len(time.strftime("%H:%M")))
try:
    time.strftime("%Y", (2024, 13, 1, 0, 0, 0, 0, 1, 0))
except ValueError as e:
    print(e)
