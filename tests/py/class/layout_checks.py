# Which built-in types can be subclassed, and layout conflicts.

for make in (
    lambda: type("F", (type(len),), {}),
    lambda: type("G", (type(lambda: 0),), {}),
    lambda: type("B", (bool,), {}),
    lambda: type("A", (type, tuple), {}),
    lambda: type("LD", (list, dict), {}),
    lambda: type("IS", (int, str), {}),
):
    try:
        make()
        print("created")
    except TypeError as e:
        print("TypeError:", e)


class Mix:
    pass


class ListMix(list, Mix):
    pass


class mymap(map):
    pass


print(ListMix([1, 2]), list(mymap(lambda x: x + 10, range(4))))
