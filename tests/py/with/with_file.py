import os
name = "_with_file_tmp.txt"
with open(name, "w") as f:
    f.write("line one\n")
    f.write("line two\n")
print(f.closed if hasattr(f, "closed") else True)
with open(name) as f:
    print(f.read().split("\n"))
with open(name) as f:
    for line in f:
        print(repr(line))
with open(name, "a") as f:
    print(f.write("3\n"))
with open(name, "rb") as f:
    print(f.read())
os.remove(name)
try:
    open(name)
except OSError:
    print("OSError after remove")
