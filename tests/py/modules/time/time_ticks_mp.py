# MicroPython's ticks API (not in CPython): .exp holds the expected output.
import time
t0 = time.ticks_ms()
time.sleep_ms(5)
t1 = time.ticks_ms()
print(time.ticks_diff(t1, t0) >= 4)
u0 = time.ticks_us()
time.sleep_us(100)
print(time.ticks_diff(time.ticks_us(), u0) >= 90)
print(time.ticks_diff(5, 2**30 - 5), time.ticks_diff(2**30 - 5, 5), time.ticks_add(2**30 - 1, 2), time.ticks_add(0, -1))
print(time.ticks_diff(time.ticks_add(123, 1000), 123))
