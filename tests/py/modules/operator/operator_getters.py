from operator import attrgetter, itemgetter, methodcaller

class P:
    def __init__(self, name, age, inner=None):
        self.name = name
        self.age = age
        self.inner = inner

    def greet(self, greeting="hi", punct="!"):
        return "%s %s%s" % (greeting, self.name, punct)

people = [P("bob", 30), P("al", 25, P("deep", 1)), P("cy", 35)]
print([attrgetter("name")(p) for p in people])
print(attrgetter("name", "age")(people[0]))
print(attrgetter("inner.name")(people[1]), attrgetter("inner.age", "name")(people[1]))
print([p.name for p in sorted(people, key=attrgetter("age"))])
try:
    attrgetter("inner.name")(people[0])
except AttributeError as e:
    print("AttributeError")
try:
    attrgetter(5)
except TypeError as e:
    print("TypeError:", e)
print(repr(attrgetter("a")), repr(attrgetter("a", "b.c")))

row = ("a", "b", "c", "d")
print(itemgetter(1)(row), itemgetter(0, 2)(row), itemgetter(slice(1, 3))(row))
print(itemgetter("x", "y")({"x": 1, "y": 2}), itemgetter(-1)("hello"))
print(sorted([(2, "b"), (1, "z"), (2, "a")], key=itemgetter(0)))
print(sorted([(2, "b"), (1, "z"), (2, "a")], key=itemgetter(0, 1)))
print(list(map(itemgetter(0), ["ab", "cd"])))
try:
    itemgetter(5)(row)
except IndexError:
    print("IndexError")
try:
    itemgetter("k")({})
except KeyError as e:
    print("KeyError", e)
print(repr(itemgetter(1)), repr(itemgetter(1, "a")), repr(itemgetter(slice(1, 2))))

print(methodcaller("upper")("abc"), methodcaller("split", ",")("a,b,c"))
print(methodcaller("greet")(people[0]), methodcaller("greet", "yo", punct="?")(people[2]))
print(methodcaller("count", "a")("banana"), methodcaller("get", "k", 0)({}))
print(repr(methodcaller("m")), repr(methodcaller("m", 1, "x", k=2)))
try:
    methodcaller(1)
except TypeError as e:
    print("TypeError:", e)
try:
    methodcaller("nope")(1)
except AttributeError:
    print("AttributeError")
print(list(map(methodcaller("strip"), [" a ", "b  "])))
