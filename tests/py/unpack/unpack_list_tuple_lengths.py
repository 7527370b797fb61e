# Unpacking a list or tuple straight onto the stack: right and wrong
# lengths, subclasses, a list changed by the targets' own stores.
t = (1, 2, 3)
a, b, c = t
print(a, b, c)
l = [4, 5, 6]
a, b, c = l
print(a, b, c)
for seq in ([1, 2], (1, 2, 3, 4), [], ()):
    try:
        a, b, c = seq
    except ValueError as e:
        print(type(seq).__name__, e)


class L(list):
    def __iter__(self):
        return iter([7, 8, 9])


class T(tuple):
    pass


a, b, c = L([1, 2, 3])
print(a, b, c)
a, b, c = T((10, 11, 12))
print(a, b, c)

# Targets that store into the list being unpacked: the values were taken
# before any store.
x = [1, 2]
x[1], x[0] = x
print(x)
y = [0, 1, 2]
y[0], y[1], y[2] = y[2], y[0], y[1]
print(y)
(p, q), r = [(1, 2), 3]
print(p, q, r)
