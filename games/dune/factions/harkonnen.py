"""The Harkonnen: their powers (000 Player Shields lines 869-889)."""

from __future__ import annotations

from pbem.game import Event

from ..capture import release_captured
from ..state import State
from .base import Faction


class Harkonnen(Faction):
    """The Harkonnen's hooks."""

    seat = "harkonnen"

    # --- hooks of collection, alliances and victory

    def drop_out(self, state: State) -> list[Event]:
        """The leaders they hold captured go back to their owners (004 line 193)."""
        return release_captured(state)
