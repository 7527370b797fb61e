# pathlib over the file system: mkdir(parents, exist_ok), write/read
# text and bytes, iterdir, glob and rglob, stat, exists/is_file/is_dir,
# touch, rename, unlink, rmdir; glob.glob with ** and root_dir.
import glob
import os
from pathlib import Path

base = Path("tmp_pathlib_" + str(os.getpid()))
(base / "a" / "b").mkdir(parents=True)
(base / "a").mkdir(exist_ok=True)
try:
    (base / "a").mkdir()
except FileExistsError:
    print("FileExistsError")
try:
    (base / "x" / "y").mkdir()
except FileNotFoundError:
    print("FileNotFoundError")
print((base / "a" / "one.txt").write_text("one\n"), (base / "a" / "b" / "two.bin").write_bytes(b"\x00\x01"))
(base / "three.py").touch()
print((base / "a" / "one.txt").read_text(), (base / "a" / "b" / "two.bin").read_bytes())
print(sorted(p.name for p in base.iterdir()))
print(sorted(str(p.relative_to(base)) for p in base.glob("*")))
print(sorted(str(p.relative_to(base)) for p in base.glob("**/*.txt")))
print(sorted(str(p.relative_to(base)) for p in base.rglob("*")))
print(base.exists(), (base / "a").is_dir(), (base / "a").is_file(), (base / "three.py").is_file(), (base / "nope").exists())
print((base / "a" / "one.txt").stat().st_size, (base / "a" / "one.txt").open().readline())
print(sorted(glob.glob(str(base / "*"))) == sorted(str(p) for p in base.iterdir()))
print(sorted(glob.glob("**", root_dir=str(base), recursive=True)))
print(sorted(glob.glob(str(base / "a" / "*.txt"))) == [str(base / "a" / "one.txt")], glob.glob(str(base / "zz*")))
print(glob.has_magic("a*"), glob.escape("a[b]*"))
q = (base / "three.py").rename(base / "four.py")
print(q.name, q.exists(), (base / "three.py").exists())
q.unlink()
q.unlink(missing_ok=True)
for p in sorted(base.rglob("*"), key=lambda p: -len(p.parts)):
    if p.is_dir():
        p.rmdir()
    else:
        p.unlink()
base.rmdir()
print(base.exists(), Path.cwd() == Path(os.getcwd()), Path("rel").absolute().is_absolute())
