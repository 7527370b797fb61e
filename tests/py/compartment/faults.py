# Every kind of fault in a compartment is one CompartmentError in the
# caller, carrying strings only; the caller's state is unchanged and the
# compartment stays usable (or restarts, with on_fault="restart").
import compartment

host_state = {"n": 1}

def fault(c, src, mode="exec"):
    try:
        (c.exec if mode == "exec" else c.eval)(src)
        print("no fault")
    except compartment.CompartmentError as e:
        fields = (e.compartment, e.kind, e.message)
        print(e.kind, "|", e.message[:60], "|", all(type(f) is str for f in fields), e.args[0].startswith("compartment 'f'"))

c = compartment.Compartment("f", heap="2M", timeout=2.0, recursion=100)
fault(c, "1/0")
fault(c, "raise ValueError('bad value', 42)")
fault(c, "[][1]")
fault(c, "{}['k']")
fault(c, "undefined_name")
fault(c, "class MyError(Exception): pass\nraise MyError('custom')")
fault(c, "def f(): return f()\nf()")
fault(c, "x = 'a' * 10**8")
fault(c, "def bomb():\n    l = []\n    while True: l.append([0] * 1000)\nbomb()")
fault(c, "while True: pass")
fault(c, "import sys; sys.exit(3)")
fault(c, "raise SystemExit")
fault(c, "raise KeyboardInterrupt")
fault(c, "import cheri; cheri.null().load_bytes(0, 1)")
fault(c, "def (")
fault(c, "assert False, 'nope'")
fault(c, "class E(Exception):\n    def __str__(self): raise RuntimeError('no str')\nraise E()")
print("usable:", c.eval("1 + 1"), c.stats()["faults"])
print(host_state)

# The caller's own budget still holds while the callee runs.
c2 = compartment.Compartment("s", steps=1000)
try:
    c2.exec("while True: pass")
except compartment.CompartmentError as e:
    print(e.kind, e.message)
print(c2.eval("sum(range(10))"))

# on_fault="restart": the compartment is reset before its next use.
r = compartment.Compartment("r", on_fault="restart")
r.exec("state = ['fresh']")
r.exec("state.append('dirty')")
print(r.eval("state"))
try:
    r.exec("state.append('doomed'); 1/0")
except compartment.CompartmentError as e:
    print("fault", e.kind)
print(r.eval("'state' in globals()"), r.stats()["resets"])

# A fault inside a callback the host granted reaches the compartment as a
# CompartmentError it can catch; the host function's exception stays home.
def host_fn(x):
    return 10 // x
g = compartment.Compartment("g", grants={"host_fn": host_fn})
print(g.eval("host_fn(2)"))
g.exec("""
try:
    host_fn(0)
except Exception as e:
    caught = (type(e).__name__, e.kind, e.compartment)
""")
print(g.eval("caught"))

# Nested crossings share one depth budget: no chain overflows the host.
g.exec("def bounce(n, back): return n if n == 0 else back(n - 1)")
bounce = g.get("bounce")
def back(n):
    return bounce(n, back)
print(back(20))
try:
    back(100000)
except compartment.CompartmentError as e:
    print("deep chain stopped")
except RecursionError:
    print("deep chain stopped")
print(back(5))

# A compartment cannot be reset or closed from inside a call into it.
holder = {}
def sabotage(what):
    getattr(holder["c"], what)()
    return "done"
k = compartment.Compartment("k", grants={"sabotage": sabotage})
holder["c"] = k
k.exec("state = [1]")
for what in ("reset", "close"):
    try:
        k.eval("sabotage(%r)" % what)
    except compartment.CompartmentError as e:
        print(what, e.kind, e.message)
print(k.eval("state"))
