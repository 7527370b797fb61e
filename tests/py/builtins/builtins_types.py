for v in (1, 1.0, "s", b"b", [], (), {}, set(), None, True, range(1), 1j):
    print(type(v).__name__)
print(isinstance(1, int), isinstance(True, int), isinstance(1, float), isinstance("", (int, str)))
print(issubclass(bool, int), issubclass(int, object), type(type) is type)
print(int, str, list is list)
