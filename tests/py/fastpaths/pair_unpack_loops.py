# `for a, b in enumerate(...)` and `for k, v in d.items()` take their pairs
# without a tuple (types/iterstep.rs); these pin down what must not change.

# enumerate over lists, tuples, ranges, strings, generators, with start
for i, x in enumerate([10, 20, 30]):
    print(i, x)
for i, x in enumerate((1, 2), 5):
    print(i, x)
for i, x in enumerate(range(3, 0, -1), start=-2):
    print(i, x)
for i, c in enumerate("ab"):
    print(i, c)
print([(i, x) for i, x in enumerate(x * x for x in range(4))])

# a count that leaves the small ints, and negative and bool starts
for i, x in enumerate("abcd", 2**63 - 2):
    print(i, x)
for i, x in enumerate("ab", -2**63):
    print(i, x)
for i, x in enumerate("ab", True):
    print(i, x)
big = 2**70
for i, x in enumerate("ab", big):
    print(i - big, x)

# the source is shared: a loop left early resumes where it stopped
e = enumerate([1, 2, 3, 4, 5])
for i, x in e:
    if i == 1:
        break
for i, x in e:
    print("resumed", i, x)
print(list(e), next(e, "done"))

# the list grows and shrinks under the loop
xs = [1, 2, 3]
for i, x in enumerate(xs):
    if i < 3:
        xs.append(x * 10)
print(xs)
xs = [1, 2, 3, 4]
for i, x in enumerate(xs):
    xs.pop()
    print(i, x)

# errors from the source propagate; StopIteration from a user iterator ends it
class Boom:
    def __init__(self):
        self.n = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.n += 1
        if self.n == 3:
            raise KeyError("boom")
        return self.n
try:
    for i, x in enumerate(Boom()):
        print("boom item", i, x)
except KeyError as e:
    print("KeyError", e)

class Stops:
    def __init__(self):
        self.n = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.n += 1
        if self.n > 2:
            raise StopIteration
        return self.n
for i, x in enumerate(Stops()):
    print("stops", i, x)

def gen():
    yield "a"
    raise ValueError("from gen")
try:
    for i, x in enumerate(gen()):
        print("gen", i, x)
except ValueError as e:
    print("ValueError", e)

# unpacking into a different shape still fails as it should
try:
    for a, b, c in enumerate("xy"):
        pass
except ValueError as e:
    print("ValueError", e)
try:
    for (a,) in enumerate("xy"):
        pass
except ValueError as e:
    print("ValueError", e)
for i, (a, b) in enumerate([(1, 2), (3, 4)]):
    print(i, a, b)
for i, *rest in enumerate("pq"):
    print(i, rest)

# dict items
d = {"x": 1, "y": 2, "z": 3}
for k, v in d.items():
    print(k, v)
print(sorted((v, k) for k, v in d.items()))
for k, v in {}.items():
    print("never")
it = iter(d.items())
for k, v in it:
    break
print("after break", list(it))
d2 = {1: "a", 2: "b"}
try:
    for k, v in d2.items():
        d2[k + 10] = v
except RuntimeError as e:
    print("RuntimeError", e)
d3 = {1: "a", 2: "b", 3: "c"}
try:
    for k, v in d3.items():
        del d3[3]
except RuntimeError as e:
    print("RuntimeError", e)
d4 = {1: "a", 2: "b"}
for k, v in d4.items():
    d4[k] = v * 2  # same size: allowed
print(d4)
d5 = {"a": 1, "b": 2, "c": 3}
del d5["b"]
d5["d"] = 4
print([(k, v) for k, v in d5.items()])

# keys and values views and zip are unchanged
print([k for k in d], [v for v in d.values()])
for a, b in zip("ab", [1, 2, 3]):
    print(a, b)

# sum and other natives add small ints without overflow mistakes
print(sum([2**62, 2**62, 2**62]), sum(range(10)), sum([-2**63, -1]))
print(sum([1, 2.5]), sum([True, True, 3]))
