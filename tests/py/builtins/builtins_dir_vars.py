class Base:
    x = 1
    def m(self):
        return 1
class Child(Base):
    y = 2
c = Child()
c.z = 3
print([n for n in dir(c) if not n.startswith("_")], [n for n in dir(Child) if not n.startswith("_")])
print(vars(c), sorted(k for k in vars(Child) if not k.startswith("_")))
def f(a, b=2):
    c = a + b
    return sorted(locals().items()), sorted(dir())
print(f(1))
try:
    vars(1)
except TypeError as e:
    print("TypeError", e)
print("f" in dir(), "Child" in vars())
code = compile("x = 6 * 7", "<cfg>", "exec")
ns = {}
exec(code, ns)
print(ns["x"], eval(compile("x + 1", "<e>", "eval"), ns), type(code).__name__)
try:
    compile("x", "<m>", "bogus")
except ValueError as e:
    print("ValueError", e)
try:
    open("anything.txt")
except OSError:
    print("OSError")
try:
    getattr(c, 1)
except TypeError as e:
    print("TypeError", e)
