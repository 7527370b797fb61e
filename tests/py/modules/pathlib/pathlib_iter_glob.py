# Path.iterdir and Path.glob children (not normalised again), from a
# relative, an absolute and the "." path; fnmatch.filter; os.path.basename.
import os, pathlib, fnmatch, tempfile, shutil, posixpath

top = tempfile.mkdtemp()
os.mkdir(os.path.join(top, "sub"))
for name in ("a.py", "b.txt", "c.tar.gz", "noext", "sub/d.py", "sub/e.txt"):
    with open(os.path.join(top, name), "w") as f:
        f.write("x")
base = pathlib.Path(top)
rel = lambda p: str(p)[len(top):]
print(sorted(rel(p) for p in base.iterdir()))
print(sorted(rel(p) for p in base.glob("*.py")), sorted(rel(p) for p in base.glob("*/*.py")))
print(sorted(rel(p) for p in base.glob("**/*.txt")), sorted(rel(p) for p in base.glob("s*")))
print(sorted(p.name for p in (base / "sub").iterdir()), [p.suffix for p in sorted(base.glob("c*"))])
print(all(p.stat().st_size == 1 for p in base.glob("*.*")), (base / "sub" / ".." / "a.py").exists())
cwd = os.getcwd()
os.chdir(top)
try:
    dot = pathlib.Path(".")
    print(sorted(str(p) for p in dot.iterdir()), sorted(str(p) for p in dot.glob("*.txt")))
    print(sorted(str(p) for p in pathlib.Path("sub").iterdir()), sorted(map(str, dot.glob("sub/*"))))
    print(sorted(str(p) for p in pathlib.Path("./sub/").glob("*.py")), [str(p) for p in dot.glob("sub")])
finally:
    os.chdir(cwd)
    shutil.rmtree(top)
print(sorted(str(p) for p in pathlib.Path("/").iterdir() if p.name == "tmp"))
print(fnmatch.filter(["a.py", "b.PY", "c.txt", ".d.py"], "*.py"), fnmatch.filter([], "*"))
print(fnmatch.filter(["x/y.py", "y.py", "é.py"], "*.py"), fnmatch.filter(["ab", "b"], "[!a]*"))


class PL:
    def __fspath__(self):
        return "/q/r.txt"


print(posixpath.basename("/a/b"), posixpath.basename("a"), repr(posixpath.basename("/a/")),
      posixpath.basename(b"/x/y"), repr(posixpath.basename("")), posixpath.basename(PL()))
print(posixpath.splitext(PL()), posixpath.join(PL(), "z"), posixpath.split(PL()))
for bad in (3, None, ["a"]):
    try:
        posixpath.basename(bad)
    except TypeError as e:
        print("TypeError", e)
