class Res:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, typ, val, tb):
        print("exit", self.name, typ.__name__ if typ else None)
        return False
with Res("a") as r:
    print("body", r.name)
with Res("x") as x, Res("y") as y:
    print("both", x.name, y.name)
try:
    with Res("err"):
        raise KeyError("k")
except KeyError:
    print("propagated")
def early():
    with Res("ret"):
        return "returned"
print(early())
for i in range(2):
    with Res("loop%d" % i):
        if i == 0:
            continue
        break
