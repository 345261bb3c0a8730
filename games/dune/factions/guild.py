"""The Spacing Guild: their powers (000 Player Shields lines 843-867)."""

from __future__ import annotations

from .base import Faction


class Guild(Faction):
    """The Spacing Guild's hooks."""

    seat = "guild"

    # --- hooks of collection, alliances and victory

    def default_victory_precedence(self) -> int | None:
        """Their default victory, with no condition, comes first (line 860; Q&A XXV.E.3, line
        700)."""
        return 1
