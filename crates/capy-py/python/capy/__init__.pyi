"""Type stubs of the `capy` module (the Rust extension `capy._capy`)."""

import builtins
from types import TracebackType
from typing import Any, Callable, Mapping, Optional, Type, Union

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
    `grants` maps global names to values (converted once) or host callables
    (called on the host thread that is waiting for the compartment).
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
    ) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def closed(self) -> bool: ...
    def run(self, code: str) -> Any:
        """Runs `code`; returns the value of its last statement if that is
        an expression statement, else None (like a REPL cell)."""
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
