# Helpers of the shutil tests (prints nothing by itself): a listing of a
# tree by relative paths, small file helpers, a call that prints its
# result or its exception, and a fresh working folder to run in.
import os
import shutil


def listing(top):
    out = []
    for root, dirs, files in os.walk(top):
        rel = os.path.relpath(root, top)
        for f in files:
            out.append(os.path.normpath(os.path.join(rel, f)))
        for d in dirs:
            out.append(os.path.normpath(os.path.join(rel, d)) + "/")
    return sorted(out)


def write(p, text):
    with open(p, "w") as f:
        f.write(text)


def read(p, mode="r"):
    with open(p, mode) as f:
        return f.read()


def attempt(label, fn, *args, **kw):
    try:
        r = fn(*args, **kw)
        print(label, "->", r)
    except Exception as e:
        print(label, "raised", type(e).__name__ + ":", e)


def enter(top):
    """Makes `top` afresh under the current folder and goes into it."""
    if os.path.exists(top):
        shutil.rmtree(top)
    os.mkdir(top)
    os.chdir(top)
