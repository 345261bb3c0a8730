"""The moderator's clock: the only place pbem reads the system's time.

``PBEM_NOW`` (an ISO 8601 time) fixes it, so that a child process a test starts
runs on the test's clock, and a GM can try on a copy of the database what a tick
would do at a given time.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime

NOW_ENV = "PBEM_NOW"


def system_now() -> datetime:
    """Now, in UTC: the time ``PBEM_NOW`` fixes, else the system's."""
    fixed = os.environ.get(NOW_ENV)
    if fixed:
        moment = datetime.fromisoformat(fixed)
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return datetime.now(UTC)
