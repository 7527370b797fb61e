"""heapq extras for capy: heapq.merge.

Frozen into the binary (modules/frozen.rs), compiled on first import.

capy's native heapq already has heapify, heappush, heappop, heappushpop,
heapreplace, nlargest and nsmallest (with key=); what it lacks is merge,
which is written here.

Covers: merge(*iterables, key=None, reverse=False) as CPython 3.11: a
generator that reads lazily (one item ahead per input), keeps equal items
in the order of the iterables they came from, and compares keys with `<`
only (and `==`, for ties), as CPython's heap of lists does.

Not covered: the private helpers CPython's heapq module exposes
(_heapify_max and friends).
"""

__all__ = ["merge"]


def merge(*iterables, key=None, reverse=False):
    """Merges sorted inputs into one sorted output, lazily.

    Each input must already be sorted (by key, descending when reverse is
    true). Nothing is read until the first item is asked for; then one
    item of each input is held at a time."""
    # Each entry of the heap is [sort key, input number, value, next-func].
    # The input number breaks ties so that equal items come out in the
    # order of the inputs, whatever the direction.
    heap = []
    for number, it in enumerate(iterables):
        nxt = iter(it).__next__
        try:
            value = nxt()
        except StopIteration:
            continue
        heap.append([value if key is None else key(value), number, value, nxt])

    def before(a, b):
        # True when entry a must come out before entry b.
        ka = a[0]
        kb = b[0]
        if ka == kb:
            return a[1] < b[1]
        if reverse:
            return kb < ka
        return ka < kb

    def sift_down(pos):
        # Re-places heap[pos]. As CPython's heapq does, the hole first goes
        # down to a leaf along the smaller children, then the item climbs
        # back up; comparing in that order raises the same TypeError
        # messages as CPython when items cannot be compared.
        size = len(heap)
        start = pos
        item = heap[pos]
        child = 2 * pos + 1
        while child < size:
            right = child + 1
            if right < size and not before(heap[child], heap[right]):
                child = right
            heap[pos] = heap[child]
            pos = child
            child = 2 * pos + 1
        while pos > start:
            parent = (pos - 1) >> 1
            if before(item, heap[parent]):
                heap[pos] = heap[parent]
                pos = parent
            else:
                break
        heap[pos] = item

    for pos in range(len(heap) // 2 - 1, -1, -1):
        sift_down(pos)

    while len(heap) > 1:
        top = heap[0]
        yield top[2]
        try:
            value = top[3]()
        except StopIteration:
            last = heap.pop()
            heap[0] = last
        else:
            top[0] = value if key is None else key(value)
            top[2] = value
        sift_down(0)
    if heap:
        # One input left: the rest of it needs no comparing.
        top = heap[0]
        yield top[2]
        nxt = top[3]
        while True:
            try:
                value = nxt()
            except StopIteration:
                return
            yield value
