# Checks shutil.move (rename, into a directory, directory moves, refusals:
# destination exists, directory into itself, missing source), shutil.which
# (PATH search from a given path and from os.environ, modes, commands with
# a directory part, bytes), shutil.get_terminal_size (COLUMNS/LINES and the
# fallback) and the exception classes.
import os
import shutil

from shutil_work import attempt, enter, listing, read, write

TOP = "shutil_move_work"


enter(TOP)
try:
    write("one.txt", "one\n")
    write("two.txt", "two\n")
    os.makedirs("dest/inner")
    os.makedirs("tree/a/b")
    write("tree/a/b/leaf.txt", "leaf\n")
    write("tree/top.txt", "top\n")

    print(shutil.move("one.txt", "uno.txt"))
    print(read("uno.txt"), end="")
    print(shutil.move("uno.txt", "dest"))
    print(shutil.move("two.txt", "dest/inner/"))
    print(shutil.move("tree", "moved"))
    print(shutil.move("moved/", "dest"))
    print(listing("."))
    write("three.txt", "3\n")
    write("dest/three.txt", "old 3\n")
    # an existing file as the destination is replaced
    print(shutil.move("three.txt", "dest/three.txt"), read("dest/three.txt"), end="")
    write("dup.txt", "dup\n")
    write("dest/dup.txt", "already\n")
    attempt("exists in dir", shutil.move, "dup.txt", "dest")
    attempt("into itself", shutil.move, "dest", "dest/inner")
    attempt("missing", shutil.move, "nothing.txt", "dest")
    attempt("missing to name", shutil.move, "nothing.txt", "other.txt")
    print(listing("."))

    # which
    os.makedirs("bin1/tool")           # a directory named like the command
    os.mkdir("bin2")
    write("bin2/tool", "#!/bin/sh\n")  # exists but is not executable
    write("bin2/data", "x\n")
    path = os.pathsep.join(["bin1", "nodir", "bin2"])
    print(shutil.which("tool", path=path))
    print(shutil.which("tool", mode=os.F_OK, path=path))
    print(shutil.which("tool", mode=os.F_OK | os.R_OK, path=path))
    print(shutil.which("data", mode=os.F_OK, path=path + os.pathsep + "bin2"))
    print(shutil.which("absent", mode=os.F_OK, path=path))
    print(shutil.which("tool", mode=os.F_OK, path=""))
    print(shutil.which("bin2/tool", mode=os.F_OK))
    print(shutil.which("bin2/tool"))
    print(shutil.which("bin1/tool", mode=os.F_OK))
    print(shutil.which(b"tool", mode=os.F_OK, path=b"bin1:bin2"))
    sh = shutil.which("sh", path="/bin:/usr/bin")
    print(sh is not None and os.path.basename(sh))
    saved = os.environ.get("PATH")
    os.environ["PATH"] = "bin2:bin1"
    print(shutil.which("tool", mode=os.F_OK))
    print(shutil.which("tool"))
    os.environ["PATH"] = saved

    # get_terminal_size
    for k in ("COLUMNS", "LINES"):
        os.environ.pop(k, None)
    size = shutil.get_terminal_size()
    print(size, size.columns, size.lines, tuple(size), isinstance(size, tuple))
    print(shutil.get_terminal_size((100, 50)))
    os.environ["COLUMNS"] = "132"
    print(shutil.get_terminal_size())
    os.environ["LINES"] = "43"
    print(shutil.get_terminal_size((1, 2)))
    os.environ["COLUMNS"] = "wide"
    os.environ["LINES"] = "-3"
    print(shutil.get_terminal_size(fallback=(70, 20)))
    os.environ["COLUMNS"] = "0"
    print(shutil.get_terminal_size())
    del os.environ["COLUMNS"]
    del os.environ["LINES"]
    c, l = shutil.get_terminal_size((33, 11))
    print(c, l)

    # the exception classes
    for cls in (shutil.Error, shutil.SameFileError, shutil.SpecialFileError,
                shutil.ExecError, shutil.ReadError, shutil.RegistryError):
        print(cls.__name__, issubclass(cls, OSError), issubclass(cls, shutil.Error))
    e = shutil.Error([("a", "b", "why")])
    print(e.args, str(e))
finally:
    os.chdir("..")
    shutil.rmtree(TOP)
print(os.path.exists(TOP))
