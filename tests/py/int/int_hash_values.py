# hash() of ints is CPython's: reduced modulo 2**61 - 1, sign kept, and
# hash(-1) == -2; equal floats hash the same.
print(hash(0), hash(1), hash(-1), hash(-2), hash(2**61 - 2), hash(2**61 - 1), hash(2**61))
print(hash(-(2**61)), hash(2**64), hash(-(2**100)), hash(10**30), hash(True), hash(1.0), hash(-1.0))
