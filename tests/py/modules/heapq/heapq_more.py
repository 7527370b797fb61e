import heapq
h = [5, 3, 8, 1, 9, 2]
heapq.heapify(h)
print(h[0], heapq.heapreplace(h, 7), heapq.heappushpop(h, 0), heapq.heappushpop(h, 100))
print(sorted(h) == [heapq.heappop(h) for _ in range(len(h))])
print(heapq.nlargest(3, [5, 1, 8, 3, 9]), heapq.nsmallest(2, [5, 1, 8, 3, 9]), heapq.nsmallest(10, [3, 1]))
print(heapq.nlargest(2, ["a", "ccc", "bb"], key=len), heapq.nsmallest(0, [1, 2]))
data = [(i * 37) % 101 for i in range(200)]
h = []
for x in data:
    heapq.heappush(h, x)
print([heapq.heappop(h) for _ in range(len(h))] == sorted(data))
class K:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        return self.v > other.v
h = []
for v in [3, 1, 4, 1, 5]:
    heapq.heappush(h, K(v))
print([heapq.heappop(h).v for _ in range(5)])
for bad in (lambda: heapq.heappush((), 1), lambda: heapq.heapreplace([], 1), lambda: heapq.heappush([1, "a"], 2)):
    try:
        bad()
    except (TypeError, IndexError) as e:
        print(type(e).__name__)
