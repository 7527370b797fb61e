# Checks shutil.copytree (plain, ignore_patterns, a custom ignore callable
# and the arguments it gets, dirs_exist_ok, a custom copy_function, errors
# gathered into shutil.Error) and shutil.rmtree (ignore_errors, onerror
# with the function and path it reports, plain-file and missing targets).
import os
import shutil

from shutil_work import attempt, enter, listing, read, write

TOP = "shutil_tree_work"


def func_name(f):
    for name, g in (("lstat", os.lstat), ("scandir", os.scandir),
                    ("unlink", os.unlink), ("rmdir", os.rmdir),
                    ("islink", os.path.islink)):
        if f is g:
            return name
    return "?"


enter(TOP)
try:
    os.makedirs("src/pkg/sub")
    os.makedirs("src/build/tmp")
    os.mkdir("src/empty")
    write("src/main.py", "print('main')\n")
    write("src/notes.txt", "notes\n")
    write("src/pkg/__init__.py", "")
    write("src/pkg/mod.py", "x = 1\n")
    write("src/pkg/mod.pyc", "compiled")
    write("src/pkg/sub/data.txt", "data\n")
    write("src/build/tmp/out.o", "obj")

    print(shutil.copytree("src", "plain"))
    print(listing("plain"))
    print(read("plain/pkg/sub/data.txt"), end="")

    print(shutil.copytree("src", "filtered", ignore=shutil.ignore_patterns("*.pyc", "build", "*.txt")))
    print(listing("filtered"))
    ign = shutil.ignore_patterns("*.py", "e*")
    print(sorted(ign("whatever", ["a.py", "b.txt", "empty", "c.py", "eel.pyc"])))
    print(sorted(shutil.ignore_patterns()("x", ["a", "b"])))

    seen = []

    def record(path, names):
        seen.append((path, sorted(names)))
        return [n for n in names if n.startswith("n") or n == "sub"]

    shutil.copytree("src", "custom", ignore=record)
    for path, names in sorted(seen):
        print(path, names)
    print(listing("custom"))

    attempt("exists", shutil.copytree, "src", "plain")
    attempt("missing src", shutil.copytree, "nosrc", "x")
    print(os.path.exists("x"))
    write("plain/extra.txt", "kept\n")
    write("plain/main.py", "overwritten?\n")
    print(shutil.copytree("src", "plain", dirs_exist_ok=True))
    print(listing("plain"))
    print(read("plain/main.py"), read("plain/extra.txt"), end="")

    copied = []

    def logging_copy(s, d):
        copied.append((s, d))
        return shutil.copy(s, d)

    shutil.copytree("src/pkg", "viafunc", copy_function=logging_copy)
    print(sorted(copied))

    def failing_copy(s, d):
        if s.endswith(".py"):
            raise OSError("refusing " + os.path.basename(s))
        return shutil.copy2(s, d)

    try:
        shutil.copytree("src", "partial", copy_function=failing_copy)
    except shutil.Error as e:
        print("Error with", len(e.args[0]), "failures")
        for item in sorted(e.args[0]):
            print(" ", item)
    print(listing("partial"))

    # rmtree
    shutil.rmtree("plain")
    print(os.path.exists("plain"), sorted(os.listdir(".")))
    attempt("rmtree missing", shutil.rmtree, "plain")
    attempt("rmtree missing ignored", shutil.rmtree, "plain", ignore_errors=True)
    attempt("rmtree file", shutil.rmtree, "src/main.py")
    print(os.path.exists("src/main.py"))

    calls = []

    def onerror(func, path, exc_info):
        calls.append((func_name(func), path, exc_info[0].__name__, str(exc_info[1])))

    shutil.rmtree("gone", onerror=onerror)
    shutil.rmtree("src/notes.txt", onerror=onerror)
    shutil.rmtree("src/notes.txt", False, onerror)
    for c in calls:
        print(c)
    # ignore_errors wins over onerror
    calls.clear()
    shutil.rmtree("gone", ignore_errors=True, onerror=onerror)
    print(calls)
    for d in ("filtered", "custom", "viafunc", "partial", "src"):
        shutil.rmtree(d)
    print(os.listdir("."))
finally:
    os.chdir("..")
    shutil.rmtree(TOP, ignore_errors=True)
print(os.path.exists(TOP))
