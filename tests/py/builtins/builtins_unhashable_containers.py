# The mutable built-in containers have __hash__ None; subclasses follow.
print(list.__hash__, dict.__hash__, set.__hash__, bytearray.__hash__)
print(tuple.__hash__ is None, frozenset.__hash__ is None, int.__hash__ is None, str.__hash__ is None)
for v in ([], {}, set(), bytearray()):
    try:
        hash(v)
    except TypeError as e:
        print("TypeError", e)


class L(list):
    pass


class HL(list):
    def __hash__(self):
        return 7


try:
    hash(L())
except TypeError as e:
    print("TypeError", e)
print(hash(HL([1])), L.__hash__, type(HL.__hash__).__name__)
print(hash((1, 2)) == hash((1, 2)), hash(frozenset([1])) == hash(frozenset([1])))
d = {}
try:
    d[[1]] = 2
except TypeError as e:
    print("TypeError", e)
print([1] in [[1]], {1: 2} == {1: 2}, {1} == {1})
print({frozenset([1]): 1}[frozenset([1])])
