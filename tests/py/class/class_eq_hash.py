class P:
    def __init__(self, a):
        self.a = a
    def __eq__(self, o):
        return isinstance(o, P) and self.a == o.a
    def __hash__(self):
        return hash(self.a)
print(P(1) == P(1), P(1) != P(2), P(1) == 1)
print(len({P(1), P(1), P(2)}))
class Q: pass
q = Q()
print(q == q, q == Q(), q != Q())
d = {q: 1}
print(d[q])
