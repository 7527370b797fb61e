class Node:
    def __init__(self, val, nxt=None):
        self.val = val
        self.nxt = nxt
head = None
for i in range(10):
    head = Node(i, head)
vals = []
n = head
while n:
    vals.append(n.val)
    n = n.nxt
print(vals)
class Tree:
    def __init__(self, l, v, r):
        self.l, self.v, self.r = l, v, r
def build(lo, hi):
    if lo > hi:
        return None
    m = (lo + hi) // 2
    return Tree(build(lo, m - 1), m, build(m + 1, hi))
def walk(t):
    return walk(t.l) + [t.v] + walk(t.r) if t else []
print(walk(build(1, 15)))
