a = (1 << 130) - 1
print(a)
print(a >> 65, a & 0xFFFF, a | (1 << 140), a ^ (a >> 1))
print(~a, -a >> 3, -(1 << 100) >> 99)
print((-a) & 0xFF, (-a) | 1, (-a) ^ 5)
print(hex(a), oct(1 << 70), bin(1 << 66))
