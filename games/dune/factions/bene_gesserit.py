"""The Bene Gesserit: their powers (000 Player Shields lines 769-791)."""

from __future__ import annotations

from pbem.game import Event

from ..state import State
from .base import Faction


class BeneGesserit(Faction):
    """The Bene Gesserit's hooks."""

    seat = "bene-gesserit"

    # --- hooks of set-up

    def start_placement(self) -> str:
        """Their one token (line 772) is placed after the Fremen (WBC III)."""
        return "last"

    # --- hooks of collection, alliances and victory

    def drop_out(self, state: State) -> list[Event]:
        """Their coexisting forces leave with the rest (004 line 193)."""
        state["coexisting"] = []
        return []
