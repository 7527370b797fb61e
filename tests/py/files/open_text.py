# open(): text and binary modes, encodings and error handlers, newline
# translation, seek/tell, truncate, errors of bad arguments and of the OS.
# Works in a folder of its own, named by the process id, and removes it.
import os, io
d = "tmp_t2_" + str(os.getpid())
os.mkdir(d)
p = d + "/b.txt"
f = open(p, "w", encoding="latin-1", newline="\r\n")
print(f.encoding, f.errors, f.mode, f.name == p, f.closed, f.writable(), f.readable())
f.write("café\nline2\n")
f.close()
print(f.closed)
print(repr(f).replace(p, "P"))
print(open(p, "rb").read())
print(repr(open(p, encoding="latin-1").read()))
print(repr(open(p, encoding="latin-1", newline="").read()))
try:
    open(p, encoding="ascii").read()
except UnicodeDecodeError as e:
    print("UDE", e)
print(repr(open(p, encoding="ascii", errors="replace").read()))
print(repr(open(p, encoding="ascii", errors="ignore").read()))
try:
    open(p, "w", encoding="ascii").write("é")
except UnicodeEncodeError as e:
    print("UEE", e)
with open(p, "w", encoding="utf-8-sig") as g:
    g.write("bom")
print(open(p, "rb").read(), open(p, encoding="utf-8-sig").read())
for bad in [("r", {"encoding": "nope"}), ("rb", {"encoding": "utf-8"}), ("r", {"newline": "x"}), ("r", {"buffering": 0}), ("rt+b", {}), ("", {})]:
    try:
        open(p, bad[0], **bad[1])
    except (ValueError, LookupError) as e:
        print(type(e).__name__, e)
with open(p, "w") as g:
    g.write("0123456789")
with open(p) as g:
    g.read(3)
    print(g.tell())
    g.seek(0, 2)
    print(g.tell(), repr(g.read()))
    try:
        g.seek(1, 1)
    except io.UnsupportedOperation as e:
        print("unsupported", e)
with open(p, "rb") as g:
    print(g.seek(-3, 2), g.read(), g.seek(2), g.read(2), g.tell())
with open(p, "r+b") as g:
    g.truncate(4)
    print(g.read())
try:
    with open(p) as g:
        g.write("x")
except io.UnsupportedOperation as e:
    print("unsupported", e)
g = open(p)
g.close()
try:
    g.read()
except ValueError as e:
    print(e)
print(isinstance(g, io.TextIOWrapper), isinstance(g, io.IOBase), isinstance(open(p, "rb"), io.BufferedReader))
with open(p, "x") if False else open(p, "a") as g:
    print(g.tell())
try:
    open(p, "x")
except FileExistsError as e:
    print("FileExists", e.errno)
try:
    open(d)
except IsADirectoryError as e:
    print("IsADir", e.errno)
with open(p, "w") as g:
    g.writelines(["a\n", "b\n"])
with open(p) as g:
    print(g.readlines(), g.readline() == "")
with open(p) as g:
    print(next(g), list(g))
with open(p) as g:
    print(g.buffer.read())
os.remove(p)
os.rmdir(d)
