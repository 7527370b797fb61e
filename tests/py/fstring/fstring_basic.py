name = "world"
n = 42
pi = 3.14159265
print(f"hello {name}!", f"{n}", f"{n + 1}", f"{name.upper()}", f"{'q'}")
print(f"{pi:.2f} {n:5d}|{n:<5}|{n:^6}|{n:>4}| {n:x} {n:o} {n:b} {n:#x}")
print(f"{name!r} {name!s} {{literal}} {n * 2:08.3f}")
items = [1, 2]
d = {"k": "v"}
print(f"{items[0]} {d['k']} {len(items)} {[x for x in items]}")
w = 10
print(f"{pi:{w}.3f}|{name:>{w}}|")
print(f"""multi
{name}""")
print(f"{n}" f"{n}" "plain")
