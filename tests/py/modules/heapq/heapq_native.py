# Checks the heapq functions capy provides natively next to merge: nlargest/nsmallest with key=, heappushpop, heapreplace, errors.
import heapq

data = [5, 1, 8, 3, 9, 2, 8]
print(heapq.nlargest(3, data), heapq.nsmallest(3, data))
print(heapq.nlargest(2, data, key=lambda x: -x), heapq.nsmallest(2, data, key=lambda x: x % 4))
print(heapq.nlargest(0, data), heapq.nlargest(10, data), heapq.nsmallest(1, iter(data)))
print(heapq.nlargest(2, [("b", 1), ("a", 2), ("c", 1)], key=lambda t: t[1]))
h = [4, 7, 9]
heapq.heapify(h)
print(heapq.heappushpop(h, 1), h)
print(heapq.heappushpop(h, 8), h)
print(heapq.heapreplace(h, 0), h)
try:
    heapq.heapreplace([], 1)
except IndexError as e:
    print("IndexError:", e)
try:
    heapq.heappop([])
except IndexError as e:
    print("IndexError:", e)
