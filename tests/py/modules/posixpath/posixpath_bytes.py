# Checks that posixpath's string functions take bytes as well as str and
# answer in the same type: split, splitext, basename, dirname, join,
# normpath, normcase, isabs, splitdrive, commonprefix, commonpath, relpath,
# abspath, expanduser and expandvars, plus os.PathLike arguments.
import os
import posixpath

from pathlike import P


def show(name, *args):
    r = getattr(posixpath, name)(*args)
    print(name, args, "->", repr(r))


for p in ["/a/b/c.txt", "a/b/", "//x//y", "///", "", "c.tar.gz", ".bashrc",
          "..", "a/.hidden.ext", "dir.d/file", "/..dots"]:
    for arg in (p, p.encode()):
        show("split", arg)
        show("splitext", arg)
        show("basename", arg)
        show("dirname", arg)
        show("normpath", arg)
        show("isabs", arg)
        show("normcase", arg)
        show("splitdrive", arg)

for parts in [("a", "b", "c"), ("/a", "/b", "c"), ("a/", "b"), ("", "x"),
              ("a", ""), ("/",), ("x", "", "y/")]:
    show("join", *parts)
    show("join", *[s.encode() for s in parts])

for p in ["a/./b/../c", "/../x/../../y", "./", "a//b///c/", "../../a/..", "//a/../b"]:
    show("normpath", p.encode())

show("commonprefix", [b"/usr/lib", b"/usr/local"])
show("commonprefix", [b"abc"])
show("commonprefix", [[b"a", b"b"], [b"a", b"c"]])
show("commonprefix", [])
show("commonpath", [b"/usr/lib", b"/usr/local/bin", b"/usr/"])
show("commonpath", [b"a/b/./c", b"a/b/d"])
show("commonpath", [b"a", b"b"])
show("commonpath", ["/usr/lib", "/usr/local"])

show("relpath", b"a/b/c", b"a")
show("relpath", b"a", b"a/b/c")
show("relpath", b"x/y", b"x/y")
show("relpath", "a/b", "c/d")
print(posixpath.relpath(b"q") == b"q", posixpath.relpath("q") == "q")

cwd = os.getcwd()
print(posixpath.abspath(b"x/../y") == cwd.encode() + b"/y")
print(posixpath.abspath("x/./y") == cwd + "/x/y")
print(repr(posixpath.abspath(b"/p/q/../r")), repr(posixpath.realpath(b"/p//r")))

os.environ["HOME"] = "/home/tester"
for p in ["~", "~/docs", "~other/x", "x/~", "/~"]:
    show("expanduser", p)
    show("expanduser", p.encode())
os.environ["HOME"] = "/"
show("expanduser", "~/x")
show("expanduser", b"~")
os.environ["HOME"] = "/home/tester/"
show("expanduser", b"~/y")

os.environ["PP_NAME"] = "value"
os.environ["PP_2"] = "two"
os.environ.pop("PP_MISSING", None)
for p in ["$PP_NAME/x", "${PP_NAME}y", "$PP_MISSING/$PP_2", "${PP_MISSING}",
          "a$", "$$PP_2", "${}", "${PP_NAME", "$PP_NAMEx", "$PP_2.txt",
          "no vars", "$-x", "${PP_2}${PP_NAME}"]:
    show("expandvars", p)
    show("expandvars", p.encode())

# os.PathLike arguments, str and bytes
show("basename", P("/x/y.z"))
show("splitext", P(b"/x/y.z"))
show("join", P(b"a"), P(b"b"))
show("normpath", P(b"a//b"))
print(os.path.basename(b"/a/b"), os.path.join(b"a", b"b"), os.path.split(b"/a/b"))
