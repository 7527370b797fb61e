# A list item assigned through an index that is not a plain int: a bool, or
# an object with __index__ (found by the differential fuzzer: the value was
# taken for a byte, as a bytearray's would be).
class I:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
l = ['a', 'b', 'c']
l[True] = 'x'
l[False] = ['y']
l[I(2)] = None
l[I(-1)] = 3.5
print(l)
try:
    l[I(3)] = 0
except IndexError as e:
    print('IndexError', e)
try:
    l['1'] = 0
except TypeError as e:
    print('TypeError', e)
b = bytearray(b'abc')
b[True] = 65
b[I(-1)] = 66
print(b)
try:
    b[I(0)] = 'x'
except TypeError as e:
    print('TypeError', e)
try:
    b['0'] = 1
except TypeError as e:
    print('TypeError', e)
try:
    del l['0']
except TypeError as e:
    print('TypeError', e)
del l[True]
print(l)
