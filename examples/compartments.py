# Running untrusted code in a compartment: capy examples/compartments.py
import compartment

with compartment.Compartment("plugin", heap="8M", timeout=1.0,
                             grants={"log": print}) as c:
    c.exec("def total(xs):\n    log('adding', len(xs))\n    return sum(xs)")
    total = c.get("total")               # a handle: calling it crosses
    print(total([3, 4, 5]))              # adding 3 / 12
    try:
        c.exec("while True: pass")
    except compartment.CompartmentError as e:
        print(e.kind, e.message)         # TimeoutError execution time limit exceeded
    try:
        c.eval("input()")
    except compartment.CompartmentError as e:
        print(e.kind, e.message)         # PermissionError: no standard input granted


@compartment.isolate(steps=10**6)
def score(text):                          # runs in a compartment of its own
    return len(text.split())


print(score("a few words here"))         # 4
