"""The Harkonnen: their powers (000 Player Shields lines 869-889)."""

from __future__ import annotations

from .base import Faction


class Harkonnen(Faction):
    """The Harkonnen's hooks."""

    seat = "harkonnen"
