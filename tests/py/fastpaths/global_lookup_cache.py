# LoadGlobal caches where a name was found; every change to the module's
# globals or to builtins must be seen by the next lookup.
import builtins

def use_len(x):
    return len(x)

def use_g():
    return g

results = []
for i in range(3):
    results.append(use_len([1, 2, 3]))

# Shadow a builtin with a global after the lookup was cached.
def len(x):
    return -1
results.append(use_len([1, 2, 3]))
del len
results.append(use_len([1, 2, 3]))

g = 1
results.append(use_g())
g = 2
results.append(use_g())
del g
try:
    use_g()
except NameError as e:
    results.append("NameError")
g = 3
results.append(use_g())

# Many new globals (the dict grows and is rebuilt) keep the cached names valid.
for i in range(200):
    globals()["v%d" % i] = i
results.append(use_g())
results.append(use_len("abcd"))

# A builtin replaced in the builtins module itself.
old_abs = builtins.abs
def use_abs(x):
    return abs(x)
results.append(use_abs(-5))
builtins.abs = lambda x: "patched"
results.append(use_abs(-5))
builtins.abs = old_abs
results.append(use_abs(-5))
print(results)
