# sys.stdin at end of input (the harness gives programs an empty stdin).
import sys
s = sys.stdin
print(hasattr(s, "read"), hasattr(s, "readline"), hasattr(s, "readlines"))
print(repr(s.read()), repr(s.read(5)), repr(s.readline()), repr(s.readline(3)))
print(s.readlines(), list(s), s.readable(), s.fileno())
for line in s:
    print("unexpected", line)
try:
    next(iter(s))
except StopIteration:
    print("StopIteration")
try:
    input()
except EOFError:
    print("EOFError")
with s as f:
    print(f is s)
try:
    s.read("x")
except TypeError:
    print("TypeError")
