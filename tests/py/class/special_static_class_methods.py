# Operators call special methods defined as static or class methods
# with the arguments Python gives them.


class C:
    @staticmethod
    def __sub__(rhs):
        return ("static sub", rhs)

    @classmethod
    def __add__(cls, rhs):
        return ("class add", cls.__name__, rhs)

    @staticmethod
    def __getitem__(item):
        return ("static get", item)

    @staticmethod
    def __setitem__(item, value):
        print("static set", item, value)

    @staticmethod
    def __delitem__(item):
        print("static del", item)

    @classmethod
    def __len__(cls):
        return 7

    @staticmethod
    def __contains__(x):
        return x == "yes"

    @staticmethod
    def __neg__():
        return "static neg"


class D(C):
    pass


c = C()
print(c - 1)
print(c + 2)
print(D() + 3)
print(c[1])
c[1] = 2
del c[3]
print(len(c), "yes" in c, "no" in c, -c)
