# Checks heapq.merge: plain, key=, reverse=, ties keep input order, empty inputs, generators.
import heapq

print(list(heapq.merge([1, 3, 5, 7], [0, 2, 4, 8], [5, 10, 15, 20], [], [25])))
print(list(heapq.merge()))
print(list(heapq.merge([], [])))
print(list(heapq.merge([3])))
print(list(heapq.merge("ace", "bdf")))
print(list(heapq.merge([7, 5, 1], [8, 2, 0], reverse=True)))
words = [["apple", "fig"], ["kiwi", "banana"], ["date", "cherry"]]
print(list(heapq.merge(*[sorted(w, key=len) for w in words], key=len)))
print(list(heapq.merge(*[sorted(w, key=len, reverse=True) for w in words], key=len, reverse=True)))
# Ties: equal keys come out in the order of the inputs they came from.
a = [(1, "a0"), (2, "a1"), (2, "a2")]
b = [(1, "b0"), (2, "b1")]
c = [(0, "c0"), (2, "c1")]
print(list(heapq.merge(a, b, c, key=lambda t: t[0])))
print(list(heapq.merge(a[::-1], b[::-1], c[::-1], key=lambda t: t[0], reverse=True)))
print(list(heapq.merge(range(0, 20, 3), range(1, 20, 5), (x * x for x in range(5)))))
print(list(heapq.merge([1.5, 2], [1, 2.0, 3], [True])))
