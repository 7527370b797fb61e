def documented(a, b):
    "Adds things."
    return a + b
print(documented.__name__)
print(callable(documented), callable(5))
def deco(fn):
    def wrapper(*a, **k):
        print("calling", fn.__name__)
        return fn(*a, **k)
    return wrapper
@deco
def hello(name):
    return "hi " + name
print(hello("bob"))
def multi(a, b):
    return a * b
fns = [multi, lambda x, y: x - y, max]
print([f(6, 7) for f in fns])
