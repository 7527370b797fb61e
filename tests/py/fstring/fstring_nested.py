def fmt(v):
    return f"<{v}>"
print(f"{fmt(1)}{fmt('a')}")
x, y = 3, 4
print(f"{x}+{y}={x + y}", f"{x if x > y else y}", f"{[x] * 2}")
print(f"{3.0:g} {1e20:g} {0.000012345:.3e} {-5:+d} {5:+d}")
print(f"{'a' 'b'}", f"{{}}", f"{x!r:>5}")
