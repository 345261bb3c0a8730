"""The Fremen: their powers (000 Player Shields lines 813-841)."""

from __future__ import annotations

from .base import Faction


class Fremen(Faction):
    """The Fremen's hooks."""

    seat = "fremen"
