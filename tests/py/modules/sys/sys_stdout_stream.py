# sys.stdout/sys.stderr are TextIOWrapper text streams.
import sys
print(type(sys.stdout).__name__, type(sys.stderr).__name__, type(sys.stdin).__name__)
print(sys.stdout.write("written\n"), sys.stdout.write(""), sys.stdout.write("é\n"))
print(sys.stdout.writable(), sys.stdout.readable(), sys.stdin.writable())
print(sys.stdout.fileno(), sys.stderr.fileno(), sys.stdin.fileno())
print(sys.stdout.name, sys.stderr.name, sys.stdin.name, sys.stdout.mode, sys.stdin.mode)
print(sys.stdout)
sys.stdout.flush()
try:
    sys.stdout.write(b"bytes")
except TypeError:
    print("TypeError")
print("to stderr", file=sys.stderr)
print("to stdout", file=sys.stdout)
with sys.stdout as f:
    print(f is sys.stdout)
