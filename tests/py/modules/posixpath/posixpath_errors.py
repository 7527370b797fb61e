# Checks posixpath's errors around bytes: mixing str and bytes in join,
# relpath and commonpath ("Can't mix strings and bytes in path
# components"), wrong argument types, empty and mixed absolute/relative
# commonpath, relpath of an empty path; printed as CPython words them.
import posixpath
import os

from pathlike import P


def attempt(name, *args):
    try:
        r = getattr(posixpath, name)(*args)
        print(name, args, "->", repr(r))
    except Exception as e:
        print(name, "raised", type(e).__name__ + ":", e)


attempt("join", "a", b"b")
attempt("join", b"a", "b")
attempt("join", b"/a", "/b")
attempt("join", "", b"b")
attempt("join", b"a", b"b", "c")
attempt("join", P("a"), P(b"b"))
attempt("join", "a", 1)
attempt("join", b"a", None)
attempt("join", 1)
attempt("join", None, "a")
attempt("relpath", "a", b"b")
attempt("relpath", b"a", "b")
attempt("relpath", "")
attempt("relpath", b"")
attempt("relpath", None)
attempt("commonpath", ["a", b"b"])
attempt("commonpath", [b"/a", "/b"])
attempt("commonpath", [b"a", 1])
attempt("commonpath", [])
attempt("commonpath", [b"/a", b"b"])
attempt("commonpath", ["/a", "b"])
attempt("commonprefix", [b"a", "b"])
attempt("split", 3)
attempt("splitext", None)
attempt("basename", 1.5)
attempt("dirname", [b"a"])
attempt("normpath", 7)
attempt("isabs", 3)
attempt("expanduser", 3)
attempt("expandvars", None)
attempt("abspath", 0)
try:
    os.path.join(b"x", "y")
except TypeError as e:
    print("os.path:", e)
