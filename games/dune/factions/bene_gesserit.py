"""The Bene Gesserit: their powers (000 Player Shields lines 769-791)."""

from __future__ import annotations

from .base import Faction


class BeneGesserit(Faction):
    """The Bene Gesserit's hooks."""

    seat = "bene-gesserit"
