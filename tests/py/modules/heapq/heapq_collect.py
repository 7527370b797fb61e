# heapq's natives hold the item they are moving (and the one they pop)
# outside the list while __lt__ runs Python code; a collection inside
# __lt__ must not free them.
import heapq

garbage = []


class K:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        # Enough allocation in a loop that the collector runs in here.
        for i in range(300):
            garbage.append([i] * 20)
        del garbage[:]
        return self.v < other.v


h = []
for v in [5, 3, 8, 1, 9, 2, 7, 4, 6, 0]:
    heapq.heappush(h, K(v))
print([heapq.heappop(h).v for _ in range(4)])
print(heapq.heapreplace(h, K(10)).v, heapq.heappushpop(h, K(11)).v)
heapq.heapify(h)
print(sorted(k.v for k in h), [heapq.heappop(h).v for _ in range(len(h))])


class Shrink:
    # __lt__ that empties the list it is compared in: the items heapq
    # holds must stay alive, and a shrunken list raises, never crashes.
    def __init__(self, v, heap):
        self.v = v
        self.heap = heap

    def __lt__(self, other):
        self.heap.clear()
        for i in range(300):
            garbage.append([i] * 20)
        del garbage[:]
        return self.v < other.v


h = []
h.extend(Shrink(v, h) for v in [3, 1, 2])
try:
    print(heapq.heappop(h).v)
except (RuntimeError, IndexError) as e:
    print(type(e).__name__)
