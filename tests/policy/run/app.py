import parser
import vault

print(parser.parse_line("a b c"))
try:
    parser.parse_line("  ")
except parser.ParseError as e:
    print("ParseError:", e)
print("read by the parser:", parser.read_input())
print(vault.public)
try:
    vault.secret
except PermissionError as e:
    print("PermissionError:", e)
print("count", parser.count)
try:
    parser.spin()
except Exception as e:
    print(type(e).__name__, e.kind)
print("count after the restart", parser.count)

# The main compartment holds only its grants (none here): no standard
# input, no command line beyond the program's name, no compartments of
# its own making.
import sys
try:
    input()
except PermissionError as e:
    print("PermissionError:", e)
print("argv:", sys.argv)
import compartment
print("can make compartments:", hasattr(compartment, "Compartment"))

# `time` is listed in the compartment `clock`, which holds the clock
# grant: the program, which does not, reads the clock at full resolution
# through it (its own clock would read whole milliseconds).
import time
print("sub-millisecond readings:", any(time.time_ns() % 1_000_000 for _ in range(20)))
try:
    time.sleep
except PermissionError as e:
    print("PermissionError:", e)
