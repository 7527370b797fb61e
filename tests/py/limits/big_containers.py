l = list(range(20000))
print(len(l), sum(l), l[-1])
d = {i: i for i in range(5000)}
print(len(d), d[4999])
s = "x" * 100000
print(len(s), s.count("x"))
t = tuple(l)
print(len(t), t[10000])
print(len(str(7 ** 4000)))
