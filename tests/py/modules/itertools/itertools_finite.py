import itertools
from itertools import (chain, compress, dropwhile, filterfalse, islice,
                       pairwise, starmap, takewhile, zip_longest)

# chain
print(list(chain("ab", [1, 2], (), range(3))))
print(list(chain()), list(chain([])))
print(list(chain.from_iterable(["ab", "cd", ""])))
print(list(chain.from_iterable([range(i) for i in range(4)])))
def lazy():
    print("  first source asked")
    yield "xy"
    print("  second source asked")
    yield "z"
ch = chain.from_iterable(lazy())
print("made")
print(next(ch))
print(list(ch))
c2 = chain([1], 5)
print(next(c2))
try:
    next(c2)
except TypeError as e:
    print("TypeError:", e)
print(type(chain()).__name__)

# compress
print(list(compress("ABCDEF", [1, 0, 1, 0, 1, 1])))
print(list(compress("ABC", [True, True])), list(compress("A", [1, 1, 1])))
print(list(compress(range(10), (x % 3 == 0 for x in range(10)))))

# dropwhile / takewhile
print(list(dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(dropwhile(lambda x: True, [1, 2])), list(takewhile(lambda x: True, [1, 2])))
it = iter([1, 2, 10, 3, 4])
print(list(takewhile(lambda x: x < 5, it)), list(it))

# filterfalse
print(list(filterfalse(lambda x: x % 2, range(10))))
print(list(filterfalse(None, [0, 1, "", "a", None, [], [0]])))

# islice
s = "ABCDEFG"
print(list(islice(s, 2)), list(islice(s, 2, 4)), list(islice(s, 2, None)), list(islice(s, 0, None, 2)))
print(list(islice(s, 1, 6, 2)), list(islice(s, 10)), list(islice(s, 3, 3)), list(islice(s, None)))
print(list(islice(s, None, None, 3)), list(islice(s, 5, 2)))
src = iter(range(10))
print(list(islice(src, 2, 6, 3)), list(src))
src = iter(range(10))
print(list(islice(src, 5, 2)), list(src))
src = iter(range(10))
print(list(islice(src, 3)), next(src))
for args in [(-1,), ("x",), (1, -1), (-1, 3), (0, 3, 0), (0, 3, -1), (0, 3, 1.5)]:
    try:
        islice(s, *args)
    except ValueError as e:
        print("ValueError:", e)
try:
    islice(s)
except TypeError as e:
    print("TypeError:", e)
class Idx:
    def __index__(self):
        return 2
print(list(islice(s, Idx())))

# pairwise
print(list(pairwise("ABCD")), list(pairwise("A")), list(pairwise([])))
print(list(pairwise(range(5))))

# starmap
print(list(starmap(pow, [(2, 5), (3, 2), (10, 3)])))
print(list(starmap(lambda *a: sum(a), [(), (1,), (1, 2, 3)])))

# zip_longest
print(list(zip_longest("ABCD", "xy")))
print(list(zip_longest("ABCD", "xy", fillvalue="-")))
print(list(zip_longest())), print(list(zip_longest("ab")))
print(list(zip_longest([1], [], [2, 3, 4], fillvalue=0)))
try:
    zip_longest(1)
except TypeError as e:
    print("TypeError:", e)
