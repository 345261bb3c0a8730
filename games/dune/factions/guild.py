"""The Spacing Guild: their powers (000 Player Shields lines 843-867)."""

from __future__ import annotations

from .base import Faction


class Guild(Faction):
    """The Spacing Guild's hooks."""

    seat = "guild"
