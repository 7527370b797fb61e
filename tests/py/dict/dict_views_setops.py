# Keys and items views take the set operators with any iterable and give a
# set; items views of dicts with unhashable values still iterate and test
# membership. (Set order is not printed: sorted() everywhere.)
d = {1: 2, 3: [4], 5: "x"}
k, it, v = d.keys(), d.items(), d.values()
print(sorted(k | [7]), sorted(k & {3, 9}), sorted(k - [1]), sorted(k ^ (1, 8, 8)))
print(sorted([1, 8] - k), sorted({3} | k), sorted(frozenset([5, 6]) & k), sorted(range(4) ^ k))
print(type(k | k).__name__, type(frozenset() | k).__name__, sorted(k & d.keys()))
e = {1: 2, 5: 6}
print(sorted(e.items() | {(9, 9)}), sorted(e.items() - [(1, 2)]), sorted(e.items() ^ e.items()))
print(sorted(it & [(1, 2), (3, 4), (5, "x")]))
print(list(it), len(it), bool(it), bool({}.items()))
print((3, [4]) in it, (3, [5]) in it, (1, 2) in it, (2, 1) in it, [] in it, (1, 2, 3) in it)
print(k.isdisjoint([7, 8]), k.isdisjoint(iter([3])), it.isdisjoint({(1, 2)}), e.items().isdisjoint([]))
s = d.keys()
s |= {100}
print(type(s).__name__, sorted(s))
for bad in ("it | set()", "it - []", "([], 1) in it", "v | {1}", "1 | k", "k & 1", "k - None", "k + 1"):
    try:
        print(bad, eval(bad))
    except TypeError as exc:
        print(bad, "TypeError", exc)
