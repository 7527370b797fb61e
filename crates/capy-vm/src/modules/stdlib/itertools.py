"""itertools for capy: iterator building blocks.

Frozen into the binary (modules/frozen.rs), compiled on first import.

Covers CPython 3.11's itertools: count, cycle, repeat, accumulate, chain
(and chain.from_iterable), compress, dropwhile, filterfalse, groupby, islice,
pairwise, starmap, takewhile, tee, zip_longest, product, permutations,
combinations, combinations_with_replacement; their argument checks and
error messages for the common mistakes; repr of count and repeat.

Not covered: pickling/copying of the iterators, __reduce__/__setstate__,
operator.length_hint of repeat, and the exact type names of the objects
(each is a generator or a small class here, not a C type).

Most functions are generators; those whose objects CPython lets programs
inspect (count and repeat have a repr, chain has from_iterable, groupby
and tee objects are classes) are classes.
"""


def _index(x, what):
    # The value as an int (ints and anything with __index__); ValueError
    # with `what` otherwise, as islice's messages say.
    if x is None:
        return None
    try:
        return x.__index__()
    except AttributeError:
        raise ValueError(what)


def _is_number(v):
    if isinstance(v, (int, float, complex)):
        return True
    t = type(v)
    return hasattr(t, "__index__") or hasattr(t, "__int__") or hasattr(t, "__float__")


class count:
    def __init__(self, start=0, step=1):
        if not _is_number(start) or not _is_number(step):
            raise TypeError("a number is required")
        self._n = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        n = self._n
        self._n = n + self._step
        return n

    def __repr__(self):
        if type(self._step) is int and self._step == 1:
            return "count(%r)" % (self._n,)
        return "count(%r, %r)" % (self._n, self._step)


# The public functions call iter() at once, as CPython's do (a TypeError for
# a non-iterable comes from the call, not from the first next()), and return
# a generator doing the work.


def cycle(iterable):
    return _cycle(iter(iterable))


def _cycle(it):
    saved = []
    for item in it:
        yield item
        saved.append(item)
    if not saved:
        return
    while True:
        for item in saved:
            yield item


class repeat:
    def __init__(self, object, times=None):
        self._obj = object
        if times is not None:
            if not isinstance(times, int):
                raise TypeError(
                    "'%s' object cannot be interpreted as an integer" % type(times).__name__
                )
            if times < 0:
                times = 0
        self._times = times

    def __iter__(self):
        return self

    def __next__(self):
        if self._times is None:
            return self._obj
        if self._times <= 0:
            raise StopIteration
        self._times -= 1
        return self._obj

    def __length_hint__(self):
        if self._times is None:
            raise TypeError("len() of unsized object")
        return self._times

    def __repr__(self):
        if self._times is None:
            return "repeat(%r)" % (self._obj,)
        return "repeat(%r, %d)" % (self._obj, self._times)


def _add(a, b):
    return a + b


def accumulate(iterable, func=None, *, initial=None):
    return _accumulate(iter(iterable), _add if func is None else func, initial)


def _accumulate(it, func, initial):
    total = initial
    if initial is None:
        for first in it:
            total = first
            break
        else:
            return
    yield total
    for item in it:
        total = func(total, item)
        yield total


class chain:
    def __init__(self, *iterables):
        self._sources = iter(iterables)
        self._it = None

    @classmethod
    def from_iterable(cls, iterables):
        self = cls()
        self._sources = iter(iterables)
        return self

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            if self._it is None:
                # Raises StopIteration when the sources run out.
                self._it = iter(next(self._sources))
            for item in self._it:
                return item
            self._it = None


def compress(data, selectors):
    return _compress(iter(data), iter(selectors))


def _compress(data, selectors):
    for d, s in zip(data, selectors):
        if s:
            yield d


def dropwhile(predicate, iterable):
    return _dropwhile(predicate, iter(iterable))


def _dropwhile(predicate, it):
    for item in it:
        if not predicate(item):
            yield item
            break
    for item in it:
        yield item


def filterfalse(predicate, iterable):
    return _filterfalse(bool if predicate is None else predicate, iter(iterable))


