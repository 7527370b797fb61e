"""Module state and star-import."""
__all__ = ["double", "counter", "PI_ISH", "fmt"]

PI_ISH = 3.14


def double(x):
    return 2 * x


def fmt(x):
    return "%.3f" % x


class Counter:
    def __init__(self):
        self.n = 0

    def bump(self):
        self.n += 1
        return self.n

    def value(self):
        return self.n


counter = Counter()


def _private():
    return "private"
