# Assigning __class__ switches an instance between compatible classes.


class P:
    def who(self):
        return "P"


class Q:
    def who(self):
        return "Q"

    def only_q(self):
        return "only Q"


p = P()
p.data = 1
print(p.who())
p.__class__ = Q
print(type(p).__name__, isinstance(p, Q), isinstance(p, P), p.who(), p.only_q(), p.data)
p.__class__ = P
print(p.who())


class E1(Exception):
    pass


class E2(Exception):
    pass


e = E1("x")
e.__class__ = E2
print(type(e).__name__, e.args)


class MyList(list):
    pass


class OtherList(list):
    pass


m = MyList([1])
m.__class__ = OtherList
print(type(m).__name__, m)

for target, value in ((p, 1), (p, int), (p, MyList), (m, P), (1, P)):
    try:
        target.__class__ = value
    except TypeError as err:
        print("TypeError:", err)
try:
    del p.__class__
except TypeError as err:
    print("TypeError:", err)
