"""One tick at a time: an exclusive lock on a file beside the database."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class TickBusy(RuntimeError):
    """Another tick holds the lock."""


@contextmanager
def tick_lock(path: Path) -> Iterator[None]:
    """Hold the lock for the block, or raise ``TickBusy`` at once if another process has it.

    The operating system releases the lock when its holder dies, so a killed
    tick never leaves a stale lock behind.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise TickBusy(f"another tick is running (lock {path})") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        yield
