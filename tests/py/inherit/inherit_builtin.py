class MyList(list):
    def total(self):
        return sum(self)
m = MyList([1, 2, 3])
m.append(4)
print(m, m.total(), len(m), isinstance(m, list))
class MyDict(dict):
    def total(self):
        return sum(self.values())
d = MyDict(a=1, b=2)
print(d["a"], d.total())
class MyErr(ValueError):
    def __init__(self, code):
        super().__init__("code %d" % code)
        self.code = code
try:
    raise MyErr(7)
except ValueError as e:
    print(type(e).__name__, e, e.code, e.args)
class MyInt(int):
    pass
print(MyInt(5) + 3, isinstance(MyInt(1), int))
class MyStr(str):
    def shout(self):
        return self.upper() + "!"
print(MyStr("hey").shout())
