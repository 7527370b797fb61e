# gc-stress: every=1000 (100,000 nested containers: a collection per allocation would take minutes)
# Deeply nested JSON must raise, never crash the runtime.
import json
print(json.loads("[" * 50 + "]" * 50) is not None)
try:
    json.loads("[" * 200000 + "]" * 200000)
    print("accepted")
except (RecursionError, ValueError, MemoryError):
    print("rejected")
d = []
for i in range(200000):
    d = [d]
try:
    s = json.dumps(d)
    print("dumped", len(s))
except (RecursionError, ValueError, MemoryError):
    print("dumps rejected")
print("alive")
