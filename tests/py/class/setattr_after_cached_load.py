# A store must call a user __setattr__ even when a load of the same name
# in the same code has already cached where the attribute lives.
class Frozen:
    __slots__ = ("v",)

    def __init__(self, v):
        object.__setattr__(self, "v", v)

    def __setattr__(self, name, value):
        raise TypeError("immutable")


class Logged:
    def __init__(self):
        object.__setattr__(self, "v", 0)

    def __setattr__(self, name, value):
        print("set", name, value)
        object.__setattr__(self, name, value * 10)


u = Frozen(7)
print(u.v)
a = Frozen(1)
try:
    a.v = 5
except TypeError as e:
    print("TypeError", e)
print(a.v)

x = Logged()
for i in range(3):
    print(x.v)
    x.v = i
print(x.v)
