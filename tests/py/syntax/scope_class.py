x = "global"
class C:
    x = "class"
    y = x + "!"
    def m(self):
        return x
print(C.y, C().m())
def f():
    x = "local"
    class D:
        z = x
    return D.z
print(f())
