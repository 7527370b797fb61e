# list[int] and friends, and X | Y unions of types.
print(list[int], dict[str, int], tuple[int, ...], set[str], frozenset[int], type[int])
print(dict[str, list[int]], tuple[()], list[None])
print(list[int]([1, 2]), dict[str, int](a=1), tuple[int, ...]("ab"))
print(list[int] == list[int], list[int] == list[str], list[int].__origin__, list[int].__args__)
print(dict[str, int].__args__)


class L(list):
    pass


print(L[int].__origin__ is L)

print(int | str, int | None, None | int, int | str | None, (int | str) | float)
print(int | int, int | str | int, (int | str) == (str | int), list[int] | None)
print(isinstance(3, int | str), isinstance("s", int | str), isinstance(2.0, int | str))
print(isinstance(None, int | None), issubclass(bool, int | str), issubclass(float, int | str))
print(isinstance(3, (str, int | None)))
print(isinstance(3, int | list[int]))

for bad in (lambda: isinstance([], list[int]), lambda: isinstance([], int | list[int]),
            lambda: int | 3, lambda: 3 | int, lambda: None | None,
            lambda: issubclass(list, list[int])):
    try:
        print(bad())
    except TypeError as e:
        print("TypeError", e)

try:
    int[0]
except TypeError as e:
    print("TypeError", e)


class K:
    pass


print(K | None, list[K])
d = {int | str: 1}
print(d[str | int])
