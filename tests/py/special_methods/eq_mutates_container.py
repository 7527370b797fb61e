# __eq__ that changes the container being searched: the lookup must not
# return what the container no longer holds (capy's dict returned a raw
# empty slot here), nor use items the container let go (deque compared a
# snapshot it did not keep alive). Results as CPython's.
import collections


class M:
    def __init__(self, v, box=None):
        self.v = v
        self.box = box

    def __eq__(self, o):
        if self.box is not None:
            self.box.clear()
        junk = [[i] * 5 for i in range(100)]
        return isinstance(o, M) and self.v == o.v

    def __hash__(self):
        return hash(self.v) % 2


def filled(kind, n=6):
    box = kind()
    items = [M(i * 5 % n, box) for i in range(n)]
    if kind is dict:
        for x in items:
            box[x] = M(x.v)
    elif kind is set:
        box.update(items)
    else:
        box.extend(items)
    return box


def attempt(name, f):
    try:
        r = f()
        print(name, r if not isinstance(r, M) else ("M", r.v))
    except Exception as e:
        print(name, type(e).__name__, "" if isinstance(e, KeyError) else e)


attempt("dict get", lambda: filled(dict).get(M(3)))
attempt("dict in", lambda: M(3) in filled(dict))
attempt("dict pop", lambda: filled(dict).pop(M(3), "absent"))
attempt("dict getitem", lambda: filled(dict)[M(3)])
attempt("dict setitem", lambda: filled(dict).__setitem__(M(3), 1))
attempt("dict del", lambda: filled(dict).__delitem__(M(3)))
attempt("set in", lambda: M(3) in filled(set))
attempt("set discard", lambda: filled(set).discard(M(3)))
for op in ("count", "index", "remove", "__contains__"):
    attempt("deque " + op, lambda: getattr(filled(collections.deque), op)(M(3)))
d = filled(collections.deque)
attempt("deque index range", lambda: d.index(M(4), 1, 3))
print(len(d))
