import store

KNOWN = ("hello", "world")


def check(words):
    fixed = []
    for w in words:
        fixed.append(w if w in KNOWN else store.get("fix:" + w, w))
    return fixed
