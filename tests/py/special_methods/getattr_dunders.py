class Dyn:
    def __init__(self):
        self.real = "real"
    def __getattr__(self, name):
        return "dyn_" + name
d = Dyn()
print(d.real, d.anything, getattr(d, "other"))
class Recorder:
    def __init__(self):
        object.__setattr__(self, "log", [])
    def __setattr__(self, k, v):
        self.log.append(k)
        object.__setattr__(self, k, v)
r = Recorder()
r.a = 1; r.b = 2
print(r.log, r.a, r.b)
class Guard:
    def __delattr__(self, k):
        print("deleting", k)
g = Guard()
del g.x
class Desc:
    def __get__(self, obj, objtype=None):
        return "desc-get"
class Host:
    d = Desc()
print(Host().d)
