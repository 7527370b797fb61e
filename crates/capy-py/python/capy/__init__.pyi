"""Type stubs of the `capy` module (the Rust extension `capy._capy`)."""

import builtins
from types import TracebackType
from typing import (
    Any,
    Awaitable,
    Callable,
    Dict,
    Generator,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Type,
    Union,
)
from os import PathLike

class CompartmentError(Exception):
    """An error in a compartment, or of a compartment that is closed."""

    kind: str
    """The exception's type name (``"ZeroDivisionError"``), or ``"Timeout"``,
    ``"MemoryLimit"``, ``"RecursionLimit"``, ``"Closed"``."""
    message: str
    """The exception's message."""
    traceback: str
    """The traceback as text, with the compartment's own file name
    (``<name>``) and line numbers."""

class TimeoutError(CompartmentError):
    """The code ran past its time (or step) budget."""

class MemoryLimitError(CompartmentError):
    """The code needed more than its heap quota."""

class RecursionLimitError(CompartmentError):
    """Calls nested deeper than the recursion limit."""

class SnapshotError(Exception):
    """A snapshot that cannot be made (naming why), or that is refused:
    altered, truncated, made with another key, by another capy version or
    format, or whose replay diverged."""

class External:
    """A function declared with `capy.external(name)`."""

    name: str

def external(name: str) -> External:
    """Declares, under a grant's name, a function the host answers later:
    a call of it under `Compartment.start` returns a `Pending`."""

class Dir:
    """A directory granted with `Compartment(fs=...)`: the code's file
    system, which it cannot leave."""

    def __init__(self, path: Union[str, "PathLike[str]"], write: bool = False) -> None: ...
    @property
    def path(self) -> str: ...
    @property
    def write(self) -> bool: ...

class Done:
    """The end of a started run."""

    @property
    def value(self) -> Any:
        """What `run` would have returned."""

class Pending:
    """A started run waiting in a call of an external (or async host)
    function. Awaiting it awaits its async host calls and goes on, until a
    `Done` or a `Pending` at an external function."""

    @property
    def name(self) -> builtins.str:
        """The function's name (the name given to `capy.external`)."""
    @property
    def args(self) -> Tuple[Any, ...]: ...
    @property
    def kwargs(self) -> Dict[builtins.str, Any]: ...
    @property
    def compartment(self) -> "Compartment": ...
    @property
    def is_async(self) -> bool:
        """Whether it waits in a granted coroutine function."""
    def resume(self, value: Any = None) -> Union["Pending", Done]:
        """Goes on with `value` as the call's result."""
    def throw(self, exc: Union[BaseException, Type[BaseException]]) -> Union["Pending", Done]:
        """Goes on with `exc` raised by the call (as the nearest built-in
        exception type)."""
    def snapshot(self, key: bytes) -> bytes:
        """The compartment's state here, authenticated with `key`
        (HMAC-SHA256, 16+ bytes); `capy.restore` brings it back."""
    def __await__(self) -> Generator[Any, None, Union["Pending", Done]]: ...

def restore(
    data: bytes,
    key: bytes,
    *,
    grants: Optional[Mapping[str, Callable[..., Any]]] = None,
    stdout: Optional[Callable[[str], Any]] = None,
) -> Pending:
    """The `Pending` a snapshot was taken at, in a new compartment made by
    replaying it (host callables given again by name in `grants`)."""

class Handle:
    """An object of a compartment that does not convert to a host value
    (a function, an instance, an iterator). Passed back into the same
    compartment it is that object again; the object is released when the
    last handle to it is."""

class Compartment:
    """A sandboxed Python world with limits, its own thread and heap.

    Values convert both ways: None, bool, int (any size), float, complex,
    str, bytes, bytearray, list, tuple, dict, set, frozenset and nestings
    of these; other objects of the compartment come out as `Handle`.
    `grants` maps global names to values (converted once), host callables
    (called on the host thread that is waiting for the compartment),
    coroutine functions (awaited under `run_async`) or `capy.external(name)`
    declarations (answered through `start`'s `Pending`).
    """

    def __init__(
        self,
        name: str = "main",
        *,
        heap: Union[int, str] = "256M",
        timeout: Optional[float] = 30.0,
        recursion: int = 1000,
        steps: Optional[int] = None,
        grants: Optional[Mapping[str, Any]] = None,
        stdout: Optional[Callable[[str], Any]] = None,
        fs: Union[Dir, Sequence[Dir], None] = None,
        snapshots: Optional[bool] = None,
    ) -> None:
        """`snapshots`: whether it records its history, what
        `Pending.snapshot` saves. None (the default) records only when an
        external function is granted (a snapshot is taken at its Pending);
        False never (snapshots then raise SnapshotError); True always (not
        with `fs`). A compartment that does not record pays nothing for
        it."""
    @property
    def name(self) -> str: ...
    @property
    def closed(self) -> bool: ...
    def run(self, code: str) -> Any:
        """Runs `code`; returns the value of its last statement if that is
        an expression statement, else None (like a REPL cell)."""
    def start(self, code: str) -> Union[Pending, Done]:
        """Runs `code` until it calls an external function (a `Pending`)
        or ends (a `Done`)."""
    def run_async(self, code: str) -> Awaitable[Any]:
        """`run` for asyncio hosts: granted coroutine functions are awaited
        on the running event loop."""
    def call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """Calls the compartment's global `name`."""
    def get(self, name: str) -> Any:
        """The compartment's global `name`."""
    def reset(self) -> None:
        """Back to a fresh state (same limits and grants); handles to
        objects of the old state are refused afterwards."""
    def output(self) -> builtins.str:
        """The text printed since the last call (when not given to a
        `stdout` callable)."""
    def close(self) -> None:
        """Stops the compartment; later uses raise CompartmentError."""
    def __enter__(self) -> "Compartment": ...
    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> bool: ...
