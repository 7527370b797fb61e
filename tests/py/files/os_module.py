# os and os.path: directories, stat, walk, scandir, rename, errors with
# errno and file names, the environment, and os.path's string functions.
import os
import os.path

d = "tmp_os_module_" + str(os.getpid())
os.makedirs(os.path.join(d, "a", "b"))
os.makedirs(os.path.join(d, "a", "b"), exist_ok=True)
for name in ["a/one.txt", "a/b/two.txt", "three.txt"]:
    with open(os.path.join(d, name), "w") as f:
        f.write(name)
print(sorted(os.listdir(d)))
for root, dirs, files in sorted(os.walk(d)):
    print(root[len(d):] or "/", sorted(dirs), sorted(files))
entries = sorted(os.scandir(d), key=lambda e: e.name)
print([(e.name, e.is_dir(), e.is_file(), e.path == os.path.join(d, e.name)) for e in entries])
st = os.stat(os.path.join(d, "three.txt"))
print(st.st_size, st[6], len(st), st.st_mode & 0o170000 == 0o100000, isinstance(st.st_mtime, float))
print(os.path.isfile(os.path.join(d, "three.txt")), os.path.isdir(os.path.join(d, "a")), os.path.islink(d))
os.rename(os.path.join(d, "three.txt"), os.path.join(d, "3.txt"))
print(sorted(os.listdir(d)))
errors = [
    (os.mkdir, (d,)),
    (os.rmdir, (os.path.join(d, "a"),)),
    (os.remove, (os.path.join(d, "missing"),)),
    (os.listdir, (os.path.join(d, "3.txt"),)),
    (os.stat, (os.path.join(d, "missing"),)),
]
for fn, args in errors:
    try:
        fn(*args)
    except OSError as e:
        print(fn.__name__, type(e).__name__, e.errno, e.filename == args[0])
try:
    os.rename(os.path.join(d, "missing"), os.path.join(d, "other"))
except OSError as e:
    print(type(e).__name__, e.filename2 == os.path.join(d, "other"))
cwd = os.getcwd()
os.chdir(d)
print(sorted(os.listdir()), os.path.abspath("x") == os.path.join(cwd, d, "x"))
os.chdir(cwd)
for root, dirs, files in os.walk(d, topdown=False):
    for f in files:
        os.remove(os.path.join(root, f))
    os.rmdir(root)
print(os.path.exists(d))

os.environ["CAPY_TEST_VAR"] = "v1"
print(os.environ["CAPY_TEST_VAR"], os.getenv("CAPY_TEST_VAR"), "CAPY_TEST_VAR" in os.environ)
del os.environ["CAPY_TEST_VAR"]
print(os.getenv("CAPY_TEST_VAR"), os.getenv("CAPY_TEST_VAR", "dflt"), os.environ.get("CAPY_TEST_VAR"))
try:
    os.environ["CAPY_TEST_VAR"]
except KeyError as e:
    print("KeyError", e)
print(len(os.urandom(16)), type(os.getpid()), os.sep, os.curdir, os.pardir, os.linesep == "\n")

j = os.path.join
print(j("a", "b"), j("a/", "b"), j("a", "/b"), j("", "x"), j("a", ""))
print(os.path.split("a/b/c"), os.path.split("/a"), os.path.split("a/"), os.path.split("//x"))
print(os.path.splitext("a/b.c.d"), os.path.splitext(".bashrc"), os.path.splitext("a.b/c"))
print(os.path.basename("/x/y.z"), os.path.dirname("/x/y.z"), os.path.dirname("y"))
for p in ["a/./b/../c", "/../x", "//a//b/", "", "../..", "a/.."]:
    print(repr(os.path.normpath(p)))
print(os.path.isabs("/a"), os.path.isabs("a"), os.path.relpath("/a/b/c", "/a/x"))
print(os.path.commonprefix(["/usr/lib", "/usr/local"]), os.path.commonpath(["/usr/lib", "/usr/local"]))
print(os.path.expanduser("nochange"), os.fspath("p"))
