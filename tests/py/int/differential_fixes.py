# Differences the differential fuzzer found, now as CPython does.

# bool's own &, | and ^ give a bool; mixed with ints they give ints.
q = True
q |= False
print(q, True & False, True ^ True, False | False, True | 0, 1 & True, ~True)
q ^= True
print(q, type(q).__name__)

# pow with a negative exponent and a modulus: the modular inverse.
print(pow(3, -1, 7), pow(5, -3, 13), pow(-3, -2, 7), pow(3, -1, -7))
print(pow(3, -1, 1), pow(3, -1, -1), pow(10**30 + 1, -1, 10**9 + 7))
try:
    pow(2, -1, 4)
except ValueError as e:
    print("ValueError", e)

# Any int outside range(256) is a ValueError for bytes(), even a huge one.
for v in (2**63, -2**70, 256, -1):
    try:
        bytes([v])
    except ValueError as e:
        print("ValueError", e)
print(bytes([True, 255, 0]))

# chr takes a C int: beyond 32 bits it overflows, within them it may be
# out of range.
for v in (2**40, -2**40, 2**31, 2**100, 2**31 - 1, -1, 0x110000, 65):
    try:
        print(repr(chr(v)))
    except (OverflowError, ValueError) as e:
        print(type(e).__name__, e)
