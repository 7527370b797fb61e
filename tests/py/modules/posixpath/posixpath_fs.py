# Checks posixpath's file system queries with bytes and str paths: exists,
# lexists, isdir, isfile, islink, getsize, samefile, ismount, inside a
# directory the test creates and removes.
import os
import posixpath

TOP = "posixpath_fs_work"
if not os.path.exists(TOP):
    os.mkdir(TOP)
try:
    with open(TOP + "/f.txt", "w") as f:
        f.write("12345")
    os.mkdir(TOP + "/d")
    B = TOP.encode()
    for p in [B, B + b"/f.txt", B + b"/d", B + b"/none", TOP + "/f.txt"]:
        print(p, posixpath.exists(p), posixpath.lexists(p), posixpath.isdir(p),
              posixpath.isfile(p), posixpath.islink(p))
    print(posixpath.getsize(B + b"/f.txt"), os.path.getsize(TOP + "/f.txt"))
    print(posixpath.samefile(B + b"/f.txt", TOP + "/d/../f.txt"))
    print(posixpath.samefile(B + b"/d", B + b"/f.txt"))
    print(posixpath.ismount(b"/"), posixpath.ismount("/"), posixpath.ismount(B))
    print(isinstance(posixpath.getmtime(B + b"/f.txt"), float))
    st1 = os.stat(TOP + "/f.txt")
    st2 = os.stat(TOP + "/d/../f.txt")
    print(posixpath.samestat(st1, st2), posixpath.samestat(st1, os.stat(TOP + "/d")))
    full = posixpath.join(B, b"d", b"..", b"f.txt")
    print(full, posixpath.isfile(full), posixpath.normpath(full))
    try:
        posixpath.getsize(B + b"/none")
    except OSError as e:
        print(type(e).__name__, e.errno)
finally:
    os.remove(TOP + "/f.txt")
    os.rmdir(TOP + "/d")
    os.rmdir(TOP)
print(os.path.exists(TOP))
