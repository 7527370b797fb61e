# A call instruction of a handle with immediate arguments copies them from
# the caller's value stack straight onto the callee's (switch.rs,
# `call_immediate`): the caller's stack around the call, arguments beyond
# any fixed buffer, fallbacks and re-entry must all come out right.
import compartment

c = compartment.Compartment("stack", heap="4M")
c.exec("""
def add(a, b):
    return a + b
def ten(a, b, c, d, e, f, g, h, i, j):
    return [a, b, c, d, e, f, g, h, i, j]
def first(a, b):
    return a
def boom(x):
    raise ValueError("boom %d" % x)
""")
add = c.get("add")
ten = c.get("ten")
first = c.get("first")
boom = c.get("boom")

# Values the caller has on its stack around the call stay where they were.
print(1 + add(2, 3) * 4, [add(1, 2), 7, add(3, 4)], (0, add(-1, 1), "x"))
print(sum(add(i, i) for i in range(10)), add(add(1, 2), add(3, 4)))

# Ten arguments (more than the generic path's buffer of eight).
print(ten(1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
print(ten(1, 2, 3, 4, 5, 6, 7, 8, 9, None))

# A heap object among the arguments: the generic path, with a copy.
print(first([1, 2], 3), first(3, [1, 2]), first("s", 1))

# A fault in the middle of an expression leaves the caller's stack sound.
for x in range(3):
    try:
        print([x, boom(x), x])
    except compartment.CompartmentError as e:
        print(x, e.kind, e.message)
print(add(5, 6))

# Through a second compartment, and back into the caller (A -> B -> A,
# the caller resumed where it waits) through call instructions.
b = compartment.Compartment("b", grants={"add": add})
b.exec("def via(x):\n    return add(x, 100) + add(x, 200)")
via = b.get("via")
print(via(1), via(2))
c.exec("def back(x):\n    return x * 2")
back = c.get("back")
b2 = compartment.Compartment("b2", grants={"back": back})
b2.exec("def twice(x):\n    return back(x) + back(x + 1)")
print(b2.get("twice")(5))
def mul(x, y):
    return x * y
b3 = compartment.Compartment("b3", grants={"mul": mul})
b3.exec("def use(x):\n    return mul(x, 3) + mul(x, x)")
print(b3.get("use")(4))
print(c.stats()["calls_in"] > 0, b.stats()["calls_out"], b3.stats()["calls_out"])
