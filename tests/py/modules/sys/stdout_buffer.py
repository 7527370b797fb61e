# sys.stdout.buffer and sys.stderr.buffer take bytes and share the text
# stream's order.
import sys

print("text first")
n = sys.stdout.buffer.write(b"bytes \xc3\xa9\n")
print(n, "text after")
sys.stdout.flush()
sys.stdout.buffer.write(bytearray(b"bytearray\n"))
sys.stdout.buffer.write(memoryview(b"memoryview\n"))
sys.stdout.buffer.flush()
try:
    sys.stdout.buffer.write("str")
except TypeError as e:
    print("TypeError", e)
print(sys.stdout.buffer.writable(), sys.stdin.buffer.readable(), sys.stderr.buffer.fileno())
print(sys.stdout.buffer.mode)
print("FileIO" in str(sys.stdout.buffer) or "Buffered" in str(sys.stdout.buffer))
