# Calls through a handle with immediate arguments (ints, floats, bools,
# None) to a plain function take the switcher's fast path: everything the
# generic path checks must still hold on it.
import compartment

c = compartment.Compartment("fast", heap="4M")
c.exec("""
def add(a, b):
    return a + b
def pair(a, b):
    return [a, b]
def fail(x):
    return 10 // x
def deep(n):
    return 0 if n == 0 else 1 + deep(n - 1)
def spin():
    while True:
        pass
def keyword(a, b=2):
    return a * b
""")
add = c.get("add")
print(add(1, 2), add(1.5, 2), add(True, True), add(2**40, 2**40))
print(sum(add(i, 1) for i in range(1000)))

# An object result still comes out as a copy.
print(c.get("pair")(None, 3))

# A rebinding in the owner is seen at once (the cached place is checked).
c.exec("def add(a, b):\n    return a - b")
print(add(10, 3))
c.exec("add = 5")
try:
    add(1, 2)
except compartment.CompartmentError as e:
    print("rebound:", e)
c.exec("def add(a, b, c=0):\n    return a * b + c")
print(add(3, 4))

# Faults are contained, and the compartment works after them.
fail = c.get("fail")
for x in (2, 0, 4):
    try:
        print(fail(x))
    except compartment.CompartmentError as e:
        print("fault:", e)

# The callee's recursion limit and step budget hold on the fast path.
r = compartment.Compartment("rec", recursion=50)
r.exec("def deep(n):\n    return 0 if n == 0 else 1 + deep(n - 1)")
deep = r.get("deep")
print(deep(10))
try:
    deep(1000)
except compartment.CompartmentError as e:
    print("deep:", str(e).split(":")[1].strip())
s = compartment.Compartment("steps", steps=10000)
s.exec("def spin(x):\n    while True:\n        x += 1")
try:
    s.get("spin")(0)
except compartment.CompartmentError as e:
    print("spin:", "TimeoutError" in str(e))

# Nested: a compartment calls another's function through a handle.
a = compartment.Compartment("a")
a.exec("def inc(x):\n    return x + 1")
b = compartment.Compartment("b", grants={"inc": a.get("inc")})
b.exec("def twice(x):\n    return inc(inc(x))")
print(b.get("twice")(5))

# Default arguments are not a plain call: the generic path takes it.
print(c.get("keyword")(4))

# Closed: refused, as before.
c.close()
try:
    add(1, 2)
except compartment.CompartmentError as e:
    print("closed:", e)
