"""_frame for capy: the frame objects sys._getframe returns.

While its function runs, a frame's f_lineno and f_locals are read from the
running frame (f_locals a fresh copy each time, as CPython's function
frames give); once it has returned, the frame keeps what it last saw.
See modules/sysframe.rs.
"""


class frame:
    __slots__ = ("f_code", "f_globals", "f_back", "f_builtins", "_id", "_last")

    f_trace = None
    f_lasti = -1
    _live = None

    def _state(self):
        now = frame._live(self._id)
        if now is not None:
            self._last = now
        return self._last

    @property
    def f_lineno(self):
        return self._state()[0]

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
    frame._live = live
    back = None
    for code, ident, globs, state, builtins in records:
        f = frame.__new__(frame)
        f.f_code = code
        f.f_globals = globs
        f.f_builtins = builtins
        f.f_back = back
        f._id = ident
        f._last = state
        back = f
    return back
