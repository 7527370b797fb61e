class Probe:
    def __getitem__(self, k):
        return k
p = Probe()
r = p[1:2]
print(type(r).__name__, r.start, r.stop, r.step)
r = p[::3]
print(r.start, r.stop, r.step)
print(p[1, 2], p[1:2, 3])
