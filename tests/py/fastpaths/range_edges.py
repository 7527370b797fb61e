# A for loop over a range whose step past its last item leaves 64 bits:
# the loop's fast step must not wrap around.
big = 2**63 - 1
cases = [(1, big, big), (-5, -2**63, -2**62), (big - 3, big), (big - 10, big, 4),
         (-2**63 + 3, -2**63, -1), (-2**63 + 10, -2**63, -4), (0, big, 2**62),
         (big, big - 5, -2), (-big, big, big)]
for args in cases:
    out = []
    for i in range(*args):
        out.append(i)
        if len(out) > 6:
            break
    print(args, out, list(range(*args))[:7] == out, [i for i in range(*args)][:7] == out)
    print(list(reversed(range(*args)))[:3], len(range(*args)))
