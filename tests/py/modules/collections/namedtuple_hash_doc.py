# A namedtuple hashes as the equal tuple, has CPython's __doc__ and arity
# message with defaults; int.__repr__ of a bool is the int.
from collections import namedtuple
P = namedtuple("P", "x y")
print(hash(P(1, 2)) == hash((1, 2)), P(1, 2) == (1, 2), {P(1, 2): 1}.get((1, 2)), {(1, 2): 5}[P(1, 2)])
print(P.__doc__, len({P(1, 2), (1, 2), P(2, 1)}))
Q = namedtuple("Q", "a b c", defaults=[3])
for args in [(1, 2, 3, 4), (1,)]:
    try:
        Q(*args)
    except TypeError as e:
        print(e)
R = namedtuple("R", "a")
try:
    R(1, 2)
except TypeError as e:
    print(e)
print(int.__repr__(True), int.__repr__(False), int.__str__(False), repr(True), float.__repr__(1.5))
