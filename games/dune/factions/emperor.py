"""The Emperor: their powers (000 Player Shields lines 793-811)."""

from __future__ import annotations

from .base import Faction


class Emperor(Faction):
    """The Emperor's hooks."""

    seat = "emperor"
