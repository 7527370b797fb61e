import heapq
h = []
for v in [5, 1, 8, 3, 9, 2, 7]:
    heapq.heappush(h, v)
out = []
while h:
    out.append(heapq.heappop(h))
print(out)
data = [9, 4, 7, 1, 8]
heapq.heapify(data)
print(data[0], heapq.heappop(data), heapq.heappop(data))
pq = []
heapq.heappush(pq, (2, "b"))
heapq.heappush(pq, (1, "a"))
heapq.heappush(pq, (3, "c"))
print([heapq.heappop(pq)[1] for _ in range(3)])
try:
    heapq.heappop([])
except IndexError:
    print("IndexError")
