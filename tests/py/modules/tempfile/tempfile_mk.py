# Checks tempfile.gettempdir, mkdtemp, mkstemp, mktemp: prefixes/suffixes, dir=, existence, uniqueness, bytes arguments, errors.
import os
import tempfile

tmp = tempfile.gettempdir()
print(os.path.isdir(tmp), os.path.isabs(tmp), tempfile.gettempdir() is tmp or tempfile.gettempdir() == tmp)
print(tempfile.gettempdirb() == tmp.encode(), tempfile.gettempprefix(), tempfile.gettempprefixb(), tempfile.TMP_MAX)
print(tempfile.template, tempfile.tempdir == tmp)

d = tempfile.mkdtemp()
base = os.path.basename(d)
print(os.path.isdir(d), os.path.dirname(d) == tmp, base.startswith("tmp"), len(base) > 3)
d2 = tempfile.mkdtemp(suffix=".dir", prefix="pre_", dir=d)
print(os.path.dirname(d2) == d, os.path.basename(d2).startswith("pre_"), d2.endswith(".dir"))
names = set(tempfile.mkdtemp(prefix="u", dir=d) for _ in range(20))
print(len(names), all(os.path.isdir(n) for n in names))

fd, path = tempfile.mkstemp(suffix=".txt", prefix="data_", dir=d)
print(type(fd).__name__, fd > 2, os.path.isfile(path), os.path.isabs(path))
print(os.path.basename(path).startswith("data_"), path.endswith(".txt"), os.path.getsize(path))
with open(path, "w") as f:
    f.write("hello")
with open(path) as f:
    print(f.read())
fd2, path2 = tempfile.mkstemp(dir=d)
print(fd2 != fd, path2 != path, os.path.basename(path2).startswith("tmp"))

bd = tempfile.mkdtemp(prefix=b"bytes_", dir=d.encode())
print(type(bd).__name__, bd.split(b"/")[-1].startswith(b"bytes_"), os.path.isdir(bd))
bfd, bpath = tempfile.mkstemp(suffix=b".b", dir=d.encode())
print(type(bpath).__name__, bpath.endswith(b".b"))
try:
    tempfile.mkdtemp(prefix=b"x", suffix="y")
except TypeError as e:
    print("TypeError:", e)

m = tempfile.mktemp(prefix="mk", suffix=".z", dir=d)
print(os.path.exists(m), os.path.basename(m).startswith("mk"), m.endswith(".z"))

try:
    tempfile.mkdtemp(dir=os.path.join(d, "no", "such"))
except FileNotFoundError as e:
    print("FileNotFoundError", e.errno)
try:
    tempfile.mkstemp(dir=os.path.join(d, "missing"))
except FileNotFoundError as e:
    print("FileNotFoundError", e.errno)

# Tidy up with TemporaryDirectory's machinery: wrap the existing tree.
for n in names:
    os.rmdir(n)
os.rmdir(d2)
os.rmdir(bd)
for p in (path, path2, bpath.decode()):
    os.remove(p)
os.rmdir(d)
print(os.path.exists(d))
