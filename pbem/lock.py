"""One pbem process at a time changes games or sends mail: an exclusive lock on a file
beside the database, taken by the tick and by every command that does either."""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

POLL_SECONDS = 0.1  # how often a waiting command tries the lock again


class TickBusy(RuntimeError):
    """Another pbem process (a tick, or a command that changes games or sends mail) holds
    the lock."""


@contextmanager
def tick_lock(path: Path, wait_seconds: float = 0) -> Iterator[None]:
    """Hold the lock for the block, waiting up to ``wait_seconds`` for it; raise
    ``TickBusy`` if another process still has it then.

    The operating system releases the lock when its holder dies, so a killed
    process never leaves a stale lock behind.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as handle:
        tries = 1 + max(int(wait_seconds / POLL_SECONDS), 0)
        for attempt in range(tries):
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if attempt == tries - 1:
                    raise TickBusy(f"another pbem process is running (lock {path})") from None
                time.sleep(POLL_SECONDS)
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        yield
