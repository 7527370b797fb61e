def make_pair():
    value = [0]
    state = 0
    def get():
        return state, value[0]
    def set_(v):
        nonlocal state
        state = v
        value[0] = v * 2
    return get, set_
g, s = make_pair()
print(g()); s(5); print(g()); s(7); print(g())
def loop_closure():
    fs = []
    for i in range(3):
        def f(i=i):
            return i * i
        fs.append(f)
    return [f() for f in fs]
print(loop_closure())
x = 1
def read_global():
    return x
x = 2
print(read_global())
