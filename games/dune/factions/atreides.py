"""The Atreides: their powers (000 Player Shields lines 745-767)."""

from __future__ import annotations

from .base import Faction


class Atreides(Faction):
    """The Atreides's hooks."""

    seat = "atreides"
