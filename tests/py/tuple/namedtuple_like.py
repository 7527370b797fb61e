def point(x, y):
    return (x, y)
pts = [point(i, i * i) for i in range(5)]
print(pts, [p[1] for p in pts])
print(sum(x for x, _ in pts), dict(pts))
