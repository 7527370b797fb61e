"""_frame for capy: the frame objects sys._getframe returns.

While its function runs, a frame's f_lineno and f_locals are read from the
running frame (f_locals a fresh copy each time, as CPython's function
frames give); once it has returned, the frame keeps what it last saw.
See modules/sysframe.rs.
"""


class frame:
    __slots__ = ("f_code", "f_globals", "f_builtins", "_id", "_last",
                 "_back", "_records", "_i")

    f_trace = None
    f_lasti = -1
    _live = None

    def _state(self):
        now = frame._live(self._id)
        if now is not None:
            self._last = now
        return self._last

    @property
    def f_back(self):
        # sys._getframe makes the frame it was asked for; the ones behind
        # it are made from its records when first reached (`lazy`).
        if self._i > 0:
            self._back = _make(self._records, self._i - 1, self.f_builtins)
            self._i = 0
            self._records = None
        return self._back

    @property
    def f_lineno(self):
        # The line alone: reading the whole state copied the locals.
        line = frame._live(self._id, True)
        if line is None:
            return self._last[0]
        self._last = (line, self._last[1])
        return line

    @property
    def f_locals(self):
        return self._state()[1]

    def __repr__(self):
        return "<frame at 0x%x, file %r, line %d, code %s>" % (
            id(self),
            self.f_code.co_filename,
            self.f_lineno,
            self.f_code.co_name,
        )

    def clear(self):
        pass


def chain(records, live):
    """The frames of `records` (outermost first), each linked to the one
    that called it; the innermost is returned. `live(id)` reads a running
    frame's (line, locals)."""
    _set_live(live)
    back = None
    for code, ident, globs, state, builtins in records:
        f = frame.__new__(frame)
        f.f_code = code
        f.f_globals = globs
        f.f_builtins = builtins
        f._back = back
        f._i = 0
        f._records = None
        f._id = ident
        f._last = state
        back = f
    return back


def lazy(records, live, state, builtins):
    """The innermost frame of `records` ((code, id, globals, line) of each
    running frame, outermost first), with `state` its (line, locals);
    the frames behind it are made when `f_back` first reaches them."""
    _set_live(live)
    f = _make(records, len(records) - 1, builtins)
    if state is not None:
        f._last = state
    return f


def _set_live(live):
    # Once: every `live` reads the same frames, and a store to a class
    # invalidates every attribute cache (logging asks for a frame per
    # record, so storing it each time made all attribute access slow).
    if frame._live is None:
        frame._live = live


def _make(records, i, builtins):
    code, ident, globs, line = records[i]
    f = frame.__new__(frame)
    f.f_code = code
    f.f_globals = globs
    f.f_builtins = builtins
    f._id = ident
    # What it reads as once it has returned (while it runs, `_state`
    # reads it live).
    f._last = (line, {})
    f._records = records
    f._i = i
    f._back = None
    return f


class traceback:
    """An exception's traceback entry (what e.__traceback__ and
    sys.exc_info()[2] give): tb_frame, tb_lineno, tb_next, tb_lasti.

    Built over the exception's own entries, which capy records as it
    unwinds: an entry's frame reads as sys._getframe's frames do while it
    runs, and once it has returned keeps its line but no locals.
    """

    __slots__ = ("_exc", "_i", "_frames")

    tb_lasti = -1

    def __init__(self, exc, i, frames):
        self._exc = exc
        self._i = i
        self._frames = frames

    def _all(self):
        if self._frames[0] is None:
            records, live = _tb_frames(self._exc)
            inner = chain(records, live)
            out = []
            while inner is not None:
                out.append(inner)
                inner = inner.f_back
            out.reverse()
            self._frames[0] = out
        return self._frames[0]

    @property
    def tb_frame(self):
        return self._all()[self._i]

    @property
    def tb_lineno(self):
        return _tb_entries(self._exc)[self._i][1]

    @property
    def tb_next(self):
        if self._i + 1 < len(_tb_entries(self._exc)):
            return traceback(self._exc, self._i + 1, self._frames)
        return None

    def __repr__(self):
        return "<traceback object at 0x%x>" % id(self)


_tb_frames = None
_tb_entries = None


def tb_of(exc):
    """The outermost traceback entry of `exc` (it has at least one)."""
    global _tb_frames, _tb_entries
    if _tb_frames is None:
        import _traceback
        _tb_frames = _traceback.frames
        _tb_entries = _traceback.entries
    return traceback(exc, 0, [None])
