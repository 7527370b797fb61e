"""bisect for capy: binary search in sorted sequences.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers CPython 3.11's bisect: bisect_left, bisect_right (and bisect),
insort_left, insort_right (and insort), with lo/hi bounds and the key=
argument (new in 3.10; insort applies key to the inserted item).

Only __lt__ is used to compare, as in CPython.
"""


def _bounds(a, lo, hi):
    if lo < 0:
        raise ValueError("lo must be non-negative")
    if hi is None:
        hi = len(a)
    return lo, hi


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    """The first index at which x could be inserted keeping a sorted: every
    item before it is < x."""
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        item = a[mid] if key is None else key(a[mid])
        if item < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    """The last index at which x could be inserted keeping a sorted: no
    item after it is <= x."""
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        item = a[mid] if key is None else key(a[mid])
        if x < item:
            hi = mid
        else:
            lo = mid + 1
    return lo


def insort_left(a, x, lo=0, hi=None, *, key=None):
    i = bisect_left(a, x if key is None else key(x), lo, hi, key=key)
    a.insert(i, x)


def insort_right(a, x, lo=0, hi=None, *, key=None):
    i = bisect_right(a, x if key is None else key(x), lo, hi, key=key)
    a.insert(i, x)


bisect = bisect_right
insort = insort_right
