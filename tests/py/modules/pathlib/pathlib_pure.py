# pathlib's pure paths: parts, name/stem/suffix, parents, joining with /,
# with_name/with_suffix, relative_to, match, comparisons; fnmatch.
import fnmatch
from pathlib import Path, PurePath, PurePosixPath

for raw in ["a/b/c.txt", "/usr/lib/x.tar.gz", ".", "a//b/./c/", "/", "..", ".bashrc", "a/b."]:
    p = PurePosixPath(raw)
    print(repr(p), p.parts, repr(p.name), repr(p.stem), repr(p.suffix), p.suffixes, str(p.parent), p.is_absolute())
p = PurePath("/srv") / "data" / "f.csv"
print(p, type(p).__name__, p.root, p.anchor, p.drive == "")
print([str(x) for x in p.parents])
print(p.with_name("g.json"), p.with_suffix(".bak"), p.with_suffix(""), p.with_stem("h"))
print(p.relative_to("/srv"), p.is_relative_to("/srv"), p.is_relative_to("/etc"))
try:
    p.relative_to("/etc")
except ValueError as e:
    print("ValueError")
print(p.match("*.csv"), p.match("data/*.csv"), p.match("/data/*.csv"), p.match("*.txt"))
print(PurePath("a") == PurePath("a/"), PurePath("a") < PurePath("b"), sorted([PurePath("b"), PurePath("a/c"), PurePath("a")]))
print("x" / PurePath("y"), PurePath("a").joinpath("b", "c"), PurePath("a", "/b", "c"))
print(hash(PurePath("a/b")) == hash(PurePath("a//b")), len({PurePath("a"), PurePath("a/.")}))
for bad in [lambda: p.with_suffix("bak"), lambda: PurePath("/").with_name("x"), lambda: p.with_name("")]:
    try:
        bad()
    except ValueError:
        print("ValueError")
print(type(Path("x")).__name__, Path("x") == PurePosixPath("x"))
names = ["a.py", "b.txt", "c.PY", "d.py~", "[x].py", ".hidden.py"]
print(fnmatch.filter(names, "*.py"), fnmatch.fnmatch("x.py", "?.py"), fnmatch.fnmatchcase("A.PY", "*.py"))
print(fnmatch.filter(names, "[!a-b]*"), fnmatch.filter(names, "[[]x].py"))
