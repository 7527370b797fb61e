class Grid:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.cells = {}
    def __getitem__(self, k):
        return self.cells.get(k, ".")
    def __setitem__(self, k, v):
        self.cells[k] = v
    def __delitem__(self, k):
        del self.cells[k]
    def __len__(self):
        return len(self.cells)
    def __contains__(self, k):
        return k in self.cells
    def __iter__(self):
        for y in range(self.h):
            for x in range(self.w):
                yield self[x, y]
g = Grid(3, 2)
g[0, 0] = "#"; g[2, 1] = "@"
print(len(g), (0, 0) in g, (1, 1) in g, "".join(g))
del g[0, 0]
print(len(g), list(g))
class Seq:
    def __getitem__(self, i):
        if i >= 4:
            raise IndexError
        return i * 10
print(list(Seq()), 20 in Seq())
class Empty:
    def __len__(self): return 0
class Truthy:
    def __bool__(self): return True
print(bool(Empty()), bool(Truthy()), "yes" if Empty() else "no")