def _filterfalse(predicate, it):
    for item in it:
        if not predicate(item):
            yield item


class groupby:
    """Yields (key, group) pairs; each group is an iterator sharing the
    source with the groupby, so advancing the groupby ends the group."""

    def __init__(self, iterable, key=None):
        self._it = iter(iterable)
        self._keyfunc = key
        self._have = False  # whether _cur/_curkey hold an unconsumed item
        self._cur = None
        self._curkey = None
        self._has_tgt = False  # whether a group was started (_tgt is set)
        self._tgt = None
        self._gen = 0  # the current group's number: older groups are ended

    def _step(self):
        # Reads the next item; StopIteration passes through.
        item = next(self._it)
        self._curkey = item if self._keyfunc is None else self._keyfunc(item)
        self._cur = item
        self._have = True

    def __iter__(self):
        return self

    def __next__(self):
        self._gen += 1
        # Read past what is left of the previous group.
        while not self._have or (self._has_tgt and _same(self._tgt, self._curkey)):
            self._step()
        self._tgt = self._curkey
        self._has_tgt = True
        return self._curkey, _grouper(self, self._gen, self._tgt)


def _same(a, b):
    # Keys compare as CPython's C code does: identity first (a NaN key
    # equals itself), then ==.
    return a is b or a == b


def _grouper(parent, gen, tgt):
    while parent._gen == gen:
        if not parent._have:
            try:
                parent._step()
            except StopIteration:
                return
        if not _same(tgt, parent._curkey):
            return
        item = parent._cur
        parent._have = False
        parent._cur = None
        yield item


def islice(iterable, *args):
    nargs = len(args)
    if nargs == 1:
        start, stop, step = None, args[0], None
    elif nargs in (2, 3):
        start, stop = args[0], args[1]
        step = args[2] if nargs == 3 else None
    elif nargs == 0:
        raise TypeError("islice expected at least 2 arguments, got 1")
    else:
        raise TypeError("islice expected at most 4 arguments, got %d" % (nargs + 1))
    stop = _index(
        stop,
        "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.",
    )
    if stop is not None and stop < 0:
        raise ValueError(
            "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize."
        )
    msg = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize."
    start = _index(start, msg)
    if start is None:
        start = 0
    if start < 0:
        raise ValueError(msg)
    step_msg = "Step for islice() must be a positive integer or None."
    step = _index(step, step_msg)
    if step is None:
        step = 1
    if step <= 0:
        raise ValueError(step_msg)
    return _islice(iter(iterable), start, stop, step)


def _islice(it, start, stop, step):
    # Items are read only when asked for; skipped ones are read (and
    # dropped) just before the next wanted one, and after the last wanted
    # one the source is read up to `stop`, which is what CPython does.
    pos = 0  # items read from the source so far
    want = start  # the position of the next item to produce
    while True:
        while pos < want:
            if next(it, _END) is _END:
                return
            pos += 1
        if stop is not None and pos >= stop:
            return
        item = next(it, _END)
        if item is _END:
            return
        pos += 1
        want += step
        if stop is not None and want > stop:
            want = stop
        yield item


_END = object()


def pairwise(iterable):
    return _pairwise(iter(iterable))


def _pairwise(it):
    prev = next(it, _END)
    if prev is _END:
        return
    for item in it:
        yield prev, item
        prev = item


def starmap(function, iterable):
    return _starmap(function, iter(iterable))


def _starmap(function, it):
    for args in it:
        yield function(*args)


def takewhile(predicate, iterable):
    return _takewhile(predicate, iter(iterable))


def _takewhile(predicate, it):
    for item in it:
        if not predicate(item):
            return
        yield item


class _TeeData:
    # The items read from the source and not yet seen by every copy; each
    # copy keeps its position as an absolute index, `base` is the index of
    # items[0].
    def __init__(self, it):
        self.it = it
        self.items = []
        self.base = 0
        self.copies = []

    def get(self, pos):
        i = pos - self.base
        if i == len(self.items):
            self.items.append(next(self.it))
        item = self.items[i]
        self._trim()
        return item

    def _trim(self):
        low = min(c._pos for c in self.copies) if self.copies else 0
        drop = low - self.base
        if drop > 64 and drop * 2 > len(self.items):
            del self.items[:drop]
            self.base = low


