def add(a, b):
    return tuple(x + y for x, y in zip(a, b))
