"""capy: run Python code you did not write, in-process, in parallel, with
limits on by default.

    import capy
    with capy.Compartment(timeout=1.0, grants={"lookup": lookup}) as c:
        c.run("def double(x): return 2 * x")
        assert c.call("double", 21) == 42

See docs/embedding.md in the repository.
"""

from ._capy import (
    Compartment,
    CompartmentError,
    Dir,
    Done,
    External,
    Handle,
    MemoryLimitError,
    Pending,
    RecursionLimitError,
    SnapshotError,
    TimeoutError,
    external,
    restore,
)

__all__ = [
    "Compartment",
    "CompartmentError",
    "Dir",
    "Done",
    "External",
    "Handle",
    "MemoryLimitError",
    "Pending",
    "RecursionLimitError",
    "SnapshotError",
    "TimeoutError",
    "external",
    "restore",
]
