# A module for load_isolate.py: loaded into a compartment of its own.
__all__ = ["area", "Rect", "bump", "count", "ShapeError", "evens"]
count = 0

class ShapeError(ValueError):
    pass

class Rect:
    def __init__(self, w, h):
        self.w, self.h = w, h
    def area(self):
        return self.w * self.h

def area(w, h):
    if w < 0 or h < 0:
        raise ShapeError("negative side")
    return w * h

def bump():
    global count
    count += 1
    return count

def evens(n):
    for i in range(0, n, 2):
        yield i

def _hidden():
    return "hidden"

def visible_but_not_exported():
    return 1
