# Checks shutil's file copies: copyfileobj (text, bytes, small chunks),
# copyfile/copy/copy2 return values and contents, copying into a
# directory, and the errors: SameFileError, missing source, missing
# destination directory, directory as destination, copymode/copystat on
# missing files.
import io
import os
import shutil

from shutil_work import attempt, enter, listing, read, write

TOP = "shutil_copy_work"


enter(TOP)
try:
    # copyfileobj on in-memory files, default and tiny chunk sizes
    src = io.StringIO("hello world\n" * 3)
    dst = io.StringIO()
    shutil.copyfileobj(src, dst)
    print(repr(dst.getvalue()))
    src = io.BytesIO(b"abcdefghij")
    dst = io.BytesIO()
    shutil.copyfileobj(src, dst, 3)
    print(dst.getvalue())
    src = io.StringIO("partial")
    src.read(3)
    dst = io.StringIO()
    shutil.copyfileobj(src, dst, length=1)
    print(repr(dst.getvalue()))

    with open("a.txt", "w") as f:
        f.write("first line\nsecond line\n")
    with open("blob.bin", "wb") as f:
        f.write(bytes(range(256)) * 300)
    os.mkdir("sub")

    print(shutil.copyfile("a.txt", "b.txt"))
    print(read("b.txt") == read("a.txt"))
    print(shutil.copyfile("blob.bin", "blob2.bin"))
    print(read("blob2.bin", "rb") == read("blob.bin", "rb"), os.path.getsize("blob2.bin"))
    # copyfile overwrites
    with open("c.txt", "w") as f:
        f.write("old contents that are longer than the new ones\n")
    shutil.copyfile("a.txt", "c.txt")
    print(repr(read("c.txt")))

    print(shutil.copy("a.txt", "sub"))
    print(shutil.copy("a.txt", "sub/renamed.txt"))
    print(shutil.copy2("blob.bin", "sub"))
    print(shutil.copy2("a.txt", os.path.join("sub", "two.txt")))
    print(read("sub/two.txt"))
    print(listing("."))

    # copymode / copystat on existing files succeed and return None
    print(shutil.copymode("a.txt", "b.txt"), shutil.copystat("a.txt", "b.txt"))

    attempt("same file", shutil.copyfile, "a.txt", "a.txt")
    attempt("same file via path", shutil.copyfile, "a.txt", "sub/../a.txt")
    attempt("copy same", shutil.copy, "sub/a.txt", "sub")
    attempt("missing src", shutil.copyfile, "nope.txt", "x.txt")
    attempt("missing dst dir", shutil.copyfile, "a.txt", "nodir/x.txt")
    attempt("dst is dir", shutil.copyfile, "a.txt", "sub")
    attempt("src is dir", shutil.copyfile, "sub", "x.txt")
    attempt("copy missing", shutil.copy, "nope.txt", "sub")
    attempt("copy2 missing", shutil.copy2, "nope.txt", "x.txt")
    attempt("copymode src missing", shutil.copymode, "nope.txt", "a.txt")
    attempt("copymode dst missing", shutil.copymode, "a.txt", "nope.txt")
    attempt("copystat src missing", shutil.copystat, "nope.txt", "a.txt")
    try:
        shutil.copyfile("a.txt", "a.txt")
    except shutil.Error as e:
        print(isinstance(e, shutil.SameFileError), isinstance(e, OSError), e.args)
    print(os.path.exists("x.txt"), listing("."))
finally:
    os.chdir("..")
    shutil.rmtree(TOP)
print(os.path.exists(TOP))
