# LoadGlobal in a function caches where the name was found in the name's
# inline cache; the cache must never answer wrongly after the globals or
# builtins change, whichever way they change.
import builtins
import math

out = []

def f_glob():
    return counter

def f_builtin():
    return abs(-3)

def f_both():
    # `sqrt` as an attribute and as a global share one name cache.
    return math.sqrt(16) + sqrt(9)

counter = 1
sqrt = math.sqrt
for i in range(3):
    out.append((f_glob(), f_builtin(), f_both()))

# Rebinding through a `global` statement in another function.
def bump():
    global counter
    counter += 10

bump()
out.append(f_glob())

# Through the globals dict: update, pop, re-add (at another position).
globals().update(counter=42)
out.append(f_glob())
globals().pop("counter")
try:
    f_glob()
except NameError:
    out.append("NameError")
globals()["counter"] = 7
out.append(f_glob())

# A global that shadows a builtin, added after the builtin was cached.
globals()["abs"] = lambda x: "global abs"
out.append(f_builtin())
del globals()["abs"]
out.append(f_builtin())

# A builtin deleted from builtins, then restored.
saved = builtins.abs
del builtins.abs
try:
    f_builtin()
except NameError:
    out.append("NameError abs")
builtins.abs = saved
out.append(f_builtin())

# The same code run with other globals: each dict answers for itself.
src = "def g():\n    return counter\n"
ns1 = {"counter": "one"}
ns2 = {"counter": "two"}
exec(src, ns1)
exec(src, ns2)
g1, g2 = ns1["g"], ns2["g"]
for i in range(2):
    out.append((g1(), g2()))
ns1["counter"] = "uno"
out.append((g1(), g2()))
del ns2["counter"]
try:
    g2()
except NameError:
    out.append("NameError ns2")

# Many keys deleted and added: the dict is compacted, positions move.
for i in range(100):
    globals()["tmp%d" % i] = i
for i in range(100):
    del globals()["tmp%d" % i]
out.append((f_glob(), f_builtin(), f_both()))

# A recursive function finds itself, and sees its own rebinding.
def fact(n):
    return 1 if n < 2 else n * fact(n - 1)

out.append(fact(10))
real_fact = fact
fact = lambda n: 0
out.append(real_fact(5))
print(out)
