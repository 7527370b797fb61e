# Checks tempfile.NamedTemporaryFile (modes, delete=, context manager, close, iteration, attributes) and TemporaryFile.
import os
import tempfile

with tempfile.NamedTemporaryFile() as f:
    name = f.name
    print(os.path.exists(name), os.path.isabs(name), os.path.basename(name).startswith("tmp"))
    print(f.mode, f.delete, f.closed)
    f.write(b"line one\nline two\n")
    f.flush()
    f.seek(0)
    print(f.read())
    with open(name, "rb") as g:
        print(g.read())
print(os.path.exists(name), f.closed)

f = tempfile.NamedTemporaryFile(mode="w+", suffix=".log", prefix="note_", encoding="utf-8")
print(f.name.endswith(".log"), os.path.basename(f.name).startswith("note_"))
f.write("alpha\nbéta\ngamma\n")
f.seek(0)
print(list(f))
f.seek(0)
print([line.upper() for line in f])
f.close()
print(os.path.exists(f.name), f.closed)
f.close()  # a second close is harmless

with tempfile.NamedTemporaryFile("w", delete=False, suffix=".keep") as f:
    f.write("kept")
    kept = f.name
print(os.path.exists(kept))
with open(kept) as g:
    print(g.read())
os.remove(kept)

d = tempfile.mkdtemp()
with tempfile.NamedTemporaryFile(dir=d, prefix="in_") as f:
    print(os.path.dirname(f.name) == d, os.listdir(d) == [os.path.basename(f.name)])
print(os.listdir(d))

# The file was removed by someone else: closing reports it.
f = tempfile.NamedTemporaryFile(dir=d)
os.remove(f.name)
try:
    f.close()
except FileNotFoundError as e:
    print("FileNotFoundError", e.errno, e.strerror)
print(f.closed, os.listdir(d))
f.close()

t = tempfile.TemporaryFile(dir=d)
print(os.listdir(d))
t.write(b"anonymous")
t.seek(0)
print(t.read(), t.closed)
t.close()
print(t.closed)
with tempfile.TemporaryFile("w+", dir=d) as t:
    t.write("text mode\n")
    t.seek(0)
    print(repr(t.readline()))
print(os.listdir(d))
os.rmdir(d)
try:
    tempfile.NamedTemporaryFile(mode="q")
except ValueError as e:
    print("ValueError raised")
