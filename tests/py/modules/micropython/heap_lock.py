# micropython.heap_lock(): allocation raises MemoryError until heap_unlock().
# MicroPython-only module, so the expected output is in heap_lock.py.exp.
import micropython

small = list(range(50))
target = []
result = None

micropython.heap_lock()
try:
    result = [1, 2, 3]
except MemoryError:
    result = "MemoryError list"
print(result)
try:
    target.extend(small)
except MemoryError:
    print("MemoryError extend")
micropython.heap_lock()
print(micropython.heap_unlock())
try:
    result = {"a": 1}
except MemoryError:
    print("MemoryError still locked")
print(micropython.heap_unlock())
print([1, 2, 3], len(target))
big = [0] * 1000
print(len(big))
