# A compartment lives while something can reach it: its Compartment object,
# a proxy from get() or load(), a handle to one of its objects, held by the
# host or by another compartment. When nothing can, it is freed (its slot
# reused). Nothing that still reaches it may notice.
import compartment, gc

def churn(n):
    # Compartments made and dropped at once: freed, their slots reused.
    for i in range(n):
        compartment.Compartment("junk%d" % i).exec("x = [0] * 10")
    gc.collect()

c = compartment.Compartment("a")
c.exec("def f(x):\n    return x * 2\nL = [1, 2]\nclass K:\n    def m(self):\n        return 'm'")
f = c.get("f")
lst = c.eval("L")
k = c.eval("K()")
del c
gc.collect()
churn(20)
print("proxy, handles:", f(21), lst[1], len(lst), k.m())

# A compartment kept only by another compartment's grant.
b = compartment.Compartment("b")
b.exec("def g():\n    return 'g'")
a = compartment.Compartment("a2", grants={"g": b.get("g"), "f": f})
del b, f
gc.collect()
churn(20)
print("through a grant:", a.eval("g() + str(f(2))"))

# Closed, then dropped: stale proxies still say it is closed, even after
# its slot could have been reused.
d = compartment.Compartment("d")
d.exec("def h():\n    return 1")
h = d.get("h")
d.close()
del d
gc.collect()
churn(20)
try:
    h()
except compartment.CompartmentError as e:
    print("closed:", e.kind, e.message)

# isolate: the decorated function keeps its compartment.
@compartment.isolate()
def inc(x):
    return x + 1
gc.collect()
churn(10)
print("isolate:", inc(1), inc(2))

# A dropped handle of one compartment in another does not free what the
# other still holds.
e = compartment.Compartment("e", grants={"a": a.get("g")})
del a
gc.collect()
churn(10)
print("held by e:", e.eval("a()"))
print("lst still:", lst[0], list(lst))
