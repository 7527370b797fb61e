# The switcher moves no instance: a callee runs where it lies, and its
# caller waits suspended in its slot (crates/capy-vm/src/compartment/switch.rs).
# These crossings nest and re-enter in every order the slots allow, collect
# garbage on both sides while suspended, and fault at depth; handles by
# name see every rebinding although where a name was found is remembered.
# (compartment is capy's own module: the expected output is in the .exp.)
import compartment
import gc

# host -> a -> host -> a -> ...: a is re-entered while it is suspended,
# and both sides collect garbage while the other waits.
trail = []


def host_step(n):
    trail.append(n)
    gc.collect()
    if n == 0:
        return "bottom"
    return a_step(n - 1)


a = compartment.Compartment("a", grants={"back": host_step})
a.exec(
    "import gc\n"
    "def step(n):\n"
    "    junk = [[i] * 10 for i in range(50)]\n"
    "    gc.collect()\n"
    "    return 'a%d(' % n + back(n) + ')' + str(len(junk))\n"
)
a_step = a.get("step")
print(a_step(4), trail)

# left -> hub -> left -> hub -> ...: two compartments alternate, each
# called through a handle the other holds.
hub = compartment.Compartment("hub")
hub.exec("def ping(n, f):\n    return 'hub%d' % n if n == 0 else 'hub%d>' % n + f(n - 1)")
ping = hub.get("ping")
left = compartment.Compartment("left", grants={"ping": ping})
left.exec(
    "def pong(n):\n"
    "    return 'left%d' % n if n == 0 else 'left%d>' % n + ping(n - 1, pong)"
)
print(left.get("pong")(5))
print(left.stats()["calls_in"], hub.stats()["calls_in"], left.stats()["calls_out"])

# A fault deep in the chain reaches the host as one CompartmentError, and
# every compartment on the way is usable after it.
left.exec(
    "def fail_at(n):\n"
    "    if n == 0:\n"
    "        raise ValueError('deep')\n"
    "    return ping(n - 1, fail_at)"
)
try:
    left.get("fail_at")(4)
except compartment.CompartmentError as e:
    print("fault:", e.compartment, e.kind, e.message)
print(left.get("pong")(2), ping(0, None))

print(left.stats()["faults"], hub.stats()["faults"])

# Handles by name see each rebinding, deletion and re-creation.
c = compartment.Compartment("c")
c.exec("def add(a, b):\n    return a + b")
add = c.get("add")


def show(when, *args):
    try:
        print(when, add(*args))
    except compartment.CompartmentError as e:
        print(when, "->", e.kind)


show("defined:", 2, 3)
c.exec("def add(a, b):\n    return a * b")
show("redefined:", 2, 3)
c.exec("del add")
show("deleted:", 2, 3)
c.exec("add = lambda a, b: a - b")
show("rebound:", 2, 3)
# Many other names added (the namespace grows and is rebuilt) and removed.
c.exec("for i in range(200):\n    globals()['x%d' % i] = i")
show("grown:", 10, 3)
c.exec("for i in range(200):\n    del globals()['x%d' % i]")
c.exec("add = lambda a, b: (a, b)")
show("shrunk:", 10, 3)
c.reset()
show("after reset:", 1, 1)
c.exec("def add(a, b):\n    return 'new %d' % (a + b)")
show("made again:", 1, 1)

# Results and arguments that are objects still cross by the rules.
c.exec("def pair(x):\n    return [x, (x, 'text')]")
got = c.get("pair")((1, 2.5))
print(type(got).__name__, got[1], len(got))
