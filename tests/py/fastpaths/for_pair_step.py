# `for a, b in ...` compiles to ForIterPair, whose fast arms step
# enumerate, dict items, a zip of two and a list of pairs without making
# the pair's tuple (types/iterstep.rs); every other case must behave as a
# plain step followed by unpacking.

# enumerate over a generator, with a start, left early and resumed
def gen(n):
    for i in range(n):
        yield i * i
e = enumerate(gen(5), 10)
for i, x in e:
    print(i, x)
    if i == 11:
        break
print([(i, x) for i, x in e], next(e, "done"))
for i, x in enumerate("xy", 2**63 - 1):
    print(i, x)

# dict items: mutation during the loop, same-size rebinding, views
d = {"a": 1, "b": 2, "c": 3}
try:
    for k, v in d.items():
        d[k + k] = v
except RuntimeError as err:
    print("RuntimeError", err)
d = {"a": 1, "b": 2}
try:
    for k, v in d.items():
        d.pop("b", None)
        print("saw", k, v)
except RuntimeError as err:
    print("RuntimeError", err)
d = {1: 1, 2: 2}
for k, v in d.items():
    d[k] = v * 10
print(d)
it = iter({"p": 1, "q": 2}.items())
for k, v in it:
    pass
print(list(it), next(it, "exhausted"))

# a dict subclass whose items() and __iter__ are its own
class MyDict(dict):
    def items(self):
        return [("fake", 0)]
    def __iter__(self):
        return iter(["k1"])
md = MyDict(a=1)
for k, v in md.items():
    print("MyDict", k, v)
for k, v in dict.items(md):
    print("dict.items", k, v)

# a tuple subclass that iterates its own way, as an item of the loop
class Rev(tuple):
    def __iter__(self):
        return iter([self[1], self[0]])
for a, b in [Rev((1, 2)), (3, 4), [5, 6]]:
    print("Rev", a, b)
class Three(tuple):
    def __iter__(self):
        return iter((1, 2, 3))
try:
    for a, b in [Three((1, 2))]:
        pass
except ValueError as err:
    print("ValueError", err)

# items of the wrong shape fail as unpacking does
for items in ([(1, 2, 3)], [(1,)], [()], [1], [None], ["abc"], [{1: 2}], [[1, 2, 3]]):
    try:
        for a, b in items:
            print("ok", a, b)
    except (TypeError, ValueError) as err:
        print(type(err).__name__, err)
for a, b in ["xy", {3: 4, 5: 6}, range(2), b"AB"]:
    print(a, b)
for i, (a, b) in enumerate([(1, 2)]):
    print(i, a, b)
try:
    for i, (a, b) in enumerate([(1, 2, 3)]):
        pass
except ValueError as err:
    print("ValueError", err)

# zip of two: the first is stepped once more before the second ends
first = iter([1, 2, 3, 4])
for a, b in zip(first, "xy"):
    print(a, b)
print(next(first))
short = iter("p")
for a, b in zip([], short):
    print("never")
print(next(short))
try:
    for a, b in zip([1, 2], "xyz", strict=True):
        print(a, b)
except ValueError as err:
    print("ValueError", err)
try:
    for a, b in zip([1], [2], [3]):
        pass
except ValueError as err:
    print("ValueError", err)
for a, b in zip(gen(3), enumerate("abc")):
    print(a, b)
z = zip(range(2), range(5))
for a, b in z:
    pass
print(list(z))

# a list of pairs that changes under the loop
pairs = [(1, 2), (3, 4)]
for a, b in pairs:
    if len(pairs) < 4:
        pairs.append((a * 10, b * 10))
print(pairs)

# targets: names, attributes, subscripts, list displays; break and else
class O:
    pass
o = O()
box = [0, 0]
for o.x, box[1] in [(1, 2), (3, 4)]:
    pass
print(o.x, box)
for [a, b] in {(7, 8)}:
    print(a, b)
for a, b in []:
    print("never")
else:
    print("else ran")
for a, b in enumerate("ab"):
    if a:
        break
else:
    print("not printed")
print(a, b)

# a user iterator yielding pairs, and one raising StopIteration
class Pairs:
    def __init__(self):
        self.n = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.n += 1
        if self.n > 2:
            raise StopIteration
        return (self.n, -self.n)
for a, b in Pairs():
    print("Pairs", a, b)
# a source's StopIteration ends a zip's loop too, after the first stepped
class Stops:
    def __iter__(self):
        return self
    def __next__(self):
        raise StopIteration
first = iter("abc")
for a, b in zip(first, Stops()):
    print("never")
print(next(first))
for a, b in zip(Stops(), first):
    print("never")
print(next(first))
for a, b in enumerate(Stops()):
    print("never")

# comprehensions and generator expressions take the same step
print({v: k for k, v in {"a": 1, "b": 2}.items()})
print(sorted(a * b for a, b in zip(range(4), range(4, 8))))
print([x for i, x in enumerate("hello") if i % 2])
print([(a, b) for a, b in [(1, 2)] for _ in range(2)])

