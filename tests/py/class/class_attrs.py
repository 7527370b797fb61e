class Counter:
    count = 0
    def __init__(self):
        Counter.count += 1
        self.id = Counter.count
a = Counter(); b = Counter(); c = Counter()
print(Counter.count, a.id, b.id, c.id)
class Shared:
    items = []
    def add(self, x):
        self.items.append(x)
s1, s2 = Shared(), Shared()
s1.add(1); s2.add(2)
print(Shared.items, s1.items is s2.items)
class A:
    def method(self):
        return "m"
a = A()
bm = a.method
print(bm(), A.method(a))
A.method = lambda self: "patched"
print(a.method())
try:
    a.nothing
except AttributeError:
    print("AttributeError")