class _tee:
    def __init__(self, data, pos):
        self._data = data
        self._pos = pos
        data.copies.append(self)

    def __iter__(self):
        return self

    def __next__(self):
        item = self._data.get(self._pos)
        self._pos += 1
        return item

    def __copy__(self):
        return _tee(self._data, self._pos)


def tee(iterable, n=2):
    if not isinstance(n, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(n).__name__)
    if n < 0:
        raise ValueError("n must be >= 0")
    if n == 0:
        return ()
    it = iter(iterable)
    if isinstance(it, _tee):
        first = it
    else:
        first = _tee(_TeeData(it), 0)
    return (first,) + tuple(first.__copy__() for _ in range(n - 1))


def zip_longest(*iterables, fillvalue=None):
    return _zip_longest([iter(x) for x in iterables], fillvalue)


def _zip_longest(its, fillvalue):
    active = len(its)
    if not active:
        return
    while True:
        row = []
        for i, it in enumerate(its):
            if it is None:
                row.append(fillvalue)
                continue
            item = next(it, _END)
            if item is _END:
                active -= 1
                if not active:
                    return
                its[i] = None
                item = fillvalue
            row.append(item)
        yield tuple(row)


def product(*iterables, repeat=1):
    if not isinstance(repeat, int):
        raise TypeError(
            "'%s' object cannot be interpreted as an integer" % type(repeat).__name__
        )
    if repeat < 0:
        raise ValueError("repeat argument cannot be negative")
    pools = [tuple(p) for p in iterables] * repeat
    return _product(pools)


def _product(pools):
    # An odometer over the pools' indices, rightmost fastest.
    n = len(pools)
    for p in pools:
        if not p:
            return
    idx = [0] * n
    while True:
        yield tuple(pools[k][idx[k]] for k in range(n))
        k = n - 1
        while k >= 0:
            idx[k] += 1
            if idx[k] < len(pools[k]):
                break
            idx[k] = 0
            k -= 1
        if k < 0:
            return


def _check_r(r):
    if not isinstance(r, int):
        raise TypeError("'%s' object cannot be interpreted as an integer" % type(r).__name__)
    if r < 0:
        raise ValueError("r must be non-negative")


def permutations(iterable, r=None):
    pool = tuple(iterable)
    if r is not None:
        if not isinstance(r, int):
            raise TypeError("Expected int as r")
        _check_r(r)
    return _permutations(pool, len(pool) if r is None else r)


def _permutations(pool, r):
    # Recursive generation in lexicographic order of positions: choose each
    # unused position in turn for the next slot.
    n = len(pool)
    if r > n:
        return
    used = [False] * n
    chosen = []

    def rec(depth):
        if depth == r:
            yield tuple(pool[i] for i in chosen)
            return
        for i in range(n):
            if not used[i]:
                used[i] = True
                chosen.append(i)
                yield from rec(depth + 1)
                chosen.pop()
                used[i] = False

    yield from rec(0)


def combinations(iterable, r):
    pool = tuple(iterable)
    _check_r(r)
    return _combinations(pool, r, False)


def combinations_with_replacement(iterable, r):
    pool = tuple(iterable)
    _check_r(r)
    return _combinations(pool, r, True)


def _combinations(pool, r, repl):
    # Non-decreasing (repl) or increasing index vectors in lexicographic
    # order: bump the rightmost index that can still grow, reset the ones
    # after it.
    n = len(pool)
    if r == 0:
        yield ()
        return
    if n == 0 or (not repl and r > n):
        return
    idx = [0] * r if repl else list(range(r))
    while True:
        yield tuple(pool[i] for i in idx)
        k = r - 1
        if repl:
            while k >= 0 and idx[k] == n - 1:
                k -= 1
            if k < 0:
                return
            v = idx[k] + 1
            for j in range(k, r):
                idx[j] = v
        else:
            while k >= 0 and idx[k] == k + n - r:
                k -= 1
            if k < 0:
                return
            idx[k] += 1
            for j in range(k + 1, r):
                idx[j] = idx[j - 1] + 1
